/**
 * Forgotten password (docs/security.md, "Account lifecycle"; docs/decisions/0062-forgotten-password.md):
 * every address answered alike; a known one mailed a code and a link built from PUBLIC_URL; the code
 * works once, within 30 minutes, and 5 wrong tries void it (an unknown address is told the same);
 * sends and tries limited per address and per IP, atomically; a reset ends every session of the
 * account, even one a racing sign-in with the old password made, and mails a notice.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LIMITS } from '../../server/auth/limits';
import { createSessionOnDevice } from '../../server/auth/sessions';
import {
  auditLog,
  loginFailures,
  passwordResets,
  pushSubscriptions,
  sessions,
  users,
} from '../../server/db/schema';
import { USER_STATUS, type UserStatus } from '../../src/contract/roles';
import type { CapturedMail } from '../setup/smtp';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { newAccount as createAccount } from './accounts';

const PUBLIC_URL = 'https://backoffice.example.test';
const NEW_PASSWORD = 'Brand-New-Pass-2026!';
const MINUTE = 60_000;

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ config: { trustProxy: true, publicUrl: PUBLIC_URL } });
});
afterAll(() => t?.close());

let n = 0;
/** A new client address (the server trusts X-Forwarded-For in this suite). */
const newIp = () => {
  n++;
  return `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};
const newEmail = (what: string) => `${what}${++n}@reset.example.com`;

/** A new account with the demo password (none: an invited account), an admin unless told. */
const newAccount = (options: { language?: 'en' | 'ar'; status?: UserStatus; invited?: boolean } = {}) =>
  createAccount(t, { ...options, name: { en: 'Reset Sample', ar: 'عينة إعادة التعيين' } });

const post = (path: string, body: unknown, ip: string, headers: Record<string, string> = {}) =>
  t.request('POST', path, { body, headers: { 'X-Forwarded-For': ip, ...headers } });
const forgot = (email: string, ip = newIp(), headers: Record<string, string> = {}) =>
  post('/api/password/forgot', { email }, ip, headers);
const reset = (email: string, code: string, ip = newIp(), newPassword = NEW_PASSWORD) =>
  post('/api/password/reset', { email, code, newPassword }, ip);
const signIn = (email: string, password: string, ip = newIp()) => post('/api/login', { email, password }, ip);

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

const seen = new Set<CapturedMail>();
const CODE_LINE = /^ {4}([0-9]{6})$/m;
/** The next mail to `email` not read yet (a code's when `withCode`). */
const nextMail = async (email: string, withCode = false) => {
  const mail = await t.smtp.waitFor(
    (m) => m.to.includes(email) && !seen.has(m) && (!withCode || CODE_LINE.test(m.text)),
    10_000,
  );
  seen.add(mail);
  return mail;
};
/** Asks for a code for `email` and reads it from the mail. */
const codeFor = async (email: string) => {
  expect((await forgot(email)).status).toBe(200);
  return CODE_LINE.exec((await nextMail(email, true)).text)![1]!;
};
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));
const settleMail = () => new Promise((r) => setTimeout(r, 300));

describe('POST /api/password/forgot', () => {
  it('answers a known, an unknown and an invited address alike; only the known one is mailed the code and a link from PUBLIC_URL', async () => {
    const known = await newAccount();
    const invited = await newAccount({ invited: true });
    const unknown = newEmail('nobody');
    const answers = await Promise.all(
      [known.email, unknown, invited.email].map((email) =>
        // A forged Host never makes the link.
        forgot(email, newIp(), { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' }),
      ),
    );
    const shapes = answers.map((a, i) => ({
      status: a.status,
      body: JSON.stringify(a.body).replace([known.email, unknown, invited.email][i]!, '<email>'),
      headers: [...a.headers.keys()].filter((k) => k !== 'date').sort(),
    }));
    expect(shapes[0]!.status).toBe(200);
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);
    expect(answers[0]!.body.message).toBe(
      `If ${known.email} belongs to an account, a 6-digit code and a link are on their way to it. They are valid for 30 minutes.`,
    );

    const mail = await nextMail(known.email, true);
    expect(mail.subject).toBe('Reset your password');
    const code = CODE_LINE.exec(mail.text)![1]!;
    const link = `${PUBLIC_URL}/admin/password/reset#email=${encodeURIComponent(known.email)}&code=${code}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replace('&', '&amp;'));
    expect(mail.text).not.toContain('evil.example');
    const [row] = await t.db.db.select().from(passwordResets).where(eq(passwordResets.userId, known.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * MINUTE);

    await settleMail();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(invited.email)).toEqual([]);
    expect(await t.db.db.select().from(passwordResets).where(eq(passwordResets.userId, invited.id))).toEqual(
      [],
    );
  });

  it('limits sends per address, one per 60 s and five per hour, a known and an unknown address alike', async () => {
    const known = (await newAccount()).email;
    const unknown = newEmail('nobody');
    const answers: Record<string, string[]> = { [known]: [], [unknown]: [] };
    for (let i = 0; i < 6; i++) {
      for (const email of [known, unknown]) {
        const first = await forgot(email);
        const again = await forgot(email);
        answers[email]!.push(
          `${first.status} ${again.status} ${again.body.message} ${again.headers.get('retry-after')}`,
        );
      }
      t.clock.advance(MINUTE);
    }
    const knownAnswers = answers[known]!;
    expect(knownAnswers.slice(0, 5).every((a) => a.startsWith('200 429 Please wait 60 seconds'))).toBe(true);
    expect(knownAnswers[5]).toMatch(
      /^429 429 Too many codes were sent to this address\. Try again in 55 minutes\./,
    );
    expect(answers[unknown]).toEqual(knownAnswers);
    // Only one code of the five works, the latest: each request voided the one before. (The mails
    // may arrive in another order than they were sent: the mailer sends on several connections.)
    await settleMail();
    expect(mailsTo(known)).toHaveLength(5);
    const codes = mailsTo(known).map((m) => CODE_LINE.exec(m.text)![1]!);
    const tried = [];
    for (const code of codes) tried.push((await reset(known, code)).status);
    expect(tally(tried)).toEqual({ 200: 1, 422: 4 });
  });

  it('holds its limits under 100 parallel requests: per address one mail, per IP thirty', async () => {
    const known = (await newAccount()).email;
    const perAddress = await Promise.all(Array.from({ length: 100 }, () => forgot(known)));
    expect(tally(perAddress.map((a) => a.status))).toEqual({ 200: 1, 429: 99 });
    const ip = newIp();
    const perIp = await Promise.all(Array.from({ length: 100 }, () => forgot(newEmail('flood'), ip)));
    expect(tally(perIp.map((a) => a.status))).toEqual({
      200: IP_LIMITS.resetSend.max,
      429: 100 - IP_LIMITS.resetSend.max,
    });
    await settleMail();
    expect(mailsTo(known)).toHaveLength(1);
  });
});

describe('POST /api/password/reset', () => {
  it("sets the password once, ends every session and its pushes, clears the sign-in failures, audits without secrets and mails a notice in the account's language", async () => {
    const me = await newAccount({ language: 'ar' });
    const tokens = [
      (await signIn(me.email, DEMO_PASSWORD)).body.token,
      (await signIn(me.email, DEMO_PASSWORD)).body.token,
    ] as string[];
    const [first] = await t.db.db.select().from(sessions).where(eq(sessions.userId, me.id)).limit(1);
    await t.db.db.insert(pushSubscriptions).values({
      userId: me.id,
      sessionId: first!.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/reset-${n}`,
      p256dh: 'BPk4',
      auth: 'a2V5',
      createdAt: t.clock.now(),
    });
    const failedFrom = newIp();
    expect((await signIn(me.email, 'Not-the-password-1', failedFrom)).status).toBe(401);

    const code = await codeFor(me.email);
    const request = [...t.smtp.messages].reverse().find((m) => m.to.includes(me.email))!;
    expect(request.subject).toBe('إعادة تعيين كلمة المرور');
    expect(request.html).toContain('dir="rtl"');

    const from = newIp();
    const res = await reset(me.email, code, from);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(
      'Your password was changed and every session of your account was signed out. Sign in with the new password.',
    );
    for (const token of tokens) expect((await t.request('GET', '/api/profile', { token })).status).toBe(401);
    expect(await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toEqual(
      [],
    );
    expect(await t.db.db.select().from(loginFailures).where(eq(loginFailures.email, me.email))).toEqual([]);
    expect((await signIn(me.email, DEMO_PASSWORD)).status).toBe(401);
    expect((await signIn(me.email, NEW_PASSWORD)).status).toBe(200);

    const notice = await nextMail(me.email);
    expect(notice.subject).toBe('تم تغيير كلمة المرور');
    expect(notice.text).toContain(from);

    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(me.id)));
    const resetEntry = entries.find((e) => e.action === 'password_reset');
    expect(resetEntry).toMatchObject({ actorId: me.id, detail: { sessions: expect.any(Array) } });
    expect((resetEntry!.detail as { sessions: number[] }).sessions).toHaveLength(2);
    const trail = JSON.stringify(entries);
    expect(trail).not.toContain(code);
    expect(trail).not.toContain(NEW_PASSWORD);
    expect(trail).not.toContain('scrypt$');

    // Used: refused on the code, and the password stays.
    const again = await reset(me.email, code, newIp(), 'Yet-Another-Pass-2026!');
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['code']);
    expect((await signIn(me.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired code and one a newer request voided, on the code', async () => {
    const me = await newAccount();
    const older = await codeFor(me.email);
    t.clock.advance(MINUTE);
    const newer = await codeFor(me.email);
    const voided = await reset(me.email, older);
    expect(voided.status).toBe(422);
    expect(voided.body.errors.code).toBeTruthy();
    t.clock.advance(30 * MINUTE);
    const expired = await reset(me.email, newer);
    expect(expired.status).toBe(422);
    expect(expired.body.errors.code).toBe(
      'This code is not valid: it has expired, was used, or was never sent. Please ask for a new code.',
    );
    expect((await signIn(me.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts wrong codes and voids the code at the fifth; an unknown address is told exactly the same', async () => {
    const me = await newAccount();
    const unknown = newEmail('nobody');
    const code = await codeFor(me.email);
    expect((await forgot(unknown)).status).toBe(200);
    const tries = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await reset(email, wrongFor(code));
        out.push(`${res.status} ${JSON.stringify(res.body.errors)}`);
      }
      const right = await reset(email, code);
      out.push(`${right.status} ${JSON.stringify(right.body.errors)}`);
      return out;
    };
    const known = await tries(me.email);
    expect(known).toEqual([
      '422 {"code":"The code is not correct. 4 tries left."}',
      '422 {"code":"The code is not correct. 3 tries left."}',
      '422 {"code":"The code is not correct. 2 tries left."}',
      '422 {"code":"The code is not correct. 1 tries left."}',
      '422 {"code":"Too many wrong codes. Please ask for a new code."}',
      '422 {"code":"This code is not valid: it has expired, was used, or was never sent. Please ask for a new code."}',
    ]);
    expect(await tries(unknown)).toEqual(known);
    // Without a request, both are refused alike too.
    const never = await newAccount();
    expect((await reset(never.email, '123456')).body).toEqual(
      (await reset(newEmail('nobody'), '123456')).body,
    );
    expect((await signIn(me.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('judges at most ten of 100 parallel wrong codes for one address (the rest 429); the right code after is still refused', async () => {
    const me = await newAccount();
    const code = await codeFor(me.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => reset(me.email, wrongFor(code))));
    expect(tally(answers.map((a) => a.status))).toEqual({ 422: 10, 429: 90 });
    const judged = answers.filter((a) => a.status === 422).map((a) => a.body.errors.code as string);
    expect(judged.filter((m) => m.startsWith('The code is not correct'))).toHaveLength(4);
    expect(judged.filter((m) => m.startsWith('Too many wrong codes'))).toHaveLength(1);
    expect(judged.filter((m) => m.startsWith('This code is not valid'))).toHaveLength(5);
    const right = await reset(me.email, code);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
    t.clock.advance(61 * MINUTE);
    expect((await reset(me.email, code)).status).toBe(422);
    expect((await signIn(me.email, DEMO_PASSWORD)).status).toBe(200);
  });

  it(`judges at most ${IP_LIMITS.resetFailures.max} of 100 parallel wrong codes from one IP across addresses`, async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => reset(newEmail('guess'), '123456', ip)),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({
      422: IP_LIMITS.resetFailures.max,
      429: 100 - IP_LIMITS.resetFailures.max,
    });
  });

  it('lets a blocked account set a password, which still may not sign in', async () => {
    const me = await newAccount({ status: USER_STATUS.blocked });
    const code = await codeFor(me.email);
    expect((await reset(me.email, code)).status).toBe(200);
    const res = await signIn(me.email, NEW_PASSWORD);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account has been blocked. Please contact an administrator.');
  });

  it('leaves no session made with the old password alive once it has answered, even sign-ins racing it', async () => {
    const me = await newAccount();
    for (let round = 0; round < 2; round++) {
      const code = await codeFor(me.email);
      const password = round === 0 ? DEMO_PASSWORD : `${NEW_PASSWORD}${round - 1}`;
      const racing = Array.from({ length: 6 }, () => signIn(me.email, password));
      const done = await reset(me.email, code, newIp(), `${NEW_PASSWORD}${round}`);
      expect(done.status, done.text).toBe(200);
      const signIns = await Promise.all(racing);
      expect(signIns.every((s) => s.status === 200 || s.status === 401)).toBe(true);
      const live = await t.db.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, me.id), isNull(sessions.revokedAt)));
      expect(live).toEqual([]);
      for (const s of signIns.filter((x) => x.status === 200))
        expect((await t.request('GET', '/api/profile', { token: s.body.token })).status).toBe(401);
      expect((await signIn(me.email, password)).status).toBe(401);
      t.clock.advance(MINUTE);
    }
    // The narrow window, made wide: a sign-in judged the old password, the reset commits, then the
    // sign-in records its session: refused.
    const [judged] = await t.db.db.select().from(users).where(eq(users.id, me.id));
    const code = await codeFor(me.email);
    expect((await reset(me.email, code)).status).toBe(200);
    await expect(
      createSessionOnDevice(t.db.db, t.config, judged!, { ip: newIp(), userAgent: undefined }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refuses bad input with 422 and field errors, in the reader’s language, and changes nothing', async () => {
    const count = async () => ({
      resets: (await t.db.db.select().from(passwordResets)).length,
      failures: (await t.db.db.select().from(loginFailures)).length,
    });
    const before = await count();
    const cases: [string, unknown, string[]][] = [
      ['/api/password/forgot', {}, ['email']],
      ['/api/password/forgot', { email: 'not-an-address' }, ['email']],
      ['/api/password/forgot', { email: DEMO.admin.email, extra: 1 }, ['extra']],
      ['/api/password/reset', {}, ['code', 'email', 'newPassword']],
      [
        '/api/password/reset',
        { email: 'x@', code: '12', newPassword: 'short' },
        ['code', 'email', 'newPassword'],
      ],
      [
        '/api/password/reset',
        { email: DEMO.admin.email, code: 'abcdef', newPassword: NEW_PASSWORD },
        ['code'],
      ],
      [
        '/api/password/reset',
        { email: DEMO.admin.email, code: '123456', newPassword: 'x'.repeat(129) },
        ['newPassword'],
      ],
    ];
    for (const [path, body, fields] of cases) {
      const res = await post(path, body, newIp());
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const ar = await t.request('POST', '/api/password/reset', {
      body: { email: DEMO.admin.email, code: '123456', newPassword: 'short' },
      lang: 'ar',
    });
    expect(ar.body.errors.newPassword).toBe('٨ أحرف على الأقل');
    expect(await count()).toEqual(before);
  });
});
