/**
 * Saved views (docs/decisions/0022-saved-views.md): stored per user and list, seen from every session
 * of that user, by no one else unless an admin shared it, and never by a user who cannot open the
 * list; `state` checked against the list; names unique per user and list, also under parallel
 * requests; updates version-checked; at most 50 per user and list, also under parallel creates; a
 * shared view changed only by a current admin; `__proto__`, `constructor` and `prototype` filters
 * refused, never dropped.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount } from '../../src/contract/plain';
import { VIEW_STATE_MAX_BYTES, VIEWS_PER_LIST_MAX } from '../../src/contract/views';
import { savedViews, users } from '../../server/db/schema';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { acceptInvitation, signInAs } from '../support/kit';

let t: TestServer;
let admin: string;
let adminPhone: string;
let manager: string;
let provider: string;

const bookingState = {
  q: 'Summit',
  sort: 'total',
  order: 'desc' as const,
  pageSize: 25,
  filters: { status: 'confirmed' },
  columns: ['code', 'customer', 'total', 'status'],
};

beforeAll(async () => {
  t = await createTestServer();
  admin = await signInAs(t, 'admin');
  // A second session of the same user: another device.
  adminPhone = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  provider = await signInAs(t, 'provider');
});
afterAll(() => t.close());

const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((v) => v.name).sort();

describe('saved views', () => {
  it('follows its user to another device, and no one else unless shared', async () => {
    const created = await t.request('POST', '/api/views', {
      token: admin,
      body: { resource: 'booking', name: 'Big confirmed', state: bookingState, isDefault: true },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      resource: 'booking',
      name: 'Big confirmed',
      state: bookingState,
      shared: false,
      isDefault: true,
      mine: true,
      version: 0,
    });

    const onPhone = await t.request('GET', '/api/views?resource=booking', { token: adminPhone });
    expect(onPhone.status).toBe(200);
    expect(onPhone.body.data).toEqual([created.body.data]);

    for (const other of [manager, provider]) {
      const res = await t.request('GET', '/api/views?resource=booking', { token: other });
      expect(res.status).toBe(200);
      expect(names(res)).not.toContain('Big confirmed');
    }
    // Another user cannot change or delete it (not theirs, not shared: 404).
    const id = created.body.data.id as number;
    expect((await t.request('DELETE', `/api/views/${id}`, { token: manager })).status).toBe(404);
    expect(
      (await t.request('PUT', `/api/views/${id}`, { token: manager, body: { name: 'x', version: 0 } }))
        .status,
    ).toBe(404);

    // A version past the column's range (int4) is refused with the field named, and changes nothing
    // (it answered 500 once: found by the fuzz suite, seed 448551134).
    const huge = await t.request('PUT', `/api/views/${id}`, {
      token: admin,
      body: { name: 'Renamed', version: 2_147_483_648 },
    });
    expect(huge.status, huge.text).toBe(422);
    expect(Object.keys(huge.body.errors)).toEqual(['version']);

    // Shared: every user who can open the bookings list sees it, read-only.
    const shared = await t.request('PUT', `/api/views/${id}`, {
      token: adminPhone,
      body: { shared: true, version: 0 },
    });
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body.data).toMatchObject({ shared: true, version: 1, isDefault: true });
    for (const other of [manager, provider]) {
      const res = await t.request('GET', '/api/views?resource=booking', { token: other });
      const seen = res.body.data.find((v: { id: number }) => v.id === id);
      expect(seen).toMatchObject({ mine: false, shared: true, isDefault: false, ownerName: DEMO.admin.name });
      const change = await t.request('PUT', `/api/views/${id}`, {
        token: other,
        body: { name: 'Mine now', version: 1 },
        lang: 'ar',
      });
      expect(change.status).toBe(403);
      expect(change.body.message).toBe('شورِكت طريقة العرض هذه معك: يمكن لمالكها فقط تغييرها.');
      expect((await t.request('DELETE', `/api/views/${id}`, { token: other })).status).toBe(403);
    }
  });

  it('lets only admins share', async () => {
    const res = await t.request('POST', '/api/views', {
      token: manager,
      body: { resource: 'booking', name: 'Team view', state: {}, shared: true },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only administrators can share a view.');
    const own = await t.request('POST', '/api/views', {
      token: manager,
      body: { resource: 'booking', name: 'Team view', state: {} },
    });
    expect(own.status).toBe(201);
    const share = await t.request('PUT', `/api/views/${own.body.data.id}`, {
      token: manager,
      body: { shared: true, version: own.body.data.version },
    });
    expect(share.status).toBe(403);
    const admins = await t.request('GET', '/api/views?resource=booking', { token: admin });
    expect(names(admins)).not.toContain('Team view');
  });

  it('shows a provider no view of a list it cannot open', async () => {
    const shared = await t.request('POST', '/api/views', {
      token: admin,
      body: {
        resource: 'user',
        name: 'Staff accounts',
        state: { filters: { role: 'manager' } },
        shared: true,
      },
    });
    expect(shared.status, shared.text).toBe(201);
    const one = await t.request('GET', '/api/views?resource=user', { token: provider });
    expect(one.status).toBe(403);
    const all = await t.request('GET', '/api/views', { token: provider });
    expect(all.status).toBe(200);
    expect(all.body.data.map((v: { resource: string }) => v.resource)).not.toContain('user');
    expect(
      (await t.request('PUT', `/api/views/${shared.body.data.id}`, { token: provider, body: { version: 0 } }))
        .status,
    ).toBe(404);
    const create = await t.request('POST', '/api/views', {
      token: provider,
      body: { resource: 'user', name: 'Try', state: {} },
    });
    expect(create.status).toBe(403);
    // A manager may open the users list? No (user_manager is admin only): the same.
    expect((await t.request('GET', '/api/views?resource=user', { token: manager })).status).toBe(403);
  });

  it('refuses a state the list does not accept, naming the fields', async () => {
    const res = await t.request('POST', '/api/views', {
      token: admin,
      body: {
        resource: 'booking',
        name: 'Broken',
        state: {
          sort: 'password',
          pageSize: 7,
          filters: { status: 'lost', colour: 'red' },
          columns: ['code', 'secret'],
          extra: 1,
        },
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['state.extra', 'state.pageSize']);
    const second = await t.request('POST', '/api/views', {
      token: admin,
      body: {
        resource: 'booking',
        name: 'Broken',
        state: { sort: 'password', filters: { status: 'lost', colour: 'red' }, columns: ['code', 'secret'] },
      },
      lang: 'ar',
    });
    expect(second.status).toBe(422);
    expect(Object.keys(second.body.errors).sort()).toEqual([
      'state.columns',
      'state.filters.colour',
      'state.filters.status',
      'state.sort',
    ]);
    expect(second.body.message).toBe('يرجى تصحيح الحقول المحددة.');
    const big = await t.request('POST', '/api/views', {
      token: admin,
      body: {
        resource: 'booking',
        name: 'Big',
        state: {
          filters: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x'.repeat(190)])),
        },
      },
    });
    expect(big.status).toBe(422);
    expect(big.body.errors.state).toBe(`The view is too large (at most ${VIEW_STATE_MAX_BYTES} bytes).`);
    const noName = await t.request('POST', '/api/views', {
      token: admin,
      body: { resource: 'booking', name: '  ', state: {} },
    });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.name).toBe('Required');
    const badList = await t.request('POST', '/api/views', {
      token: admin,
      body: { resource: 'nothing', name: 'x', state: {} },
    });
    expect(badList.status).toBe(422);
    expect(Object.keys(badList.body.errors)).toEqual(['resource']);
  });

  it('keeps one name per user and list, also under parallel requests', async () => {
    const body = { resource: 'event', name: 'Race', state: { sort: 'title' } };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.request('POST', '/api/views', {
          token: i % 2 ? admin : adminPhone,
          body: { ...body, name: i % 3 ? 'Race' : 'race' },
          lang: i % 2 ? 'ar' : 'en',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const refused = answers.filter((a) => a.status === 409);
    for (const a of refused)
      expect([
        'You already have a view with this name for this list.',
        'لديك بالفعل طريقة عرض بهذا الاسم لهذه القائمة.',
      ]).toContain(a.body.errors.name);
    const kept = await t.request('GET', '/api/views?resource=event', { token: admin });
    expect(kept.body.data.filter((v: { name: string }) => v.name.toLowerCase() === 'race')).toHaveLength(1);
    // Another user may use the same name.
    const other = await t.request('POST', '/api/views', { token: manager, body });
    expect(other.status).toBe(201);
  });

  it('keeps one default per list, checks versions and deletes', async () => {
    const a = await t.request('POST', '/api/views', {
      token: manager,
      body: { resource: 'event', name: 'A', state: {}, isDefault: true },
    });
    const b = await t.request('POST', '/api/views', {
      token: manager,
      body: { resource: 'event', name: 'B', state: {} },
    });
    const made = await t.request('PUT', `/api/views/${b.body.data.id}`, {
      token: manager,
      body: { isDefault: true, version: 0 },
    });
    expect(made.status).toBe(200);
    const list = await t.request('GET', '/api/views?resource=event', { token: manager });
    const defaults = list.body.data.filter((v: { isDefault: boolean; mine: boolean }) => v.isDefault);
    expect(defaults.map((v: { name: string }) => v.name)).toEqual(['B']);

    const stale = await t.request('PUT', `/api/views/${b.body.data.id}`, {
      token: manager,
      body: { name: 'B2', version: 0 },
    });
    expect(stale.status).toBe(409);
    const taken = await t.request('PUT', `/api/views/${b.body.data.id}`, {
      token: manager,
      body: { name: 'a', version: 1 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ name: 'You already have a view with this name for this list.' });

    expect((await t.request('DELETE', `/api/views/${a.body.data.id}`, { token: manager })).status).toBe(200);
    expect((await t.request('DELETE', `/api/views/${a.body.data.id}`, { token: manager })).status).toBe(404);
    const after = await t.request('GET', '/api/views?resource=event', { token: manager });
    expect(names(after)).toEqual(['B', 'Race']);
  });

  it('keeps at most 50 views per user and list, also under 60 parallel creates', async () => {
    const [me] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin.email));
    const now = t.clock.now();
    await t.db.db.insert(savedViews).values(
      Array.from({ length: 45 }, (_, i) => ({
        userId: me!.id,
        resource: 'country',
        name: `Kept ${i}`,
        state: {},
        createdAt: now,
        updatedAt: now,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.request('POST', '/api/views', {
          token: i % 2 ? admin : adminPhone,
          body: { resource: 'country', name: `Parallel ${i}`, state: { sort: 'name' } },
          lang: i % 3 ? 'en' : 'ar',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(VIEWS_PER_LIST_MAX - 45);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(60 - (VIEWS_PER_LIST_MAX - 45));
    for (const a of refused) {
      expect(a.status, a.text).toBe(409);
      expect([
        `You can keep at most ${VIEWS_PER_LIST_MAX} views per list. Delete one first.`,
        `يمكنك الاحتفاظ بـ ${formatCount(VIEWS_PER_LIST_MAX, 'ar')} طريقة عرض على الأكثر لكل قائمة. احذف واحدة أولًا.`,
      ]).toContain(a.body.message);
    }
    const [kept] = await t.db.db
      .select({ n: count() })
      .from(savedViews)
      .where(and(eq(savedViews.userId, me!.id), eq(savedViews.resource, 'country')));
    expect(kept!.n).toBe(VIEWS_PER_LIST_MAX);
  });

  it('lets only a current admin change a view shared with everyone; a demoted owner may withdraw it', async () => {
    const made = await t.request('POST', '/api/users', {
      token: admin,
      body: {
        name: { en: 'Second Admin', ar: 'المسؤول الثاني' },
        email: 'second.admin@test.example.com',
        phone: '+971509876543',
        role: 'admin',
      },
    });
    expect(made.status, made.text).toBe(201);
    await acceptInvitation(t, 'second.admin@test.example.com', 'Second-Pass-2026!');
    const second = await t.login('second.admin@test.example.com', 'Second-Pass-2026!');
    const create = (name: string) =>
      t.request('POST', '/api/views', {
        token: second,
        body: { resource: 'booking', name, state: { sort: 'total' }, shared: true },
      });
    const [kept, dropped] = [await create('Everyone: by total'), await create('Everyone: to drop')];
    expect(kept.status, kept.text).toBe(201);
    expect(dropped.status, dropped.text).toBe(201);

    const demoted = await t.request('PUT', `/api/users/${made.body.data.id}`, {
      token: admin,
      body: {
        name: made.body.data.name,
        email: made.body.data.email,
        phone: made.body.data.phone,
        role: 'manager',
        version: made.body.data.version,
      },
    });
    expect(demoted.status, demoted.text).toBe(200);

    const id = kept.body.data.id as number;
    let version = kept.body.data.version as number;
    // What everyone sees: its name, its state, its being shared.
    for (const body of [{ name: 'Everyone: changed' }, { state: { sort: 'code' } }, { shared: true }]) {
      const res = await t.request('PUT', `/api/views/${id}`, {
        token: second,
        body: { ...body, version },
        lang: 'ar',
      });
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(403);
      expect(res.body.message).toBe('يمكن للمسؤولين فقط تغيير طريقة عرض مشتركة مع الجميع.');
    }
    const seen = await t.request('GET', '/api/views?resource=booking', { token: manager });
    expect(seen.body.data.find((v: { id: number }) => v.id === id)).toMatchObject({
      name: 'Everyone: by total',
      state: { sort: 'total' },
      shared: true,
      version,
    });
    // Its own default is the owner's alone; stopping the sharing takes it back from everyone.
    const own = await t.request('PUT', `/api/views/${id}`, {
      token: second,
      body: { isDefault: true, version },
    });
    expect(own.status, own.text).toBe(200);
    version = own.body.data.version as number;
    const withdrawn = await t.request('PUT', `/api/views/${id}`, {
      token: second,
      body: { shared: false, version },
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const renamed = await t.request('PUT', `/api/views/${id}`, {
      token: second,
      body: { name: 'Mine alone', version: withdrawn.body.data.version },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const reshare = await t.request('PUT', `/api/views/${id}`, {
      token: second,
      body: { shared: true, version: renamed.body.data.version },
    });
    expect(reshare.status).toBe(403);
    const removed = await t.request('DELETE', `/api/views/${dropped.body.data.id}`, { token: second });
    expect(removed.status, removed.text).toBe(200);
    const after = await t.request('GET', '/api/views?resource=booking', { token: manager });
    expect(names(after)).not.toContain('Everyone: to drop');
    expect(names(after)).not.toContain('Mine alone');
  });

  it('refuses __proto__, constructor and prototype among the filters, naming them, and saves nothing', async () => {
    const made = await t.request('POST', '/api/views', {
      token: admin,
      body: { resource: 'booking', name: 'Proto target', state: {} },
    });
    expect(made.status, made.text).toBe(201);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // Written by hand: JSON.stringify of an object literal drops "__proto__".
      const filters = `{${JSON.stringify(key)}:"confirmed","status":"confirmed"}`;
      const create = await t.request('POST', '/api/views', {
        token: admin,
        body: `{"resource":"booking","name":"Proto ${key}","state":{"filters":${filters}}}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(create.status, `${key}: ${create.text}`).toBe(422);
      expect(create.body.errors, key).toEqual({ [`state.filters.${key}`]: 'Unknown field' });
      const update = await t.request('PUT', `/api/views/${made.body.data.id}`, {
        token: admin,
        body: `{"state":{"filters":${filters}},"version":0}`,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(update.status, `${key}: ${update.text}`).toBe(422);
      expect(update.body.errors, key).toEqual({ [`state.filters.${key}`]: 'Unknown field' });
    }
    const list = await t.request('GET', '/api/views?resource=booking', { token: admin });
    expect(names(list).filter((n: string) => n.startsWith('Proto'))).toEqual(['Proto target']);
    expect(list.body.data.find((v: { id: number }) => v.id === made.body.data.id)).toMatchObject({
      state: {},
      version: 0,
    });
  });
});
