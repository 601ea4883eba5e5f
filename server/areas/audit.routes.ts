/**
 * The audit trail's endpoints (docs/decisions/0017-audit-trail.md): the entries a caller may see,
 * newest first with a cursor, as CSV, and an admin's restore (server/resources/restore.ts).
 */
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { auditApi, type AuditEntryRecord } from '../../src/contract/areas/audit';
import type { Language } from '../../src/contract/common';
import { restorableOf, restoreEntry, type Restorable } from '../resources/restore';
import type { AuthInfo } from '../auth/sessions';
import { auditLog } from '../db/schema';
import { smsg } from '../core/messages';
import { addDays, startOfDay } from '../core/time';
import { route, routeFile } from '../http/route';
import { csvText } from '../../src/contract/csv';
import { csvResponse } from '../http/csv';
import type { App } from '../http/types';
import { forwardRulesOf } from '../resources/forward-rules';
import type { ResourceImpls } from '../resources/impl';
import type { Executor } from '../db/client';
import { rowCtx } from '../resources/row-actions';

type Row = typeof auditLog.$inferSelect;
type Filters = {
  resource?: string;
  recordId?: string;
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
  tz?: string;
};

const EXPORT_MAX = 10_000;
/** What a supervisor (role manager) manages: events, their bookings and advertisements. */
const MANAGED = ['event', 'booking', 'advertisement'];

/**
 * Which entries the caller may see: admins all; a supervisor its provider's events, bookings and
 * advertisements (a platform manager, with no provider, every one of these); a service provider
 * its own records' entries, which include its supervisors' accounts (`provider_id`).
 */
const visibility = (auth: AuthInfo): SQL | undefined | false => {
  const { role, id, providerId } = auth.user;
  if (role === 'admin') return undefined;
  if (role === 'serviceprovider') return eq(auditLog.providerId, id);
  if (role === 'manager')
    return and(
      inArray(auditLog.resource, MANAGED),
      providerId === null ? undefined : eq(auditLog.providerId, providerId),
    );
  return false;
};

const whereOf = (auth: AuthInfo, f: Filters, cursor?: string): SQL | undefined | false => {
  const seen = visibility(auth);
  if (seen === false) return false;
  return and(
    seen,
    f.resource ? eq(auditLog.resource, f.resource) : undefined,
    f.recordId ? eq(auditLog.recordId, f.recordId) : undefined,
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    // Days on the viewer's clock when the app names it (`tz`), else UTC (ADR 0031).
    f.from ? gte(auditLog.at, startOfDay(f.from, f.tz ?? 'UTC')) : undefined,
    f.to ? lt(auditLog.at, startOfDay(addDays(f.to, 1), f.tz ?? 'UTC')) : undefined,
    cursor ? lt(auditLog.id, Number(cursor)) : undefined,
  );
};

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const camelKeys = (values: Record<string, unknown> | null) =>
  values && Object.fromEntries(Object.entries(values).map(([k, v]) => [camel(k), v]));

const restorable = (row: Row, admin: boolean, tablesOf: Restorable) =>
  admin &&
  (row.action === 'update' || row.action === 'delete') &&
  row.tableName !== null &&
  tablesOf.has(row.tableName) &&
  row.fields.some((f) => f !== 'password');

type Names = Map<string, { en: string; ar: string }>;
const nameKey = (resource: string, id: string) => `${resource}:${id}`;

/**
 * The names, as they are now, of the records the entries are about: one query per area, by the
 * column that names its records (`columns.name`, or `columns.code`); none for an area without one.
 */
const namesOf = async (db: Executor, impls: ResourceImpls, rows: readonly Row[]): Promise<Names> => {
  const ids = new Map<string, Set<number>>();
  for (const row of rows) {
    const id = Number(row.recordId);
    if (row.recordId === null || !Number.isSafeInteger(id)) continue;
    ids.set(row.resource, (ids.get(row.resource) ?? new Set()).add(id));
  }
  const names: Names = new Map();
  await Promise.all(
    [...ids].map(async ([resource, set]) => {
      const impl = impls[resource];
      const column = impl?.columns.name ?? impl?.columns.code;
      if (!impl || !column) return;
      const found = await db
        .select({ id: impl.columns.id, name: sql<unknown>`${column}` })
        .from(impl.table)
        .where(inArray(impl.columns.id, [...set]));
      for (const { id, name } of found)
        names.set(
          nameKey(resource, String(id)),
          typeof name === 'string' ? { en: name, ar: name } : (name as { en: string; ar: string }),
        );
    }),
  );
  return names;
};

const toAuditEntry = (row: Row, admin: boolean, tablesOf: Restorable, names: Names): AuditEntryRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  actor:
    row.actorId === null
      ? null
      : { id: row.actorId, name: row.actorName ?? null, role: row.actorRole ?? null },
  actingFor: row.actingFor,
  action: row.action as AuditEntryRecord['action'],
  resource: row.resource as AuditEntryRecord['resource'],
  recordId: row.recordId,
  recordName: (row.recordId !== null && names.get(nameKey(row.resource, row.recordId))) || null,
  table: row.tableName,
  operation: row.operation,
  fields: row.fields.map(camel),
  before: camelKeys(row.before ?? null),
  after: camelKeys(row.after ?? null),
  restoreOf: row.restoreOf,
  requestId: row.requestId,
  // Where a staff member was and which browser it used are for admins only (docs/security.md,
  // "Audit trail"): a provider or supervisor reading its records' History gets null.
  ip: admin ? row.ip : null,
  userAgent: admin ? row.userAgent : null,
  deviceAt: row.deviceAt?.toISOString() ?? null,
  detail: row.detail ?? null,
  restorable: restorable(row, admin, tablesOf),
});

/* --------------------------------------------------------------------- CSV */

const CSV_HEADERS: Array<{ en: string; ar: string }> = [
  { en: 'Time', ar: 'الوقت' },
  { en: 'Actor ID', ar: 'معرّف المنفّذ' },
  { en: 'Actor', ar: 'المنفّذ' },
  { en: 'Role', ar: 'الدور' },
  { en: 'Action', ar: 'الإجراء' },
  { en: 'Resource', ar: 'المورد' },
  { en: 'Record', ar: 'السجل' },
  { en: 'Record name', ar: 'اسم السجل' },
  { en: 'Fields', ar: 'الحقول' },
  { en: 'Before', ar: 'قبل' },
  { en: 'After', ar: 'بعد' },
  { en: 'IP', ar: 'عنوان IP' },
  { en: 'Device time', ar: 'وقت الجهاز' },
  { en: 'Request', ar: 'الطلب' },
];

const csvRow = (e: AuditEntryRecord, lang: Language) => [
  e.at,
  e.actor?.id,
  e.actor?.name?.[lang] ?? null,
  e.actor?.role,
  e.action,
  e.resource,
  e.recordId,
  e.recordName?.[lang] ?? null,
  e.fields.join(' '),
  e.before ? JSON.stringify(e.before) : null,
  e.after ? JSON.stringify(e.after) : null,
  e.ip,
  e.deviceAt,
  e.requestId,
];

/* ------------------------------------------------------------------ routes */

export const registerAuditRoutes = (app: App, impls: ResourceImpls) => {
  const tablesOf = restorableOf(impls);
  routeFile(app, auditApi.auditExport, async ({ deps, query, requireAuth, lang }) => {
    const auth = requireAuth();
    const where = whereOf(auth, query);
    const rows =
      where === false
        ? []
        : await deps.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(EXPORT_MAX);
    const admin = auth.user.role === 'admin';
    const names = await namesOf(deps.db, impls, rows);
    const text = csvText([
      CSV_HEADERS.map((h) => h[lang]),
      ...rows.map((r) => csvRow(toAuditEntry(r, admin, tablesOf, names), lang)),
    ]);
    return csvResponse(text, 'audit', deps.config.now());
  });

  route(app, auditApi.auditList, async ({ deps, query, requireAuth }) => {
    const auth = requireAuth();
    const where = whereOf(auth, query, query.cursor);
    const rows =
      where === false
        ? []
        : await deps.db
            .select()
            .from(auditLog)
            .where(where)
            .orderBy(desc(auditLog.id))
            .limit(query.pageSize + 1);
    const more = rows.length > query.pageSize;
    const page = more ? rows.slice(0, query.pageSize) : rows;
    const admin = auth.user.role === 'admin';
    const names = await namesOf(deps.db, impls, page);
    return {
      message: smsg('loaded'),
      data: {
        items: page.map((r) => toAuditEntry(r, admin, tablesOf, names)),
        nextCursor: more ? String(page[page.length - 1]!.id) : null,
      },
    };
  });

  route(app, auditApi.auditRestore, async ({ deps, params, body, audit, requireAuth, lang }) => {
    const rulesOf = forwardRulesOf(impls, rowCtx(deps, requireAuth(), lang));
    const restored = await restoreEntry(
      deps,
      audit,
      params.id,
      body.version,
      (entry) => rulesOf(entry.resource),
      tablesOf,
    );
    return { message: smsg('restored'), data: restored };
  });
};
