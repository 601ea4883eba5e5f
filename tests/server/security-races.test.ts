/**
 * Limits under concurrent traffic (docs/security.md, "Abuse limits"): every limit is counted and judged in
 * one atomic step, so many parallel requests get no more tries than one after another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_LIMITS } from '../../server/auth/limits';
import { LOGIN_MAX_FAILURES } from '../../server/auth/throttle';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let ipCounter = 0;
/** A new client address (the server trusts X-Forwarded-For in this suite). */
const newIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestServer({ config: { trustProxy: true } });
});
afterAll(() => t?.close());

const post = (path: string, body: unknown, ip: string, token?: string) =>
  t.request('POST', path, {
    body,
    headers: { 'X-Forwarded-For': ip, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('limits hold under concurrency', () => {
  it(`sign-in: 100 parallel tries (the right password among them) → at most ${LOGIN_MAX_FAILURES} judged, the rest 429`, async () => {
    const ip = newIp();
    const email = DEMO.manager.email;
    const tries = Array.from({ length: 100 }, (_, i) => (i === 79 ? DEMO_PASSWORD : `Wrong-pass-${i}!`));
    const answers = await Promise.all(tries.map((password) => post('/api/login', { email, password }, ip)));
    const counts = tally(answers.map((a) => a.status));
    const acceptedAt = answers.findIndex((a) => a.status === 200);
    console.info(
      `sign-in race: ${JSON.stringify(counts)}; right password ${acceptedAt < 0 ? 'not accepted' : `accepted at #${acceptedAt + 1}`}`,
    );
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(counts[429]).toBeGreaterThanOrEqual(100 - LOGIN_MAX_FAILURES);
    expect(answers.every((a) => [200, 401, 429].includes(a.status))).toBe(true);
    if (acceptedAt < 0) {
      // no success cleared the counter: the right password right after is still refused
      expect((await post('/api/login', { email, password: DEMO_PASSWORD }, ip)).status).toBe(429);
    }
  });

  it(`sign-in: 100 parallel wrong passwords → ${LOGIN_MAX_FAILURES} × 401, 95 × 429, then the right one → 429`, async () => {
    const ip = newIp();
    const email = DEMO.provider.email;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post('/api/login', { email, password: `Wrong-pass-${i}!` }, ip)),
    );
    const counts = tally(answers.map((a) => a.status));
    console.info(`sign-in wrong-only race: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 401: LOGIN_MAX_FAILURES, 429: 100 - LOGIN_MAX_FAILURES });
    expect((await post('/api/login', { email, password: DEMO_PASSWORD }, ip)).status).toBe(429);
  });

  it(`password change: 50 parallel wrong current passwords → ${LOGIN_MAX_FAILURES} × 422, the rest 429`, async () => {
    const token = await signInAs(t, 'admin');
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/api/profile/password',
          { currentPassword: `Wrong-pass-${i}!`, newPassword: 'Another-Pass-2026!' },
          ip,
          token,
        ),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    console.info(`password change race: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 422: LOGIN_MAX_FAILURES, 429: 50 - LOGIN_MAX_FAILURES });
  });

  it(`OTP verify: 100 parallel wrong codes from one IP → at most ${IP_LIMITS.otpVerifyFailures.max} judged`, async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/api/verifyEmailOTP', { email: `race${i}@test.example.com`, otp: '000000' }, ip),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    console.info(`OTP verify race: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({
      422: IP_LIMITS.otpVerifyFailures.max,
      429: 100 - IP_LIMITS.otpVerifyFailures.max,
    });
  });

  it(`OTP send: 60 parallel sends from one IP → at most ${IP_LIMITS.otpSend.max} sent`, async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post('/api/sendEmailOTP', { email: `send${i}@test.example.com` }, ip),
      ),
    );
    const counts = tally(answers.map((a) => a.status));
    console.info(`OTP send race: ${JSON.stringify(counts)}`);
    expect(counts).toEqual({ 200: IP_LIMITS.otpSend.max, 429: 60 - IP_LIMITS.otpSend.max });
  });
});
