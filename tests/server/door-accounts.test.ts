/**
 * Door accounts (docs/decisions/0055-the-door.md): a provider adds a door-only account (role `door`)
 * in the supervisors area and assigns it to its events; the account reaches the doors of those
 * events only (not its provider's other events, not another provider's), lists them at GET /api/door,
 * and is refused everything else. Who opens a door (docs/decisions/0059-door-list-accounts-and-leases.md):
 * staff assign their own door accounts (no provider) to any event's door, a provider its own to its
 * own events, and the server refuses anyone else's (422, nothing changed).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eventSupervisors, events, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { eventResource } from '../../src/contract/areas/event';
import { updateBodyOf } from '../support/bodies';
import { acceptInvitation, apiOf, signInAs } from '../support/kit';
import { approvedEvent, eventBody } from '../support/events';
import type { DoorEventRow } from '../../src/contract/door-events';
import type { DoorAccount } from '../../src/contract/door-accounts';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let provider: string;
let providerId: number;
let otherId: number;
let n = 0;

const call = apiOf(() => t);
const NOW = '2026-11-22T09:00:00Z';

/** An approved event of `owner` (today unless told, 10:00–14:00Z), with these supervisors. */
const eventOf = async (owner: number, supervisorIds: number[] = [], day = '2026-11-22') =>
  (
    await approvedEvent(call, admin, owner, {
      title: { en: `Door account event ${++n}`, ar: `فعالية حساب البوابة ${n}` },
      startsAt: `${day}T10:00:00Z`,
      endsAt: `${day}T14:00:00Z`,
      price: 0,
      capacity: 50,
      supervisorIds,
    })
  ).id;

/** A door account added by `token` (a provider's own, or staff naming the provider). */
const doorAccount = async (token: string, extra: Record<string, unknown> = {}) => {
  const email = `door${++n}@test.example.com`;
  const res = await call('POST', '/api/event-manager/add', token, {
    name: { en: `Door ${n}`, ar: `بوابة ${n}` },
    email,
    phone: null,
    role: 'door',
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  await acceptInvitation(t, email, 'Door-Pass-2026!');
  return { id: res.body.data.id as number, token: await t.login(email, 'Door-Pass-2026!') };
};

const admitBody = (eventId: number, bookingId: number) => ({
  bookingId,
  eventId,
  count: 1,
  deviceId: `door-account-${++n}`,
  deviceName: 'Gate D',
  at: NOW,
});

/** A confirmed booking of the event. */
const booking = async (eventId: number) => {
  const res = await call('POST', '/api/booking', admin, {
    eventId,
    customerName: `Door Account Guest ${++n}`,
    customerEmail: `dag${n}@test.example.com`,
    customerPhone: '+966500000654',
    tickets: 1,
  });
  expect(res.status, res.text).toBe(201);
  const id = res.body.data.id as number;
  expect((await call('POST', '/api/booking/update-status', admin, { id, status: 'confirmed' })).status).toBe(
    200,
  );
  return id;
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  providerId = (await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email)))[0]!.id;
  const all = await t.db.db.select().from(events);
  otherId = all.find((e) => e.providerId !== providerId && e.status === 'approved')!.providerId;
});
afterAll(() => t?.close());

describe('door accounts', () => {
  it('are added by their provider as "door only", listed with their access, and hold checkin alone', async () => {
    const door = await doorAccount(provider);
    const listed = await call('GET', '/api/event-manager/get-all?role=door&pageSize=100', provider);
    expect(listed.status).toBe(200);
    const rows = listed.body.data.items as Rec[];
    expect(rows.find((r) => r.id === door.id)).toMatchObject({ role: 'door', providerId });
    expect(rows.every((r) => r.role === 'door')).toBe(true);
    const role = await call('GET', '/api/master/role', door.token);
    expect(role.body).toMatchObject({ data: 'door', permissions: ['checkin'] });
    // A supervisor added without an access is a full supervisor; an edit without one keeps it.
    const full = await call('POST', '/api/event-manager/add', provider, {
      name: { en: 'Full', ar: 'كامل' },
      email: `full${++n}@test.example.com`,
      phone: null,
    });
    expect(full.body.data.role).toBe('manager');
    const edited = await call('POST', '/api/event-manager/add', provider, {
      id: door.id,
      version: (await call('GET', `/api/event-manager/details/${door.id}`, provider)).body.data.version,
      name: { en: 'Door renamed', ar: 'بوابة' },
      email: `renamed${n}@test.example.com`,
      phone: null,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.role).toBe('door');
    // Nothing else: lists, search, the dashboard.
    for (const path of ['/api/event', '/api/booking', '/api/event-manager/get-all', '/api/dashboard/'])
      expect((await call('GET', path, door.token)).status, path).toBe(403);
    expect((await call('GET', '/api/search?q=Door', door.token)).body.data).toEqual({});
  });

  it('reach the door of an assigned event and admit there; not an unassigned event of their provider, nor another provider’s', async () => {
    const door = await doorAccount(provider);
    const assigned = await eventOf(providerId, [door.id]);
    const unassigned = await eventOf(providerId);
    const theirs = await eventOf(otherId);
    const state = await call('GET', `/api/event/${assigned}/door`, door.token);
    expect(state.status, state.text).toBe(200);
    const guest = await booking(assigned);
    const admitted = await call('POST', '/api/booking/admit', door.token, admitBody(assigned, guest));
    expect(admitted.status, admitted.text).toBe(200);
    expect(admitted.body.data).toMatchObject({ verdict: 'admitted', guest: { admitted: 1 } });
    expect((await call('GET', `/api/event/${unassigned}/door`, door.token)).status).toBe(404);
    const there = await booking(unassigned);
    expect((await call('POST', '/api/booking/admit', door.token, admitBody(unassigned, there))).status).toBe(
      404,
    );
    // Another provider's event answers 404, even with an assignment written behind the checks' back.
    await t.db.db.insert(eventSupervisors).values({ eventId: theirs, userId: door.id });
    expect((await call('GET', `/api/event/${theirs}/door`, door.token)).status).toBe(404);
    // GET /api/door: the assigned event only, with its counters.
    const doors = await call('GET', '/api/door', door.token);
    expect(doors.status, doors.text).toBe(200);
    const items = doors.body.data.items as DoorEventRow[];
    expect(items.map((e) => e.id)).toEqual([assigned]);
    expect(items[0]).toMatchObject({ admitted: 1, expected: 1, timeZone: expect.any(String) });
  });

  it('are assigned to their provider’s events only (422 for another provider’s door account)', async () => {
    const theirs = await doorAccount(admin, { providerId: otherId });
    const refused = await call(
      'POST',
      '/api/event',
      admin,
      await eventBody(call, admin, providerId, {
        title: { en: 'Refused', ar: 'مرفوض' },
        startsAt: '2026-12-01T10:00:00Z',
        endsAt: '2026-12-01T14:00:00Z',
        price: 0,
        capacity: 50,
        supervisorIds: [theirs.id],
      }),
    );
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['supervisorIds']);
  });

  it('list at GET /api/door the events of today and later, soonest first; ended ones go', async () => {
    const door = await doorAccount(provider);
    const later = await eventOf(providerId, [door.id], '2026-11-29');
    const today = await eventOf(providerId, [door.id]);
    const res = await call('GET', '/api/door', door.token);
    expect((res.body.data.items as DoorEventRow[]).map((e) => e.id)).toEqual([today, later]);
    expect(res.body.data.total).toBe(2);
    // Ended today (on the venue's clock): still listed; the day after: gone.
    t.clock.set('2026-11-22T18:00:00Z');
    expect((await call('GET', '/api/door', door.token)).body.data.items).toHaveLength(2);
    t.clock.set('2026-11-23T09:00:00Z');
    expect(
      ((await call('GET', '/api/door', door.token)).body.data.items as DoorEventRow[]).map((e) => e.id),
    ).toEqual([later]);
    t.clock.set(NOW);
    // A provider lists its own events' doors; staff every event's.
    const own = (await call('GET', '/api/door', provider)).body.data.items as DoorEventRow[];
    expect(own.map((e) => e.id)).toContain(today);
    expect((await call('GET', '/api/door', undefined)).status).toBe(401);
  });

  it('sign in as the demo door account, assigned to a coming event of the demo provider', async () => {
    const token = await t.login(DEMO.door.email, DEMO_PASSWORD);
    const res = await call('GET', '/api/door', token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.items).toHaveLength(1);
    const [row] = await t.db.db.select().from(users).where(eq(users.email, DEMO.door.email));
    expect(row).toMatchObject({ role: 'door', providerId });
  });
});

/** A door account of staff's own (no provider), added by an admin in the users area. */
const staffDoorAccount = async () => {
  const email = `staffdoor${++n}@test.example.com`;
  const res = await call('POST', '/api/users', admin, {
    name: { en: `Staff door ${n}`, ar: `بوابة الفريق ${n}` },
    email,
    phone: null,
    role: 'door',
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.data).toMatchObject({ role: 'door' });
  await acceptInvitation(t, email, 'Door-Pass-2026!');
  return { id: res.body.data.id as number, token: await t.login(email, 'Door-Pass-2026!') };
};

const accountsAt = async (eventId: number, token: string) => {
  const res = await call('GET', `/api/event/${eventId}/door-accounts`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items as DoorAccount[];
};
const assign = (eventId: number, token: string, userIds: number[], lang = 'en') =>
  call('PUT', `/api/event/${eventId}/door-accounts`, token, { userIds }, { lang });
const assignedAt = async (eventId: number) =>
  (await t.db.db.select().from(eventSupervisors).where(eq(eventSupervisors.eventId, eventId)))
    .map((row) => row.userId)
    .sort((a, b) => a - b);

/** Saves the event through its form as `token`, as it reads it. */
const saveForm = async (eventId: number, token: string) => {
  const e = (await call('GET', `/api/event/${eventId}`, token)).body.data as Rec;
  return call('PUT', `/api/event/${eventId}`, token, updateBodyOf(eventResource, e));
};

describe('who opens an event’s door', () => {
  it('staff assign their own door account (no provider) to any event’s door; it opens those doors only', async () => {
    const mine = await staffDoorAccount();
    const providers = await doorAccount(provider);
    const theirs = await doorAccount(admin, { providerId: otherId });
    const own = await eventOf(providerId);
    const other = await eventOf(otherId);
    const elsewhere = await eventOf(providerId);
    // Staff are offered staff's door accounts and the event's provider's, never another provider's.
    const offered = await accountsAt(own, admin);
    expect(offered.find((a) => a.id === mine.id)).toMatchObject({
      providerId: null,
      assigned: false,
      yours: true,
      status: '1',
    });
    expect(offered.find((a) => a.id === providers.id)).toMatchObject({ providerId, yours: true });
    expect(offered.some((a) => a.id === theirs.id)).toBe(false);
    expect(offered.every((a) => a.providerId === null || a.providerId === providerId)).toBe(true);

    const saved = await assign(own, admin, [mine.id]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe('The door accounts were saved.');
    expect((saved.body.data.items as DoorAccount[]).find((a) => a.id === mine.id)!.assigned).toBe(true);
    // A manager (staff too) assigns it to another provider's event.
    const manager = await signInAs(t, 'manager');
    expect((await assign(other, manager, [mine.id])).status).toBe(200);
    // It opens those two doors, and no other.
    const doors = (await call('GET', '/api/door', mine.token)).body.data.items as DoorEventRow[];
    expect(doors.map((d) => d.id).sort((a, b) => a - b)).toEqual([own, other].sort((a, b) => a - b));
    expect((await call('GET', `/api/event/${own}/door`, mine.token)).status).toBe(200);
    expect((await call('GET', `/api/event/${other}/door`, mine.token)).status).toBe(200);
    expect((await call('GET', `/api/event/${elsewhere}/door`, mine.token)).status).toBe(404);
    // On the event's audit trail, as its supervisors' rows are.
    const entries = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'event_supervisors'), eq(auditLog.recordId, String(own))));
    expect(entries.map((e) => e.action)).toContain('create');

    // The event's form holds its provider's people only: saving it keeps staff's door account.
    const record = (await call('GET', `/api/event/${own}`, provider)).body.data as Rec;
    expect(record.supervisorIds).not.toContain(mine.id);
    const form = await saveForm(own, provider);
    expect(form.status, form.text).toBe(200);
    expect(await assignedAt(own)).toContain(mine.id);
    // Taken off by staff: the door closes to it.
    expect((await assign(own, admin, [])).status).toBe(200);
    expect(await assignedAt(own)).not.toContain(mine.id);
    expect((await call('GET', `/api/event/${own}/door`, mine.token)).status).toBe(404);
  });

  it('a provider assigns its own door accounts to its own events only; anyone else’s is refused and nothing changes', async () => {
    const mine = await doorAccount(provider);
    const full = (
      await call('POST', '/api/event-manager/add', provider, {
        name: { en: 'Full supervisor', ar: 'مشرف كامل' },
        email: `full-door${++n}@test.example.com`,
        phone: null,
      })
    ).body.data.id as number;
    const staffs = await staffDoorAccount();
    const theirs = await doorAccount(admin, { providerId: otherId });
    const own = await eventOf(providerId);
    const other = await eventOf(otherId);
    expect((await assign(own, admin, [staffs.id])).status).toBe(200);

    // The provider sees its own door accounts, and staff's assigned one as not its to change.
    const seen = await accountsAt(own, provider);
    expect(seen.find((a) => a.id === mine.id)).toMatchObject({ assigned: false, yours: true });
    expect(seen.find((a) => a.id === staffs.id)).toMatchObject({ assigned: true, yours: false });
    expect(seen.some((a) => a.id === theirs.id)).toBe(false);
    expect(seen.every((a) => a.yours || a.assigned)).toBe(true);

    const saved = await assign(own, provider, [mine.id]);
    expect(saved.status, saved.text).toBe(200);
    // Staff's assignment stays: not the provider's to take off.
    expect(await assignedAt(own)).toEqual([mine.id, staffs.id].sort((a, b) => a - b));

    // Staff's, another provider's, a full supervisor (not a door account), an unknown id: 422.
    const before = await assignedAt(own);
    for (const intruder of [staffs.id, theirs.id, full, 2_000_000_000]) {
      const refused = await assign(own, provider, [mine.id, intruder]);
      expect(refused.status, `${intruder}: ${refused.text}`).toBe(422);
      expect(refused.body.errors).toEqual({ userIds: 'Choose door accounts of your own.' });
    }
    expect((await assign(own, provider, [theirs.id], 'ar')).body.errors.userIds).toBe(
      'اختر حسابات بوابة تابعة لك.',
    );
    expect(await assignedAt(own)).toEqual(before);
    // Staff may not put another provider's door account at this provider's event either.
    const staffRefused = await assign(own, admin, [theirs.id]);
    expect(staffRefused.status).toBe(422);
    expect(staffRefused.body.errors.userIds).toBe(
      'Choose door accounts of staff or of the event’s service provider.',
    );
    expect(await assignedAt(own)).toEqual(before);

    // Another provider's event: 404 both ways; a door account lacks the permission: 403.
    expect((await call('GET', `/api/event/${other}/door-accounts`, provider)).status).toBe(404);
    expect((await assign(other, provider, [mine.id])).status).toBe(404);
    expect(await assignedAt(other)).toEqual([]);
    expect((await call('GET', `/api/event/${own}/door-accounts`, mine.token)).status).toBe(403);
    expect((await assign(own, mine.token, [mine.id])).status).toBe(403);
    expect((await call('GET', `/api/event/${own}/door-accounts`, undefined)).status).toBe(401);

    // Taking its own off leaves staff's.
    expect((await assign(own, provider, [])).status).toBe(200);
    expect(await assignedAt(own)).toEqual([staffs.id]);
  });
});
