/**
 * Restore (docs/decisions/0017-audit-trail.md): an admin puts a record back as it was before an
 * update or delete entry. It is a new write in the request's transaction, recorded by the same
 * triggers as `restore` naming the entry it undoes. It is refused, and changes nothing, when:
 * - the entry is not an update or delete of a whole record (a child row, an explicit entry, a
 *   password change: a password is never recorded, nor is a deleted account's);
 * - an update's fields changed again since (their values are not the entry's `after`), or the
 *   record's `version` is not the one the admin saw, or the record is gone;
 * - a deleted record's id is in use again;
 * - the restored values break a rule of the database (a reference gone, a unique name or code
 *   taken) or of bookings (its seats are no longer free);
 * - a forward write of the restored values would be refused (server/resources/forward-rules.ts: an event's
 *   capacity below the seats sold, a master in use by another provider, a reference gone); and a
 *   forward write's consequences follow (a provider's changed advertisement waits for approval).
 */
import { eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { setAuditContext, type AuditContext } from '../audit/trail';
import { SEAT_HOLDING } from '../../src/contract/areas/booking';
import { seatsTaken } from '../db/seats';
import { pgErrorCode, type Db, type Tx } from '../db/client';
import { auditLog, bookings, events, schema } from '../db/schema';
import { conflict, HttpError, notFound } from '../core/errors';
import type { PutBackRules } from './forward-rules';
import type { ResourceImpls } from './impl';
import type { Deps } from '../http/types';
import { smsg } from '../core/messages';

/**
 * The tables whose update and delete entries can be restored, each with the column of its record's
 * id: the areas' own tables (whole records), derived from the areas' resources. Other audited
 * tables hold an area's child rows (an event's specialists).
 */
export type Restorable = ReadonlyMap<string, string>;
export const restorableOf = (impls: ResourceImpls): Restorable =>
  new Map(Object.values(impls).map((impl) => [getTableName(impl.table), impl.columns.id.name]));

const tables = new Map<string, PgTable>(
  Object.values(schema).map((t) => [getTableName(t as PgTable), t as PgTable]),
);

export type AuditRow = typeof auditLog.$inferSelect;

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T = unknown>(result: unknown) => (result as { rows: T[] }).rows;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A database refusal as the admin reads it (409 with the reason). */
const refusalOf = (err: unknown): HttpError | null => {
  switch (pgErrorCode(err)) {
    case '23503':
      return conflict(smsg('restoreReference'));
    case '23505':
      return conflict(smsg('restoreTaken'));
    case '23502':
    case '23514':
    case '22P02':
      return conflict(smsg('restoreRule'));
    default:
      return null;
  }
};

/** A restored booking that holds seats must still find them free (booking.ts's rule). */
const checkSeats = async (db: Db, bookingId: number, now: Date) => {
  const [b] = await db
    .select({ eventId: bookings.eventId, status: bookings.status, tickets: bookings.tickets })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b || !(SEAT_HOLDING as readonly string[]).includes(b.status)) return;
  const [event] = await db
    .select({ capacity: events.capacity })
    .from(events)
    .where(eq(events.id, b.eventId))
    .for('update');
  const taken = await seatsTaken(db, b.eventId, now);
  if (event && taken > event.capacity)
    throw conflict(smsg('restoreSeats', { n: Math.max(0, event.capacity - (taken - b.tickets)) }));
};

const restoreUpdate = async (
  db: Db,
  name: string,
  columns: Set<string>,
  where: SQL,
  entry: AuditRow,
  version: number | undefined,
  now: Date,
) => {
  const fields = entry.fields.filter((f) => f !== 'password' && columns.has(f));
  const t = sql.identifier(name);
  const [current] = rowsOf<{ row: Record<string, unknown> }>(
    await db.execute(sql`select to_jsonb(${t}) as row from ${t} where ${where} for update`),
  );
  if (!current) throw conflict(smsg('restoreRecordGone'));
  if (version !== undefined && columns.has('version') && current.row.version !== version) throw conflict();
  if (fields.some((f) => !same(current.row[f], entry.after?.[f])))
    throw conflict(smsg('restoreChangedSince'));
  const sets = fields.map((f) => sql`${sql.identifier(f)} = r.${sql.identifier(f)}`);
  if (columns.has('version')) sets.push(sql`"version" = ${t}."version" + 1`);
  if (columns.has('updated_at')) sets.push(sql`"updated_at" = ${now.toISOString()}::timestamptz`);
  const values = JSON.stringify(entry.before ?? {});
  await db.execute(
    sql`update ${t} set ${sql.join(sets, sql`, `)} from jsonb_populate_record(null::${t}, ${values}::jsonb) r where ${where}`,
  );
};

const restoreDelete = async (
  db: Db,
  name: string,
  columns: Set<string>,
  where: SQL,
  entry: AuditRow,
  now: Date,
) => {
  // Its password was never recorded: a deleted account cannot come back as it was.
  if (name === 'users') throw conflict(smsg('restoreAccount'));
  const t = sql.identifier(name);
  const found = rowsOf(await db.execute(sql`select 1 from ${t} where ${where}`));
  if (found.length) throw conflict(smsg('restoreExists'));
  const row: Record<string, unknown> = { ...(entry.before ?? {}) };
  if (columns.has('version')) row.version = 0;
  if (columns.has('updated_at')) row.updated_at = now.toISOString();
  await insertAsRecorded(db, name, row);
};

/**
 * Inserts a row of `name` from its recorded values; the columns the database derives (generated,
 * such as bookings.search_text, never recorded) it derives again.
 */
const insertAsRecorded = async (db: Db, name: string, row: Record<string, unknown>) => {
  const t = sql.identifier(name);
  const written = Object.values(getTableColumns(tables.get(name)!))
    .filter((c) => !c.generated)
    .map((c) => sql.identifier(c.name));
  const list = sql.join(written, sql`, `);
  await db.execute(
    sql`insert into ${t} (${list}) select ${list} from jsonb_populate_record(null::${t}, ${JSON.stringify(row)}::jsonb)`,
  );
};

/** Whether the entry is an update or delete of a whole record that a restore can put back. */
const restorable = (entry: AuditRow, tablesOf: Restorable) =>
  tables.has(entry.tableName ?? '') &&
  tablesOf.has(entry.tableName ?? '') &&
  (entry.action === 'update' || entry.action === 'delete') &&
  entry.recordId !== null &&
  entry.fields.some((f) => f !== 'password');

/**
 * Puts one entry's record back as it was before it, in the caller's transaction (run it in a
 * savepoint: a refusal found after writing must undo the write). Refuses with 422 when the entry
 * is not restorable, with 409 and the reason when the record cannot be put back. Used by restore
 * and by undo (server/areas/undo.ts).
 */
export const putBack = async (
  db: Db,
  entry: AuditRow,
  version: number | undefined,
  now: Date,
  rules: PutBackRules | undefined,
  tablesOf: Restorable,
) => {
  if (!restorable(entry, tablesOf)) throw new HttpError(422, smsg('notRestorable'));
  const name = entry.tableName!;
  const table = tables.get(name)!;
  const columns = new Set(Object.values(getTableColumns(table)).map((c) => c.name));
  const id = Number(entry.recordId);
  const where = sql`${sql.identifier(name)}.${sql.identifier(tablesOf.get(name)!)} = ${id}`;
  const tx = db as unknown as Tx;
  const action = entry.action as 'update' | 'delete';
  const existing = rules && action === 'update' ? await rules.before(tx, id) : null;
  if (rules && action === 'update' && existing === null) throw notFound();
  if (action === 'update') await restoreUpdate(db, name, columns, where, entry, version, now);
  else await restoreDelete(db, name, columns, where, entry, now);
  if (name === 'bookings') await checkSeats(db, id, now);
  // Then the rules a forward write of the values put back runs (server/resources/forward-rules.ts).
  await rules?.after(tx, id, existing, entry.fields, action);
};

/**
 * Puts back a child row removed with its record (an event's specialist), after the record itself:
 * undo (server/areas/undo.ts) re-inserts it as it was. Child rows changed in place are left as they are.
 */
export const putBackChild = async (db: Db, entry: AuditRow, tablesOf: Restorable) => {
  const name = entry.tableName ?? '';
  if (entry.action !== 'delete' || !tables.has(name) || tablesOf.has(name) || !entry.before) return;
  await insertAsRecorded(db, name, entry.before);
};

/**
 * Takes back a record an import created (docs/decisions/0073-import-from-files.md): removed when it
 * is as the import left it (its version), refused when it changed since, is gone, or is in use.
 */
export const takeBack = async (db: Db, entry: AuditRow, tablesOf: Restorable) => {
  const name = entry.tableName ?? '';
  if (entry.action !== 'create' || !tables.has(name) || !tablesOf.has(name)) return;
  const t = sql.identifier(name);
  const where = sql`${t}.${sql.identifier(tablesOf.get(name)!)} = ${Number(entry.recordId)}`;
  const [current] = rowsOf<{ row: Record<string, unknown> }>(
    await db.execute(sql`select to_jsonb(${t}) as row from ${t} where ${where} for update`),
  );
  if (!current) throw conflict(smsg('restoreRecordGone'));
  if (Object.entries(entry.after ?? {}).some(([k, v]) => !same(current.row[k], v)))
    throw conflict(smsg('restoreChangedSince'));
  await db.execute(sql`delete from ${t} where ${where}`);
};

/** A database refusal met while putting records back, as the user reads it (else null). */
export const restoreRefusal = (err: unknown): HttpError | null =>
  err instanceof HttpError ? err : refusalOf(err);

export const restoreEntry = async (
  deps: Deps,
  audit: AuditContext,
  entryId: number,
  version: number | undefined,
  rulesOf: (entry: AuditRow) => PutBackRules | undefined,
  tablesOf: Restorable,
) => {
  const { db } = deps;
  const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, entryId));
  if (!entry) throw notFound();
  if (!restorable(entry, tablesOf)) throw new HttpError(422, smsg('notRestorable'));
  const now = deps.config.now();
  try {
    // A savepoint: a refusal found after writing undoes the restore.
    await db.transaction(async (tx) => {
      const sp = tx as unknown as Db;
      await setAuditContext(sp, { ...audit, action: 'restore', restoreOf: entry.id });
      await putBack(sp, entry, version, now, rulesOf(entry), tablesOf);
      // Later writes of this request are its own again.
      await setAuditContext(sp, audit);
    });
  } catch (err) {
    throw restoreRefusal(err) ?? err;
  }
  return { id: entry.id, resource: entry.resource as 'event', recordId: entry.recordId! };
};
