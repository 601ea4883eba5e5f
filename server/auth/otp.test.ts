import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../../tests/setup/server';
import { emailOtps, users } from '../db/schema';
import { SERVER_MESSAGES } from '../core/messages';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

let n = 0;
const freshEmail = () => `new.provider.${++n}@example.org`;
const send = (email: string, lang?: string) =>
  t.request('POST', '/api/sendEmailOTP', { body: { email }, lang });
const verify = (email: string, otp: string, lang?: string) =>
  t.request('POST', '/api/verifyEmailOTP', { body: { email, otp }, lang });
const codeFor = async (email: string) => {
  await t.smtp.waitFor((m) => m.to.includes(email));
  return t.smtp.lastOtpFor(email)!;
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const registration = (email: string, otp: string, extra: Record<string, unknown> = {}) => ({
  name: 'Hala Events',
  phone: '+971 50 111 2222',
  email,
  password: 'Provider-Pass-2026!',
  otp,
  role: 'serviceprovider',
  status: '0',
  ...extra,
});

describe('POST /api/sendEmailOTP', () => {
  it('mails a 6-digit code valid 10 minutes, in the request language, and stores only its hash', async () => {
    const email = freshEmail();
    const res = await send(email);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`A 6-digit code was sent to ${email}. It is valid for 10 minutes.`);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email));
    const code = t.smtp.lastOtpFor(email)!;
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(mail.text).toContain('valid for 10 minutes');
    const rows = await t.db.db.select().from(emailOtps).where(eq(emailOtps.email, email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * 60_000);

    const arEmail = freshEmail();
    const ar = await send(arEmail, 'ar');
    expect(ar.body.message).toBe(`تم إرسال رمز من ٦ أرقام إلى ${arEmail}. الرمز صالح لمدة ١٠ دقائق.`);
    const arMail = await t.smtp.waitFor((m) => m.to.includes(arEmail));
    expect(arMail.subject).toContain('رمز التحقق');
    expect(arMail.text).toContain('١٠ دقائق');
  });

  it('refuses an empty or invalid e-mail with 422', async () => {
    const empty = await send('');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: 'Required' });
    const bad = await send('not-an-email');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Please enter a valid email.');
    const ar = await send('not-an-email', 'ar');
    expect(ar.body).toMatchObject({
      message: 'يرجى إدخال بريد إلكتروني صالح.',
      errors: { email: 'يرجى إدخال بريد إلكتروني صالح.' },
    });
  });

  it('answers a known e-mail like a new one, and mails the owner "you already have an account" (no enumeration)', async () => {
    const known = await send(DEMO.admin.email.toUpperCase());
    const fresh = await send(freshEmail());
    expect(known.status).toBe(200);
    const anon = (m: string) => m.replace(/ to .+?\. It /, ' to X. It ');
    expect(anon(known.body.message)).toBe(anon(fresh.body.message));
    expect(anon(known.body.message)).not.toBe(known.body.message);
    const mail = await t.smtp.waitFor((m) => m.to.includes(DEMO.admin.email));
    expect(mail.subject).toBe('You already have an account');
    expect(t.smtp.lastOtpFor(DEMO.admin.email)).toBeFalsy();
    // the same per-address limits: a second request within 60 s → 429 for both kinds
    expect((await send(DEMO.admin.email)).status).toBe(429);
  });

  it('sends at most once per 60 s and 5 times per hour per address (429 + Retry-After)', async () => {
    const email = freshEmail();
    expect((await send(email)).status).toBe(200);
    t.clock.advance(20_000);
    const soon = await send(email);
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toBe('40');
    expect(soon.body.message).toBe('Please wait 40 seconds before asking for another code.');
    for (let i = 2; i <= 5; i++) {
      t.clock.advance(60_000);
      expect((await send(email)).status, `send ${i}`).toBe(200);
    }
    // 5 sends at t0+20s… wait: sends at 0, 80 s, 140 s, 200 s, 260 s (relative to the first).
    t.clock.advance(60_000);
    const hourly = await send(email);
    expect(hourly.status).toBe(429);
    const retry = Number(hourly.headers.get('retry-after'));
    expect(retry).toBe(3600 - 320);
    expect(hourly.body.message).toBe(
      `Too many codes were sent to this address. Try again in ${Math.ceil(retry / 60)} minutes.`,
    );
    t.clock.advance(retry * 1000);
    expect((await send(email)).status).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const email = freshEmail();
    await send(email);
    const first = await codeFor(email);
    t.clock.advance(61_000);
    await send(email);
    await t.smtp.waitFor((m) => m.to.includes(email) && !m.text.includes(first));
    const second = t.smtp.lastOtpFor(email)!;
    if (first !== second) expect((await verify(email, first)).status).toBe(422);
    expect((await verify(email, second)).status).toBe(200);
  });
});

describe('POST /api/verifyEmailOTP', () => {
  it('accepts the right code, which then stays verified', async () => {
    const email = freshEmail();
    await send(email);
    const code = await codeFor(email);
    const res = await verify(email, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Your email is verified.' });
    expect((await verify(email, code)).status).toBe(200);
  });

  it('expires after 10 minutes (injected clock)', async () => {
    const email = freshEmail();
    await send(email);
    const code = await codeFor(email);
    t.clock.advance(10 * 60_000);
    const res = await verify(email, code);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ otp: SERVER_MESSAGES.otpMissing.en });
  });

  it('5 wrong tries void the code', async () => {
    const email = freshEmail();
    await send(email);
    const code = await codeFor(email);
    for (let left = 4; left >= 1; left--) {
      const res = await verify(email, wrongCode(code));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(`The code is not correct. ${left} tries left.`);
    }
    const fifth = await verify(email, wrongCode(code), 'ar');
    expect(fifth.body.message).toBe(SERVER_MESSAGES.otpVoided.ar);
    const right = await verify(email, code);
    expect(right.status).toBe(422);
    expect(right.body.message).toBe(SERVER_MESSAGES.otpMissing.en);
  });

  it('refuses an empty OTP with the product message', async () => {
    const res = await verify(freshEmail(), '');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Please enter a valid OTP.');
  });
});

describe('POST /api/register', () => {
  const verified = async () => {
    const email = freshEmail();
    await send(email);
    const code = await codeFor(email);
    expect((await verify(email, code)).status).toBe(200);
    return { email, code };
  };

  it('creates a pending service provider with the verified code, consuming it (single use)', async () => {
    const { email, code } = await verified();
    const res = await t.request('POST', '/api/register', { body: registration(email, code), lang: 'ar' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(SERVER_MESSAGES.registered.ar);
    expect(res.body.data).toMatchObject({ email, role: 'serviceprovider', status: '0' });
    const [user] = await t.db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      role: 'serviceprovider',
      status: '0',
      name: { en: 'Hala Events', ar: 'Hala Events' },
      phone: '+971501112222',
      language: 'ar',
    });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);

    // The account waits for approval.
    const login = await t.request('POST', '/api/login', { body: { email, password: 'Provider-Pass-2026!' } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Your account is waiting for approval by an administrator.');

    // The code is used up.
    expect((await verify(email, code)).body.errors).toEqual({ otp: SERVER_MESSAGES.otpMissing.en });

    // Registering again: the code is used up, answered like any wrong code (no enumeration).
    const again = await t.request('POST', '/api/register', { body: registration(email, code) });
    expect(again.status).toBe(422);
    expect(Object.keys(again.body.errors)).toEqual(['otp']);
  });

  it('accepts a body without role and status (the server sets them)', async () => {
    const { email, code } = await verified();
    const body = registration(email, code);
    delete (body as Record<string, unknown>).role;
    delete (body as Record<string, unknown>).status;
    const res = await t.request('POST', '/api/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ role: 'serviceprovider', status: '0' });
  });

  it('requires a verified code: unverified, wrong or already used codes are refused', async () => {
    const email = freshEmail();
    await send(email);
    const code = await codeFor(email);
    const unverified = await t.request('POST', '/api/register', { body: registration(email, code) });
    expect(unverified.status).toBe(422);
    expect(unverified.body.message).toBe('Please verify your email OTP before submitting.');
    expect(unverified.body.errors).toEqual({ otp: 'Please verify your email OTP before submitting.' });

    await verify(email, code);
    const wrong = await t.request('POST', '/api/register', { body: registration(email, wrongCode(code)) });
    expect(wrong.status).toBe(422);

    const other = await verified();
    const crossed = await t.request('POST', '/api/register', { body: registration(email, other.code) });
    if (other.code !== code) expect(crossed.status).toBe(422);
    expect((await t.db.db.select().from(users).where(eq(users.email, email))).length).toBe(
      crossed.status === 201 ? 1 : 0,
    );
  });

  it('refuses another role or status (422) and unknown fields (422) — nothing is created', async () => {
    const { email, code } = await verified();
    const admin = await t.request('POST', '/api/register', {
      body: registration(email, code, { role: 'admin' }),
    });
    expect(admin.status).toBe(422);
    expect(admin.body.errors).toEqual({ role: 'Only service providers can register' });
    const active = await t.request('POST', '/api/register', {
      body: registration(email, code, { status: '1' }),
    });
    expect(active.status).toBe(422);
    expect(active.body.errors).toEqual({ status: 'A new registration always starts as pending' });
    const extra = await t.request('POST', '/api/register', {
      body: registration(email, code, { isAdmin: true }),
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ isAdmin: 'Unknown field' });
    const ar = await t.request('POST', '/api/register', {
      body: registration(email, code, { role: 'admin' }),
      lang: 'ar',
    });
    expect(ar.body.errors).toEqual({ role: 'يمكن لمقدّمي الخدمات فقط التسجيل' });
    expect((await t.db.db.select().from(users).where(eq(users.email, email))).length).toBe(0);
    // The code was not used up by the refused attempts.
    expect((await t.request('POST', '/api/register', { body: registration(email, code) })).status).toBe(201);
  });

  it('refuses a demo e-mail exactly as an unknown one without a verified code (no 409, no enumeration)', async () => {
    const res = await t.request('POST', '/api/register', {
      body: registration(DEMO.provider.email, '123456'),
    });
    const unknown = await t.request('POST', '/api/register', { body: registration(freshEmail(), '123456') });
    expect([res.status, res.body]).toEqual([unknown.status, unknown.body]);
    expect(res.status).toBe(422);
    // The demo provider's password is unchanged.
    expect(
      (
        await t.request('POST', '/api/login', {
          body: { email: DEMO.provider.email, password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });
});
