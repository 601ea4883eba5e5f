/**
 * Opening the database: embedded PGlite (default, files under DATA_DIR) or PostgreSQL through
 * node-postgres when DATABASE_URL is set. Both give a drizzle `PgDatabase` with the same schema, and
 * `migrate()` applies the one committed set of migrations with the driver's own migrator.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DB_CONNECT_TIMEOUT_MS, PGLITE_CACHE_MB } from '../core/config';
import { MIGRATIONS_FOLDER } from '../core/paths';
import { PREPARED_TEXTS, inlineLimits } from './limits';
import { listenTo } from './listen';
import { openPgliteHere } from './pglite-open';
import { PgliteThread, type CommitsWithLastTrip } from './pglite-thread';
import { runPrebuilt, type Prebuilt } from './prebuilt';
import { schema } from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Something that runs queries: the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` on every notification of `channel` (after its transaction commits), and once
   * each time listening (re)starts, so the caller catches up on what it may have missed. Returns
   * the function that stops listening. PGlite: in process; PostgreSQL: a dedicated connection.
   */
  listen(channel: string, onNotify: () => void): () => Promise<void>;
  /** Applies pending migrations (safe with several processes on one PostgreSQL). */
  migrate(): Promise<void>;
  /**
   * PGlite only: the whole database as a tar file, to start another from (`openPglite`'s `from`):
   * the tests' migrated and seeded templates (tests/setup/db.ts).
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite in `dataDir` (a directory) or in memory when `dataDir` is undefined, with a buffer cache of
 * `cacheMb` (its `shared_buffers`; PGlite's own default, 128 MB, is most of an idle server's memory);
 * with `thread`, on a worker thread of its own (server/db/pglite-thread.ts), as the server runs it.
 */
export const openPglite = async (
  dataDir?: string,
  {
    cacheMb = PGLITE_CACHE_MB,
    thread = false,
    from,
  }: { cacheMb?: number; thread?: boolean; from?: Blob } = {},
): Promise<Database> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = thread
    ? // The same calls as PGlite's, on the other thread (PgliteThread offers what is used of them).
      ((await PgliteThread.open({ dataDir, cacheMb })) as unknown as PGlite)
    : await openPgliteHere(dataDir, cacheMb, from);
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: (channel, onNotify) => {
      const stop = pglite.listen(channel, onNotify);
      onNotify();
      return async () => {
        if (!pglite.closed) await (await stop)();
      };
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dump: () => pglite.dumpDataDir('none'),
    close: () => pglite.close(),
  };
};

/** Any number from a fixed text: the advisory lock that serialises migrations between processes. */
export const MIGRATION_LOCK = 4_206_042_001;

/**
 * A parameterised query gets a name from its text, so each connection parses and plans it once and
 * runs it again as a prepared statement (PostgreSQL keeps a generic plan once it costs no more than
 * custom ones): planning a list's joins took longer than running them
 * (docs/decisions/0020-every-list-on-an-index.md, "Round trips and plans"). Its limits are inlined
 * first (`inlineLimits`). Texts past the first PREPARED_TEXTS run unnamed, as before. `names` is the
 * pool's: each database opened in a process counts its own
 * (docs/decisions/0040-server-files-share-their-modules.md).
 */
const prepared = (names: Map<string, string>, args: unknown[]): unknown[] => {
  const [first, second, ...rest] = args;
  // node-postgres takes (text, values), (config) or (config, values): drizzle passes its config
  // (text, no values) and the values apart.
  const values = Array.isArray(second)
    ? (second as unknown[])
    : first && typeof first === 'object'
      ? (first as { values?: unknown[] }).values
      : undefined;
  const config =
    typeof first === 'string'
      ? { text: first }
      : first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string'
        ? (first as { text: string; name?: string })
        : undefined;
  if (!config || config.name || !values?.length) return args;
  const inlined = inlineLimits(config.text, values);
  let name = names.get(inlined.text);
  if (!name && names.size < PREPARED_TEXTS) {
    name = `ebo_${names.size}`;
    names.set(inlined.text, name);
  }
  const query = { ...config, ...inlined, ...(name ? { name } : {}) };
  return Array.isArray(second) ? [query, ...rest] : [query, second, ...rest];
};

export const openPostgres = async (
  connectionString: string,
  connectTimeoutMs = DB_CONNECT_TIMEOUT_MS,
): Promise<Database> => {
  // A server that never answers fails the connection after the timeout instead of hanging
  // (DB_CONNECT_TIMEOUT_MS, docs/security.md).
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: connectTimeoutMs });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const statementNames = new Map<string, string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // One statement at a time on a connection: those a transaction asks together (`lastTrip`,
    // `Promise.all`) each wait for the one before, as node-postgres's own queue made them wait (a
    // queue it deprecates). A call with a callback, or a submittable (a cursor), runs as it is.
    let last: Promise<unknown> = Promise.resolve();
    client.query = ((...args: unknown[]) => {
      const run = () => query(...prepared(statementNames, args));
      const first = args[0] as { submit?: unknown } | undefined;
      if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return run();
      const next = last.then(run, run);
      last = next.catch(() => undefined);
      return next;
    }) as typeof client.query;
  });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    listen: (channel, onNotify) => listenTo(connectionString, channel, onNotify),
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

/**
 * Runs `statements` in order as the last of the transaction `tx`, their answers unused: asked
 * together, so on the embedded database on its thread they go in one message with the commit, one
 * round trip for all of them (`batch` in pglite-thread.ts, committed only if each succeeds); on
 * PostgreSQL the connection runs them one after the other, and the commit follows. The first that
 * fails fails the call (and the transaction). Nothing may run in `tx` after it, nor fail: it may
 * have committed already (docs/decisions/0090-the-last-trip-commits.md).
 */
export const lastTrip = async (tx: Tx, statements: readonly (SQLWrapper | Prebuilt)[]): Promise<void> => {
  // drizzle's session keeps the client it was given for the transaction (private in its types):
  // on the thread, PgliteThread's transaction client.
  const { client } = tx._.session as unknown as { client: Partial<CommitsWithLastTrip> };
  client.commitWithNextTrip?.();
  await Promise.all(
    statements.map((statement) =>
      'getSQL' in statement ? tx.execute(statement.getSQL()) : runPrebuilt(tx, statement),
    ),
  );
};

/**
 * The rows of a statement run as it is (`execute`), typed by the caller: drizzle types `execute`'s
 * answer by driver, and both of ours (PGlite and node-postgres) answer with `rows`.
 */
export const sqlRows = async <T>(db: Executor, query: SQLWrapper | string): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A PostgreSQL error code from a driver error, possibly wrapped by drizzle. */
export const pgErrorCode = (err: unknown): string | undefined => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
