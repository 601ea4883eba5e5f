/**
 * The audit trail (docs/decisions/0017-audit-trail.md): every kind of write through the API leaves
 * one entry per changed row with the right before / after (the registry's resources, then status
 * and approval moves, featured, documents, password and role changes, notification sends, sign-in,
 * sign-out); an offline replay carries its device time and is recorded once; a rolled-back write
 * leaves none; the table refuses UPDATE, DELETE and TRUNCATE but the retention purge; who sees
 * which entries; the CSV export; an admin's restore and its refusals.
 */
import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import type { Resource } from '../../src/contract/resource';
import { buildPath } from '../../src/contract/http';
import { areas } from '../../server/areas';
import { appendAudit, purgeAudit } from '../../server/audit/trail';
import { auditLog, bookings, events, users } from '../../server/db/schema';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { acceptInvitation, apiOf, pngForm, signInAs } from '../support/kit';
import { areaRefs } from './fixture-refs';
import { FIXTURES, type Fixture, type FixtureCtx } from './resource-fixtures';
import { updateBodyOf } from '../support/bodies';
import { eventResource } from '../../src/contract/areas/event';
import { sqlRows } from '../../server/db/client';

type Rec = Record<string, unknown> & { id: number; version: number };
type Entry = {
  id: number;
  action: string;
  resource: string;
  recordId: string | null;
  recordName: { en: string; ar: string } | null;
  table: string | null;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actor: { id: number; role: string | null } | null;
  actingFor: number | null;
  deviceAt: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  restoreOf: number | null;
  restorable: boolean;
  detail: Record<string, unknown> | null;
};

let t: TestServer;
let admin: string;
let manager: string;
let provider: string;
let providerId: number;
let adminId: number;
let base: Omit<FixtureCtx, 'n'>;
let counter = 0;
const ctx = () => ({ ...base, n: ++counter });

const call = apiOf(() => t);

/** Entries of a record (newest first) as `token` sees them. */
const trail = async (resource: string, recordId: number | string, token = admin) => {
  const res = await call('GET', `/api/audit?resource=${resource}&recordId=${recordId}&pageSize=100`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items as Entry[];
};
const lastId = async () =>
  (
    await t.db.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)`.mapWith(Number) }).from(auditLog)
  )[0]!.id;
/** Entries written since `after` (oldest first), read from the table. */
const since = async (after: number) =>
  (
    await t.db.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} > ${after}`)
  ).sort((a, b) => a.id - b.id);

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  provider = await signInAs(t, 'provider');
  const [p] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  const [a] = await t.db.db.select().from(users).where(eq(users.email, DEMO.admin.email));
  providerId = p!.id;
  adminId = a!.id;
  const items = async (path: string) => (await call('GET', path, admin)).body.data.items as Rec[];
  const countries = await items('/api/master/listwithpagination?type=country&pageSize=100');
  const sa = countries.find((c) => c.isoCode === 'SA')!;
  const ae = countries.find((c) => c.isoCode === 'AE')!;
  const riyadh = (await items(`/api/master/listwithpagination?type=city&countryId=${sa.id}&q=Riyadh`))[0]!;
  const weddings = (await items('/api/master/listwithpagination?type=category&q=Weddings'))[0]!;
  const refs = await areaRefs(t, admin, riyadh.id);
  const eventOfOther = await refs.eventWithBookings((e) => e.providerId !== providerId);
  const own = refs.coming.find((e) => e.providerId === providerId)!;
  base = {
    locationId: refs.locationId,
    eventId: eventOfOther!.id,
    ownEventId: own.id,
    adImage: refs.adImage,
    privacyPageId: refs.privacyPageId,
    countryId: sa.id,
    otherCountryId: ae.id,
    cityId: riyadh.id,
    categoryId: weddings.id,
    providerId: eventOfOther!.providerId as number,
  };
});
afterAll(() => t?.close());

/* ------------------------------------------------ every resource: CRUD */

/** The table a create of the area writes first: its resource's (a service provider is a user first). */
const tableOf = (key: string) =>
  key === 'serviceprovider' ? 'users' : getTableName(areas[key as keyof typeof areas].resource.table);

const send = (e: Resource['endpoints']['list'], id: number | undefined, body: Record<string, unknown>) => {
  const hasId = /:id\b/.test(e.path);
  const path = buildPath(e.path, hasId && id !== undefined ? { id } : undefined);
  if (e.method === 'DELETE' || e.method === 'GET') {
    const qs = new URLSearchParams(
      Object.entries({ ...body, ...(!hasId && id !== undefined ? { id } : {}) }).map(([k, v]) => [
        k,
        String(v),
      ]),
    ).toString();
    return call(e.method, qs ? `${path}?${qs}` : path, admin, e.body ? body : undefined);
  }
  return call(e.method, path, admin, { ...body, ...(!hasId && id !== undefined ? { id } : {}) });
};

describe.each(resources.map((r) => [r.key, r] as const))('%s', (key, resource) => {
  const r = resource as unknown as Resource;
  const fx = FIXTURES[key as keyof typeof FIXTURES] as Fixture;

  it('a create, an update and a delete each leave one entry of the record, with before and after', async () => {
    const mark = await lastId();
    const created = await send(r.endpoints.create, undefined, { ...r.fixed, ...fx.sample(ctx()) });
    expect(created.status, created.text).toBe(201);
    const record = created.body.data as Rec;
    const table = tableOf(key);
    const made = (await since(mark)).filter((e) => e.tableName === table);
    expect(made.map((e) => e.action)).toEqual(['create']);
    expect(made[0]!.recordId).toBe(String(record.id));
    expect(made[0]!.before).toBeNull();
    expect(made[0]!.after).toMatchObject({ id: record.id });
    expect(made[0]!.after).not.toHaveProperty('password_hash');
    expect(made[0]!).toMatchObject({ actorId: adminId, actorRole: 'admin', operation: expect.any(String) });
    expect(made[0]!.requestId).toBeTruthy();

    const mark2 = await lastId();
    const { body, changed } = fx.edit(record, ctx());
    const updated = await send(r.endpoints.update, record.id, {
      ...r.fixed,
      ...body,
      version: record.version,
    });
    expect(updated.status, updated.text).toBe(200);
    const entries = await trail(made[0]!.resource, record.id);
    const tables = key === 'serviceprovider' ? ['users', 'service_providers'] : [table];
    const edits = entries.filter((e) => e.id > mark2 && tables.includes(e.table!));
    // One entry per changed row: the account and the business profile are two rows.
    expect(edits.length).toBeGreaterThanOrEqual(1);
    expect(new Set(edits.map((e) => e.table)).size).toBe(edits.length);
    for (const e of edits) expect(e.action).toBe('update');
    for (const edit of edits) {
      expect(edit.fields.length).toBeGreaterThan(0);
      expect(Object.keys(edit.before!).sort()).toEqual(edit.fields.filter((f) => f !== 'password').sort());
      expect(Object.keys(edit.after!).sort()).toEqual(Object.keys(edit.before!).sort());
      for (const f of Object.keys(edit.before!)) expect(edit.before![f], f).not.toEqual(edit.after![f]);
      expect(edit.restorable).toBe(true);
    }
    // The field the fixture changes is among them (named as the column: camelCase).
    expect(
      edits.flatMap((e) => e.fields),
      changed,
    ).toContain(changed);

    if (!r.endpoints.remove) return;
    const mark3 = await lastId();
    const removed = await send(r.endpoints.remove, record.id, r.fixed);
    expect(removed.status, removed.text).toBe(200);
    const gone = (await since(mark3)).filter((e) => e.tableName === table);
    expect(gone.map((e) => e.action)).toEqual(['delete']);
    expect(gone[0]!.before).toMatchObject({ id: record.id });
    expect(gone[0]!.after).toBeNull();
  });
});

/* ------------------------------------------------- the other writes */

describe('other writes', () => {
  it('an event: price, status move, featured; the History of the event shows old → new', async () => {
    const res = await call('POST', '/api/event', provider, {
      title: { en: 'Audit fair', ar: 'معرض التدقيق' },
      description: { en: 'Test', ar: 'اختبار' },
      categoryId: base.categoryId,
      countryId: base.countryId,
      cityId: base.cityId,
      locationId: base.locationId,
      startsAt: '2027-03-01T16:00:00Z',
      endsAt: '2027-03-01T20:00:00Z',
      price: 10_000,
      capacity: 50,
    });
    expect(res.status, res.text).toBe(201);
    const ev = res.body.data as Rec;
    const put = await call(
      'PUT',
      `/api/event/${ev.id}`,
      provider,
      updateBodyOf(eventResource, ev, { price: 12_500 }),
    );
    expect(put.status, put.text).toBe(200);
    const [edit] = (await trail('event', ev.id)).filter((e) => e.action === 'update');
    expect(edit).toMatchObject({ fields: ['price'], before: { price: 10_000 }, after: { price: 12_500 } });
    expect(edit!.actor).toMatchObject({ id: providerId, role: 'serviceprovider' });
    // Each entry names its record as it is now, in both languages.
    expect(edit!.recordName).toEqual({ en: 'Audit fair', ar: 'معرض التدقيق' });

    expect(
      (await call('POST', '/api/event/update-status', provider, { id: ev.id, status: 'pending' })).status,
    ).toBe(200);
    const [moved] = await trail('event', ev.id);
    expect(moved).toMatchObject({
      action: 'update',
      before: { status: 'draft' },
      after: { status: 'pending' },
    });

    const approve = await call('POST', '/api/event/update-status', admin, { id: ev.id, status: 'approved' });
    expect(approve.status, approve.text).toBe(200);
    const feature = await call('POST', '/api/event/update-featured', admin, { id: ev.id, featured: true });
    expect(feature.status, feature.text).toBe(200);
    const [featured] = await trail('event', ev.id);
    expect(featured).toMatchObject({
      fields: ['featured'],
      before: { featured: false },
      after: { featured: true },
    });
    expect(featured!.actor).toMatchObject({ id: adminId });
  });

  it('an event saved with the same supervisors records the event only; a changed list, the one removed and the one added', async () => {
    const sups = await t.db.db.select({ id: users.id }).from(users).where(eq(users.providerId, providerId));
    expect(sups.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = sups.map((u) => u.id) as [number, number, number];
    const fields = {
      title: { en: 'Supervised fair', ar: 'معرض بإشراف' },
      description: { en: 'Test', ar: 'اختبار' },
      categoryId: base.categoryId,
      countryId: base.countryId,
      cityId: base.cityId,
      locationId: base.locationId,
      startsAt: '2027-04-01T16:00:00Z',
      endsAt: '2027-04-01T20:00:00Z',
      price: 10_000,
      capacity: 50,
    };
    const made = await call('POST', '/api/event', provider, { ...fields, supervisorIds: [a, b] });
    expect(made.status, made.text).toBe(201);
    const id = (made.body.data as Rec).id as number;
    let version = (made.body.data as Rec).version as number;
    const save = async (price: number, supervisorIds: number[]) => {
      const put = await call('PUT', `/api/event/${id}`, provider, {
        ...fields,
        price,
        supervisorIds,
        version,
      });
      expect(put.status, put.text).toBe(200);
      version = (put.body.data as Rec).version as number;
    };

    let mark = await lastId();
    await save(11_000, [b, a]);
    expect((await since(mark)).map((e) => e.tableName)).toEqual(['events']);

    mark = await lastId();
    await save(11_000, [b, c]);
    const changed = (await since(mark)).filter((e) => e.tableName === 'event_supervisors');
    expect(changed.map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });

  it('a booking status move, a provider approval, a removed document', async () => {
    const list = await call('GET', `/api/booking?eventId=${base.eventId}&status=pending&pageSize=10`, admin);
    const booking = (list.body.data.items as Rec[])[0];
    if (booking) {
      const res = await call('POST', '/api/booking/update-status', admin, {
        id: booking.id,
        status: 'cancelled',
      });
      expect(res.status, res.text).toBe(200);
      const [entry] = await trail('booking', booking.id);
      expect(entry).toMatchObject({
        action: 'update',
        before: { status: 'pending' },
        after: { status: 'cancelled' },
        // A booking is named by its code.
        recordName: { en: booking.code, ar: booking.code },
      });
    }

    const pending = await t.db.db.select().from(users).where(eq(users.email, DEMO.pending.email));
    const approve = await call('POST', '/api/serviceprovider/approve', admin, {
      id: pending[0]!.id,
      status: '1',
    });
    expect(approve.status, approve.text).toBe(200);
    const [approved] = (await trail('serviceprovider', pending[0]!.id)).filter((e) => e.table === 'users');
    expect(approved).toMatchObject({ action: 'update', before: { status: '0' }, after: { status: '1' } });

    const up = await call(
      'POST',
      `/api/serviceprovider/${providerId}/documents`,
      provider,
      pngForm('licence.png'),
    );
    expect(up.status, up.text).toBe(201);
    const docId = up.body.data.id as number;
    const rm = await call('POST', '/api/serviceprovider/removeDocuments', provider, { ids: [docId] });
    expect(rm.status, rm.text).toBe(200);
    const docs = (await trail('serviceprovider', providerId)).filter((e) => e.table === 'provider_documents');
    expect(docs.map((e) => e.action).slice(0, 2)).toEqual(['delete', 'create']);
    expect(docs[0]!.before).toMatchObject({ id: docId, fileName: expect.any(String) });
  });

  it('a password change names the field without values; a role change shows both roles', async () => {
    const made = await call('POST', '/api/users', admin, {
      name: { en: 'Audit person', ar: 'شخص التدقيق' },
      email: 'audit.person@example.com',
      phone: null,
      role: 'manager',
    });
    expect(made.status, made.text).toBe(201);
    const user = made.body.data as Rec;
    await acceptInvitation(t, 'audit.person@example.com', 'first-password-1');
    const token = await t.login('audit.person@example.com', 'first-password-1');
    const pw = await call('POST', '/api/profile/password', token, {
      currentPassword: 'first-password-1',
      newPassword: 'second-password-2',
    });
    expect(pw.status, pw.text).toBe(200);
    const entries = await trail('supervisor', user.id);
    const change = entries.find((e) => e.fields.includes('password'))!;
    expect(change.fields).toEqual(['password']);
    expect(change.before).toEqual({});
    expect(JSON.stringify(entries)).not.toMatch(/scrypt|first-password|second-password/);

    const role = await call('PUT', `/api/users/${user.id}`, admin, {
      name: user.name,
      email: user.email,
      phone: null,
      role: 'admin',
      version: (await call('GET', `/api/users/${user.id}`, admin)).body.data.version,
    });
    expect(role.status, role.text).toBe(200);
    const [moved] = await trail('user', user.id);
    expect(moved).toMatchObject({ fields: ['role'], before: { role: 'manager' }, after: { role: 'admin' } });
  });

  it('sign-in success and failure and sign-out are on the trail, with IP and user agent', async () => {
    const mark = await lastId();
    const bad = await call(
      'POST',
      '/api/login',
      undefined,
      { email: DEMO.manager.email, password: 'wrong-one-1' },
      { headers: { 'User-Agent': 'audit-test/1' } },
    );
    expect(bad.status).toBe(401);
    const good = await call(
      'POST',
      '/api/login',
      undefined,
      { email: DEMO.manager.email, password: DEMO_PASSWORD },
      { headers: { 'User-Agent': 'audit-test/1' } },
    );
    expect(good.status).toBe(200);
    const out = await call('POST', '/api/logout', good.body.token as string);
    expect(out.status, out.text).toBe(200);
    const entries = await since(mark);
    expect(entries.map((e) => e.action)).toEqual(['sign_in_failed', 'sign_in', 'sign_out']);
    expect(entries[0]).toMatchObject({ actorId: null, resource: 'supervisor', userAgent: 'audit-test/1' });
    expect(entries[0]!.detail).toMatchObject({ email: DEMO.manager.email, reason: 'credentials' });
    expect(entries[1]!.actorRole).toBe('manager');
    expect(entries[1]!.ip).toBeTruthy();
    expect(JSON.stringify(entries)).not.toContain('wrong-one-1');
  });

  it('a failed sign-in with a lone surrogate in the e-mail is refused and on the trail, not a 500', async () => {
    const after = await lastId();
    const bad = await call('POST', '/api/login', undefined, { email: 'a\ud800b@example.com', password: 'x' });
    expect(bad.status, bad.text).toBe(401);
    const [entry] = await since(after);
    expect(entry).toMatchObject({ action: 'sign_in_failed', detail: { email: 'a\ufffdb@example.com' } });
  });

  it('a notification send is one explicit entry beside its status move', async () => {
    const made = await call('POST', '/api/notification', admin, {
      title: { en: 'Audit notice', ar: 'إشعار التدقيق' },
      body: { en: 'Hello', ar: 'مرحبا' },
      audienceType: 'roles',
      audienceRoles: ['admin'],
      audienceUserIds: [],
      link: null,
      sendAt: null,
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as number;
    const sent = await call('POST', '/sendNotification', admin, { id });
    expect(sent.status, sent.text).toBe(200);
    const entries = await trail('notification', id);
    const send = entries.find((e) => e.action === 'notification_send')!;
    expect(send.actor).toMatchObject({ id: adminId });
    expect(send.detail).toMatchObject({ recipients: expect.any(Number) });
    const claim = entries.find((e) => e.action === 'update' && e.after?.status === 'sending')!;
    expect(claim.actor).toMatchObject({ id: adminId });
  });
});

/* ---------------------------------------- replays, rollbacks, append-only */

describe('transactions', () => {
  it('an offline replay carries its device time and is recorded once', async () => {
    const [ev] = await t.db.db.select().from(events).where(eq(events.id, base.ownEventId!));
    const deviceTime = new Date(t.clock.now().getTime() - 3 * 60 * 60 * 1000).toISOString();
    const headers = { 'Idempotency-Key': 'audit-replay-0001', 'Device-Time': deviceTime };
    const body = { id: ev!.id, featured: !ev!.featured };
    const first = await call('POST', '/api/event/update-featured', admin, body, { headers });
    expect(first.status, first.text).toBe(200);
    const again = await call('POST', '/api/event/update-featured', admin, body, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const entries = (await trail('event', ev!.id)).filter((e) => e.deviceAt);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.deviceAt).toBe(deviceTime);
    // A device time from the future, or a month old, is not believed.
    const odd = await call(
      'POST',
      '/api/event/update-featured',
      admin,
      { id: ev!.id, featured: ev!.featured },
      { headers: { 'Device-Time': '2099-01-01T00:00:00Z' } },
    );
    expect(odd.status).toBe(200);
    expect((await trail('event', ev!.id))[0]!.deviceAt).toBeNull();
  });

  it('20 parallel updates of one version: one wins, one entry; the losers leave none', async () => {
    const [ev] = await t.db.db.select().from(events).where(eq(events.id, base.ownEventId!));
    const mark = await lastId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/api/event/update-featured', admin, { id: ev!.id, featured: i % 2 === 0 }),
      ),
    );
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const entries = (await since(mark)).filter((e) => e.tableName === 'events');
    // Each request that changed the flag has its entry, and only those: each entry is a real move.
    for (const e of entries) expect(e.before!.featured).not.toBe(e.after!.featured);
    const [now] = await t.db.db.select().from(events).where(eq(events.id, ev!.id));
    const last = entries.at(-1);
    if (last) expect(last.after!.featured).toBe(now!.featured);
    const put = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('PUT', `/api/event/${ev!.id}`, admin, {
          ...Object.fromEntries(
            ['title', 'description', 'categoryId', 'cityId', 'locationId', 'capacity', 'providerId'].map(
              (k) => [k, (now as Record<string, unknown>)[k]],
            ),
          ),
          countryId: base.countryId,
          startsAt: now!.startsAt.toISOString(),
          endsAt: now!.endsAt.toISOString(),
          price: now!.price + i + 1,
          version: now!.version,
        }),
      ),
    );
    const won = put.filter((a) => a.status === 200);
    expect(won.length, put.map((a) => a.text).join('\n')).toBe(1);
    const priced = (await trail('event', ev!.id)).filter(
      (e) => e.fields.includes('price') && e.action === 'update',
    );
    expect(priced[0]!.after!.price).toBe(won[0]!.body.data.price);
    expect(
      (await since(mark)).filter((e) => e.tableName === 'events' && e.fields.includes('price')),
    ).toHaveLength(1);
  });

  it('a refused or rolled-back write leaves no entry', async () => {
    const [ev] = await t.db.db.select().from(events).where(eq(events.id, base.ownEventId!));
    const mark = await lastId();
    const stale = await call('PUT', `/api/event/${ev!.id}`, admin, { version: ev!.version + 5 });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.update(events).set({ price: 1 }).where(eq(events.id, ev!.id));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await since(mark)).toEqual([]);
  });
});

/* ------------------------------------------------------ who sees what */

describe('visibility and export', () => {
  it('admins see all; a provider its own records; a supervisor its provider’s events and bookings', async () => {
    const own = await trail('event', base.ownEventId!, provider);
    expect(own.length).toBeGreaterThan(0);
    expect(await trail('event', base.eventId!, provider)).toEqual([]);
    const mine = (await call('GET', '/api/audit?pageSize=100', provider)).body.data.items as Entry[];
    expect(mine.length).toBeGreaterThan(0);
    const [me] = await t.db.db.select().from(users).where(eq(users.email, DEMO.manager.email));
    for (const e of mine) expect(e.restorable).toBe(false);
    const seen = (await call('GET', '/api/audit?pageSize=100', manager)).body.data.items as Entry[];
    for (const e of seen) expect(['event', 'booking', 'advertisement']).toContain(e.resource);
    const rows = await t.db.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.id} in ${seen.length ? seen.map((e) => e.id) : [0]}`);
    if (me!.providerId !== null) for (const r of rows) expect(r.providerId).toBe(me!.providerId);
    expect((await call('GET', '/api/audit?resource=user', manager)).body.data.items).toEqual([]);
    expect((await call('GET', '/api/audit')).status).toBe(401);
  });

  it('shows the IP address and browser of an entry to admins only, in lists, the History and CSV', async () => {
    const made = await call('POST', '/api/event', provider, {
      title: { en: 'Audit privacy', ar: 'خصوصية التدقيق' },
      description: { en: 'Test', ar: 'اختبار' },
      categoryId: base.categoryId,
      countryId: base.countryId,
      cityId: base.cityId,
      locationId: base.locationId,
      startsAt: '2027-04-01T16:00:00Z',
      endsAt: '2027-04-01T20:00:00Z',
      price: 10_000,
      capacity: 50,
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as number;
    const browser = { 'User-Agent': 'staff-browser/7.1 (audit privacy test)' };
    expect((await call('POST', '/api/event/update-status', provider, { id, status: 'pending' })).status).toBe(
      200,
    );
    const approved = await call(
      'POST',
      '/api/event/update-status',
      admin,
      { id, status: 'approved' },
      { headers: browser },
    );
    expect(approved.status, approved.text).toBe(200);

    const [byStaff] = await trail('event', id, admin);
    expect(byStaff).toMatchObject({ actor: { id: adminId }, userAgent: browser['User-Agent'] });
    expect(byStaff!.ip).toBeTruthy();
    // The History tab of the provider's own event, its activity list, a supervisor's list.
    const seen = [
      ...(await trail('event', id, provider)),
      ...((await call('GET', '/api/audit?pageSize=100', provider)).body.data.items as Entry[]),
      ...((await call('GET', '/api/audit?resource=event&pageSize=100', manager)).body.data.items as Entry[]),
    ];
    expect(seen.map((e) => e.id)).toContain(byStaff!.id);
    for (const e of seen)
      expect({ id: e.id, ip: e.ip, userAgent: e.userAgent }).toEqual({ id: e.id, ip: null, userAgent: null });

    // CSV: the IP column holds the address for admins only.
    const csvCells = async (token: string) => {
      const res = await t.app.request(`/api/audit/export?resource=event&recordId=${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const [head, ...rows] = (await res.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      const split = (line: string) =>
        [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
          m[1]!.replace(/^"|"$/g, '').replaceAll('""', '"'),
        );
      const at = split(head!).indexOf('IP');
      expect(at).toBeGreaterThan(0);
      return rows.map((r) => split(r)[at]);
    };
    expect(await csvCells(admin)).toContain(byStaff!.ip);
    const providerCells = await csvCells(provider);
    expect(providerCells.length).toBeGreaterThan(1);
    expect(providerCells.every((cell) => cell === '')).toBe(true);
  });

  it('filters and pages with a cursor; bad filters answer 422', async () => {
    const page1 = await call('GET', `/api/audit?actorId=${adminId}&action=update&pageSize=5`, admin);
    expect(page1.status).toBe(200);
    const items1 = page1.body.data.items as Entry[];
    expect(items1).toHaveLength(5);
    for (const e of items1) expect(e).toMatchObject({ action: 'update', actor: { id: adminId } });
    const page2 = await call(
      'GET',
      `/api/audit?actorId=${adminId}&action=update&pageSize=5&cursor=${page1.body.data.nextCursor}`,
      admin,
    );
    const items2 = page2.body.data.items as Entry[];
    expect(Math.max(...items2.map((e) => e.id))).toBeLessThan(Math.min(...items1.map((e) => e.id)));
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(
      (await call('GET', `/api/audit?from=${day}&to=${day}`, admin)).body.data.items.length,
    ).toBeGreaterThan(0);
    expect((await call('GET', '/api/audit?to=2000-01-01', admin)).body.data.items).toEqual([]);
    for (const bad of [
      'action=rename',
      'resource=secrets',
      'from=yesterday',
      'cursor=abc',
      'pageSize=500',
      'x=1',
    ]) {
      const res = await t.request('GET', `/api/audit?${bad}`, { token: admin, lang: 'ar' });
      expect(res.status, bad).toBe(422);
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('exports CSV in the reader’s language, only what the caller may see', async () => {
    const res = await t.app.request(`/api/audit/export?resource=event&recordId=${base.ownEventId}`, {
      headers: { Authorization: `Bearer ${admin}`, 'Accept-Language': 'ar' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('الوقت');
    expect(lines[0]).toContain('اسم السجل');
    expect(lines.length).toBeGreaterThan(1);
    // The record's name in the reader's language.
    const [own] = await t.db.db
      .select({ title: events.title })
      .from(events)
      .where(eq(events.id, base.ownEventId!));
    expect(lines[1]).toContain(own!.title.ar);
    const other = await t.app.request(`/api/audit/export?resource=event&recordId=${base.eventId}`, {
      headers: { Authorization: `Bearer ${provider}` },
    });
    expect(
      (await other.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

/* ------------------------------------------------------------- restore */

describe('restore', () => {
  const newCategory = async (en: string) => {
    const res = await call('POST', '/api/master/addlist', admin, {
      ...FIXTURES.category!.sample(ctx()),
      type: 'category',
      name: { en, ar: en },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as Rec;
  };

  it('puts an update back, version-checked and itself on the trail; refuses when changed since', async () => {
    const [ev] = await t.db.db.select().from(events).where(eq(events.id, base.ownEventId!));
    const before = ev!.price;
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ebo.actor_id', ${String(adminId)}, true)`);
      await tx
        .update(events)
        .set({ price: before + 111, version: ev!.version + 1 })
        .where(eq(events.id, ev!.id));
    });
    const [entry] = await trail('event', ev!.id);
    expect(entry).toMatchObject({
      action: 'update',
      before: { price: before },
      after: { price: before + 111 },
    });
    expect((await call('POST', `/api/audit/${entry!.id}/restore`, provider, {})).status).toBe(403);
    expect((await call('POST', `/api/audit/${entry!.id}/restore`, manager, {})).status).toBe(403);
    const stale = await call('POST', `/api/audit/${entry!.id}/restore`, admin, { version: ev!.version });
    expect(stale.status).toBe(409);
    const ok = await call('POST', `/api/audit/${entry!.id}/restore`, admin, { version: ev!.version + 1 });
    expect(ok.status, ok.text).toBe(200);
    const [now] = await t.db.db.select().from(events).where(eq(events.id, ev!.id));
    expect(now!.price).toBe(before);
    expect(now!.version).toBe(ev!.version + 2);
    const [restore] = await trail('event', ev!.id);
    expect(restore).toMatchObject({
      action: 'restore',
      restoreOf: entry!.id,
      before: { price: before + 111 },
      after: { price: before },
      actor: { id: adminId },
    });
    // Restoring the same entry again: its fields changed since (they are back).
    const twice = await t.request('POST', `/api/audit/${entry!.id}/restore`, {
      token: admin,
      body: {},
      lang: 'ar',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('puts a deleted record back; refuses when its name is taken meanwhile or its id is back', async () => {
    const cat = await newCategory('Audit restore me');
    expect(
      (await call('POST', '/api/master/deletelist', admin, { type: 'category', id: cat.id })).status,
    ).toBe(200);
    const [gone] = await trail('category', cat.id);
    expect(gone!.action).toBe('delete');
    const ok = await call('POST', `/api/audit/${gone!.id}/restore`, admin, {});
    expect(ok.status, ok.text).toBe(200);
    const back = await call('GET', `/api/master/listSingledata?type=category&id=${cat.id}`, admin);
    expect(back.status, back.text).toBe(200);
    expect(back.body.data.name).toEqual({ en: 'Audit restore me', ar: 'Audit restore me' });
    const again = await call('POST', `/api/audit/${gone!.id}/restore`, admin, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/exists again/);
  });

  it('refuses a booking whose seats are gone, in English and Arabic, and changes nothing', async () => {
    const [ev] = await t.db.db.select().from(events).where(eq(events.id, base.eventId!));
    const [b] = await t.db.db
      .select()
      .from(bookings)
      .where(sql`${bookings.eventId} = ${ev!.id} and ${bookings.status} = 'confirmed'`)
      .limit(1);
    const cancel = await call('POST', '/api/booking/update-status', admin, {
      id: b!.id,
      status: 'cancelled',
    });
    expect(cancel.status, cancel.text).toBe(200);
    const [entry] = await trail('booking', b!.id);
    // The seats go to others: the event is now full.
    const taken = await sqlRows<{ n: number }>(
      t.db.db,
      sql`select coalesce(sum(tickets), 0)::int as n from bookings where event_id = ${ev!.id} and status in ('confirmed', 'checked_in', 'completed')`,
    );
    await t.db.db.update(events).set({ capacity: taken[0]!.n }).where(eq(events.id, ev!.id));
    const mark = await lastId();
    const en = await call('POST', `/api/audit/${entry!.id}/restore`, admin, {});
    expect(en.status, en.text).toBe(409);
    expect(en.body.message).toMatch(/seats are gone/);
    const ar = await t.request('POST', `/api/audit/${entry!.id}/restore`, {
      token: admin,
      body: {},
      lang: 'ar',
    });
    expect(ar.body.message).toMatch(/مقاعده/);
    const [still] = await t.db.db.select().from(bookings).where(eq(bookings.id, b!.id));
    expect(still!.status).toBe('cancelled');
    expect((await since(mark)).filter((e) => e.action === 'restore')).toEqual([]);
    await t.db.db.update(events).set({ capacity: ev!.capacity }).where(eq(events.id, ev!.id));
  });

  it('a booking’s customer put back: the trail never holds the derived search text, and the search finds the old name again', async () => {
    const [b] = await t.db.db.select().from(bookings).orderBy(bookings.id).limit(1);
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('ebo.actor_id', ${String(adminId)}, true)`);
      await tx
        .update(bookings)
        .set({ customerName: 'Zoltan Restoreby', version: b!.version + 1 })
        .where(eq(bookings.id, b!.id));
    });
    const [entry] = await trail('booking', b!.id);
    expect(entry).toMatchObject({
      action: 'update',
      fields: ['customerName'],
      before: { customerName: b!.customerName },
      after: { customerName: 'Zoltan Restoreby' },
    });
    const found = async (q: string) => {
      const res = await call('GET', `/api/booking?pageSize=100&q=${encodeURIComponent(q)}`, admin);
      expect(res.status, res.text).toBe(200);
      return (res.body.data.items as Rec[]).map((r) => r.id);
    };
    expect(await found('zoltan restoreby')).toEqual([b!.id]);
    const ok = await call('POST', `/api/audit/${entry!.id}/restore`, admin, { version: b!.version + 1 });
    expect(ok.status, ok.text).toBe(200);
    expect(await found('zoltan')).toEqual([]);
    // The code and the name as one text, as the search reads them: in another case.
    expect(await found(`${b!.code} ${b!.customerName}`.toUpperCase())).toEqual([b!.id]);
    const [restore] = await trail('booking', b!.id);
    expect(restore).toMatchObject({ action: 'restore', fields: ['customerName'] });
  });

  it('refuses what cannot be restored: a create, a sign-in, an unknown entry', async () => {
    const cat = await newCategory('Audit created only');
    const [created] = await trail('category', cat.id);
    expect(created!.restorable).toBe(false);
    expect((await call('POST', `/api/audit/${created!.id}/restore`, admin, {})).status).toBe(422);
    expect((await call('POST', '/api/audit/999999999/restore', admin, {})).status).toBe(404);
  });
});

describe('append-only', () => {
  it('the table refuses UPDATE, DELETE and TRUNCATE; the purge removes only entries past retention', async () => {
    await expect(t.db.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const total = await lastId();
    expect(total).toBeGreaterThan(0);
    const [oldest] = await t.db.db.select().from(auditLog).orderBy(auditLog.id).limit(1);
    // Nothing is older than 400 days yet.
    expect(await purgeAudit(t.db.db, t.clock.now(), 400)).toBe(0);
    const later = new Date(oldest!.at.getTime() + 401 * 24 * 60 * 60 * 1000);
    const removed = await purgeAudit(t.db.db, later, 400);
    expect(removed).toBeGreaterThan(0);
    const left = await t.db.db.select({ at: auditLog.at }).from(auditLog);
    for (const e of left) expect(e.at.getTime()).toBeGreaterThanOrEqual(later.getTime() - 400 * 86_400_000);
    // The purge's permission ends with its transaction.
    await appendAudit(t.db.db, null, { action: 'sign_out', resource: 'session' });
    await expect(t.db.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
