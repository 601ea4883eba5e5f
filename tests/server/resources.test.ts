/**
 * The registry-driven suite: walks EVERY resource of the contract's `resources` registry and checks
 * list (paginate, sort, search, filter, limits), create, read, update, delete, validation errors,
 * 404, stale-version 409, referenced-delete 409, CSV export, and what each role (admin, manager,
 * service provider, anonymous) gets from each endpoint. Area specifics come from resource-fixtures.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { buildPath, type AnyEndpoint } from '../../src/contract/http';
import type { Resource, ResourceOp } from '../../src/contract/resource';
import { users } from '../../server/db/schema';
import { createTestServer, DEMO, type TestServer } from '../setup/server';
import { walked } from './area-under-check';
import { areaRefs } from './fixture-refs';
import { FIXTURES, type Fixture, type FixtureCtx, type Grant } from './resource-fixtures';
import { signInAs } from '../support/kit';

type Rec = Record<string, unknown> & { id: number; version: number };
type Role = 'admin' | 'manager' | 'provider' | 'anonymous';

let t: TestServer;
const tokens: Partial<Record<Role, string>> = {};
let base: Omit<FixtureCtx, 'n'> & { supervisedProviderId: number };
let counter = 0;
const ctx = () => ({ ...base, n: ++counter });

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  tokens.admin = await signInAs(t, 'admin');
  tokens.manager = await signInAs(t, 'manager');
  tokens.provider = await signInAs(t, 'provider');
  const first = async (path: string) => {
    const res = await t.request('GET', path, { token: tokens.admin });
    expect(res.status, path).toBe(200);
    return res.body.data.items as Rec[];
  };
  const [sa, ae] = await first(
    '/api/master/listwithpagination?type=country&sort=isoCode&order=desc&q=a&pageSize=100',
  ).then((all) => [all.find((c) => c.isoCode === 'SA')!, all.find((c) => c.isoCode === 'AE')!]);
  const riyadh = (await first(`/api/master/listwithpagination?type=city&countryId=${sa!.id}&q=Riyadh`))[0]!;
  const weddings = (await first('/api/master/listwithpagination?type=category&q=Weddings'))[0]!;
  const supervisors = await first('/api/event-manager/get-all?pageSize=100');
  const [demoProvider] = await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email));
  const other = supervisors.find((s) => s.providerId !== demoProvider!.id)!;
  const refs = await areaRefs(t, tokens.admin!, riyadh.id);
  const eventOfOther = await refs.eventWithBookings((e) => e.providerId !== demoProvider!.id);
  const ownEvent = refs.coming.find((e) => e.providerId === demoProvider!.id)!;
  expect(eventOfOther && ownEvent).toBeTruthy();
  base = {
    locationId: refs.locationId,
    eventId: eventOfOther!.id,
    ownEventId: ownEvent.id,
    adImage: refs.adImage,
    privacyPageId: refs.privacyPageId,
    countryId: sa!.id,
    otherCountryId: ae!.id,
    cityId: riyadh.id,
    categoryId: weddings.id,
    providerId: eventOfOther!.providerId as number,
    supervisedProviderId: other.providerId as number,
  };
});
afterAll(() => t?.close());

/* ------------------------------------------------------------------ helpers */

const send = (
  e: AnyEndpoint,
  role: Role,
  input: { id?: number; query?: Record<string, unknown>; body?: Record<string, unknown> },
  lang = 'en',
) => {
  const hasIdParam = /:id\b/.test(e.path);
  const path = buildPath(e.path, hasIdParam && input.id !== undefined ? { id: input.id } : undefined);
  // Endpoints take a query or a body, never both here.
  const query = e.body
    ? {}
    : { ...(input.query ?? {}), ...(!hasIdParam && input.id !== undefined ? { id: input.id } : {}) };
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const body = e.body
    ? { ...(input.body ?? {}), ...(!hasIdParam && input.id !== undefined ? { id: input.id } : {}) }
    : undefined;
  return t.request(e.method, qs ? `${path}?${qs}` : path, {
    token: role === 'anonymous' ? undefined : tokens[role],
    body,
    lang,
  });
};

const api = (r: Resource) => {
  const fx = FIXTURES[r.key as keyof typeof FIXTURES] as Fixture;
  return {
    fx,
    list: (role: Role, query: Record<string, unknown> = {}, lang = 'en') =>
      send(r.endpoints.list, role, { query: { ...r.fixed, ...query } }, lang),
    get: (role: Role, id: number) => send(r.endpoints.get, role, { id, query: r.fixed }),
    /** A record-by-id answer's record: without the fields only that answer carries (`detailFields`). */
    record: (data: Rec) =>
      Object.fromEntries(Object.entries(data).filter(([k]) => !(k in (r.detailFields ?? {})))),
    create: (role: Role, body: Record<string, unknown>, lang = 'en') =>
      send(r.endpoints.create, role, { body: { ...r.fixed, ...body } }, lang),
    update: (role: Role, id: number, body: Record<string, unknown>) =>
      send(r.endpoints.update, role, { id, body: { ...r.fixed, ...body } }),
    remove: (role: Role, id: number) =>
      send(r.endpoints.remove!, role, { id, query: r.fixed, body: r.fixed }),
    exportCsv: async (role: Role, query: Record<string, unknown> = {}, lang = 'en') => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const res = await t.app.request(`${r.endpoints.export.path}${qs ? `?${qs}` : ''}`, {
        headers: {
          ...(role === 'anonymous' ? {} : { Authorization: `Bearer ${tokens[role]}` }),
          'Accept-Language': lang,
        },
      });
      return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
    },
    async fresh() {
      const res = await this.create('admin', fx.sample(ctx()));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as Rec;
    },
  };
};

const grantOf = (fx: Fixture, role: Role, op: ResourceOp): Grant => {
  if (role === 'admin') return 'allow';
  const g = role === 'manager' ? fx.manager : fx.provider;
  return typeof g === 'string' ? g : (g[op] ?? 'deny');
};

const parseCsv = (text: string) => text.replace(/\r\n$/, '').split('\r\n');

/* -------------------------------------------------------------------- suite */

it('every resource of the registry has a fixture and distinct keys', () => {
  expect(resources.length).toBeGreaterThanOrEqual(7);
  expect(new Set(resources.map((r) => r.key)).size).toBe(resources.length);
  for (const r of resources) expect(FIXTURES, r.key).toHaveProperty(r.key);
});

describe.each(walked(resources, (r) => r.key).map((r) => [r.key, r] as const))('%s', (_key, resource) => {
  const r = resource as unknown as Resource;
  const a = api(r);

  it('lists with pagination, a total, page size limits and strict params', async () => {
    while ((await a.list('admin')).body.data.total <= 10) await a.fresh();
    const page1 = await a.list('admin');
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    const { items, total, page, pageSize } = page1.body.data;
    expect([page, pageSize]).toEqual([1, 10]);
    expect(total).toBeGreaterThan(10);
    expect(items).toHaveLength(10);
    const page2 = await a.list('admin', { page: 2 });
    const ids1 = new Set(items.map((i: Rec) => i.id));
    expect(page2.body.data.items.some((i: Rec) => ids1.has(i.id))).toBe(false);
    const all = await a.list('admin', { pageSize: 100 });
    expect(all.body.data.items).toHaveLength(Math.min(100, total));
    const beyond = await a.list('admin', { page: 999 });
    expect(beyond.body.data).toMatchObject({ items: [], total, page: 999 });
    for (const bad of [
      { pageSize: 7 },
      { pageSize: 1000 },
      { page: 0 },
      { sort: 'passwordHash' },
      { order: 'up' },
      { unknownFilter: 'x' },
    ]) {
      const res = await a.list('admin', bad, 'ar');
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([Object.keys(bad)[0]]);
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('sorts by every listed column, both ways', async () => {
    for (const column of r.sort)
      for (const order of ['asc', 'desc']) {
        const res = await a.list('admin', { sort: column, order, pageSize: 25 });
        expect(res.status, `${column} ${order}`).toBe(200);
      }
    const asc = (await a.list('admin', { sort: 'createdAt', order: 'asc', pageSize: 100 })).body.data
      .items as Rec[];
    const times = asc.map((i) => String(i.createdAt));
    expect(times).toEqual([...times].sort());
    const desc = (await a.list('admin', { sort: 'createdAt', order: 'desc', pageSize: 100 })).body.data
      .items as Rec[];
    const descTimes = desc.map((i) => String(i.createdAt));
    expect(descTimes).toEqual([...descTimes].sort().reverse());
  });

  it('searches with q and filters', async () => {
    // At least the fixture's sample (an area may have no demo records).
    await a.fresh();
    const { q, matches } = a.fx.search;
    const found = await a.list('admin', { q, pageSize: 100 });
    expect(found.status).toBe(200);
    expect(found.body.data.total).toBeGreaterThan(0);
    for (const item of found.body.data.items) expect(matches(item), JSON.stringify(item)).toBe(true);
    const none = await a.list('admin', { q: 'no-such-thing-%_\\' });
    expect(none.body.data).toMatchObject({ items: [], total: 0 });
    const filtered = await a.list('admin', { ...a.fx.filter.query, pageSize: 100 });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.total).toBeGreaterThan(0);
    for (const item of filtered.body.data.items)
      expect(a.fx.filter.matches(item), JSON.stringify(item)).toBe(true);
  });

  it('creates (201), reads, updates with the version, refuses a stale version and changes nothing', async () => {
    const created = await a.fresh();
    expect(created.version).toBe(0);
    const read = await a.get('admin', created.id);
    expect(read.status).toBe(200);
    expect(a.record(read.body.data)).toEqual(created);

    const { body, changed } = a.fx.edit(created, ctx());
    const updated = await a.update('admin', created.id, { ...body, version: 0 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.version).toBe(1);
    expect(updated.body.data[changed]).not.toEqual(created[changed]);
    expect(updated.body.data[changed]).toEqual(body[changed]);

    const stale = await a.update('admin', created.id, { ...a.fx.edit(created, ctx()).body, version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('This record was changed by someone else. Reload it and try again.');
    expect(a.record((await a.get('admin', created.id)).body.data)).toEqual(updated.body.data);

    if (r.saveShared) {
      const noVersion = await send(r.endpoints.update, 'admin', {
        body: { ...r.fixed, ...body, id: created.id },
      });
      expect(noVersion.status).toBe(422);
      expect(noVersion.body.errors).toHaveProperty('version');
    }
  });

  it('answers 422 with field errors (in Arabic too) and refuses unknown fields', async () => {
    const { body, field } = a.fx.invalid(ctx());
    const res = await a.create('admin', body, 'ar');
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
    expect(res.body.errors[field]).toMatch(/[\u0600-\u06FF]/);
    const extra = await a.create('admin', { ...a.fx.sample(ctx()), isAdmin: true });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ isAdmin: 'Unknown field' });
    const total = (await a.list('admin')).body.data.total;
    await a.create('admin', body);
    expect((await a.list('admin')).body.data.total).toBe(total);
  });

  it('answers 404 for records that do not exist', async () => {
    expect((await a.get('admin', 987_654)).status).toBe(404);
    const some = (await a.list('admin')).body.data.items[0] as Rec;
    const update = await a.update('admin', 987_654, { ...a.fx.edit(some, ctx()).body, version: 0 });
    expect(update.status).toBe(404);
    if (r.endpoints.remove) expect((await a.remove('admin', 987_654)).status).toBe(404);
  });

  it.runIf(Boolean(r.endpoints.remove))(
    'deletes; a record still referenced answers 409 and stays',
    async () => {
      const created = await a.fresh();
      const del = await a.remove('admin', created.id);
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect((await a.get('admin', created.id)).status).toBe(404);
      if (a.fx.referenced) {
        const id = a.fx.referenced.id({ ...ctx(), supervisedProviderId: base.supervisedProviderId });
        const refused = await a.remove('admin', id);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(a.fx.referenced.message);
        expect((await a.get('admin', id)).status).toBe(200);
      }
    },
  );

  it('exports the filtered list as CSV: BOM, every page, injection-safe', async () => {
    const sample = a.fx.sample(ctx());
    const evil = await a.create(
      'admin',
      a.fx.injection
        ? a.fx.injection(sample)
        : { ...sample, name: { en: '=HYPERLINK("http://x")', ar: '+عربي' } },
    );
    expect(evil.status, JSON.stringify(evil.body)).toBe(201);
    const total = (await a.list('admin')).body.data.total;
    const { res, bytes } = await a.exportCsv('admin', {}, 'ar');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${r.key}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1));
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toMatch(/[\u0600-\u06FF]/);
    const row = lines.find((l) => l.startsWith(`${evil.body.data.id},`))!;
    expect(row.includes(`"'=HYPERLINK(""http://x"")"`) || row.includes("'+عربي")).toBe(true);
    // No cell starts a formula; a plain phone number (+ and digits) keeps its + (src/contract/csv.ts).
    expect(row).not.toMatch(/(^|,)"?(=|\+(?![0-9]{7,20}(,|\r|$)))/);
    const filtered = await a.exportCsv('admin', a.fx.filter.query);
    const filteredTotal = (await a.list('admin', a.fx.filter.query)).body.data.total;
    expect(parseCsv(new TextDecoder().decode(filtered.bytes))).toHaveLength(filteredTotal + 1);
    expect((await a.exportCsv('admin', { sort: 'nope' })).res.status).toBe(422);
  });

  const createBodyFor = (role: Role, fx: Fixture) => {
    const own = role === 'provider' && grantOf(fx, role, 'create') === 'own';
    const body: Record<string, unknown> = {
      ...r.fixed,
      ...(own && fx.ownSample ? fx.ownSample(ctx()) : fx.sample(ctx())),
    };
    // A provider adding its own records never names another provider.
    if (own) delete body.providerId;
    return body;
  };

  it('gives each role what the role table allows (403 denied, 401 anonymous, own records only)', async () => {
    const ops = Object.entries(r.endpoints).filter(([, e]) => e) as [ResourceOp, AnyEndpoint][];
    for (const role of ['anonymous', 'manager', 'provider', 'admin'] as const)
      for (const [op, e] of ops) {
        const target = await a.fresh();
        const input =
          op === 'list' || op === 'options' || op === 'export'
            ? { query: op === 'export' ? {} : r.fixed }
            : op === 'create'
              ? { body: createBodyFor(role, a.fx) }
              : op === 'update'
                ? {
                    id: target.id,
                    body: { ...r.fixed, ...a.fx.edit(target, ctx()).body, version: target.version },
                  }
                : { id: target.id, query: r.fixed, body: r.fixed };
        const res = await send(e, role, input);
        const label = `${role} ${op} ${e.method} ${e.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (role === 'anonymous') {
          expect(res.status, label).toBe(401);
          continue;
        }
        const grant = op === 'options' ? 'allow' : grantOf(a.fx, role, op);
        if (grant === 'deny') expect(res.status, label).toBe(403);
        else if (grant === 'own' && ['get', 'update', 'remove'].includes(op))
          expect(res.status, label).toBe(404);
        else expect(res.status, label).toBeLessThan(300);
        if (res.status >= 400)
          expect(a.record((await a.get('admin', target.id)).body.data), label).toEqual(target);
        if (grant === 'own' && op === 'list')
          for (const item of res.body.data.items as Rec[])
            expect([item.id, item.providerId]).toContain(ownId());
      }
  });
});

let providerUserId: number | undefined;
const ownId = () => providerUserId;
beforeAll(async () => {
  const [row] = await t.db.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO.provider.email));
  providerUserId = row!.id;
});
