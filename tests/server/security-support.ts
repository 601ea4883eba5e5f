/**
 * Shared by the security suites (matrix, fuzz, limits, scan): a minimal-valid-value generator for
 * zod schemas, a database + storage digest, the nine callers of the authorization matrix, and the
 * walk of the contract that turns every routed endpoint into one or more request "cases".
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { z } from 'zod';
import { INVITABLE_KEYS, resourceRoutes, resources } from '../../src/contract/areas';
import { bulkEndpoints } from '../../src/contract/bulk';
import { importEndpoints } from '../../src/contract/import';
import { buildPath, type AnyEndpoint } from '../../src/contract/http';
import type { EndpointOp, Resource } from '../../src/contract/resource';
import { areas } from '../../server/areas';
import { createSession } from '../../server/auth/sessions';
import { openChallenge } from '../../server/auth/sign-in-challenges';
import { hashToken } from '../../server/auth/tokens';
import { newTotpSecret, renewRecoveryCodes } from '../../server/auth/totp';
import { registeredEndpoints } from '../../server/http/route-registry';
import {
  auditLog,
  categories,
  events,
  eventSupervisors,
  guestMessages,
  providerDocuments,
  savedViews,
  seatLeases,
  sessions,
  totpFactors,
  users,
} from '../../server/db/schema';
import { DEMO, DEMO_PASSWORD, type TestResponse, type TestServer } from '../setup/server';
import { pngForm } from '../support/kit';
import { MATRIX } from './authz-matrix';
import { passkeyRequests } from './passkey-requests';
import { areaRefs } from './fixture-refs';
import { FIXTURES, type Fixture, type FixtureCtx } from './resource-fixtures';

/* ------------------------------------------------------------ zod samples */

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

let uniq = 7000;
/** A number unique in this process (e-mails, codes). */
export const nextN = () => ++uniq;

const stringCandidates = (key: string) => {
  const n = nextN();
  const k = key.toLowerCase();
  const first = k.includes('email')
    ? [`gen${n}@test.example.com`]
    : k.includes('phone')
      ? [`+9665${String(10_000_000 + n).slice(-8)}`]
      : k.includes('password')
        ? ['Sample-Pass-2026!']
        : k === 'otp'
          ? ['123456']
          : [];
  return [
    ...first,
    `Sample ${n}`,
    'XY',
    '+971',
    `+9665${String(10_000_000 + n).slice(-8)}`,
    `gen${n}@test.example.com`,
    '123456',
    'Sample-Pass-2026!',
    'https://example.com/x',
    '2026-11-22',
    '2026-11-22T10:00:00.000Z',
    'a',
  ];
};

/**
 * A small valid value of `schema` (the input side): required fields only, the first enum value,
 * strings and numbers chosen among candidates that the schema accepts. `hint(path)` may supply a
 * value for a field (ids of existing records). Not guaranteed valid for cross-field rules.
 */
export const sampleOf = (
  schema: z.ZodType,
  hint: (path: string[]) => unknown = () => undefined,
  at: string[] = [],
): unknown => {
  const hinted = hint(at);
  if (hinted !== undefined) return hinted;
  const def = defOf(schema);
  const key = at[at.length - 1] ?? '';
  const ok = (v: unknown) => schema.safeParse(v).success;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const t = defOf(field).type;
        if (t === 'optional' || t === 'default') {
          const h = hint([...at, k]);
          if (h !== undefined) out[k] = h;
          continue;
        }
        out[k] = sampleOf(field, hint, [...at, k]);
      }
      return out;
    }
    case 'string':
      return stringCandidates(key).find(ok) ?? 'x';
    case 'number':
    case 'int':
      return [1, 0, 10, 24.5, -1, 1000].find(ok) ?? 1;
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return new Date('2026-11-22T10:00:00Z');
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'nullable':
      return null;
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType as z.ZodType, hint, at);
    case 'pipe': {
      const v = sampleOf(def.in as z.ZodType, hint, at);
      if (ok(v)) return v;
      if (defOf(def.in as z.ZodType).type === 'string') return stringCandidates(key).find(ok) ?? v;
      return v;
    }
    case 'array': {
      const min = Number(
        ((def.checks as { _zod: { def: { check: string; minimum?: number } } }[] | undefined) ?? []).find(
          (c) => c._zod.def.check === 'min_length',
        )?._zod.def.minimum ?? 0,
      );
      return Array.from({ length: min }, () => sampleOf(def.element as z.ZodType, hint, [...at, '0']));
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      for (const o of options) {
        const v = sampleOf(o, hint, at);
        if (ok(v)) return v;
      }
      return sampleOf(options[0]!, hint, at);
    }
    case 'record':
      return {};
    default:
      return null;
  }
};

/** Query values as the URL carries them (strings). */
export const toQuery = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  );

/* ---------------------------------------------------------------- digest */

/**
 * Bookkeeping that a refused request may and must write, left out of the digest: the session of a
 * blocked user is revoked, a failed sign-in is counted ('*': the whole table), a wrong OTP counts a
 * try and may void the code, throttles count attempts.
 */
const VOLATILE: Record<string, string[] | '*'> = {
  sessions: ['revoked_at', 'last_used_at'],
  login_failures: '*',
  throttle_events: '*',
  email_otps: ['attempts', 'voided_at'],
  // a wrong second-factor code counts a try of its challenge (docs/security.md, "Two-factor sign-in")
  sign_in_challenges: ['attempts'],
  password_resets: ['attempts', 'voided_at'],
  // The content of stored files: `files.sha256` stands for it (hashing every byte per digest is slow).
  file_chunks: ['data'],
};

/**
 * Row count and md5 of every public table's rows (stored files included, ADR 0018). Equal digests
 * before and after a request mean it wrote nothing.
 */
const digestSql = new WeakMap<TestServer, Map<string, string>>();

export const digest = async (t: TestServer, skipTables: string[] = []): Promise<string> => {
  const cache = digestSql.get(t) ?? new Map<string, string>();
  digestSql.set(t, cache);
  let query = cache.get(skipTables.join(','));
  if (!query) {
    const tables = (await t.db.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )) as unknown as { rows: { name: string }[] };
    const cols = (await t.db.db.execute(
      sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    )) as unknown as { rows: { t: string; c: string }[] };
    query =
      tables.rows
        .filter(({ name }) => VOLATILE[name] !== '*' && !skipTables.includes(name) && !name.startsWith('__'))
        .map(({ name }) => {
          const skip = (VOLATILE[name] as string[] | undefined) ?? [];
          const list = cols.rows
            .filter((r) => r.t === name && !skip.includes(r.c))
            .map((r) => `"${r.c}"`)
            .join(', ');
          return `select '${name}' as t, count(*)::int as n, coalesce(md5(string_agg(x::text, '' order by x::text)), '') as h from (select ${list} from "${name}") x`;
        })
        .join(' union all ') + ' order by t';
    cache.set(skipTables.join(','), query);
  }
  const res = (await t.db.db.execute(sql.raw(query))) as unknown as {
    rows: { t: string; n: number; h: string }[];
  };
  return JSON.stringify({ tables: res.rows.map((r) => `${r.t}:${Number(r.n)}:${r.h}`) });
};

/**
 * A cheaper digest for many calls (fuzzing, the matrix): row-level triggers count every inserted,
 * updated and deleted row per table (even an update that writes the same values); in the tables with
 * bookkeeping columns (VOLATILE) an update counts when it changes another column. Equal digests mean
 * the same as equal `digest`s, at the cost of one small query. Install once per server.
 */
export const installWriteCounter = async (t: TestServer) => {
  const db = t.db.db;
  await db.execute(
    sql.raw(`create table if not exists "__writes" (t text primary key, n bigint not null default 0)`),
  );
  await db.execute(
    sql.raw(`create or replace function "__count_write"() returns trigger language plpgsql as $$
begin
  insert into "__writes" (t, n) values (TG_TABLE_NAME, 1) on conflict (t) do update set n = "__writes".n + 1;
  return null;
end $$`),
  );
  const cols = (await db.execute(
    sql`select c.table_name as t, c.column_name as c from information_schema.columns c
        join information_schema.tables b on b.table_schema = c.table_schema and b.table_name = c.table_name
        where c.table_schema = 'public' and b.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
  )) as unknown as { rows: { t: string; c: string }[] };
  const trigger = (name: string, suffix: string, events: string, when = '') =>
    db.execute(
      sql.raw(
        `create or replace trigger "__count_${name}${suffix}" after ${events} on "${name}" for each row ${when} execute function "__count_write"()`,
      ),
    );
  for (const name of new Set(cols.rows.map((r) => r.t))) {
    const volatile = VOLATILE[name];
    if (name.startsWith('__') || volatile === '*') continue;
    if (!volatile) {
      await trigger(name, '', 'insert or update or delete');
      continue;
    }
    const kept = cols.rows.filter((r) => r.t === name && !volatile.includes(r.c)).map((r) => `"${r.c}"`);
    const row = (side: string) => `(${kept.map((c) => `${side}.${c}`).join(', ')})`;
    await trigger(name, '', 'insert or delete');
    await trigger(name, '_update', 'update', `when (${row('old')} is distinct from ${row('new')})`);
  }
};

export const writeDigest = async (t: TestServer, skipTables: string[] = []): Promise<string> => {
  const res = (await t.db.db.execute(sql.raw(`select t, n from "__writes" order by t`))) as unknown as {
    rows: { t: string; n: number }[];
  };
  return JSON.stringify({
    tables: res.rows.filter((r) => !skipTables.includes(r.t)).map((r) => `${r.t}:${Number(r.n)}`),
  });
};

/** What differs between two digests (the tables written), for failure messages. */
export const digestDiff = (before: string, after: string) => {
  const a = JSON.parse(before) as { tables: string[] };
  const b = JSON.parse(after) as { tables: string[] };
  return b.tables
    .filter((x) => !a.tables.includes(x))
    .map((x) => `table ${x.split(':')[0]}`)
    .join(', ');
};

/* --------------------------------------------------------------- callers */

export const CALLERS = [
  'anonymous',
  'expired',
  'admin',
  'manager',
  'providerA',
  'providerB',
  'door',
  'pending',
  'blocked',
] as const;
export type Caller = (typeof CALLERS)[number];

export interface World {
  t: TestServer;
  ids: Record<Exclude<Caller, 'anonymous' | 'expired'>, number>;
  /** A fresh bearer token of this caller (null for anonymous): every call gets its own session. */
  token(caller: Caller): Promise<string | null>;
  /** Fixture context for samples (ids of real masters, provider A as the owner). */
  fixtureCtx(resourceKey?: string): FixtureCtx;
  /** A record of `resource` to act on: provider A's own for owner resources, else any. */
  target(resource: Resource): Promise<Record<string, unknown> & { id: number; version: number }>;
  /** A new record of `resource` (owned by provider A where records have owners), made by admin. */
  fresh(resource: Resource): Promise<Record<string, unknown> & { id: number; version: number }>;
  /** A new document of provider A, uploaded by admin. */
  freshDocument(): Promise<number>;
  /** A fresh admin token. */
  adminToken(): Promise<string>;
}

type Rec = Record<string, unknown> & { id: number; version: number };

/** The areas whose records a service provider changes only when it added them (the masters). */
const addedByOwner = (r: Resource) => Boolean(areas[r.key as keyof typeof areas]?.resource.addedBy);

export const setupWorld = async (t: TestServer): Promise<World> => {
  const db = t.db.db;
  const idOf = async (email: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const [admin, manager, providerA, pending, blocked, door] = await Promise.all([
    idOf(DEMO.admin.email),
    idOf(DEMO.manager.email),
    idOf(DEMO.provider.email),
    idOf(DEMO.pending.email),
    idOf(DEMO.blocked.email),
    idOf(DEMO.door.email),
  ]);
  // Provider B: an approved provider (demo data) with documents and supervisors of its own.
  const found = (await db.execute(sql`
    select u.id from users u
    where u.role = 'serviceprovider' and u.status = '1' and u.id <> ${providerA}
      and exists (select 1 from provider_documents d where d.provider_id = u.id)
      and exists (select 1 from users s where s.provider_id = u.id)
    order by u.id limit 1`)) as unknown as { rows: { id: number }[] };
  if (!found.rows[0]) throw new Error('The demo data has no second provider with documents and supervisors');
  const providerB = Number(found.rows[0].id);
  const ids = { admin, manager, providerA, providerB, door, pending, blocked };
  const meta = { ip: '127.0.0.1', userAgent: 'security-tests' };
  const expiredConfig = {
    ...t.config,
    now: () => new Date(t.clock.now().getTime() - t.config.sessionAbsoluteMs - 60_000),
  };
  /** A fresh admin session for set-up calls (a password change in a case revokes older ones). */
  const adminToken = () => createSession(db, t.config, admin, meta);

  const token = async (caller: Caller) => {
    if (caller === 'anonymous') return null;
    if (caller === 'expired') return createSession(db, expiredConfig, admin, meta);
    return createSession(db, t.config, ids[caller], meta);
  };

  const adminGet = async (p: string) => {
    const res = await t.request('GET', p, { token: await adminToken() });
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${res.text}`);
    return res.body.data;
  };
  const countries = (await adminGet(
    '/api/master/listwithpagination?type=country&pageSize=100&sort=isoCode',
  )) as { items: Rec[] };
  const sa = countries.items.find((c) => c.isoCode === 'SA')!;
  const ae = countries.items.find((c) => c.isoCode === 'AE')!;
  const city = (
    (await adminGet(`/api/master/listwithpagination?type=city&countryId=${sa.id}&q=Riyadh`)) as {
      items: Rec[];
    }
  ).items[0]!;
  const category = ((await adminGet('/api/master/listwithpagination?type=category')) as { items: Rec[] })
    .items[0]!;
  const refs = await areaRefs(t, await adminToken(), city.id);
  const ownEvent = await refs.eventWithBookings((e) => e.providerId === providerA);
  if (!ownEvent) throw new Error('The demo data has no coming event of the demo provider with bookings');
  // The door caller: the demo door account (provider A's), assigned to the event acted on.
  await db.insert(eventSupervisors).values({ eventId: ownEvent.id, userId: door }).onConflictDoNothing();
  // One counter per resource from 0, so that samples stay unique where a fixture derives a short
  // code from n (country ISO codes: 78 distinct values).
  const counters: Record<string, number> = {};
  const fixtureCtx = (key = ''): FixtureCtx => ({
    countryId: sa.id,
    otherCountryId: ae.id,
    cityId: city.id,
    categoryId: category.id,
    providerId: providerA,
    locationId: refs.locationId,
    eventId: ownEvent.id,
    ownEventId: ownEvent.id,
    adImage: refs.adImage,
    privacyPageId: refs.privacyPageId,
    n: key ? (counters[key] = (counters[key] ?? -1) + 1) : nextN(),
  });

  const fixtureOf = (r: Resource) => FIXTURES[r.key as keyof typeof FIXTURES] as Fixture | undefined;
  const send = (e: AnyEndpoint, tokenValue: string, req: { id?: number; query?: object; body?: object }) => {
    const hasId = /:id\b/.test(e.path);
    const p = buildPath(e.path, hasId && req.id !== undefined ? { id: req.id } : undefined);
    const query = e.body ? {} : { ...req.query, ...(!hasId && req.id !== undefined ? { id: req.id } : {}) };
    const qs = new URLSearchParams(toQuery(query)).toString();
    const body = e.body
      ? { ...req.body, ...(!hasId && req.id !== undefined ? { id: req.id } : {}) }
      : undefined;
    return t.request(e.method, qs ? `${p}?${qs}` : p, { token: tokenValue, body });
  };

  const fresh = async (r: Resource): Promise<Rec> => {
    const fx = fixtureOf(r);
    if (!fx) throw new Error(`No fixture for resource ${r.key} in tests/server/resource-fixtures.ts`);
    // Provider A adds the masters acted on (a provider changes only the masters it added).
    const by = addedByOwner(r) ? (await token('providerA'))! : await adminToken();
    const res = await send(r.endpoints.create, by, {
      body: { ...r.fixed, ...fx.sample(fixtureCtx(r.key)) },
    });
    if (res.status !== 201) throw new Error(`creating ${r.key}: ${res.status} ${res.text}`);
    return res.body.data as Rec;
  };

  const made: Record<string, number> = {};
  const owned = (r: Resource) => Boolean(r.ownerOps?.length);
  const target = async (r: Resource): Promise<Rec> => {
    if (r.key === 'serviceprovider')
      return (await send(r.endpoints.get, await adminToken(), { id: providerA, query: r.fixed })).body
        .data as Rec;
    if (r.key === 'user')
      return (await send(r.endpoints.get, await adminToken(), { id: manager, query: r.fixed })).body
        .data as Rec;
    if (owned(r)) {
      const tokenA = (await token('providerA'))!;
      const list = await send(r.endpoints.list, tokenA, { query: { ...r.fixed, pageSize: 10 } });
      const first = (list.body.data?.items as Rec[] | undefined)?.[0];
      if (first) return first;
      return fresh(r);
    }
    // A record of its own, so that edits never move the masters the samples refer to.
    const id = (made[r.key] ??= (await fresh(r)).id);
    return (await send(r.endpoints.get, await adminToken(), { id, query: r.fixed })).body.data as Rec;
  };

  const freshDocument = async () => {
    const res = await t.request('POST', `/api/serviceprovider/${providerA}/documents`, {
      token: await adminToken(),
      body: pngForm('licence.png'),
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
    return res.body.data.id as number;
  };

  return { t, ids, token, fixtureCtx, target, fresh, freshDocument, adminToken };
};

/* ------------------------------------------------------------------ cases */

export interface CaseRequest {
  path: string;
  body?: unknown;
  /** Runs after the call (e.g. restore a changed password). */
  after?: () => Promise<void>;
}

export interface Case {
  /** `METHOD /path`, plus ` [resource op]` when several resources or operations share it. */
  key: string;
  endpoint: AnyEndpoint;
  /** Builds a valid request for `caller` (fresh targets where the call consumes them). */
  build(world: World, caller: Caller): Promise<CaseRequest>;
}

export const endpointKey = (e: AnyEndpoint) => `${e.method} ${e.path}`;

const withQuery = (p: string, query: Record<string, unknown>) => {
  const qs = new URLSearchParams(toQuery(query)).toString();
  return qs ? `${p}?${qs}` : p;
};

/** A request built from the endpoint's schemas alone, with `id` fields set to `id`. */
export const genericRequest = (e: AnyEndpoint, id: number | undefined): CaseRequest => {
  const hint = (p: string[]) => (id !== undefined && p[p.length - 1] === 'id' ? id : undefined);
  const params = e.params ? (sampleOf(e.params, hint) as Record<string, string | number>) : {};
  const query = e.query ? (sampleOf(e.query, hint) as Record<string, unknown>) : {};
  const p = withQuery(buildPath(e.path, params), query);
  if (e.multipart) return { path: p, body: pngForm() };
  return { path: p, body: e.body ? sampleOf(e.body, hint) : e.method === 'GET' ? undefined : {} };
};

/** The request of one resource operation (fixtures' samples and edits). */
const resourceRequest = async (
  w: World,
  r: Resource,
  op: EndpointOp | 'update',
  e: AnyEndpoint,
): Promise<CaseRequest> => {
  const fx = FIXTURES[r.key as keyof typeof FIXTURES] as Fixture | undefined;
  if (!fx) throw new Error(`No fixture for resource ${r.key} in tests/server/resource-fixtures.ts`);
  const hasId = /:id\b/.test(e.path);
  const place = (id: number | undefined, query: Record<string, unknown> = {}) =>
    withQuery(
      buildPath(e.path, hasId && id !== undefined ? { id } : undefined),
      e.body ? {} : { ...query, ...(!hasId && id !== undefined ? { id } : {}) },
    );
  switch (op) {
    case 'list':
    case 'options':
      return { path: place(undefined, r.fixed) };
    case 'export':
      return { path: place(undefined, {}) };
    case 'get':
      return { path: place((await w.target(r)).id, r.fixed) };
    case 'create':
      return { path: place(undefined), body: { ...r.fixed, ...fx.sample(w.fixtureCtx(r.key)) } };
    case 'update': {
      const rec = await w.target(r);
      const { body } = fx.edit(rec, w.fixtureCtx(r.key));
      return {
        path: place(rec.id),
        body: { ...r.fixed, ...body, ...(hasId ? {} : { id: rec.id }), version: rec.version },
      };
    }
    case 'remove': {
      const rec = await w.fresh(r);
      return { path: place(rec.id, r.fixed), body: e.body ? { ...r.fixed, id: rec.id } : undefined };
    }
  }
};

const resourceOf = (key: string) => resources.find((r) => r.key === key) as unknown as Resource;

/** A fresh event of provider A (made by admin as a draft), moved by admin to `status`. */
const eventIn = async (w: World, status: 'draft' | 'pending' | 'approved') => {
  const event = await w.fresh(resourceOf('event'));
  const moves = { draft: [], pending: ['pending'], approved: ['pending', 'approved'] }[status];
  for (const to of moves) {
    const res = await w.t.request('POST', '/api/event/update-status', {
      token: await w.adminToken(),
      body: { id: event.id, status: to },
    });
    if (res.status !== 200) throw new Error(`event ${event.id} → ${to}: ${res.status} ${res.text}`);
  }
  return event.id;
};

/** A booking of provider A's coming event. */
/** A message to the fixture event's guests (docs/decisions/0071-messages-reminders-and-unsubscribe.md). */
const guestMessageDraft = {
  audience: { statuses: ['confirmed'], payments: ['paid'], admitted: 'any' },
  subject: { en: 'Hello {name}', ar: 'مرحبًا {name}' },
  body: { en: '<p>See you at {start}.</p>', ar: '<p>نراك في {start}.</p>' },
};
const guestMessageOf = async (w: World) => {
  const [m] = await w.t.db.db
    .insert(guestMessages)
    .values({
      eventId: w.fixtureCtx().eventId!,
      audience: guestMessageDraft.audience as never,
      subject: guestMessageDraft.subject,
      body: guestMessageDraft.body,
      sendAt: w.t.clock.now(),
      state: 'queued',
      createdByName: { en: 'Admin', ar: 'المدير' },
      createdAt: w.t.clock.now(),
    })
    .returning();
  return m!.id;
};

const ownBooking = async (w: World) => {
  const res = await w.t.request('GET', `/api/booking?eventId=${w.fixtureCtx().eventId}&pageSize=10`, {
    token: await w.adminToken(),
  });
  const first = (res.body.data?.items as Rec[] | undefined)?.[0];
  if (!first) throw new Error(`no booking of event ${w.fixtureCtx().eventId}: ${res.status} ${res.text}`);
  return first.id;
};

/** A saved view of the bookings list owned by this caller (the admin's for callers without one). */
const ownView = async (w: World, caller: Caller) => {
  const userId = caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];
  const now = w.t.clock.now();
  const [row] = await w.t.db.db
    .insert(savedViews)
    .values({
      userId,
      resource: 'booking',
      name: `Sample view ${nextN()}`,
      state: { sort: 'total' },
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: savedViews.id, version: savedViews.version });
  return row!;
};

const adApproval = (path: string) => async (w: World) => ({
  path,
  body: { id: (await w.fresh(resourceOf('advertisement'))).id, status: 'approved' },
});

/* ------------------------------------------------------- two-factor sign-in */

/** The caller's own account (the admin's for callers without one). */
const ownId = (w: World, caller: Caller) =>
  caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];

/**
 * Gives the account a factor of a new secret (confirmed or being enrolled): its current code, and
 * the clean-up that takes it away after the call.
 */
const withFactor = async (w: World, userId: number, confirmed: boolean) => {
  const secret = newTotpSecret();
  const now = w.t.clock.now();
  const values = { secret, createdAt: now, confirmedAt: confirmed ? now : null, lastStep: null };
  await w.t.db.db
    .insert(totpFactors)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: totpFactors.userId, set: values });
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now.getTime() });
  return {
    code,
    after: async () => {
      await w.t.db.db.delete(totpFactors).where(eq(totpFactors.userId, userId));
    },
  };
};

const demoUserId = async (w: World, email: string) =>
  (await w.t.db.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

const challengeFor = (w: World, kind: 'two-factor' | 'enrol', userId: number) =>
  openChallenge(w.t.db.db, w.t.config, kind, userId, { ip: '127.0.0.1', userAgent: 'security-tests' });

/** The caller's own factor in the profile (no parameter names a user), cleaned up after each call. */
const ownFactorCode =
  (path: string, confirmed: boolean) =>
  async (w: World, caller: Caller): Promise<CaseRequest> => {
    const { code, after } = await withFactor(w, ownId(w, caller), confirmed);
    return { path, body: { code }, after };
  };

const twoFactorRequests: Record<string, (w: World, caller: Caller) => Promise<CaseRequest>> = {
  // The demo two-factor account's second step, with a recovery code of its own (each used once).
  'POST /api/login/2fa': async (w) => {
    const id = await demoUserId(w, DEMO.twofactor.email);
    const [code] = await renewRecoveryCodes(w.t.db.db, id, w.t.clock.now());
    return { path: '/api/login/2fa', body: { challenge: await challengeFor(w, 'two-factor', id), code } };
  },
  // An enrolment of the demo manager (a role made to enrol), taken away after the call.
  'POST /api/login/2fa/enrol': async (w) => ({
    path: '/api/login/2fa/enrol',
    body: { challenge: await challengeFor(w, 'enrol', w.ids.manager) },
    after: async () => {
      await w.t.db.db.delete(totpFactors).where(eq(totpFactors.userId, w.ids.manager));
    },
  }),
  'POST /api/profile/2fa/setup': async (w, caller) => ({
    path: '/api/profile/2fa/setup',
    after: async () => {
      await w.t.db.db.delete(totpFactors).where(eq(totpFactors.userId, ownId(w, caller)));
    },
  }),
  'POST /api/profile/2fa/confirm': ownFactorCode('/api/profile/2fa/confirm', false),
  'POST /api/profile/2fa/disable': ownFactorCode('/api/profile/2fa/disable', true),
  'POST /api/profile/2fa/recovery-codes': ownFactorCode('/api/profile/2fa/recovery-codes', true),
  // Another account's factor (the demo manager's): only admins reset it.
  'POST /api/user/:id/2fa/reset': async (w) => {
    const { after } = await withFactor(w, w.ids.manager, true);
    return { path: `/api/user/${w.ids.manager}/2fa/reset`, after };
  },
};

/**
 * Requests of the endpoints that are not resource operations, by endpoint key. An endpoint
 * without one here is called with `genericRequest` (its schemas' minimal valid input).
 */
export const extraRequests: Record<string, (w: World, caller: Caller) => Promise<CaseRequest>> = {
  'POST /api/login': async () => ({
    path: '/api/login',
    body: { email: DEMO.admin.email, password: DEMO_PASSWORD },
  }),
  'POST /api/sendEmailOTP': async () => ({
    path: '/api/sendEmailOTP',
    body: { email: `otp${nextN()}@test.example.com` },
  }),
  'POST /api/verifyEmailOTP': async () => ({
    path: '/api/verifyEmailOTP',
    body: { email: `otp${nextN()}@test.example.com`, otp: '123456' },
  }),
  'POST /api/register': async () => ({
    path: '/api/register',
    body: {
      name: 'Sample Provider',
      phone: '+966500000001',
      email: `reg${nextN()}@test.example.com`,
      password: 'Sample-Pass-2026!',
      otp: '123456',
    },
  }),
  // An address without an account: answered as one with an account (docs/decisions/0062-forgotten-password.md).
  'POST /api/password/forgot': async () => ({
    path: '/api/password/forgot',
    body: { email: `forgot${nextN()}@test.example.com` },
  }),
  'POST /api/password/reset': async () => ({
    path: '/api/password/reset',
    body: { email: `forgot${nextN()}@test.example.com`, code: '123456', newPassword: 'Sample-Pass-2026!' },
  }),
  'PUT /api/profile': async (w, caller) => {
    const id = caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];
    const [u] = await w.t.db.db.select().from(users).where(eq(users.id, id));
    return {
      path: '/api/profile',
      body: { name: u!.name, phone: u!.phone, version: u!.version },
    };
  },
  'POST /api/profile/password': async (w, caller) => {
    const id = caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];
    const [u] = await w.t.db.db.select().from(users).where(eq(users.id, id));
    return {
      path: '/api/profile/password',
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Changed-Pass-2026!' },
      after: async () => {
        await w.t.db.db.update(users).set({ passwordHash: u!.passwordHash }).where(eq(users.id, id));
      },
    };
  },
  // A session of the caller's own account, made for the case (another user's answers 404:
  // tests/server/profile-sessions.test.ts).
  'DELETE /api/profile/sessions/:id': async (w, caller) => {
    const id = caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];
    const token = await createSession(w.t.db.db, w.t.config, id, {
      ip: '127.0.0.1',
      userAgent: 'security-tests',
    });
    const [row] = await w.t.db.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    return { path: `/api/profile/sessions/${row!.id}` };
  },
  ...twoFactorRequests,
  'GET /api/master/city': async (w) => ({ path: `/api/master/city?countryId=${w.fixtureCtx().countryId}` }),
  'GET /api/service-provider-details': async (w) => ({
    path: `/api/service-provider-details?id=${w.ids.providerA}`,
  }),
  'POST /api/serviceprovider/approve': async (w) => ({
    path: '/api/serviceprovider/approve',
    body: { id: w.ids.providerA, status: '1' },
  }),
  'POST /api/serviceprovider/:id/documents': async (w) => ({
    path: `/api/serviceprovider/${w.ids.providerA}/documents`,
    body: pngForm('licence.png'),
  }),
  'POST /api/serviceprovider/removeDocuments': async (w) => ({
    path: '/api/serviceprovider/removeDocuments',
    body: { ids: [await w.freshDocument()] },
  }),
  'GET /api/serviceprovider/documents/:id': async (w) => {
    const [doc] = await w.t.db.db
      .select({ id: providerDocuments.id })
      .from(providerDocuments)
      .where(eq(providerDocuments.providerId, w.ids.providerA))
      .limit(1);
    return { path: `/api/serviceprovider/documents/${doc?.id ?? (await w.freshDocument())}` };
  },
  'POST /api/users/approve/': async (w) => ({
    path: '/api/users/approve/',
    body: { id: (await w.target(resourceOf('supervisor'))).id, status: '1' },
  }),
  'GET /api/event/get-details/:id': async (w) => ({
    path: `/api/event/get-details/${w.fixtureCtx().eventId}`,
  }),
  'GET /api/event/calendar': async () => ({ path: '/api/event/calendar?from=2026-11-01&to=2026-12-12' }),
  'GET /api/event/guests-to-tell/:id': async (w) => ({
    path: `/api/event/guests-to-tell/${w.fixtureCtx().eventId}`,
  }),
  'POST /api/event/:id/messages': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/messages`,
    body: guestMessageDraft,
  }),
  'GET /api/event/:id/messages': async (w) => ({ path: `/api/event/${w.fixtureCtx().eventId}/messages` }),
  'POST /api/event/:id/messages/preview': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/messages/preview`,
    body: guestMessageDraft,
  }),
  'GET /api/event/:id/messages/:messageId': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/messages/${await guestMessageOf(w)}`,
  }),
  'POST /api/event/:id/messages/:messageId/retry': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/messages/${await guestMessageOf(w)}/retry`,
  }),
  'GET /api/event/:id/reminder': async (w) => ({ path: `/api/event/${w.fixtureCtx().eventId}/reminder` }),
  'PUT /api/event/:id/reminder': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/reminder`,
    body: { hours: 24 },
  }),
  'POST /api/event/update-status': async (w) => ({
    path: '/api/event/update-status',
    body: { id: await eventIn(w, 'draft'), status: 'pending' },
  }),
  'POST /api/event/approve': async (w) => ({
    path: '/api/event/approve',
    body: { id: await eventIn(w, 'pending'), status: 'approved' },
  }),
  'POST /api/event/update-featured': async (w) => ({
    path: '/api/event/update-featured',
    body: { id: await eventIn(w, 'approved'), featured: true },
  }),
  'POST /api/event/specialist': async (w) => ({
    path: '/api/event/specialist',
    body: {
      action: 'add',
      eventId: w.fixtureCtx().eventId,
      name: { en: 'Sample Specialist', ar: 'مختص تجريبي' },
      role: { en: 'Host', ar: 'مقدم' },
    },
  }),
  'POST /api/adsApprove': adApproval('/api/adsApprove'),
  'POST /api/advertisement/adsApprove': adApproval('/api/advertisement/adsApprove'),
  'GET /api/booking/details/:id': async (w) => ({ path: `/api/booking/details/${await ownBooking(w)}` }),
  'GET /api/booking/mails/:id': async (w) => ({ path: `/api/booking/mails/${await ownBooking(w)}` }),
  'POST /api/booking/update-status': async (w) => ({
    path: '/api/booking/update-status',
    body: { id: (await w.fresh(resourceOf('booking'))).id, paymentStatus: 'paid' },
  }),
  'GET /api/event/:id/door': async (w) => ({ path: `/api/event/${w.fixtureCtx().eventId}/door` }),
  'GET /api/event/:id/dashboard': async (w) => ({ path: `/api/event/${w.fixtureCtx().eventId}/dashboard` }),
  'POST /api/booking/admit': async (w) => ({
    path: '/api/booking/admit',
    body: {
      bookingId: await ownBooking(w),
      eventId: w.fixtureCtx().eventId,
      count: 1,
      deviceId: `matrix-device-${nextN()}`,
      deviceName: 'Gate M',
      at: w.t.clock.now().toISOString(),
    },
  }),
  'POST /api/event/:id/leases': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/leases`,
    body: { seats: 1, deviceId: `matrix-device-${nextN()}` },
  }),
  'GET /api/event/:id/leases': async (w) => ({ path: `/api/event/${w.fixtureCtx().eventId}/leases` }),
  // The caller's own lease: a lease is its taker's
  // (docs/decisions/0059-door-list-accounts-and-leases.md).
  'DELETE /api/event/:id/leases/:leaseId': async (w, caller) => {
    const eventId = w.fixtureCtx().eventId!;
    const [event] = await w.t.db.db.select().from(events).where(eq(events.id, eventId));
    const now = w.t.clock.now();
    const [lease] = await w.t.db.db
      .insert(seatLeases)
      .values({
        eventId,
        userId: caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller],
        deviceId: `matrix-device-${nextN()}`,
        seats: 1,
        createdAt: now,
        expiresAt: event!.endsAt,
      })
      .returning();
    return { path: `/api/event/${eventId}/leases/${lease!.id}` };
  },
  'GET /api/event/:id/door-accounts': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/door-accounts`,
  }),
  // The demo door account (provider A's) stays assigned: every caller allowed may change it.
  'PUT /api/event/:id/door-accounts': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/door-accounts`,
    body: { userIds: [w.ids.door] },
  }),
  'POST /api/event/:id/door-sales': async (w) => ({
    path: `/api/event/${w.fixtureCtx().eventId}/door-sales`,
    body: {
      customerName: 'Door Buyer',
      customerPhone: `+9665${String(10_000_000 + nextN()).slice(-8)}`,
      tickets: 1,
      payment: 'cash',
      deviceId: `matrix-device-${nextN()}`,
      at: w.t.clock.now().toISOString(),
    },
  }),
  'GET /api/search': async () => ({ path: '/api/search?q=Summit' }),
  'GET /api/views': async () => ({ path: '/api/views?resource=booking' }),
  'POST /api/views': async () => ({
    path: '/api/views',
    body: { resource: 'booking', name: `Sample view ${nextN()}`, state: { sort: 'total', filters: {} } },
  }),
  'PUT /api/views/:id': async (w, caller) => {
    const view = await ownView(w, caller);
    return { path: `/api/views/${view.id}`, body: { name: `Renamed ${nextN()}`, version: view.version } };
  },
  'DELETE /api/views/:id': async (w, caller) => ({ path: `/api/views/${(await ownView(w, caller)).id}` }),
  'GET /api/audit': async () => ({ path: '/api/audit?resource=event&pageSize=5' }),
  'GET /api/audit/export': async () => ({ path: '/api/audit/export?action=update' }),
  'POST /api/audit/:id/restore': async (w) => {
    // A fresh category removed (a delete entry): the restore puts it back.
    const { id } = await w.fresh(resourceOf('category'));
    await w.t.db.db.delete(categories).where(eq(categories.id, id));
    const [entry] = await w.t.db.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.tableName, 'categories'),
          eq(auditLog.recordId, String(id)),
          eq(auditLog.action, 'delete'),
        ),
      );
    return { path: `/api/audit/${entry!.id}/restore`, body: {} };
  },
  'POST /sendNotification': async (w) => ({
    path: '/sendNotification',
    body: { id: (await w.fresh(resourceOf('notification'))).id },
  }),
  'POST /api/notification/audience': async () => ({
    path: '/api/notification/audience',
    body: { audienceType: 'roles', audienceRoles: ['admin'] },
  }),
  'GET /api/notification/:id/recipients': async (w) => ({
    path: `/api/notification/${(await w.fresh(resourceOf('notification'))).id}/recipients`,
  }),
  'POST /get-token': async () => ({
    path: '/get-token',
    body: {
      // an allowed push service (server/notifications/push-hosts.ts); these suites configure no push, so nothing is sent
      endpoint: `https://fcm.googleapis.com/fcm/send/test-${nextN()}`,
      keys: {
        p256dh: 'BIPUL12DLfytvTajnryr2PRdAgXS3HGKiLqndGcJGabyhHheJYlNGCeXl1dn18gSJ1WAkAPIxr4gK0_dQds4yiI',
        auth: 'FPssNDTKnInHVndSTdbKFw',
      },
    },
  }),
  'DELETE /get-token': async () => ({
    path: `/get-token?endpoint=${encodeURIComponent('https://push.invalid/send/none')}`,
  }),
  'POST /api/notification/inbox/read': async () => ({
    path: '/api/notification/inbox/read',
    body: { all: true },
  }),
  'PUT /api/notification/settings': async () => ({
    path: '/api/notification/settings',
    body: { muted: ['booking_cancelled'] },
  }),
  'POST /api/users/approve': async (w) => {
    // An active staff account that is none of the callers: approving it again changes nothing.
    const [u] = await w.t.db.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, '1'), ne(users.id, w.ids.admin)))
      .limit(1);
    return { path: '/api/users/approve', body: { id: u?.id ?? w.ids.manager, status: '1' } };
  },
};

/**
 * Resend and revoke of an invitation (docs/decisions/0063-invitations.md): an account of the area
 * added for the case (provider A's supervisor), invited and pending.
 */
const invitationRequests = Object.fromEntries(
  INVITABLE_KEYS.flatMap((key) =>
    ['POST', 'DELETE'].map((method) => [
      `${method} /api/${key}/:id/invitation`,
      async (w: World) => ({ path: `/api/${key}/${(await w.fresh(resourceOf(key))).id}/invitation` }),
    ]),
  ),
) as Record<string, (w: World, caller: Caller) => Promise<CaseRequest>>;

/**
 * Bulk requests: the resource's delete (or its status move) on a row that does not exist, refused
 * inside the job; the job answer of the caller's own job.
 */
const bulkRequests = Object.fromEntries(
  Object.entries(bulkEndpoints).map(([key, e]) => [
    endpointKey(e!),
    async () => ({
      path: e!.path,
      body: {
        ids: [2_000_000_000],
        ...(key === 'booking'
          ? { action: 'status', params: { paymentStatus: 'paid' } }
          : key === 'user'
            ? { action: 'status', params: { status: '1' } }
            : { action: 'delete', params: {} }),
      },
    }),
  ]),
) as Record<string, (w: World, caller: Caller) => Promise<CaseRequest>>;

/** Import requests (docs/decisions/0073-import-from-files.md): a dry run of a file that holds its header alone. */
const importRequests = Object.fromEntries(
  Object.values(importEndpoints).map((e) => [
    endpointKey(e!),
    async () => {
      const body = new FormData();
      body.append('file', new Blob(['Name (English),Name (Arabic)\r\n'], { type: 'text/csv' }), 'empty.csv');
      return { path: e!.path, body };
    },
  ]),
) as Record<string, (w: World, caller: Caller) => Promise<CaseRequest>>;

Object.assign(extraRequests, bulkRequests, importRequests, passkeyRequests, invitationRequests, {
  'GET /api/bulk/:id': async (w: World, caller: Caller) => {
    const own = caller === 'anonymous' || caller === 'expired' ? null : await w.token(caller);
    const res = await w.t.request('POST', '/api/booking/bulk', {
      token: own ?? (await w.adminToken()),
      body: { ids: [2_000_000_000], action: 'status', params: { paymentStatus: 'paid' } },
    });
    return { path: `/api/bulk/${(res.body.data?.id as number | undefined) ?? 2_000_000_000}` };
  },
  // Undo (docs/decisions/0034-undo-tokens-minted-by-the-server.md): the token the server minted for
  // provider A's own payment move, just made: provider A undoes it, every other caller gets 404.
  'POST /api/undo': async (w: World) => {
    const moved = await w.t.request('POST', '/api/booking/update-status', {
      token: (await w.token('providerA'))!,
      body: { id: (await w.fresh(resourceOf('booking'))).id, paymentStatus: 'paid' },
    });
    if (typeof moved.body.undo !== 'string') throw new Error(`no undo token: ${moved.status} ${moved.text}`);
    return { path: '/api/undo', body: { token: moved.body.undo } };
  },
});

/** Every routed endpoint of `app` as request cases (one per resource operation on shared paths). */
export const casesOf = (endpoints: AnyEndpoint[]): Case[] => {
  const byEndpoint = new Map(resourceRoutes.map((r) => [r.endpoint, r]));
  const out: Case[] = [];
  for (const e of endpoints) {
    const key = endpointKey(e);
    const rr = byEndpoint.get(e);
    if (!rr) {
      const extra = extraRequests[key];
      out.push({
        key,
        endpoint: e,
        build: extra ?? (async () => genericRequest(e, undefined)),
      });
      continue;
    }
    const shared = rr.targets.length > 1;
    for (const { resource, op } of rr.targets) {
      const r = resource;
      const ops: (EndpointOp | 'update')[] = r.saveShared && op === 'create' ? ['create', 'update'] : [op];
      for (const o of ops)
        out.push({
          key: shared || ops.length > 1 ? `${key} [${r.key} ${o}]` : key,
          endpoint: e,
          build: (w) => resourceRequest(w, r, o, e),
        });
    }
  }
  return out;
};

/** The cases of every endpoint the app routes. */
export const allCases = (t: TestServer) => casesOf(registeredEndpoints(t.app));

/** A caller the matrix lets through (admin where it may), so that a refusal comes from the input. */
export const callerOf = (c: Case): Caller =>
  (['admin', 'manager', 'providerA'] as const).find((k) => MATRIX[c.key]?.[k] === '2xx') ?? 'admin';

/** Sends a case's request as `caller`. */
export const call = async (
  w: World,
  c: Case,
  caller: Caller,
): Promise<{ res: TestResponse; req: CaseRequest }> => {
  const req = await c.build(w, caller);
  const token = await w.token(caller);
  const res = await w.t.request(c.endpoint.method, req.path, {
    token: token ?? undefined,
    body: req.body,
  });
  return { res, req };
};

/* ------------------------------------------------------------ secret scan */

/** Columns whose values must never appear in an answer (by name, in any table, now or later). */
const SECRET_COLUMN = /password_hash|token_hash|code_hash|secret|p256dh|^auth$|auth_key|private_key/i;

/**
 * The enrolments of a second factor hand the caller the secret of their own new factor (its `secret`
 * and the `otpauth://` URI that holds it): the one answer that may carry a TOTP secret
 * (docs/security.md, "Two-factor sign-in"). Those two fields of those answers are left out of the
 * scan; the rest of the answer, and every other answer, is scanned.
 */
const ENROLMENTS = new Set(['POST /api/profile/2fa/setup', 'POST /api/login/2fa/enrol']);

/** An answer as the secret scan reads it (see ENROLMENTS). */
export const scannedAnswer = (endpoint: AnyEndpoint, text: string) => {
  if (!ENROLMENTS.has(endpointKey(endpoint))) return text;
  try {
    const answer = JSON.parse(text) as { data?: Record<string, unknown> };
    if (answer.data && typeof answer.data === 'object') {
      delete answer.data.secret;
      delete answer.data.uri;
    }
    return JSON.stringify(answer);
  } catch {
    return text;
  }
};

/**
 * Checks recorded answers (headers and bodies) against every secret value in the database (password
 * hashes, session token hashes, OTP hashes and their parts, push subscription keys), the OTP codes
 * and the invitation links' tokens mailed so far. Returns the findings (empty when clean).
 */
export const scanForSecrets = async (t: TestServer, answers: string[]) => {
  const cols = (await t.db.db.execute(
    sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`,
  )) as unknown as { rows: { t: string; c: string }[] };
  const secrets = new Set<string>();
  for (const { t: table, c } of cols.rows.filter((r) => SECRET_COLUMN.test(r.c))) {
    const res = (await t.db.db.execute(
      sql.raw(`select "${c}"::text as v from "${table}" where "${c}" is not null`),
    )) as unknown as { rows: { v: string }[] };
    for (const { v } of res.rows) {
      secrets.add(v);
      // salted hashes: every part long enough to be meaningful on its own
      for (const part of v.split('$')) if (part.length >= 16) secrets.add(part);
    }
  }
  const codes = new Set(
    t.smtp.messages.flatMap((m) => [...`${m.subject}\n${m.text}`.matchAll(/\b(\d{6})\b/g)].map((x) => x[1]!)),
  );
  // The tokens of the invitation links mailed so far (docs/decisions/0063-invitations.md).
  for (const m of t.smtp.messages)
    for (const [, link] of m.text.matchAll(/[?&]token=([A-Za-z0-9_-]{16,})/g)) secrets.add(link!);
  const findings: string[] = [];
  const scrypt = /scrypt\$\d+\$\d+\$\d+\$/;
  // Linear in the answers' size (tens of thousands of answers and secrets after fuzzing): every run
  // of token characters (hashes, salts, keys: base64, base64url, hex; split at "$", quotes, commas…)
  // is looked up in the set of secrets, every 6-digit number in the set of mailed codes.
  for (const text of answers) {
    for (const run of text.match(/[A-Za-z0-9+/=_-]{16,}/g) ?? [])
      if (secrets.has(run)) findings.push(`secret ${run.slice(0, 12)}… in ${text.slice(0, 120)}`);
    for (const code of text.match(/(?<![0-9])[0-9]{6}(?![0-9])/g) ?? [])
      if (codes.has(code)) findings.push(`OTP code ${code} in ${text.slice(0, 120)}`);
    if (scrypt.test(text)) findings.push(`scrypt hash in ${text.slice(0, 120)}`);
  }
  return { findings, secretCount: secrets.size, codeCount: codes.size };
};
