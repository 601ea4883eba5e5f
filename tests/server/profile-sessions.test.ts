/**
 * Sessions and devices in the profile (docs/security.md, "Sessions and devices"): the caller's own
 * live sessions with `current`, ending one or all the others at once (their tokens fail on the next
 * request), another user's session is unknown (404, nothing changed), parallel ends are safe, and a
 * sign-in from a device the account has not used before is mailed once, in the account's language.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../server/auth/throttle';
import { auditLog, sessions } from '../../server/db/schema';
import { createTestServer, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { newAccount as createAccount } from './accounts';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer();
});
afterAll(() => t?.close());

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeWindowsNewer:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

/** A new active admin with the demo password. */
const newAccount = (language: 'en' | 'ar' = 'en') =>
  createAccount(t, { prefix: 'sessions', language, name: { en: 'Sessions Sample', ar: 'عينة الجلسات' } });

const signIn = async (email: string, userAgent?: string) => {
  const res = await t.request('POST', '/api/login', {
    body: { email, password: DEMO_PASSWORD },
    ...(userAgent ? { headers: { 'User-Agent': userAgent } } : {}),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
};

const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));
const list = (token: string) => t.request('GET', '/api/profile/sessions', { token });
const liveCount = async (userId: number) =>
  (
    await t.db.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).length;

describe('GET /api/profile/sessions', () => {
  it("lists the caller's own live sessions, device and browser read from the user agent, `current` on the caller's", async () => {
    const me = await newAccount();
    const other = await newAccount();
    const a = await signIn(me.email, UA.chromeWindows);
    const b = await signIn(me.email, UA.safariIphone);
    await signIn(other.email, UA.firefoxLinux);
    const res = await list(b);
    expect(res.status, res.text).toBe(200);
    const items = res.body.data as Record<string, unknown>[];
    expect(items).toHaveLength(2);
    const mine = await t.db.db.select().from(sessions).where(eq(sessions.userId, me.id));
    expect(items.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());
    const current = items.find((s) => s.current)!;
    expect(current).toMatchObject({ device: 'iPhone (iOS 17)', browser: 'Safari 17', current: true });
    expect(items.find((s) => !s.current)).toMatchObject({ device: 'Windows PC', browser: 'Chrome 131' });
    for (const s of items) {
      expect(typeof s.ip).toBe('string');
      expect(Date.parse(s.signedInAt as string)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt as string)).not.toBeNaN();
      expect(s).not.toHaveProperty('tokenHash');
      expect(s).not.toHaveProperty('userAgent');
    }
    expect((await list(a)).body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect((await t.request('GET', '/api/profile/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/profile/sessions/:id', () => {
  it("ends one of the caller's sessions at once: its token fails, the caller's goes on, and it is audited", async () => {
    const me = await newAccount();
    const keep = await signIn(me.email, UA.chromeWindows);
    const gone = await signIn(me.email, UA.safariIphone);
    const goneId = (await list(gone)).body.data.find((s: { current: boolean }) => s.current).id as number;
    expect((await t.request('GET', '/api/profile', { token: gone })).status).toBe(200);
    const res = await t.request('DELETE', `/api/profile/sessions/${goneId}`, { token: keep });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('That session was signed out.');
    expect((await t.request('GET', '/api/profile', { token: gone })).status).toBe(401);
    expect((await t.request('GET', '/api/profile', { token: keep })).status).toBe(200);
    expect((await list(keep)).body.data.map((s: { id: number }) => s.id)).not.toContain(goneId);
    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(me.id)), eq(auditLog.action, 'sign_out')));
    expect(entries.map((e) => e.detail)).toContainEqual({ sessions: [goneId] });
    // already ended: unknown now
    expect((await t.request('DELETE', `/api/profile/sessions/${goneId}`, { token: keep })).status).toBe(404);
  });

  it("answers 404 for another user's session or an unknown one, and changes nothing", async () => {
    const me = await newAccount();
    const victim = await newAccount();
    const mine = await signIn(me.email, UA.chromeWindows);
    const theirs = await signIn(victim.email, UA.firefoxLinux);
    const theirId = (await list(theirs)).body.data[0].id as number;
    const res = await t.request('DELETE', `/api/profile/sessions/${theirId}`, { token: mine });
    expect(res.status, res.text).toBe(404);
    expect((await t.request('DELETE', '/api/profile/sessions/2147483647', { token: mine })).status).toBe(404);
    expect((await t.request('GET', '/api/profile', { token: theirs })).status).toBe(200);
    expect(await liveCount(victim.id)).toBe(1);
    expect((await t.request('DELETE', '/api/profile/sessions/abc', { token: mine })).status).toBe(422);
    expect((await t.request('DELETE', `/api/profile/sessions/${theirId}`)).status).toBe(401);
  });

  it('is safe when 20 ends of the same session run at once: one ends it, the rest answer 404', async () => {
    const me = await newAccount();
    const keep = await signIn(me.email, UA.chromeWindows);
    const gone = await signIn(me.email, UA.chromeWindows);
    const goneId = (await list(gone)).body.data.find((s: { current: boolean }) => s.current).id as number;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('DELETE', `/api/profile/sessions/${goneId}`, { token: keep }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(19);
    expect((await t.request('GET', '/api/profile', { token: gone })).status).toBe(401);
    expect((await t.request('GET', '/api/profile', { token: keep })).status).toBe(200);
    const audited = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(me.id)), eq(auditLog.action, 'sign_out')));
    expect(audited).toHaveLength(1);
  });
});

describe('POST /api/profile/sessions/end-others', () => {
  it("ends every other session of the caller's account, keeps the caller's, touches no one else's", async () => {
    const me = await newAccount();
    const bystander = await newAccount();
    const keep = await signIn(me.email, UA.chromeWindows);
    const others = [await signIn(me.email, UA.safariIphone), await signIn(me.email, UA.firefoxLinux)];
    const theirs = await signIn(bystander.email, UA.chromeWindows);
    const res = await t.request('POST', '/api/profile/sessions/end-others', { token: keep });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ ended: 2 });
    for (const token of others) expect((await t.request('GET', '/api/profile', { token })).status).toBe(401);
    expect((await t.request('GET', '/api/profile', { token: keep })).status).toBe(200);
    expect((await t.request('GET', '/api/profile', { token: theirs })).status).toBe(200);
    const listed = (await list(keep)).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0].current).toBe(true);
    // nothing left to end
    expect((await t.request('POST', '/api/profile/sessions/end-others', { token: keep })).body.data).toEqual({
      ended: 0,
    });
  });

  it('is safe when 20 run at once: the caller stays signed in, every other session ends', async () => {
    const me = await newAccount();
    const keep = await signIn(me.email, UA.chromeWindows);
    for (let i = 0; i < 3; i++) await signIn(me.email, UA.chromeWindows);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', '/api/profile/sessions/end-others', { token: keep }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + (a.body.data.ended as number), 0)).toBe(3);
    expect(await liveCount(me.id)).toBe(1);
    expect((await t.request('GET', '/api/profile', { token: keep })).status).toBe(200);
  });
});

describe('new-device mail', () => {
  it('mails once for a device the account has not used; not for a known one, nor for a browser update', async () => {
    const me = await newAccount();
    await signIn(me.email, UA.chromeWindows); // the first sign-in: nothing to compare with
    await signIn(me.email, UA.chromeWindowsNewer); // the same browser and system, updated
    await signIn(me.email, UA.safariIphone); // new
    await vi.waitFor(() => expect(mailsTo(me.email)).toHaveLength(1));
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toBe('New sign-in to your account');
    expect(mail!.text).toContain('iPhone (iOS 17)');
    expect(mail!.text).toContain('Safari 17');
    await signIn(me.email, UA.safariIphone); // known now
    await signIn(me.email, UA.chromeWindows); // known
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(me.email)).toHaveLength(1);
    const signIns = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(me.id)), eq(auditLog.action, 'sign_in')));
    expect(signIns).toHaveLength(5);
    expect(signIns.filter((e) => (e.detail as { newDevice?: boolean } | null)?.newDevice)).toHaveLength(1);
  });

  it('mails once when sign-ins from the same new device run at once', async () => {
    const me = await newAccount();
    await signIn(me.email, UA.chromeWindows);
    // As many as the sign-in throttle lets run at once (attempts count until they succeed).
    const parallel = LOGIN_MAX_FAILURES - 1;
    expect(parallel).toBeGreaterThanOrEqual(3);
    await Promise.all(Array.from({ length: parallel }, () => signIn(me.email, UA.safariIphone)));
    await vi.waitFor(() => expect(mailsTo(me.email)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(me.email)).toHaveLength(1);
    expect(await liveCount(me.id)).toBe(parallel + 1);
  });

  it("is written in the account's language", async () => {
    const me = await newAccount('ar');
    await signIn(me.email, UA.chromeWindows);
    await signIn(me.email, UA.firefoxLinux);
    await vi.waitFor(() => expect(mailsTo(me.email)).toHaveLength(1));
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toBe('تسجيل دخول جديد إلى حسابك');
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.text).toContain('Firefox 133');
  });
});
