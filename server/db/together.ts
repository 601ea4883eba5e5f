/**
 * Several figures and short row lists read in one statement: one round trip to the database instead
 * of one per figure (docs/decisions/0020-every-list-on-an-index.md, "Round trips"). Each part is a
 * subquery of one `select`: a figure is a scalar subquery, a list is its rows aggregated as JSON
 * (`json_agg`, in the order given, since a subquery's own order does not bind the aggregate).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sqlRows, type Executor } from './client';

export interface Part<T> {
  sql: SQL;
  read: (value: unknown) => T;
}

/** A number: the one value of `query` (a count or a sum), 0 when it has none. */
export const figure = (query: SQLWrapper): Part<number> => ({
  sql: sql`(${query})`,
  read: (value) => Number(value ?? 0),
});

/** The one value of `query` as `read` makes it, null when it has no row (a lookup by key). */
export const valueOrNull = <T>(query: SQLWrapper, read: (value: unknown) => T): Part<T | null> => ({
  sql: sql`(${query})`,
  read: (value) => (value === null || value === undefined ? null : read(value)),
});

/**
 * The rows of `query`, each as an object keyed by its output column names (alias what you read),
 * in the order of `order` (SQL over the row `r`, e.g. sql`r.created_at desc, r.id desc`).
 */
export const rowsOf = <R>(
  query: SQLWrapper,
  order: SQL | undefined,
  map: (row: Record<string, unknown>) => R,
): Part<R[]> => ({
  sql: sql`(select coalesce(json_agg(r${order ? sql` order by ${order}` : sql``}), '[]'::json) from (${query}) r)`,
  read: (value) =>
    ((typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[]).map(map),
});

/** A timestamp read from JSON (PostgreSQL writes it with its offset) as an ISO instant. */
export const instant = (value: unknown) => new Date(value as string).toISOString();

type Read<P> = { [K in keyof P]: P[K] extends Part<infer T> ? T : never };

/** Runs every part in one statement and reads each. */
export const readTogether = async <P extends Record<string, Part<unknown>>>(
  db: Executor,
  parts: P,
): Promise<Read<P>> => {
  const keys = Object.keys(parts);
  const [row] = await sqlRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      keys.map((k, i) => sql`${parts[k]!.sql} as ${sql.identifier(`p${i}`)}`),
      sql`, `,
    )}`,
  );
  return Object.fromEntries(keys.map((k, i) => [k, parts[k]!.read(row?.[`p${i}`])])) as Read<P>;
};
