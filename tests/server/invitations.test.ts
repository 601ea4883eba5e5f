/**
 * Invitations (docs/security.md, "Account lifecycle"; docs/decisions/0063-invitations.md): staff add
 * users, supervisors and providers without a password; the account is invited by mail (a link valid
 * 7 days, built from PUBLIC_URL) and the invitee sets their own password, once. Resend and revoke
 * while it is pending, by whoever may add such an account; the link's token is never in an answer;
 * lookups and accepts are throttled per IP, atomically.
 */
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IP_LIMITS } from '../../server/auth/limits';
import { createSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { auditLog, invitations, users } from '../../server/db/schema';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { apiOf, invitationTokenOf, signInAs } from '../support/kit';

const PUBLIC_URL = 'https://backoffice.example.test';
const DAY = 24 * 60 * 60 * 1000;

let t: TestServer;
let admin: string;
let providerA: string;
let providerB: string;
let providerAId: number;
const call = apiOf(() => t, { lang: 'en' });

let ipCounter = 0;
/** A new client address (the server trusts X-Forwarded-For in this suite). */
const newIp = () => `198.51.100.${++ipCounter}`;
const local = '192.0.2.1';

beforeAll(async () => {
  t = await createTestServer({ demoData: true, config: { trustProxy: true, publicUrl: PUBLIC_URL } });
  [admin, providerA] = await Promise.all([signInAs(t, 'admin'), signInAs(t, 'provider')]);
  providerAId = (await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email)))[0]!.id;
  // Provider B: another approved provider of the demo data.
  const [b] = await t.db.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'serviceprovider'), eq(users.status, '1'), ne(users.id, providerAId)))
    .limit(1);
  providerB = await createSession(t.db.db, t.config, b!.id, { ip: local, userAgent: 'invitation-tests' });
});
afterAll(() => t?.close());

let n = 0;
const uniqueEmail = (what: string) => `invite-${what}-${++n}-${Date.now()}@test.example.com`;
const person = (email: string) => ({ name: { en: 'Invited Person', ar: 'شخص مدعو' }, email, phone: null });

/** An account added by admin (a manager user), or a supervisor of provider A added by provider A. */
const addUser = async (lang: 'en' | 'ar' = 'en') => {
  const email = uniqueEmail('user');
  const res = await call('POST', '/api/users', admin, { ...person(email), role: 'manager' }, { lang });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as number, email, res };
};
const addSupervisor = async () => {
  const email = uniqueEmail('supervisor');
  const res = await call('POST', '/api/event-manager/add', providerA, person(email));
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as number, email, res };
};

const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });
const lookup = (token: unknown, ip = local) =>
  call('POST', '/api/invitation', undefined, { token }, from(ip));
const accept = (token: unknown, password: unknown, ip = local) =>
  call('POST', '/api/invitation/accept', undefined, { token, password }, from(ip));
const signIn = (email: string, password: string) =>
  call('POST', '/api/login', undefined, { email, password });
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.to.includes(email));
const entriesOf = async (id: number) =>
  (
    await t.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(id)))
      .orderBy(auditLog.id)
  ).filter((e) => e.action.startsWith('invite'));

describe('adding an account invites it', () => {
  it('creates it without a password and mails a link from PUBLIC_URL valid 7 days; the creator never sees the token', async () => {
    const refused = await call('POST', '/api/users', admin, {
      ...person(uniqueEmail('pw')),
      role: 'manager',
      password: 'Typed-By-Staff-2026!',
    });
    expect(refused.status, refused.text).toBe(422);

    const { id, email, res } = await addUser();
    expect(res.body.message).toBe(`Saved. An invitation to set a password was mailed to ${email}.`);
    const expiresAt = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    expect(res.body.data.invitation).toEqual({ expiresAt, revoked: false });
    const token = await invitationTokenOf(t, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = mailsTo(email);
    expect(mail!.subject).toBe('Your invitation to the Events Back Office');
    expect(mail!.text).toContain(`${PUBLIC_URL}/admin/invitation?token=${token}`);
    expect(res.text).not.toContain(token);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, id));
    expect(row!.passwordHash).toBeNull();
    const stored = await t.db.db.select().from(invitations).where(eq(invitations.userId, id));
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    // The list shows it as invited; the record by id too.
    const listed = await call('GET', `/api/users/get-all?q=${encodeURIComponent(email)}`, admin);
    expect(listed.body.data.items[0].invitation).toEqual({ expiresAt, revoked: false });
    // Signing in without a password is refused as a wrong password is.
    const invited = await signIn(email, 'Any-Guess-2026!');
    const unknown = await signIn(uniqueEmail('nobody'), 'Any-Guess-2026!');
    expect([invited.status, invited.body]).toEqual([unknown.status, unknown.body]);
    expect(invited.status).toBe(401);
    expect((await entriesOf(id)).map((e) => [e.action, e.detail])).toEqual([
      ['invite', { email, expiresAt, mailed: true }],
    ]);
  });

  it('mails in the language the account was added in (Arabic), and providers and supervisors alike', async () => {
    const { email } = await addUser('ar');
    await invitationTokenOf(t, email);
    expect(mailsTo(email)[0]!.subject).toBe('دعوة إلى لوحة إدارة الفعاليات');
    const supervisor = await addSupervisor();
    expect(supervisor.res.body.data.invitation.revoked).toBe(false);
    await invitationTokenOf(t, supervisor.email);
    const providerEmail = uniqueEmail('provider');
    const provider = await call('POST', '/api/serviceprovider', admin, {
      ...person(providerEmail),
      businessName: { en: 'Invited Events', ar: 'فعاليات مدعوة' },
      categoryId: null,
      cityId: null,
    });
    expect(provider.status, provider.text).toBe(201);
    expect(provider.body.data.invitation.revoked).toBe(false);
    await invitationTokenOf(t, providerEmail);
  });

  it('a mail that cannot be sent is told to the creator; the account exists and a resend mails it', async () => {
    const send = vi.spyOn(t.deps.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    try {
      const { id, email, res } = await addUser();
      expect(res.body.message).toBe(
        `Saved, but the invitation could not be mailed to ${email}. Send it again from the list once mail works.`,
      );
      expect(res.body.data.invitation.revoked).toBe(false);
      expect(mailsTo(email)).toHaveLength(0);
      const again = await call('POST', `/api/user/${id}/invitation`, admin);
      expect(again.status, again.text).toBe(200);
      expect(again.body.data.mailed).toBe(true);
      await invitationTokenOf(t, email);
      expect((await entriesOf(id)).map((e) => [e.action, (e.detail as { mailed: boolean }).mailed])).toEqual([
        ['invite', false],
        ['invite_resend', true],
      ]);
    } finally {
      send.mockRestore();
    }
  });
});

describe('the invitee sets the password', () => {
  it('looks up name and e-mail by the token, sets the password once, then signs in', async () => {
    const { id, email } = await addUser();
    const token = await invitationTokenOf(t, email);
    const found = await lookup(token);
    expect(found.status, found.text).toBe(200);
    expect(found.body.data).toEqual({
      name: { en: 'Invited Person', ar: 'شخص مدعو' },
      email,
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    });
    // The app's password rules: refused, nothing changed.
    const short = await accept(token, 'short');
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.errors)).toEqual(['password']);
    expect((await lookup(token)).status).toBe(200);

    const done = await accept(token, 'Invitee-Pass-2026!');
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      message: 'Your password is set. Sign in with your email and this password.',
      data: { email },
    });
    expect((await signIn(email, 'Invitee-Pass-2026!')).status).toBe(200);
    // Single use: the link now says it was used, in English and Arabic; nothing changes.
    const again = await accept(token, 'Another-Pass-2026!');
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toMatch(/already used/);
    const ar = await call('POST', '/api/invitation', undefined, { token }, { lang: 'ar', ...from(local) });
    expect(ar.body.message).toMatch(/استُخدمت هذه الدعوة/);
    expect((await signIn(email, 'Another-Pass-2026!')).status).toBe(401);
    const record = await call('GET', `/api/users/${id}`, admin);
    expect(record.body.data.invitation).toBeNull();
    // Accepted: nothing to resend or revoke.
    expect((await call('POST', `/api/user/${id}/invitation`, admin)).status).toBe(409);
    expect((await call('DELETE', `/api/user/${id}/invitation`, admin)).status).toBe(409);
    const acceptEntry = (await entriesOf(id)).find((e) => e.action === 'invite_accept')!;
    expect(acceptEntry.actorId).toBe(id);
  });

  it('an expired link says so and asks for a new invitation; a resend works 7 days from now', async () => {
    const { id, email } = await addUser();
    const token = await invitationTokenOf(t, email);
    t.clock.advance(7 * DAY + 60_000);
    try {
      const expired = await lookup(token);
      expect(expired.status).toBe(422);
      expect(expired.body.message).toMatch(
        /^This invitation expired on \d{4}-\d{2}-\d{2}\. Ask whoever invited you for a new invitation\.$/,
      );
      expect((await accept(token, 'Late-Pass-2026!')).status).toBe(422);
      // (a week later: the admin signs in again)
      const resent = await call('POST', `/api/user/${id}/invitation`, await signInAs(t, 'admin'));
      expect(resent.body.data.expiresAt).toBe(new Date(t.clock.now().getTime() + 7 * DAY).toISOString());
      const fresh = await invitationTokenOf(t, email);
      expect(fresh).not.toBe(token);
      expect((await accept(fresh, 'Fresh-Pass-2026!')).status).toBe(200);
    } finally {
      t.clock.advance(-(7 * DAY + 60_000));
    }
  });

  it('a resent invitation kills the former link; a revoked one works no more, the account stays and can be invited again', async () => {
    const { id, email } = await addUser();
    const first = await invitationTokenOf(t, email);
    const resent = await call('POST', `/api/user/${id}/invitation`, admin);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.message).toBe(
      `A new invitation was mailed to ${email}; the former link no longer works.`,
    );
    expect(resent.text).not.toMatch(/token/i);
    const second = await invitationTokenOf(t, email);
    expect(second).not.toBe(first);
    expect((await lookup(first)).body.errors.token).toMatch(/not valid/);
    expect((await lookup(second)).status).toBe(200);

    const revoked = await call('DELETE', `/api/user/${id}/invitation`, admin);
    expect(revoked.status, revoked.text).toBe(200);
    expect((await lookup(second)).body.errors.token).toMatch(/withdrawn/);
    expect((await accept(second, 'Revoked-Pass-2026!')).status).toBe(422);
    expect((await call('DELETE', `/api/user/${id}/invitation`, admin)).status).toBe(409);
    const record = await call('GET', `/api/users/${id}`, admin);
    expect(record.body.data.invitation).toMatchObject({ revoked: true });
    expect((await signIn(email, 'Revoked-Pass-2026!')).status).toBe(401);

    expect((await call('POST', `/api/user/${id}/invitation`, admin)).status).toBe(200);
    const third = await invitationTokenOf(t, email);
    expect((await lookup(second)).body.errors.token).toMatch(/withdrawn/);
    expect((await accept(third, 'Third-Pass-2026!')).status).toBe(200);
    expect((await entriesOf(id)).map((e) => e.action)).toEqual([
      'invite',
      'invite_resend',
      'invite_revoke',
      'invite_resend',
      'invite_accept',
    ]);
  });
});

describe('who may resend and revoke', () => {
  it("a provider resends and revokes its own supervisors' invitations, not another provider's (404); staff without the permission: 403", async () => {
    const { id, email } = await addSupervisor();
    const token = await invitationTokenOf(t, email);
    const before = await t.db.db.select().from(invitations).where(eq(invitations.userId, id));
    for (const method of ['POST', 'DELETE'])
      expect((await call(method, `/api/supervisor/${id}/invitation`, providerB)).status).toBe(404);
    // Nor through another area: a provider has no users' or providers' permission.
    expect((await call('POST', `/api/user/${id}/invitation`, providerA)).status).toBe(403);
    expect((await call('POST', `/api/serviceprovider/${id}/invitation`, providerA)).status).toBe(403);
    const manager = await signInAs(t, 'manager');
    expect((await call('POST', `/api/user/${id}/invitation`, manager)).status).toBe(403);
    expect(await t.db.db.select().from(invitations).where(eq(invitations.userId, id))).toEqual(before);
    expect((await lookup(token)).status).toBe(200);

    expect((await call('POST', `/api/supervisor/${id}/invitation`, providerA)).status).toBe(200);
    expect((await call('DELETE', `/api/supervisor/${id}/invitation`, providerA)).status).toBe(200);
    // Staff with the permission reach every provider's supervisors.
    expect((await call('POST', `/api/supervisor/${id}/invitation`, admin)).status).toBe(200);
    // An account that signs in with a password has nothing pending: 409; an unknown one 404.
    expect((await call('POST', `/api/serviceprovider/${providerAId}/invitation`, admin)).status).toBe(409);
    expect((await call('POST', '/api/user/2000000000/invitation', admin)).status).toBe(404);
  });
});

describe('abuse', () => {
  it('100 parallel accepts of one token: exactly one sets the password', async () => {
    const { id, email } = await addUser();
    const token = await invitationTokenOf(t, email);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => accept(token, `Racing-Pass-${i}-2026!`, newIp())),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(99);
    const winner = answers.indexOf(won[0]!);
    expect((await signIn(email, `Racing-Pass-${winner}-2026!`)).status).toBe(200);
    expect((await entriesOf(id)).filter((e) => e.action === 'invite_accept')).toHaveLength(1);
  });

  it(`lookups and accepts with bad tokens: ${IP_LIMITS.invitation.max} per hour and IP, counted atomically (100 in parallel)`, async () => {
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 ? lookup(`not-a-token-${i}`, ip) : accept(`not-a-token-${i}`, 'Guess-Pass-2026!', ip),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(IP_LIMITS.invitation.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - IP_LIMITS.invitation.max);
    expect(answers.find((a) => a.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
    // A good token from that address waits too; from another it works.
    const { email } = await addUser();
    const token = await invitationTokenOf(t, email);
    expect((await lookup(token, ip)).status).toBe(429);
    expect((await lookup(token, newIp())).status).toBe(200);
  });

  it('bad input answers 422 naming the field and changes nothing', async () => {
    const ip = newIp();
    for (const body of [
      {},
      { token: 5 },
      { token: '' },
      { token: 'x'.repeat(201) },
      { token: 'a', extra: 1 },
    ]) {
      const res = await call('POST', '/api/invitation', undefined, body, from(ip));
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBeTruthy();
    }
    expect((await accept('a', 'x'.repeat(129), ip)).body.errors).toHaveProperty('password');
    expect((await accept('a', null, ip)).body.errors).toHaveProperty('password');
    for (const id of ['abc', '0', '2147483648'])
      expect((await call('POST', `/api/user/${id}/invitation`, admin)).status).toBe(422);
    expect((await call('POST', '/api/user/1/invitation', admin, { extra: true })).status).toBe(422);
  });
});
