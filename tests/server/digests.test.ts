/**
 * Staff digests (docs/decisions/0072-staff-digests.md): a staff member switches the morning digest
 * on in My Profile, with the zone whose morning it follows; at 07:00 on that clock one mail is queued
 * (however many processes claim at once), in the account's language, scoped as the dashboard is, and
 * sent through the mail queue; never two for one day of that clock; door accounts have none; bad
 * input changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, mails, staffDigests, users } from '../../server/db/schema';
import { queueDueDigests } from '../../server/areas/digest';
import { drainMails } from '../../server/notifications/mail-queue';
import type { DigestParams } from '../../server/core/digest-mail';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';
import { approvedEvent } from '../support/events';

let t: TestServer;
const tokens: Record<'admin' | 'manager' | 'provider' | 'door', string> = {} as never;
const ids: Record<string, number> = {};
let other: { token: string; id: number };
const call = apiOf(() => t, { lang: 'en' });

const idOf = async (email: string) =>
  (await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const digests = () => t.db.db.select().from(mails).where(eq(mails.kind, 'staff_digest')).orderBy(mails.id);
const digestTo = async (email: string) => (await digests()).filter((m) => m.toAddress === email);

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  for (const role of ['admin', 'manager', 'provider'] as const) {
    tokens[role] = await signInAs(t, role);
    ids[role] = await idOf(DEMO[role].email);
  }
  tokens.door = await t.login(DEMO.door.email, DEMO_PASSWORD);
  // Another provider with approved events.
  const [b] = await t.db.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(events, eq(events.providerId, users.id))
    .where(and(eq(events.status, 'approved'), sql`${users.id} <> ${ids.provider}`))
    .limit(1);
  other = { id: b!.id, token: await t.login(b!.email, DEMO_PASSWORD) };
});
afterAll(() => t?.close());

describe('the digest setting', () => {
  it('is off until switched on; a zone the runtime does not know, or a door account, changes nothing', async () => {
    const off = await call('GET', '/api/profile/digest', tokens.provider);
    expect(off.status, off.text).toBe(200);
    expect(off.body.data).toEqual({ enabled: false, timeZone: 'Asia/Riyadh', nextAt: null });
    const bad = await call('PUT', '/api/profile/digest', tokens.provider, {
      enabled: true,
      timeZone: '+04:00',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('timeZone');
    const wrong = await call('PUT', '/api/profile/digest', tokens.provider, { enabled: 'yes' });
    expect(wrong.status).toBe(422);
    expect((await call('PUT', '/api/profile/digest', tokens.door, { enabled: true })).status).toBe(403);
    expect((await call('GET', '/api/profile/digest', tokens.door)).status).toBe(403);
    expect(await t.db.db.select().from(staffDigests)).toEqual([]);
  });

  it('parallel saves end as one row; the next digest is due at 07:00 on the chosen clock', async () => {
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('PUT', '/api/profile/digest', tokens.provider, {
          enabled: true,
          timeZone: i % 2 ? 'asia/dubai' : 'Asia/Dubai',
        }),
      ),
    );
    expect(saves.map((s) => s.status)).toEqual(Array(8).fill(200));
    // The clock is 2026-11-22 13:00 in Dubai: the next 07:00 there is 03:00 UTC the next day.
    expect(saves[0]!.body.data).toEqual({
      enabled: true,
      timeZone: 'Asia/Dubai',
      nextAt: '2026-11-23T03:00:00.000Z',
    });
    expect(saves[0]!.body.message).toMatch(/morning digest is on/);
    expect(await t.db.db.select().from(staffDigests)).toHaveLength(1);
  });
});

describe('the morning digest', () => {
  let ours: Record<string, unknown>;
  let theirs: Record<string, unknown>;

  beforeAll(async () => {
    // Tomorrow's events (24 November in Riyadh and Dubai): one of the provider's, one of another's.
    const fields = (title: string) => ({
      title: { en: title, ar: `${title} بالعربية` },
      startsAt: '2026-11-24T15:00:00Z',
      endsAt: '2026-11-24T18:00:00Z',
      price: 10_000,
      capacity: 20,
    });
    ours = await approvedEvent(call, tokens.admin, ids.provider!, fields('Digest ours'));
    theirs = await approvedEvent(call, tokens.admin, other.id, fields('Digest theirs'));
    // Today's sale (yesterday's, in tomorrow's digest) of the provider's event.
    const sale = await call('POST', '/api/booking', tokens.admin, {
      eventId: ours.id,
      customerName: 'Digest Guest',
      customerEmail: 'digest.guest@mail.example.com',
      customerPhone: '+966500000999',
      tickets: 3,
      language: 'en',
    });
    expect(sale.status, sale.text).toBe(201);
    // The admin reads Arabic, on the platform's clock; the manager too, switched on.
    expect((await call('POST', '/api/set-language', tokens.admin, { language: 'ar' })).status).toBe(200);
    for (const role of ['admin', 'manager'] as const)
      expect((await call('PUT', '/api/profile/digest', tokens[role], { enabled: true })).status).toBe(200);
  });

  it('is queued once per person at 07:00 on their clock, however many claims run at once', async () => {
    // 03:00 UTC: 07:00 in Dubai, 06:00 in Riyadh.
    t.clock.set('2026-11-23T03:00:00Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => queueDueDigests(t.deps)));
    expect(claims.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await digests()).map((m) => m.toAddress)).toEqual([DEMO.provider.email]);
    t.clock.set('2026-11-23T04:00:00Z');
    await Promise.all(Array.from({ length: 6 }, () => queueDueDigests(t.deps)));
    expect((await digests()).map((m) => m.toAddress).sort()).toEqual(
      [DEMO.provider.email, DEMO.admin.email, DEMO.manager.email].sort(),
    );
    // Later that day: switched off and on again, nothing more today.
    t.clock.set('2026-11-23T05:00:00Z');
    for (const enabled of [false, true])
      expect((await call('PUT', '/api/profile/digest', tokens.manager, { enabled })).status).toBe(200);
    t.clock.set('2026-11-23T20:00:00Z');
    expect(await queueDueDigests(t.deps)).toBe(0);
    expect(await digests()).toHaveLength(3);
  });

  it('says what waits, scoped as the dashboard, in the account’s language', async () => {
    const [mine] = await digestTo(DEMO.provider.email);
    const p = mine!.params as unknown as DigestParams;
    expect(p.day).toBe('2026-11-23');
    expect(p.waiting.providers).toBeNull();
    const titles = p.tomorrow.events.map((e) => e.title.en);
    expect(titles).toContain('Digest ours');
    expect(titles).not.toContain('Digest theirs');
    expect(p.yesterday.bookings).toBeGreaterThanOrEqual(1);
    expect(p.yesterday.tickets).toBeGreaterThanOrEqual(3);
    const [admins] = await digestTo(DEMO.admin.email);
    const a = admins!.params as unknown as DigestParams;
    expect(admins!.language).toBe('ar');
    expect(a.waiting.providers).toEqual(expect.any(Number));
    expect(a.tomorrow.count).toBeGreaterThanOrEqual(p.tomorrow.count + 1);
    expect(a.yesterday.bookings).toBeGreaterThanOrEqual(p.yesterday.bookings);
    // Through the queue to the SMTP server.
    expect(await drainMails(t.deps)).toBe(3);
    const sent = t.smtp.messages.find((m) => m.to.includes(DEMO.provider.email))!;
    expect(sent.subject).toMatch(/^Your morning digest: Monday,? 23 November 2026$/);
    expect(sent.text).toMatch(/Tomorrow’s events:[\s\S]*Digest ours: .*24 November 2026.*18:00 GMT\+3/);
    expect(sent.text).not.toContain('Digest theirs');
    const ar = t.smtp.messages.find((m) => m.to.includes(DEMO.admin.email))!;
    expect(ar.subject).toMatch(/^ملخص صباحك: /);
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain('فعاليات الغد');
    void theirs;
  });

  it('comes again the next morning, and not to an account blocked since', async () => {
    await t.db.db.update(users).set({ status: '3' }).where(eq(users.id, ids.manager!));
    t.clock.set('2026-11-24T04:00:00Z');
    await Promise.all(Array.from({ length: 4 }, () => queueDueDigests(t.deps)));
    const all = await digests();
    expect(all.filter((m) => m.toAddress === DEMO.provider.email)).toHaveLength(2);
    expect(all.filter((m) => m.toAddress === DEMO.admin.email)).toHaveLength(2);
    expect(all.filter((m) => m.toAddress === DEMO.manager.email)).toHaveLength(1);
    // The blocked account's row moved on all the same: no claim finds it due again today.
    const [row] = await t.db.db.select().from(staffDigests).where(eq(staffDigests.userId, ids.manager!));
    expect(row!.dueAt.toISOString()).toBe('2026-11-25T04:00:00.000Z');
  });
});
