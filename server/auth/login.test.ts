import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../../tests/setup/server';
import { SERVER_MESSAGES } from '../core/messages';
import { sessions, users } from '../db/schema';
import { hashToken } from './tokens';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ config: { trustProxy: true } });
});
afterAll(() => t?.close());

/** Each test signs in from its own IP so throttle counters do not mix. */
let ipCounter = 1;
const nextIp = () => `203.0.113.${ipCounter++}`;
const login = (email: string, password: string, ip: string, lang?: string) =>
  t.request('POST', '/api/login', { body: { email, password }, lang, headers: { 'X-Forwarded-For': ip } });

describe('POST /api/login', () => {
  it('signs in with the right password and answers the docs/product.md §3 fields', async () => {
    const res = await login('  Admin@Example.com ', DEMO_PASSWORD, nextIp());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 200,
      message: SERVER_MESSAGES.signedIn.en,
      name: DEMO.admin.name,
      email: 'admin@example.com',
      profileImage: null,
      role: 'admin',
    });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(res.body).sort()).toEqual([
      'email',
      'language',
      'message',
      'name',
      'outboxKey',
      'profileImage',
      'role',
      'status',
      'token',
    ]);
  });

  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const ip = nextIp();
    const unknown = await login('nobody@example.com', DEMO_PASSWORD, ip);
    const wrong = await login('admin@example.com', 'Wrong-Pass-2026!', ip);
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ status: 401, message: 'Invalid email or password.' });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('requires e-mail and password (422 per field), refuses unknown fields', async () => {
    const res = await t.request('POST', '/api/login', { body: { email: '', password: '' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ email: 'Required', password: 'Required' });
    const extra = await t.request('POST', '/api/login', {
      body: { email: 'admin@example.com', password: DEMO_PASSWORD, role: 'admin' },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ role: 'Unknown field' });
  });

  it('throttles: 5 failures in 15 minutes per (e-mail, IP) give 429 with Retry-After, even with the right password', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++)
      expect((await login('manager@example.com', `wrong-${i}-password`, ip)).status).toBe(401);
    const blocked = await login('manager@example.com', DEMO_PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers.get('retry-after'))).toBe(15 * 60);

    // Another IP, or another e-mail from this IP, is not blocked.
    expect((await login('manager@example.com', DEMO_PASSWORD, nextIp())).status).toBe(200);
    expect((await login('provider@example.com', DEMO_PASSWORD, ip)).status).toBe(200);

    // Arabic message.
    const ar = await login('manager@example.com', DEMO_PASSWORD, ip, 'ar');
    expect(ar.status).toBe(429);
    expect(ar.body.message).toBe('محاولات تسجيل دخول فاشلة كثيرة. حاول مرة أخرى بعد ١٥ دقيقة.');

    t.clock.advance(10 * 60_000);
    const later = await login('manager@example.com', DEMO_PASSWORD, ip);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get('retry-after'))).toBe(5 * 60);

    t.clock.advance(5 * 60_000 + 1000);
    expect((await login('manager@example.com', DEMO_PASSWORD, ip)).status).toBe(200);
  });

  it('tells pending, rejected and blocked accounts why they cannot sign in (403), only with the right password', async () => {
    const ip = nextIp();
    const pending = await login(DEMO.pending.email, DEMO_PASSWORD, ip);
    expect(pending.status).toBe(403);
    expect(pending.body.message).toBe('Your account is waiting for approval by an administrator.');
    expect(pending.body.token).toBeUndefined();

    const pendingAr = await login(DEMO.pending.email, DEMO_PASSWORD, ip, 'ar');
    expect(pendingAr.body.message).toBe(SERVER_MESSAGES.accountPending.ar);

    const blocked = await login(DEMO.blocked.email, DEMO_PASSWORD, ip);
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe(SERVER_MESSAGES.accountBlocked.en);

    await t.db.db.update(users).set({ status: '2' }).where(eq(users.email, DEMO.pending.email));
    const rejected = await login(DEMO.pending.email, DEMO_PASSWORD, ip);
    expect(rejected.status).toBe(403);
    expect(rejected.body.message).toBe(SERVER_MESSAGES.accountRejected.en);
    await t.db.db.update(users).set({ status: '0' }).where(eq(users.email, DEMO.pending.email));

    const wrong = await login(DEMO.blocked.email, 'Wrong-Pass-2026!', ip);
    expect(wrong.status).toBe(401);
  });
});

describe('sessions', () => {
  it('stores only the SHA-256 of the token', async () => {
    const token = await t.login(DEMO.provider.email, DEMO_PASSWORD);
    const rows = await t.db.db.select().from(sessions);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
  });

  it('needs a bearer token: none, garbage or unknown → 401', async () => {
    expect((await t.request('GET', '/api/master/role')).status).toBe(401);
    expect(
      (await t.request('GET', '/api/master/role', { headers: { Authorization: 'Bearer x' } })).status,
    ).toBe(401);
    const unknown = await t.request('GET', '/api/master/role', { token: 'A'.repeat(43), lang: 'ar' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(SERVER_MESSAGES.signInFirst.ar);
  });

  it('logout revokes the token on the server', async () => {
    const token = await t.login(DEMO.admin.email, DEMO_PASSWORD);
    expect((await t.request('GET', '/api/master/role', { token })).status).toBe(200);
    const out = await t.request('POST', '/api/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ status: 200, message: 'Signed out.' });
    const after = await t.request('GET', '/api/master/role', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(SERVER_MESSAGES.sessionExpired.en);
    expect((await t.request('POST', '/api/logout', { token })).status).toBe(401);
  });

  it('reads the sessions of requests that arrive together together, each answered as its own account', async () => {
    const [admin, manager, provider, ended] = await Promise.all(
      [DEMO.admin, DEMO.manager, DEMO.provider, DEMO.admin].map((who) => t.login(who.email, DEMO_PASSWORD)),
    );
    expect((await t.request('POST', '/api/logout', { token: ended })).status).toBe(200);
    const tokens = [admin, manager, provider, ended, admin, 'x'.repeat(43), provider, manager];
    const answers = await Promise.all(tokens.map((token) => t.request('GET', '/api/profile', { token })));
    expect(answers.map((res) => [res.status, res.body.data?.email ?? null])).toEqual([
      [200, DEMO.admin.email],
      [200, DEMO.manager.email],
      [200, DEMO.provider.email],
      [401, null],
      [200, DEMO.admin.email],
      [401, null],
      [200, DEMO.provider.email],
      [200, DEMO.manager.email],
    ]);
  });

  it('expires after 7 idle days, and use keeps it alive (last_used_at written at most once a minute)', async () => {
    const token = await t.login(DEMO.admin.email, DEMO_PASSWORD);
    const row = async () =>
      (
        await t.db.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!;
    const signedInAt = (await row()).lastUsedAt.getTime();

    t.clock.advance(30_000);
    expect((await t.request('GET', '/api/profile', { token })).status).toBe(200);
    expect((await row()).lastUsedAt.getTime()).toBe(signedInAt);

    t.clock.advance(6 * 86_400_000);
    expect((await t.request('GET', '/api/profile', { token })).status).toBe(200);
    expect((await row()).lastUsedAt.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(7 * 86_400_000 - 1000);
    expect((await t.request('GET', '/api/profile', { token })).status).toBe(200);
    t.clock.advance(7 * 86_400_000);
    const expired = await t.request('GET', '/api/profile', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe(SERVER_MESSAGES.sessionExpired.en);
  });

  it('expires 30 days after sign-in even when used every day', async () => {
    const token = await t.login(DEMO.manager.email, DEMO_PASSWORD);
    for (let day = 1; day < 30; day++) {
      t.clock.advance(86_400_000);
      expect((await t.request('GET', '/api/master/role', { token })).status, `day ${day}`).toBe(200);
    }
    t.clock.advance(86_400_000);
    expect((await t.request('GET', '/api/master/role', { token })).status).toBe(401);
  });

  it('signs out a user who gets blocked', async () => {
    const token = await t.login(DEMO.provider.email, DEMO_PASSWORD);
    await t.db.db.update(users).set({ status: '3' }).where(eq(users.email, DEMO.provider.email));
    const res = await t.request('GET', '/api/master/role', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(SERVER_MESSAGES.accountBlocked.en);
    await t.db.db.update(users).set({ status: '1' }).where(eq(users.email, DEMO.provider.email));
    expect((await t.request('GET', '/api/master/role', { token })).status).toBe(401);
  });
});
