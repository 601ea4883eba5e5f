import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../../tests/setup/server';
import { PNG, signInAs } from '../../tests/support/kit';
import { ROLE_PERMISSIONS } from '../../src/contract/roles';
import { users } from '../db/schema';
import { SERVER_MESSAGES } from '../core/messages';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

const upload = (token: string, bytes: Uint8Array, name: string, type: string, field = 'file') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return t.request('POST', '/api/profile/image', { token, body: form });
};

describe('GET /api/master/role', () => {
  it.each([
    ['admin', DEMO.admin.email],
    ['manager', DEMO.manager.email],
    ['serviceprovider', DEMO.provider.email],
  ] as const)('answers %s with the permissions of docs/product.md §6', async (role, email) => {
    const token = await t.login(email, DEMO_PASSWORD);
    const res = await t.request('GET', '/api/master/role', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 200,
      message: 'Role and permissions loaded.',
      data: role,
      permissions: [...ROLE_PERMISSIONS[role]],
    });
  });
});

describe('POST /api/set-language', () => {
  it('saves the language; refuses others', async () => {
    const token = await signInAs(t, 'manager');
    const res = await t.request('POST', '/api/set-language', { token, body: { language: 'ar' }, lang: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('تم حفظ اللغة.');
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.manager.email));
    expect(row!.language).toBe('ar');
    expect((await t.request('GET', '/api/profile', { token })).body.data.language).toBe('ar');
    const bad = await t.request('POST', '/api/set-language', { token, body: { language: 'fr' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('language');
    expect((await t.request('POST', '/api/set-language', { body: { language: 'en' } })).status).toBe(401);
  });
});

describe('profile', () => {
  it('shows and updates name and phone; a stale version answers 409 and changes nothing', async () => {
    const token = await signInAs(t, 'provider');
    const got = await t.request('GET', '/api/profile', { token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({
      email: DEMO.provider.email,
      name: DEMO.provider.name,
      phone: DEMO.provider.phone,
      role: 'serviceprovider',
      status: '1',
      profileImage: null,
    });
    const version = got.body.data.version as number;
    const name = { en: 'Yousef N. Nasser', ar: 'يوسف ن. ناصر' };
    const put = await t.request('PUT', '/api/profile', {
      token,
      body: { name, phone: '+971 55 000 1111', version },
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Profile saved.');
    expect(put.body.data).toMatchObject({ name, phone: '+971550001111', version: version + 1 });

    const stale = await t.request('PUT', '/api/profile', {
      token,
      body: { name: { en: 'Other', ar: 'آخر' }, phone: null, version },
      lang: 'ar',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(SERVER_MESSAGES.conflict.ar);
    expect((await t.request('GET', '/api/profile', { token })).body.data.name).toEqual(name);

    const invalid = await t.request('PUT', '/api/profile', {
      token,
      body: { name: { en: '' }, phone: 'abc', version: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['name.ar', 'name.en', 'phone', 'version']);
  });

  it('replays a write with the same Idempotency-Key instead of applying it twice', async () => {
    const token = await signInAs(t, 'admin');
    const { version } = (await t.request('GET', '/api/profile', { token })).body.data;
    const body = { name: { en: 'Layla H.', ar: 'ليلى ح.' }, phone: null, version };
    const headers = { 'Idempotency-Key': 'outbox-0001-profile' };
    const first = await t.request('PUT', '/api/profile', { token, body, headers });
    expect(first.status).toBe(200);
    const replay = await t.request('PUT', '/api/profile', { token, body, headers, lang: 'ar' });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);
    expect(replay.body.message).toBe(SERVER_MESSAGES.profileSaved.ar);
    // Without the key the same body is stale now.
    expect((await t.request('PUT', '/api/profile', { token, body })).status).toBe(409);
    // The same key with another body is refused.
    const reused = await t.request('PUT', '/api/profile', {
      token,
      body: { ...body, phone: '+971501234567' },
      headers,
    });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe(SERVER_MESSAGES.idempotencyKeyReused.en);
  });

  it('uploads a PNG picture, served under /uploads with nosniff and a restrictive CSP', async () => {
    const token = await signInAs(t, 'manager');
    const res = await upload(token, PNG, 'me.gif', 'image/gif');
    expect(res.status).toBe(200);
    const image = res.body.data.profileImage as string;
    expect(image).toMatch(/^uploads\/avatars\/[A-Za-z0-9_-]{24}\.png$/);
    // the client's file name is not kept (a random name may hold the letters "me" by chance)
    expect(image).not.toMatch(/\/me\.(gif|png)$/);

    const file = await t.app.request('/' + image);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // Signing in now answers the picture; a new one replaces (and deletes) the old file.
    const login = await t.request('POST', '/api/login', {
      body: { email: DEMO.manager.email, password: DEMO_PASSWORD },
    });
    expect(login.body.profileImage).toBe(image);
    const again = await upload(token, PNG, 'x.png', 'image/png');
    expect(again.body.data.profileImage).not.toBe(image);
    expect((await t.app.request('/' + image)).status).toBe(404);
  });

  it('refuses an HTML file renamed .png, a missing file, other fields, and pictures over 5 MB', async () => {
    const token = await signInAs(t, 'provider');
    const html = await upload(
      token,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'evil.png',
      'image/png',
    );
    expect(html.status).toBe(422);
    expect(html.body.errors).toEqual({ file: SERVER_MESSAGES.imageType.en });

    const missing = await t.request('POST', '/api/profile/image', { token, body: new FormData() });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ file: SERVER_MESSAGES.fileRequired.en });

    const other = await upload(token, PNG, 'a.png', 'image/png', 'avatar');
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ avatar: 'Unknown field' });

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(token, big, 'big.png', 'image/png', 'file');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual({ file: SERVER_MESSAGES.imageTooBig.en });

    const huge = await upload(token, new Uint8Array(7 * 1024 * 1024), 'huge.png', 'image/png');
    expect(huge.status).toBe(413);

    const json = await t.request('POST', '/api/profile/image', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect((await t.request('GET', '/api/profile', { token })).body.data.profileImage).toBeNull();
  });

  it('accepts JPEG and WebP by their first bytes', async () => {
    const token = await signInAs(t, 'admin');
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    expect((await upload(token, jpeg, 'a.bin', 'application/octet-stream')).body.data.profileImage).toMatch(
      /\.jpg$/,
    );
    const webp = Uint8Array.from([...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')]);
    expect((await upload(token, webp, 'a', 'text/plain')).body.data.profileImage).toMatch(/\.webp$/);
  });
});

describe('POST /api/profile/password', () => {
  it('needs the current password, then signs out the other sessions only', async () => {
    const email = DEMO.manager.email;
    const current = await t.login(email, DEMO_PASSWORD);
    const other = await t.login(email, DEMO_PASSWORD);

    const wrong = await t.request('POST', '/api/profile/password', {
      token: current,
      body: { currentPassword: 'nope-nope', newPassword: 'New-Pass-2026!' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ currentPassword: SERVER_MESSAGES.passwordWrong.en });

    const short = await t.request('POST', '/api/profile/password', {
      token: current,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ newPassword: 'At least 8 characters' });

    const ok = await t.request('POST', '/api/profile/password', {
      token: current,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'New-Pass-2026!' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(SERVER_MESSAGES.passwordChanged.en);
    expect((await t.request('GET', '/api/profile', { token: current })).status).toBe(200);
    expect((await t.request('GET', '/api/profile', { token: other })).status).toBe(401);

    expect((await t.request('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } })).status).toBe(
      401,
    );
    await t.login(email, 'New-Pass-2026!');
  });
});
