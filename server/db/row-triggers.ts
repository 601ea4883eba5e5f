/**
 * The per-table triggers every area's tables carry, installed by one idempotent routine after the
 * migrations instead of hand-appended to a migration per table (docs/decisions/0046-area-facts-derived-from-one-registration.md):
 * - `<table>_audit`: the audit trail's row trigger (migration 0011's `audit_row`, ADR 0017);
 * - `<table>_live`: the live change log's deferred row trigger (migration 0012's `live_row`, since
 *   migration 0023 told the column of the record's id, or `live_user`, ADR 0019).
 * (The read cache's statement triggers, `<table>_notify_writes`, went with the cache: migration 0025
 * drops them, docs/decisions/0054-the-read-cache-goes.md.)
 * The functions stay in the migrations; this routine only says which table calls them with which
 * arguments. A trigger that is there as wanted is left alone; one with other arguments is replaced;
 * a missing one is created. All in one transaction, under the migrations' lock.
 */
import { getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { MIGRATION_LOCK } from './client';

/** What one table's row triggers record. */
export interface RowTriggers {
  table: PgTable;
  /**
   * The audit trail: the resource its entries name, the column of the record's id, and the columns
   * of the provider and the event an entry belongs to (who may read it). Absent: not audited.
   */
  audit?: { resource: string; key: Column; provider?: Column; event?: Column };
  /**
   * Live updates: the resource the change names, the column of the record's id (`id` unless
   * given) and the column of the one owner who alone hears of it (absent: everyone who may open the
   * list). `'user'`: a user row, which is a user, a supervisor or a service provider (`live_user`).
   * Absent: no live change.
   */
  live?: { resource: string; key?: Column; owner?: Column } | 'user';
}

/** One trigger as the catalog holds it. */
interface Trigger {
  table: string;
  name: string;
  fn: string;
  /** The arguments, each followed by a NUL (how `pg_trigger.tgargs` keeps them). */
  args: string;
}

const argsOf = (args: string[]) => args.map((arg) => `${arg}\\000`).join('');

/** The triggers `specs` want, with the statement that creates each. */
const wanted = (specs: readonly RowTriggers[]): (Trigger & { create: string })[] =>
  specs.flatMap(({ table, audit, live }) => {
    const name = getTableName(table);
    const out: (Trigger & { create: string })[] = [];
    if (audit) {
      const args = [audit.resource, audit.key.name, audit.provider?.name ?? '', audit.event?.name ?? ''];
      out.push({
        table: name,
        name: `${name}_audit`,
        fn: 'audit_row',
        args: argsOf(args),
        create: `CREATE TRIGGER "${name}_audit" AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION "audit_row"(${args.map(literal).join(', ')})`,
      });
    }
    if (live) {
      // `live_row` reads the record's id from `id` unless a third argument names its column.
      const key = live !== 'user' && live.key && live.key.name !== 'id' ? [live.key.name] : [];
      const [fn, args] =
        live === 'user' ? ['live_user', []] : ['live_row', [live.resource, live.owner?.name ?? '', ...key]];
      out.push({
        table: name,
        name: `${name}_live`,
        fn,
        args: argsOf(args),
        create: `CREATE CONSTRAINT TRIGGER "${name}_live" AFTER INSERT OR UPDATE OR DELETE ON "${name}" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "${fn}"(${args.map(literal).join(', ')})`,
      });
    }
    return out;
  });

/** A quoted SQL literal of a name the code wrote (a resource key or a column name). */
const literal = (text: string) => {
  if (!/^[a-z_]*$/.test(text)) throw new Error(`Not a resource key or column name: ${text}`);
  return `'${text}'`;
};

/** The statements that bring the catalog's triggers to what `specs` want (none when they are). */
export const rowTriggerChanges = (existing: readonly Trigger[], specs: readonly RowTriggers[]) => {
  const found = new Map(existing.map((t) => [`${t.table}.${t.name}`, t]));
  const statements: string[] = [];
  for (const want of wanted(specs)) {
    const have = found.get(`${want.table}.${want.name}`);
    if (have && have.fn === want.fn && have.args === want.args) continue;
    if (have) statements.push(`DROP TRIGGER "${want.name}" ON "${want.table}"`);
    statements.push(want.create);
  }
  return statements;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Brings the schema's triggers to what `specs` want; answers the statements it ran. */
export const installRowTriggers = (db: Db, specs: readonly RowTriggers[]): Promise<string[]> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const existing = rowsOf<Trigger>(
      await tx.execute(sql`
        select c.relname as "table", t.tgname as name, p.proname as fn, encode(t.tgargs, 'escape') as args
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and n.nspname = current_schema()`),
    );
    const statements = rowTriggerChanges(existing, specs);
    for (const statement of statements) await tx.execute(sql.raw(statement));
    return statements;
  });
