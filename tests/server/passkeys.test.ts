/**
 * Passkeys (docs/security.md, "Account lifecycle"; docs/decisions/0065-passkeys.md), with a software
 * authenticator that makes real WebAuthn answers (tests/support/webauthn.ts): adding, listing,
 * renaming and removing one's own passkeys (another user's is unknown: 404, nothing changed), signing
 * in with one (the login's answer, no password, both factors), and the refusals: a challenge used,
 * expired, answered from another origin or for another rp id, an unknown or removed passkey, no user
 * verification, a blocked account, bad input; 100 parallel answers to one challenge sign in once, and
 * the per-IP limits hold under 100 parallel attempts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LIMITS } from '../../server/auth/limits';
import { MAX_PASSKEYS, PASSKEY_CHALLENGE_MS } from '../../server/auth/passkeys';
import { auditLog, passkeys, users } from '../../server/db/schema';
import { USER_STATUS } from '../../src/contract/roles';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { newAccount as createAccount } from './accounts';
import { softAuthenticator, type Bend, type SoftAuthenticator } from '../support/webauthn';

let t: TestServer;
beforeAll(async () => {
  // Each test's sign-ins come from an address of their own (X-Forwarded-For), so limits stay apart.
  t = await createTestServer({ config: { trustProxy: true, publicUrl: 'http://localhost:3000' } });
});
afterAll(() => t?.close());

const ORIGIN = 'http://localhost:3000';
let n = 0;
const nextIp = () => `10.65.${Math.floor(++n / 250)}.${n % 250}`;

/** A new active admin (no provider involved) with the demo password, and a session of it. */
const newAccount = async () => {
  const user = await createAccount(t, {
    prefix: 'passkeys',
    name: { en: 'Passkey Sample', ar: 'عينة مفتاح المرور' },
  });
  return { user, token: await t.login(user.email, DEMO_PASSWORD) };
};

/** Adds a passkey of `device` to the account of `token` (expects 201). */
const addPasskey = async (token: string, device: SoftAuthenticator, name = 'Laptop', bend?: Bend) => {
  const started = await t.request('POST', '/api/profile/passkeys/options', { token });
  expect(started.status, started.text).toBe(200);
  const { handle, options } = started.body.data;
  const res = await t.request('POST', '/api/profile/passkeys', {
    token,
    body: { handle, response: device.register(options, bend), name },
  });
  return res;
};

const signInOptions = async (ip = nextIp()) => {
  const res = await t.request('POST', '/api/login/passkey/options', { headers: { 'X-Forwarded-For': ip } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { handle: string; options: { challenge: string; rpId: string } };
};

const signIn = (body: unknown, ip = nextIp()) =>
  t.request('POST', '/api/login/passkey', { body, headers: { 'X-Forwarded-For': ip } });

/** A sign-in with `device` answering fresh options (bent as asked). */
const signInWith = async (device: SoftAuthenticator, bend?: Bend) => {
  const { handle, options } = await signInOptions();
  return signIn({ handle, response: device.authenticate(options, bend) });
};

const entries = (userId: number, action: string) =>
  t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordId, String(userId)), eq(auditLog.action, action)));

describe('passkeys in the profile', () => {
  it('adds several, lists, renames and removes them; every change is on the trail', async () => {
    const { user, token } = await newAccount();
    const laptop = softAuthenticator(ORIGIN);
    const phone = softAuthenticator(ORIGIN);
    const added = await addPasskey(token, laptop, '  Work laptop  ');
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });
    expect(added.body.data).not.toHaveProperty('publicKey');
    // The options of the next one exclude the account's passkeys, ask for a discoverable, verified one.
    const next = await t.request('POST', '/api/profile/passkeys/options', { token });
    const { options } = next.body.data;
    expect(options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([laptop.credentialId]);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.rp.id).toBe('localhost');
    expect((await addPasskey(token, phone, 'Phone')).status).toBe(201);

    const listed = await t.request('GET', '/api/profile/passkeys', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { name: string }) => p.name)).toEqual(['Work laptop', 'Phone']);
    const phoneId = listed.body.data[1].id as number;

    const renamed = await t.request('PATCH', `/api/profile/passkeys/${phoneId}`, {
      token,
      body: { name: 'هاتفي' },
      lang: 'ar',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'تمت إعادة تسمية مفتاح المرور.', data: { name: 'هاتفي' } });

    const removed = await t.request('DELETE', `/api/profile/passkeys/${phoneId}`, { token });
    expect(removed.status, removed.text).toBe(200);
    expect((await t.request('GET', '/api/profile/passkeys', { token })).body.data).toHaveLength(1);
    expect((await t.request('DELETE', `/api/profile/passkeys/${phoneId}`, { token })).status).toBe(404);
    // A removed passkey signs in no more.
    const refused = await signInWith(phone);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/not registered here/);

    expect((await entries(user.id, 'passkey_add')).map((e) => e.detail)).toEqual([
      { passkey: expect.any(Number), name: 'Work laptop' },
      { passkey: phoneId, name: 'Phone' },
    ]);
    expect((await entries(user.id, 'passkey_rename')).map((e) => e.detail)).toEqual([
      { passkey: phoneId, name: 'هاتفي' },
    ]);
    expect(await entries(user.id, 'passkey_remove')).toHaveLength(1);
  });

  it("answers 404 for another user's passkey and changes nothing; needs a session", async () => {
    const me = await newAccount();
    const victim = await newAccount();
    const added = await addPasskey(victim.token, softAuthenticator(ORIGIN), 'Theirs');
    const theirs = added.body.data.id as number;
    const rename = await t.request('PATCH', `/api/profile/passkeys/${theirs}`, {
      token: me.token,
      body: { name: 'Mine now' },
    });
    expect(rename.status).toBe(404);
    expect((await t.request('DELETE', `/api/profile/passkeys/${theirs}`, { token: me.token })).status).toBe(
      404,
    );
    const [row] = await t.db.db.select().from(passkeys).where(eq(passkeys.id, theirs));
    expect(row).toMatchObject({ name: 'Theirs', userId: victim.user.id });
    expect((await t.request('GET', '/api/profile/passkeys', { token: me.token })).body.data).toEqual([]);
    expect((await t.request('GET', '/api/profile/passkeys')).status).toBe(401);
    expect((await t.request('POST', '/api/profile/passkeys/options')).status).toBe(401);
    // Another account's challenge does not register a passkey for the caller.
    const started = await t.request('POST', '/api/profile/passkeys/options', { token: victim.token });
    const { handle, options } = started.body.data;
    const res = await t.request('POST', '/api/profile/passkeys', {
      token: me.token,
      body: { handle, response: softAuthenticator(ORIGIN).register(options), name: 'Stolen' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('handle');
  });

  it('refuses an answer from another origin, for another rp id, without user verification, or twice', async () => {
    const { token } = await newAccount();
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { verified: false }]) {
      const res = await addPasskey(token, softAuthenticator(ORIGIN), 'Bent', bend);
      expect(res.status, JSON.stringify(bend)).toBe(422);
      expect(res.body.errors).toHaveProperty('response');
    }
    const device = softAuthenticator(ORIGIN);
    const started = await t.request('POST', '/api/profile/passkeys/options', { token });
    const body = { ...started.body.data, response: device.register(started.body.data.options), name: 'Once' };
    delete body.options;
    expect((await t.request('POST', '/api/profile/passkeys', { token, body })).status).toBe(201);
    const again = await t.request('POST', '/api/profile/passkeys', { token, body });
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('handle');
    expect((await t.request('GET', '/api/profile/passkeys', { token })).body.data).toHaveLength(1);
  });

  it('refuses bad input with 422 and field errors, and a full account; nothing changes', async () => {
    const { user, token } = await newAccount();
    const started = await t.request('POST', '/api/profile/passkeys/options', { token });
    const { handle, options } = started.body.data;
    const response = softAuthenticator(ORIGIN).register(options);
    const bad = [
      { handle, response, name: '' },
      { handle, response, name: 'x'.repeat(61) },
      { handle, response },
      { handle: 'short', response, name: 'A' },
      { handle, response: { ...response, type: 'password' }, name: 'A' },
      { handle, response: 'garbage', name: 'A' },
      { handle, response, name: 'A', userId: 1 },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/profile/passkeys', { token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).length, res.text).toBeGreaterThan(0);
    }
    // Well formed, but not a credential: refused as not verified, never a 500.
    const broken = { ...response, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } };
    const res = await t.request('POST', '/api/profile/passkeys', {
      token,
      body: { handle, response: broken, name: 'A' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('response');
    expect(
      (await t.request('PATCH', '/api/profile/passkeys/abc', { token, body: { name: 'A' } })).status,
    ).toBe(422);
    expect(await t.db.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);

    const now = t.clock.now();
    await t.db.db.insert(passkeys).values(
      Array.from({ length: MAX_PASSKEYS }, (_, i) => ({
        userId: user.id,
        credentialId: `full-${user.id}-${i}`,
        publicKey: 'AA',
        deviceType: 'singleDevice',
        name: `Key ${i}`,
        createdAt: now,
      })),
    );
    const full = await t.request('POST', '/api/profile/passkeys/options', { token });
    expect(full.status).toBe(422);
    expect(full.body.message).toContain(String(MAX_PASSKEYS));
  });
});

describe('signing in with a passkey', () => {
  it('answers as POST /api/login does, with no password; the counter and last use move on', async () => {
    const { user, token } = await newAccount();
    const device = softAuthenticator(ORIGIN);
    await addPasskey(token, device, 'Laptop');
    const { handle, options } = await signInOptions();
    // Discoverable: no passkey is named, no e-mail asked.
    expect(options).not.toHaveProperty('allowCredentials');
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const res = await signIn({ handle, response: device.authenticate(options) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, role: 'admin', message: 'Signed in successfully.' });
    expect(Object.keys(res.body).sort()).toEqual(
      ['email', 'language', 'message', 'name', 'outboxKey', 'profileImage', 'role', 'status', 'token'].sort(),
    );
    expect((await t.request('GET', '/api/profile', { token: res.body.token })).status).toBe(200);
    const [key] = await t.db.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(key).toMatchObject({ counter: 1, lastUsedAt: t.clock.now() });
    const signIns = await entries(user.id, 'sign_in');
    expect(signIns.at(-1)!.detail).toMatchObject({ method: 'passkey' });

    // The same answer again: its challenge is used.
    const replay = await signIn({ handle, response: device.authenticate(options, { counter: 1 }) });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/expired or was already used/);
    // A counter that does not move forward (a copied key) is refused.
    expect((await signInWith(device, { counter: 1 })).status).toBe(401);
    expect((await signInWith(device)).status).toBe(200);
  });

  it('refuses an expired challenge, another origin, another rp id, no user verification, an unknown passkey', async () => {
    const { token } = await newAccount();
    const device = softAuthenticator(ORIGIN);
    await addPasskey(token, device);
    const late = await signInOptions();
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    const expired = await signIn({ handle: late.handle, response: device.authenticate(late.options) });
    expect(expired.status).toBe(401);
    for (const bend of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3001' },
      { rpId: 'evil.example' },
      { verified: false },
      { userHandle: 'AAAAAAAAAAAAAAAAAAAAAA' },
    ]) {
      const res = await signInWith(device, bend);
      expect(res.status, JSON.stringify(bend)).toBe(401);
      expect(res.body.message).toBe('The passkey could not be verified. Try again.');
    }
    const stranger = softAuthenticator(ORIGIN);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const unknown = await signInWith(stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toMatch(/not registered here/);
    expect((await signInWith(device)).status).toBe(200);
  });

  it('judges the account as the password sign-in does: a blocked account is refused and audited', async () => {
    const { user, token } = await newAccount();
    const device = softAuthenticator(ORIGIN);
    await addPasskey(token, device);
    await t.db.db.update(users).set({ status: USER_STATUS.blocked }).where(eq(users.id, user.id));
    const res = await signInWith(device);
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('token');
    const password = await t.request('POST', '/api/login', {
      body: { email: user.email, password: DEMO_PASSWORD },
    });
    expect(res.body.message).toBe(password.body.message);
    expect((await entries(user.id, 'sign_in_failed')).map((e) => e.detail)).toContainEqual(
      expect.objectContaining({ method: 'passkey', reason: 'status' }),
    );
  });

  it('refuses bad input with 4xx, never 500', async () => {
    const { handle, options } = await signInOptions();
    const device = softAuthenticator(ORIGIN);
    const response = device.authenticate(options);
    for (const body of [
      {},
      { handle },
      { handle, response: { ...response, id: 'not base64!' } },
      { handle, response, extra: 1 },
    ])
      expect((await signIn(body)).status, JSON.stringify(body).slice(0, 60)).toBe(422);
    const garbage = {
      ...response,
      response: { clientDataJSON: 'AA', authenticatorData: 'AA', signature: 'AA' },
    };
    expect((await signIn({ handle, response: garbage })).status).toBe(401);
  });

  it('signs in once when 100 answers to one challenge arrive at once', async () => {
    const { user, token } = await newAccount();
    const device = softAuthenticator(ORIGIN);
    await addPasskey(token, device);
    const { handle, options } = await signInOptions();
    const body = { handle, response: device.authenticate(options) };
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(99);
    expect(await entries(user.id, 'sign_in')).toHaveLength(2); // the password's, then the passkey's
  });

  it(`limits each IP: ${IP_LIMITS.passkeyFailures.max} failed sign-ins and ${IP_LIMITS.passkeyOptions.max} challenges an hour, under 100 parallel tries`, async () => {
    const ip = nextIp();
    const { handle, options } = await signInOptions();
    const body = { handle, response: softAuthenticator(ORIGIN).authenticate(options) };
    const tries = await Promise.all(Array.from({ length: 100 }, () => signIn(body, ip)));
    const count = (list: { status: number }[], status: number) =>
      list.filter((a) => a.status === status).length;
    expect(count(tries, 401)).toBe(IP_LIMITS.passkeyFailures.max);
    expect(count(tries, 429)).toBe(100 - IP_LIMITS.passkeyFailures.max);
    const other = nextIp();
    const opened = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.request('POST', '/api/login/passkey/options', { headers: { 'X-Forwarded-For': other } }),
      ),
    );
    expect(count(opened, 200)).toBe(IP_LIMITS.passkeyOptions.max);
    expect(count(opened, 429)).toBe(100 - IP_LIMITS.passkeyOptions.max);
  });
});
