/**
 * Two-factor sign-in (docs/security.md, "Two-factor sign-in"): turning it on in the profile (a wrong
 * confirming code refused, ten recovery codes shown once), the second step of a sign-in (a challenge
 * and no token; a TOTP code, computed here with otpauth, answers the token once; a recovery code
 * once; expired, used and unknown challenges), the limits under 100 parallel wrong codes, turning it
 * off and new recovery codes with a current code, the enrolment a required role makes at sign-in, an
 * admin's reset (audited, mailed; nobody else's), the demo account, and bad input.
 */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_MAX_TRIES, CHALLENGE_TTL_MS } from '../../server/auth/sign-in-challenges';
import { TWO_FACTOR_MAX_WRONG } from '../../server/auth/totp';
import { hashToken } from '../../server/auth/tokens';
import type { Role } from '../../src/contract/roles';
import { auditLog, recoveryCodes, signInChallenges, totpFactors } from '../../server/db/schema';
import { demoTotp } from '../../server/seed/seed';
import { twoFactorApi } from '../../src/contract/two-factor';
import { createTestServer, DEMO, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { newAccount as createAccount } from './accounts';
import { scanForSecrets, scannedAnswer } from './security-support';

let t: TestServer;
let adminToken: string;
beforeAll(async () => {
  t = await createTestServer();
  adminToken = await t.login(DEMO.admin.email, DEMO_PASSWORD);
});
afterAll(() => t?.close());

const STEP_MS = 30_000;
/** The code an authenticator app holding `secret` shows at the server's time (`stepsAgo` earlier). */
const codeOf = (secret: string, stepsAgo = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: t.clock.now().getTime() - stepsAgo * STEP_MS,
  });
/** A 6-digit code that is not the current one (nor one step either side). */
const wrongCodeOf = (secret: string) => {
  const near = new Set([codeOf(secret, -1), codeOf(secret), codeOf(secret, 1)]);
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
};
/** Codes of later steps: each accepted code's step (and every earlier one) is spent. */
const nextStep = () => t.clock.advance(STEP_MS);

const newAccount = (role: Role = 'admin', language: 'en' | 'ar' = 'en') =>
  createAccount(t, { prefix: 'totp', role, language, name: { en: 'Factor Sample', ar: 'عينة العامل' } });

const login = (email: string) =>
  t.request('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
const challengeOf = async (email: string) => {
  const res = await login(email);
  expect(res.status, res.text).toBe(200);
  expect(res.body).not.toHaveProperty('token');
  return res.body.challenge as string;
};
const second = (challenge: string, code: string, lang?: string) =>
  t.request('POST', '/api/login/2fa', { body: { challenge, code }, ...(lang ? { lang } : {}) });

/** Turns two-factor sign-in on for the account of `token`: its secret and recovery codes. */
const enable = async (token: string) => {
  const setup = await t.request('POST', '/api/profile/2fa/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.data.secret as string;
  const confirm = await t.request('POST', '/api/profile/2fa/confirm', {
    token,
    body: { code: codeOf(secret) },
  });
  expect(confirm.status, confirm.text).toBe(200);
  nextStep();
  return { secret, codes: confirm.body.data.recoveryCodes as string[] };
};
/** A new account with two-factor sign-in on. */
const enrolled = async (role: Role = 'admin', language: 'en' | 'ar' = 'en') => {
  const user = await newAccount(role, language);
  const token = await t.login(user.email, DEMO_PASSWORD);
  return { user, token, ...(await enable(token)) };
};
const entries = (userId: number, action: string) =>
  t.db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordId, String(userId)), eq(auditLog.action, action)));
const statusOf = async (token: string) =>
  (await t.request('GET', '/api/profile/2fa', { token })).body.data as Record<string, unknown>;
const count = (answers: { status: number }[], status: number) =>
  answers.filter((a) => a.status === status).length;

describe('turning it on in the profile', () => {
  it('shows a secret, refuses a wrong confirming code, then answers ten recovery codes once', async () => {
    const user = await newAccount('manager');
    const token = await t.login(user.email, DEMO_PASSWORD);
    expect(await statusOf(token)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const noSetup = await t.request('POST', '/api/profile/2fa/confirm', { token, body: { code: '123456' } });
    expect(noSetup.status).toBe(409);
    const setup = await t.request('POST', '/api/profile/2fa/setup', { token });
    expect(setup.status, setup.text).toBe(200);
    const { secret, uri } = setup.body.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Events%20Back%20Office:.*secret=[A-Z2-7]{32}/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('digits=6');
    expect(uri).toContain('period=30');
    const wrong = await t.request('POST', '/api/profile/2fa/confirm', {
      token,
      body: { code: wrongCodeOf(secret) },
      lang: 'ar',
    });
    expect(wrong.status, wrong.text).toBe(422);
    expect(wrong.body.errors.code).toBe('هذا الرمز غير صحيح. تحقّق منه وحاول مرة أخرى.');
    expect((await statusOf(token)).enabled).toBe(false);
    const confirm = await t.request('POST', '/api/profile/2fa/confirm', {
      token,
      body: { code: codeOf(secret) },
    });
    expect(confirm.status, confirm.text).toBe(200);
    const codes = confirm.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    // Only salted hashes are kept; the codes are never answered again.
    const stored = await t.db.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of codes) expect(row.codeHash).not.toContain(code);
    const status = await t.request('GET', '/api/profile/2fa', { token });
    expect(status.body.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    expect(status.text).not.toContain(secret);
    expect((await t.request('GET', '/api/profile', { token })).text).not.toContain(secret);
    for (const code of codes) expect(status.text).not.toContain(code);
    // On already: no new secret, the confirmed one is kept.
    expect((await t.request('POST', '/api/profile/2fa/setup', { token })).status).toBe(409);
    const [factor] = await t.db.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(factor!.secret).toBe(secret);
    expect(await entries(user.id, 'two_factor_on')).toHaveLength(1);
  });

  it("lets the secret scan pass a secret in its own enrolment's answer only", async () => {
    const user = await newAccount();
    const token = await t.login(user.email, DEMO_PASSWORD);
    const setup = await t.request('POST', '/api/profile/2fa/setup', { token });
    const scan = async (endpoint: (typeof twoFactorApi)[keyof typeof twoFactorApi]) =>
      (await scanForSecrets(t, [scannedAnswer(endpoint, setup.text)])).findings;
    expect(await scan(twoFactorApi.twoFactorSetup)).toEqual([]);
    // The same secret in any other answer is a leak.
    expect(await scan(twoFactorApi.twoFactor)).not.toEqual([]);
    expect(await scan(twoFactorApi.twoFactorConfirm)).not.toEqual([]);
  });
});

describe('the second step of a sign-in', () => {
  it('answers a challenge and no token; a TOTP code answers the token, once; a recovery code works once', async () => {
    const { user, secret, codes } = await enrolled();
    // The confirming code's step is spent: one step later, the code of the step before is new.
    nextStep();
    const first = await login(user.email);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      status: 200,
      message: 'Enter the code of your authenticator app to finish signing in.',
      twoFactor: true,
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      enrol: false,
    });
    const challenge = first.body.challenge as string;
    // Only its SHA-256 is kept, tied to the account.
    const [row] = await t.db.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(challenge)));
    expect(row).toMatchObject({ kind: 'two-factor', userId: user.id, usedAt: null });
    // A code of the step before is accepted (the app's clock may lag); two steps before is not.
    const stale = await second(challenge, codeOf(secret, 2));
    expect(stale.status, stale.text).toBe(422);
    const code = codeOf(secret, 1);
    const ok = await second(challenge, code);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ token: expect.any(String), email: user.email, role: 'admin' });
    expect(ok.body).not.toHaveProperty('recoveryCodes');
    expect((await t.request('GET', '/api/profile', { token: ok.body.token })).status).toBe(200);
    const signIns = await entries(user.id, 'sign_in');
    expect(signIns.at(-1)!.detail).toMatchObject({ method: 'totp' });
    // Used: the challenge is spent, and the same code is refused on a new one (and the current step's too).
    expect((await second(challenge, codeOf(secret))).status).toBe(401);
    const again = await challengeOf(user.email);
    expect((await second(again, code)).status).toBe(422);
    // A recovery code instead, any case, with or without its dash: once.
    const byRecovery = await second(again, codes[0]!.toUpperCase().replace('-', ''));
    expect(byRecovery.status, byRecovery.text).toBe(200);
    expect((await entries(user.id, 'sign_in')).at(-1)!.detail).toMatchObject({ method: 'recovery-code' });
    const reuse = await second(await challengeOf(user.email), codes[0]!);
    expect(reuse.status).toBe(422);
    expect((await statusOf(byRecovery.body.token)).recoveryCodesLeft).toBe(9);
    // The account's other recovery codes still work; a used challenge does not.
    expect((await second(again, codes[1]!)).status).toBe(401);
  });

  it('refuses an expired, a used and an unknown challenge (401), and bad input (422), changing nothing', async () => {
    const { user, secret } = await enrolled('manager');
    const challenge = await challengeOf(user.email);
    t.clock.advance(CHALLENGE_TTL_MS + 1000);
    const expired = await second(challenge, codeOf(secret));
    expect(expired.status, expired.text).toBe(401);
    expect(expired.body.message).toBe(
      'This sign-in has expired or was already used. Sign in again with your password.',
    );
    expect((await second('A'.repeat(43), codeOf(secret))).status).toBe(401);
    const fresh = await challengeOf(user.email);
    const bad = [
      { challenge: fresh, code: 'abc' },
      { challenge: fresh, code: '' },
      { challenge: fresh, code: '1234567' },
      { challenge: '', code: codeOf(secret) },
      { challenge: 'not a handle!', code: codeOf(secret) },
      { challenge: fresh },
      { challenge: fresh, code: codeOf(secret), extra: 1 },
      { challenge: fresh, code: 123456 },
    ];
    for (const body of bad) {
      const res = await t.request('POST', '/api/login/2fa', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toBeTruthy();
    }
    // None of them counted: the challenge still takes the right code.
    const [row] = await t.db.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(fresh)));
    expect(row!.attempts).toBe(0);
    expect((await second(fresh, codeOf(secret))).status).toBe(200);
    const enrolBad = await t.request('POST', '/api/login/2fa/enrol', { body: { challenge: 7 } });
    expect(enrolBad.status).toBe(422);
  });
});

describe('limits on wrong codes', () => {
  it('100 parallel wrong codes on one challenge: five are judged, the rest refused, and the right code after them too', async () => {
    const { user, secret } = await enrolled();
    const challenge = await challengeOf(user.email);
    const wrong = wrongCodeOf(secret);
    const answers = await Promise.all(Array.from({ length: 100 }, () => second(challenge, wrong)));
    expect(count(answers, 422)).toBe(CHALLENGE_MAX_TRIES);
    expect(count(answers, 401)).toBe(100 - CHALLENGE_MAX_TRIES);
    expect((await second(challenge, codeOf(secret))).status).toBe(401);
    const failed = await entries(user.id, 'sign_in_failed');
    expect(failed).toHaveLength(CHALLENGE_MAX_TRIES);
    expect(failed[0]!.detail).toMatchObject({ reason: 'second-factor' });
  });

  it("100 parallel wrong codes over several challenges: the account's limit judges ten, then 429 until the hour is over", async () => {
    const { user, secret } = await enrolled();
    const challenges: string[] = [];
    for (let i = 0; i < 4; i++) challenges.push(await challengeOf(user.email));
    const wrong = wrongCodeOf(secret);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => second(challenges[i % 4]!, wrong)),
    );
    expect(count(answers, 422)).toBe(TWO_FACTOR_MAX_WRONG);
    expect(count(answers, 429)).toBe(4 * CHALLENGE_MAX_TRIES - TWO_FACTOR_MAX_WRONG);
    expect(count(answers, 401)).toBe(100 - 4 * CHALLENGE_MAX_TRIES);
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right code waits too, on a new challenge; and in the profile (the same account's limit).
    expect((await second(await challengeOf(user.email), codeOf(secret))).status).toBe(429);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await second(await challengeOf(user.email), codeOf(secret))).status).toBe(200);
  });
});

describe('turning it off and new recovery codes', () => {
  it('turns off with a current code (or a recovery code); a wrong one changes nothing; sign-in is one step again', async () => {
    const { user, token, secret, codes } = await enrolled();
    const wrong = await t.request('POST', '/api/profile/2fa/disable', {
      token,
      body: { code: wrongCodeOf(secret) },
    });
    expect(wrong.status, wrong.text).toBe(422);
    expect((await statusOf(token)).enabled).toBe(true);
    const byRecovery = await t.request('POST', '/api/profile/2fa/disable', {
      token,
      body: { code: codes[3] },
    });
    expect(byRecovery.status, byRecovery.text).toBe(200);
    expect(await statusOf(token)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.db.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(
      0,
    );
    expect((await entries(user.id, 'two_factor_off'))[0]!.detail).toEqual({ method: 'recovery-code' });
    const plain = await login(user.email);
    expect(plain.body.token).toEqual(expect.any(String));
    expect(
      (await t.request('POST', '/api/profile/2fa/disable', { token, body: { code: '123456' } })).status,
    ).toBe(409);
    // On again, off with a TOTP code.
    const again = await enable(token);
    const off = await t.request('POST', '/api/profile/2fa/disable', {
      token,
      body: { code: codeOf(again.secret) },
    });
    expect(off.status, off.text).toBe(200);
  });

  it('makes new recovery codes with a current code: the old ones stop working', async () => {
    const { user, token, secret, codes } = await enrolled('manager');
    const renew = await t.request('POST', '/api/profile/2fa/recovery-codes', {
      token,
      body: { code: codeOf(secret) },
    });
    expect(renew.status, renew.text).toBe(200);
    const fresh = renew.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    expect((await second(await challengeOf(user.email), codes[0]!)).status).toBe(422);
    expect((await second(await challengeOf(user.email), fresh[0]!)).status).toBe(200);
    expect(await entries(user.id, 'recovery_codes_renewed')).toHaveLength(1);
  });
});

describe('roles that must sign in with a second factor (TWO_FACTOR_REQUIRED_ROLES)', () => {
  it('enrol at their next sign-in before anything else: secret, a confirming code, ten recovery codes and the token', async () => {
    const user = await newAccount('manager');
    const unaffected = await newAccount('admin');
    t.config.twoFactorRequiredRoles = ['manager'];
    try {
      const first = await login(user.email);
      expect(first.body).toMatchObject({
        twoFactor: true,
        enrol: true,
        message: expect.stringContaining('set it up'),
      });
      expect(first.body).not.toHaveProperty('token');
      expect((await login(unaffected.email)).body.token).toEqual(expect.any(String));
      const challenge = first.body.challenge as string;
      // The enrolment's challenge answers no code before a secret exists.
      expect((await second(challenge, '123456')).status).toBe(422);
      const enrol = await t.request('POST', '/api/login/2fa/enrol', { body: { challenge } });
      expect(enrol.status, enrol.text).toBe(200);
      const { secret, uri } = enrol.body.data as { secret: string; uri: string };
      expect(uri).toContain(encodeURIComponent(user.email));
      expect((await second(challenge, wrongCodeOf(secret))).status).toBe(422);
      const done = await second(challenge, codeOf(secret));
      expect(done.status, done.text).toBe(200);
      expect(done.body.token).toEqual(expect.any(String));
      expect(done.body.recoveryCodes).toHaveLength(10);
      expect(
        (await t.db.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id)))[0]!.confirmedAt,
      ).not.toBeNull();
      const token = done.body.token as string;
      expect(await statusOf(token)).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });
      // Its role keeps it.
      const off = await t.request('POST', '/api/profile/2fa/disable', {
        token,
        body: { code: done.body.recoveryCodes[0] },
      });
      expect(off.status).toBe(409);
      // From now on the second step, not the enrolment; an enrolment is never asked with it.
      nextStep();
      const next = await login(user.email);
      expect(next.body).toMatchObject({ twoFactor: true, enrol: false });
      const noEnrol = await t.request('POST', '/api/login/2fa/enrol', {
        body: { challenge: next.body.challenge },
      });
      expect(noEnrol.status).toBe(401);
      expect((await second(next.body.challenge, codeOf(secret))).status).toBe(200);
    } finally {
      t.config.twoFactorRequiredRoles = [];
    }
  });
});

describe("an admin's reset of another account's second factor", () => {
  it('removes it, ends its open challenges, is audited and mailed in the account’s language; nobody else may', async () => {
    const { user, secret } = await enrolled('manager', 'ar');
    const open = await challengeOf(user.email);
    const managerToken = await t.login(DEMO.manager.email, DEMO_PASSWORD);
    const refused = await t.request('POST', `/api/user/${user.id}/2fa/reset`, { token: managerToken });
    expect(refused.status).toBe(403);
    const self = await enrolled('admin');
    expect(
      (await t.request('POST', `/api/user/${self.user.id}/2fa/reset`, { token: self.token })).status,
    ).toBe(409);
    const res = await t.request('POST', `/api/user/${user.id}/2fa/reset`, { token: adminToken });
    expect(res.status, res.text).toBe(200);
    expect(await t.db.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toHaveLength(0);
    expect(await t.db.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(
      0,
    );
    expect((await second(open, codeOf(secret))).status).toBe(401);
    const [entry] = await entries(user.id, 'two_factor_reset');
    expect(entry).toMatchObject({ actorRole: 'admin', resource: 'supervisor' });
    await vi.waitFor(() =>
      expect(
        t.smtp.messages.filter((m) => m.to.includes(user.email) && m.subject.includes('التحقق بخطوتين')),
      ).toHaveLength(1),
    );
    const [mail] = t.smtp.messages.filter((m) => m.to.includes(user.email));
    expect(mail!.subject).toBe('تمت إزالة التحقق بخطوتين من حسابك');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).not.toContain(secret);
    // It signs in with its password alone again; a second reset has nothing to remove.
    expect((await login(user.email)).body.token).toEqual(expect.any(String));
    expect((await t.request('POST', `/api/user/${user.id}/2fa/reset`, { token: adminToken })).status).toBe(
      409,
    );
    expect((await t.request('POST', '/api/user/2147483647/2fa/reset', { token: adminToken })).status).toBe(
      404,
    );
    expect((await t.request('POST', '/api/user/abc/2fa/reset', { token: adminToken })).status).toBe(422);
    expect((await t.request('POST', `/api/user/${user.id}/2fa/reset`)).status).toBe(401);
  });
});

describe('the demo accounts', () => {
  it('seeds the two-factor demo account with a confirmed factor; the others sign in with their password as before', async () => {
    const totp = await demoTotp(t.db.db);
    expect(totp).toMatchObject({
      email: DEMO.twofactor.email,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
    });
    expect(totp!.uri).toContain(`secret=${totp!.secret}`);
    const challenge = await challengeOf(DEMO.twofactor.email);
    const res = await second(challenge, codeOf(totp!.secret));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ email: DEMO.twofactor.email, role: 'manager' });
    for (const a of DEMO_ACCOUNTS.filter((x) => x.canSignIn && !x.twoFactor)) {
      const plain = await login(a.email);
      expect(plain.status, a.email).toBe(200);
      expect(Object.keys(plain.body).sort(), a.email).toEqual(
        [
          'email',
          'language',
          'message',
          'name',
          'outboxKey',
          'profileImage',
          'role',
          'status',
          'token',
        ].sort(),
      );
    }
  });
});
