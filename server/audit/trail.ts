/**
 * The audit trail (docs/decisions/0017-audit-trail.md).
 *
 * Row changes of the business tables are recorded by triggers (migration 0011) in the writing
 * transaction, so no write path can forget its entry and a rolled-back write leaves none. The
 * triggers read who is writing from settings local to the transaction (`ebo.*`), which
 * `setAuditContext` sets: `route()` does it for every signed-in write, which it runs in one
 * transaction (server/http/route.ts). Events that change no row (sign-in, sign-out, a
 * notification's send) are appended with `appendAudit`, the one function other code calls to add
 * an entry of its own.
 *
 * The entry (`AuditEntry`, table `audit_log`):
 * - `action`: create | update | delete | restore (row triggers), or an explicit action;
 * - `resource` + `recordId`: the area key and id of the record's details screen (a child row, such as
 *   an event's specialist, names its parent; `tableName` says which table changed);
 * - `fields`: the changed fields (update) or every recorded field (create, delete); `before` and
 *   `after` hold their values in database column names (snake_case), the whole row for a delete's
 *   `before` and a create's `after`. Never recorded: `password_hash` (a password change lists the
 *   field `password` with no values), `version`, `updated_at`; session, OTP, token and push tables
 *   have no trigger at all;
 * - `actor*`: who (null: the system: the scheduler, the seed), `actingFor` a supervisor's provider;
 * - `at` (the server's clock), `deviceAt` (an offline replay's `Device-Time`), `requestId`, `ip`,
 *   `userAgent`, `operation` (the endpoint);
 * - `providerId` / `eventId`: whose record it is, for the visibility rules of GET /api/audit.
 */
import { randomUUID } from 'node:crypto';
import { lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Localized } from '../../src/contract/common';
import type { AuthInfo } from '../auth/sessions';
import { valueOf, type Slots } from '../db/prebuilt';
import type { Db, Executor } from '../db/client';
import { auditLog } from '../db/schema';

/** Who writes, from where, in which request: what the row triggers stamp on their entries. */
export interface AuditContext {
  at: Date;
  actorId: number | null;
  actorName: Localized | null;
  actorRole: string | null;
  actingFor: number | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  deviceAt: Date | null;
  operation: string | null;
  /** Set by a restore: its entries say `restore` and name the entry they put back. */
  action?: 'restore';
  restoreOf?: number;
}

/** A stored entry (the shape is documented at the top of this file). @public */
export type AuditEntry = typeof auditLog.$inferSelect;

/** An offline replay's device time is believed only within this window before the server's clock. */
const DEVICE_TIME_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The `Device-Time` header of an offline replay: an ISO time, not after now, at most 30 days old. */
const deviceTimeOf = (header: string | undefined, now: Date): Date | null => {
  if (!header || header.length > 40) return null;
  const at = new Date(header);
  const t = at.getTime();
  if (Number.isNaN(t) || t > now.getTime() + 60_000 || t < now.getTime() - DEVICE_TIME_WINDOW_MS) return null;
  return at;
};

/** The audit context of a request (`auth` null: a public endpoint, no actor yet). */
export const requestAuditContext = (
  c: Context,
  auth: AuthInfo | null,
  ip: string,
  now: Date,
  operation: string,
): AuditContext => ({
  at: now,
  actorId: auth?.user.id ?? null,
  actorName: auth?.user.name ?? null,
  actorRole: auth?.user.role ?? null,
  actingFor: auth?.user.providerId ?? null,
  // Minted here for every request, never taken from the client: it names the request's entries,
  // and an undoable write's undo token is this id (docs/decisions/0034-undo-tokens-minted-by-the-server.md).
  requestId: randomUUID(),
  ip,
  userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
  deviceAt: deviceTimeOf(c.req.header('device-time'), now),
  operation,
});

const text = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** The settings the triggers read, each with its value in a context. */
const SETTINGS: [string, (ctx: AuditContext) => unknown][] = [
  ['ebo.at', (ctx) => ctx.at.toISOString()],
  ['ebo.actor_id', (ctx) => ctx.actorId],
  ['ebo.actor_name', (ctx) => ctx.actorName],
  ['ebo.actor_role', (ctx) => ctx.actorRole],
  ['ebo.acting_for', (ctx) => ctx.actingFor],
  ['ebo.request_id', (ctx) => ctx.requestId],
  ['ebo.ip', (ctx) => ctx.ip],
  ['ebo.user_agent', (ctx) => ctx.userAgent],
  ['ebo.device_at', (ctx) => ctx.deviceAt?.toISOString()],
  ['ebo.operation', (ctx) => ctx.operation],
  ['ebo.action', (ctx) => ctx.action],
  ['ebo.restore_of', (ctx) => ctx.restoreOf],
];

/**
 * One SQL expression that sets the context for the triggers, local to the current transaction: a
 * statement that selects it sets it (several requests' writes committed together set each one's
 * before its own writes, docs/decisions/0077-admissions-committed-together.md). Given `Slots`, each
 * value is a placeholder of a statement built once (server/db/prebuilt.ts).
 */
export const auditContextSql = (ctx: AuditContext | Slots<AuditContext>): SQL =>
  sql`concat(${sql.join(
    SETTINGS.map(([name, get]) => sql`set_config(${name}, ${valueOf(ctx, (c) => text(get(c)))}, true)`),
    sql`, `,
  )})`;

/** Sets the context for the triggers, local to the current transaction of `db` (one statement). */
export const setAuditContext = async (db: Executor, ctx: AuditContext) => {
  await db.execute(sql`select ${auditContextSql(ctx)}`);
};

/** Runs `work` in a transaction whose writes are recorded with `ctx`. */
export const withAuditContext = <T>(db: Db, ctx: AuditContext, work: (tx: Db) => Promise<T>) =>
  db.transaction(async (tx) => {
    await setAuditContext(tx, ctx);
    return work(tx as unknown as Db);
  });

/** A lone UTF-16 surrogate: JSON can carry it, PostgreSQL's json cannot (`\ud800` is refused). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `detail` as the json column takes it: a lone surrogate of what a client sent becomes U+FFFD. */
const storable = (detail: Record<string, unknown>) =>
  JSON.parse(
    JSON.stringify(detail, (_key, value: unknown) =>
      typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value,
    ),
  ) as Record<string, unknown>;

/** What an explicit entry says (an event that changes no row). */
export interface ExplicitEntry {
  action: string;
  resource: string;
  recordId?: string | number | null;
  providerId?: number | null;
  eventId?: number | null;
  detail?: Record<string, unknown> | null;
  /** Overrides of the context (a failed sign-in has no actor, but names the e-mail in `detail`). */
  actorId?: number | null;
  actorName?: Localized | null;
  actorRole?: string | null;
  at?: Date;
}

/** An explicit entry's row: the entry over its context (to write it within a larger statement). */
export const auditRow = (ctx: AuditContext | null, entry: ExplicitEntry): typeof auditLog.$inferInsert => ({
  at: entry.at ?? ctx?.at ?? new Date(),
  actorId: entry.actorId !== undefined ? entry.actorId : (ctx?.actorId ?? null),
  actorName: entry.actorName !== undefined ? entry.actorName : (ctx?.actorName ?? null),
  actorRole: entry.actorRole !== undefined ? entry.actorRole : (ctx?.actorRole ?? null),
  actingFor: ctx?.actingFor ?? null,
  action: entry.action,
  resource: entry.resource,
  recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
  operation: ctx?.operation ?? null,
  providerId: entry.providerId ?? null,
  eventId: entry.eventId ?? null,
  requestId: ctx?.requestId ?? null,
  ip: ctx?.ip ?? null,
  userAgent: ctx?.userAgent ?? null,
  deviceAt: ctx?.deviceAt ?? null,
  detail: entry.detail ? storable(entry.detail) : null,
});

/** An explicit entry (an event that changes no row); in `db`'s transaction when it is one. */
export const appendAudit = async (db: Executor, ctx: AuditContext | null, entry: ExplicitEntry) => {
  await db.insert(auditLog).values(auditRow(ctx, entry));
};

/**
 * The resource of a user's entries, as the row trigger names it (by role): a door account (role
 * `door`) is a `user`, with its provider's id when it has one (`providerOfUser`), so its provider
 * reads its entries (docs/decisions/0055-the-door.md).
 */
export const resourceOfUser = (user: { role: string }) =>
  user.role === 'serviceprovider' ? 'serviceprovider' : user.role === 'manager' ? 'supervisor' : 'user';

/** The provider a user's entries belong to (a provider itself, a supervisor's provider). */
export const providerOfUser = (user: { id: number; role: string; providerId: number | null }) =>
  user.role === 'serviceprovider' ? user.id : user.providerId;

/** Removes entries older than `days` before `now` (the only DELETE the table's trigger allows). */
/** How often the scheduler purges audit entries past their retention (server/main.ts). */
export const AUDIT_PURGE_EVERY_MS = 60 * 60 * 1000;

export const purgeAudit = async (db: Db, now: Date, days: number): Promise<number> => {
  const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ebo.audit_purge_before', ${before.toISOString()}, true)`);
    const gone = await tx.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
    return gone.length;
  });
};
