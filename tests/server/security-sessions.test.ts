/**
 * Sessions and abuse limits (docs/security.md). The limits are counted in the database, so they hold across
 * a server restart: a second app on the same database (a new process would see the same rows)
 * continues where the first stopped, answering 429 with Retry-After. Unknown e-mail and wrong
 * password look the same; sessions expire when idle and absolutely (injected clock); a password
 * change and blocking revoke the other sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { IP_LIMITS } from '../../server/auth/limits';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../../server/auth/throttle';
import { OTP_SEND_GAP_MS } from '../../server/auth/otp';
import { DAY } from '../../server/core/config';
import { createSmtpMailer, type Mailer } from '../../server/core/mailer';
import { SERVER_MESSAGES } from '../../server/core/messages';
import { users } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { acceptInvitation } from '../support/kit';

let t: TestServer;
let second: App;
let secondMailer: Mailer;
let ipCounter = 0;
/** A new client address (the server trusts X-Forwarded-For in this suite). */
const newIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestServer({ config: { trustProxy: true } });
  // "the server restarted": a new app on the same database, storage and clock
  secondMailer = createSmtpMailer(t.smtp.url, t.config.mailFrom);
  second = createApp({
    db: t.db.db,
    mailer: secondMailer,
    config: t.config,
    storage: t.storage,
  });
});
// The second app's mail connection goes first: the SMTP server's close waits for open ones.
afterAll(async () => {
  secondMailer?.close?.();
  await t?.close();
});

const call = async (
  app: App,
  path: string,
  body: unknown,
  ip: string,
  extra: { token?: string; lang?: string; method?: string } = {},
) => {
  const res = await app.request(path, {
    method: extra.method ?? 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': ip,
      'Accept-Language': extra.lang ?? 'en',
      ...(extra.token ? { Authorization: `Bearer ${extra.token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
};

const first = () => t.app;
const expect429 = (res: Awaited<ReturnType<typeof call>>, maxSeconds: number) => {
  expect(res.status, res.text).toBe(429);
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toMatchObject({ status: 429, message: expect.any(String) });
  return retry;
};

describe('limits hold across a restart', () => {
  it(`sign-in: ${LOGIN_MAX_FAILURES} failures per e-mail and IP, then 429 on the restarted server too`, async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const res = await call(
        first(),
        '/api/login',
        { email: DEMO.manager.email, password: `wrong-${i}` },
        ip,
      );
      expect(res.status).toBe(401);
    }
    const right = { email: DEMO.manager.email, password: DEMO_PASSWORD };
    expect429(await call(second, '/api/login', right, ip), LOGIN_WINDOW_MS / 1000);
    const ar = await call(second, '/api/login', right, ip, { lang: 'ar' });
    expect(ar.status).toBe(429);
    expect(ar.body.message).toMatch(/[\u0600-\u06FF]/);
    // another address is not blocked; the window passes
    expect((await call(second, '/api/login', right, newIp())).status).toBe(200);
    t.clock.advance(LOGIN_WINDOW_MS);
    expect((await call(first(), '/api/login', right, ip)).status).toBe(200);
  });

  it('OTP send: one per minute per address, also after a restart', async () => {
    const email = 'gap.check@test.example.com';
    expect((await call(first(), '/api/sendEmailOTP', { email }, newIp())).status).toBe(200);
    const retry = expect429(await call(second, '/api/sendEmailOTP', { email }, newIp()), 60);
    t.clock.advance(retry * 1000);
    expect((await call(second, '/api/sendEmailOTP', { email }, newIp())).status).toBe(200);
    t.clock.advance(OTP_SEND_GAP_MS);
  });

  it(`OTP send: ${IP_LIMITS.otpSend.max} per hour per IP (many addresses), then 429 after a restart`, async () => {
    const ip = newIp();
    for (let i = 0; i < IP_LIMITS.otpSend.max; i++) {
      const app = i % 2 ? second : first();
      const res = await call(app, '/api/sendEmailOTP', { email: `bomb${i}@test.example.com` }, ip);
      expect(res.status, res.text).toBe(200);
    }
    const retry = expect429(
      await call(second, '/api/sendEmailOTP', { email: 'bomb-last@test.example.com' }, ip),
      3600,
    );
    expect(
      (await call(first(), '/api/sendEmailOTP', { email: 'other-ip@test.example.com' }, newIp())).status,
    ).toBe(200);
    t.clock.advance(retry * 1000);
    expect(
      (await call(first(), '/api/sendEmailOTP', { email: 'bomb-later@test.example.com' }, ip)).status,
    ).toBe(200);
  });

  it(`OTP verify: ${IP_LIMITS.otpVerifyFailures.max} wrong codes per hour per IP, then 429 even for a right code`, async () => {
    const ip = newIp();
    const email = 'guess.target@test.example.com';
    t.clock.advance(OTP_SEND_GAP_MS);
    expect((await call(first(), '/api/sendEmailOTP', { email }, newIp())).status).toBe(200);
    await t.smtp.waitFor((m) => m.to.includes(email));
    const code = t.smtp.lastOtpFor(email)!;
    // wrong codes spread over many addresses (5 wrong tries void one code; the IP limit spans them)
    for (let i = 0; i < IP_LIMITS.otpVerifyFailures.max; i++) {
      const res = await call(
        i % 2 ? second : first(),
        '/api/verifyEmailOTP',
        { email: `guess${i}@test.example.com`, otp: '000000' },
        ip,
      );
      expect(res.status).toBe(422);
    }
    expect429(await call(second, '/api/verifyEmailOTP', { email, otp: code }, ip), 3600);
    // the same right code from another address works
    expect((await call(first(), '/api/verifyEmailOTP', { email, otp: code }, newIp())).status).toBe(200);
  });

  it(`registration: ${IP_LIMITS.register.max} attempts per hour per IP, then 429 after a restart`, async () => {
    const ip = newIp();
    const body = (i: number) => ({
      name: 'Mass Signup',
      phone: '+966500000001',
      email: `mass${i}@test.example.com`,
      password: 'Mass-Pass-2026!',
      otp: '123456',
    });
    for (let i = 0; i < IP_LIMITS.register.max; i++) {
      const res = await call(i % 2 ? second : first(), '/api/register', body(i), ip);
      expect(res.status).toBe(422); // no verified code: refused, but counted
    }
    expect429(await call(second, '/api/register', body(99), ip), 3600);
    expect((await call(second, '/api/register', body(100), newIp())).status).toBe(422);
  });
});

describe('sign-in answers', () => {
  it('an unknown e-mail and a wrong password answer identically (status, body, in both languages)', async () => {
    for (const lang of ['en', 'ar']) {
      const unknown = await call(
        first(),
        '/api/login',
        { email: 'nobody@test.example.com', password: 'x' },
        newIp(),
        {
          lang,
        },
      );
      const wrong = await call(first(), '/api/login', { email: DEMO.admin.email, password: 'x' }, newIp(), {
        lang,
      });
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.text).toBe(wrong.text);
      const names = (h: Headers) => [...h.keys()].sort().join(',');
      expect(names(unknown.headers)).toBe(names(wrong.headers));
    }
  });

  it('takes about as long for an unknown e-mail as for a wrong password (no user enumeration by timing)', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await call(first(), '/api/login', { email, password: 'Not-The-Password-1' }, newIp());
      return performance.now() - start;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 4; i++) {
      unknown.push(await time(`nobody${i}@test.example.com`));
      wrong.push(await time(DEMO.manager.email));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // both pay for a password hash: within a factor of 3 of each other
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
    expect(median(wrong)).toBeGreaterThan(median(unknown) / 3);
  });
});

describe('session expiry and revocation', () => {
  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await call(first(), '/api/login', { email, password }, newIp());
    expect(res.status, res.text).toBe(200);
    return res.body.token as string;
  };
  const role = (token: string) =>
    call(first(), '/api/master/role', undefined, newIp(), { token, method: 'GET' });

  it('idle expiry (7 days) and absolute expiry (30 days), with the injected clock', async () => {
    expect(t.config.sessionIdleMs).toBe(7 * DAY);
    expect(t.config.sessionAbsoluteMs).toBe(30 * DAY);
    const idle = await login(DEMO.manager.email);
    t.clock.advance(7 * DAY - 60_000);
    expect((await role(idle)).status).toBe(200);
    t.clock.advance(7 * DAY - 60_000);
    expect((await role(idle)).status).toBe(200); // used: the idle clock restarted
    t.clock.advance(7 * DAY);
    const gone = await role(idle);
    expect(gone.status).toBe(401);
    expect(gone.body.message).toMatch(/expired/);

    const busy = await login(DEMO.manager.email);
    for (let day = 0; day < 29; day++) {
      t.clock.advance(DAY);
      expect((await role(busy)).status, `day ${day + 1}`).toBe(200);
    }
    t.clock.advance(DAY);
    expect((await role(busy)).status).toBe(401);
  });

  it('a password change signs out the other sessions; blocking signs out every session', async () => {
    const admin = await login(DEMO.admin.email);
    const phone = await login(DEMO.provider.email);
    const laptop = await login(DEMO.provider.email);
    const change = await call(
      first(),
      '/api/profile/password',
      { currentPassword: DEMO_PASSWORD, newPassword: 'Changed-Pass-2026!' },
      newIp(),
      { token: laptop },
    );
    expect(change.status, change.text).toBe(200);
    expect((await role(phone)).status).toBe(401);
    expect((await role(laptop)).status).toBe(200);
    const again = await login(DEMO.provider.email, 'Changed-Pass-2026!');

    const me = await call(first(), '/api/profile', undefined, newIp(), { token: again, method: 'GET' });
    const block = await call(
      first(),
      '/api/users/approve',
      { id: me.body.data.id, status: '3', reason: 'Security test' },
      newIp(),
      { token: admin },
    );
    expect(block.status, block.text).toBe(200);
    for (const token of [laptop, again]) expect((await role(token)).status).toBe(401);
    const refused = await call(
      first(),
      '/api/login',
      { email: DEMO.provider.email, password: 'Changed-Pass-2026!' },
      newIp(),
    );
    expect(refused.status).toBe(403);
  });

  it('blocking or rejecting a provider signs its supervisors out and refuses them until it is active again', async () => {
    const login = async (email: string, password: string) => {
      const res = await call(first(), '/api/login', { email, password }, newIp());
      return res;
    };
    const admin = (await login(DEMO.admin.email, DEMO_PASSWORD)).body.token as string;
    const provider = (await login(DEMO.pending.email, DEMO_PASSWORD)).status; // pending cannot sign in
    expect(provider).toBe(403);
    // a provider of its own for this test, approved, with one supervisor
    const [p] = await t.db.db.select().from(users).where(eq(users.email, DEMO.pending.email));
    const setProvider = (status: string) =>
      call(
        first(),
        '/api/serviceprovider/approve',
        { id: p!.id, status, reason: status === '1' ? null : 'Security test' },
        newIp(),
        { token: admin },
      );
    expect((await setProvider('1')).status).toBe(200);
    const email = 'supervisor.of.pending@test.example.com';
    const created = await call(
      first(),
      '/api/event-manager/add',
      {
        name: { en: 'Supervisor', ar: 'مشرف' },
        email,
        phone: null,
        providerId: p!.id,
      },
      newIp(),
      { token: admin },
    );
    expect(created.status, created.text).toBe(201);
    await acceptInvitation(t, email, 'Supervisor-Pass-2026!');
    const supervisor = (await login(email, 'Supervisor-Pass-2026!')).body.token as string;
    const role = (token: string, lang = 'en') =>
      call(first(), '/api/master/role', undefined, newIp(), { token, method: 'GET', lang });
    expect((await role(supervisor)).status).toBe(200);
    for (const status of ['3', '2']) {
      expect((await setProvider(status)).status).toBe(200);
      const refused = await role(supervisor);
      expect([refused.status, refused.body.message]).toEqual([401, SERVER_MESSAGES.providerInactive.en]);
      const signIn = await login(email, 'Supervisor-Pass-2026!');
      expect([signIn.status, signIn.body.message]).toEqual([403, SERVER_MESSAGES.providerInactive.en]);
      const ar = await call(first(), '/api/login', { email, password: 'Supervisor-Pass-2026!' }, newIp(), {
        lang: 'ar',
      });
      expect(ar.body.message).toBe(SERVER_MESSAGES.providerInactive.ar);
      expect((await setProvider('1')).status).toBe(200);
    }
    // active again: the supervisor signs in and works
    const back = (await login(email, 'Supervisor-Pass-2026!')).body.token as string;
    expect((await role(back)).status).toBe(200);
  });
});
