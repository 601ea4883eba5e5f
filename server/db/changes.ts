/**
 * The write generation of the database (ADR 0009): it moves on after every write, so an answer
 * computed from the database stays true as long as the generation it started under is current
 * (server/http/read-cache.ts). Per table (docs/decisions/0020-every-list-on-an-index.md): every
 * table's trigger (migration 0005, naming the table since migration 0010) sends a notification on
 * channel `ebo_writes` when a write commits; the write clock notes the table, and `tablesRead`
 * notes the tables the queries of a piece of work name, so a kept answer goes only when a table it
 * read was written.
 *
 * - Embedded PGlite: only this process can open the directory, so it sees every write itself: the
 *   client is wrapped, and every statement that may change data, and every transaction, moves the
 *   generation on once it has finished.
 * - PostgreSQL: other processes write too. Every table's statement trigger (migration 0005) sends a
 *   notification on channel `ebo_writes` when a write commits; a dedicated connection listens and
 *   moves the generation on. While that connection is down the generation is not `live` and nothing
 *   is kept; it moves on again once listening resumes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';

/** Starts a write that changes nothing a cached answer shows (a session's last-use time). */
export const KEEPS_READ_CACHE = '/* keeps read cache */';

export interface Changes {
  /** Moves on after every write. */
  readonly generation: number;
  /** Whether every write is seen (false: keep nothing). */
  readonly live: boolean;
  /** Moves on with every write seen (by its table's notification, or a write of unknown tables). */
  readonly clock: number;
  /** Whether a write of one of `tables`, or of unknown tables, was seen since the clock read `at`. */
  changedSince(tables: ReadonlySet<string>, at: number): boolean;
  /**
   * Resolves once the writes committed so far have been seen (PostgreSQL: a notification of this
   * process's own, which arrives after theirs; PGlite sees them before a statement returns).
   */
  sync(): Promise<void>;
  /**
   * Calls `listener` with the table of every write seen from now on, of any process (null: a write
   * of unknown tables, or a gap in listening). Returns the function that stops it.
   */
  onWrite(listener: (table: string | null) => void): () => void;
}

/** The tables written, by their notifications: `wrote(null)` for a write whose tables are unknown. */
class WriteClock implements Changes {
  generation = 0;
  live = true;
  clock = 0;
  #any = 0;
  readonly #tables = new Map<string, number>();
  readonly #listeners = new Set<(table: string | null) => void>();

  wrote(table: string | null) {
    this.clock++;
    if (table) this.#tables.set(table, this.clock);
    else this.#any = this.clock;
    for (const l of this.#listeners) {
      try {
        l(table);
      } catch (err) {
        console.error('A listener of the writes failed:', err);
      }
    }
  }

  onWrite(listener: (table: string | null) => void) {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  changedSince(tables: ReadonlySet<string>, at: number) {
    if (this.#any > at) return true;
    for (const t of tables) if ((this.#tables.get(t) ?? 0) > at) return true;
    return false;
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }
}

/* The tables a piece of work reads: every query names them (nested pieces note into each). */
const reading = new AsyncLocalStorage<Set<string>[]>();
let tableNames: RegExp | null = null;
const namesOfTables = () =>
  (tableNames ??= new RegExp(
    `\\b(${Object.values(schema)
      .filter((t) => is(t, PgTable))
      .map((t) => getTableName(t as PgTable))
      .join('|')})\\b`,
    'g',
  ));

/** Notes the tables a query's text names, for the pieces of work running it (`tablesRead`). */
export const noteQuery = (query: unknown) => {
  const stores = reading.getStore();
  if (!stores) return;
  const text =
    typeof query === 'string'
      ? query
      : query && typeof query === 'object' && 'text' in query
        ? String((query as { text: unknown }).text)
        : '';
  for (const [name] of text.matchAll(namesOfTables())) for (const s of stores) s.add(name);
};

/** Runs `work` and tells which tables its queries read. */
export const tablesRead = async <T>(work: () => Promise<T>): Promise<{ value: T; tables: Set<string> }> => {
  const tables = new Set<string>();
  const value = await reading.run([...(reading.getStore() ?? []), tables], work);
  return { value, tables };
};

/** The channel of migration 0005's triggers. */
export const WRITES_CHANNEL = 'ebo_writes';

/** Statements that only read: everything else (and any transaction) counts as a write. */
const READ_ONLY = /^\s*(select|show|explain)\b/i;

/** Does this SQL text change data (or might it)? */
export const isWrite = (text: string) =>
  !text.startsWith(KEEPS_READ_CACHE) &&
  (!READ_ONLY.test(text) || /\bfor\s+(no\s+key\s+)?update\b/i.test(text));

interface QueryClient {
  query(...args: never[]): Promise<unknown>;
  exec(...args: never[]): Promise<unknown>;
  transaction(...args: never[]): Promise<unknown>;
}

/**
 * Wraps a PGlite client so that its writes move the generation: `query` after a writing statement,
 * `exec` and `transaction` after every call (committed or not). PGlite runs one statement or
 * transaction at a time, so no read ever sees a write whose generation has not moved on yet (or,
 * if it does, the answer it makes is labelled with the older generation and never served).
 */
export const trackChanges = <C extends QueryClient>(
  client: C,
): { client: C; changes: Changes & { wrote(table: string | null): void } } => {
  const changes = new WriteClock();
  const after = async <T>(run: Promise<T>, writes: boolean): Promise<T> => {
    try {
      return await run;
    } finally {
      if (writes) changes.generation++;
    }
  };
  const wrapped = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => Promise<unknown>;
      switch (prop) {
        case 'query':
          return (text: unknown, ...rest: unknown[]) => {
            noteQuery(text);
            return after(fn.call(target, text, ...rest), typeof text !== 'string' || isWrite(text));
          };
        case 'exec': // several statements at once (migrations): always a write, of any table
          return (...args: unknown[]) => {
            noteQuery(args[0]);
            return after(
              fn.apply(target, args).finally(() => changes.wrote(null)),
              true,
            );
          };
        case 'transaction':
          // The transaction's queries are noted too (the tables it reads).
          return (work: (tx: QueryClient) => Promise<unknown>, ...rest: unknown[]) =>
            after(
              fn.call(
                target,
                (tx: QueryClient) =>
                  work(
                    new Proxy(tx, {
                      get(t, p) {
                        const v = Reflect.get(t, p, t) as unknown;
                        if (typeof v !== 'function') return v;
                        const f = v as (...a: unknown[]) => unknown;
                        return p === 'query' || p === 'exec'
                          ? (q: unknown, ...r: unknown[]) => {
                              noteQuery(q);
                              return f.call(t, q, ...r);
                            }
                          : f.bind(t);
                      },
                    }),
                  ),
                ...rest,
              ),
              true,
            );
        default:
          return fn.bind(target);
      }
    },
  });
  return { client: wrapped, changes };
};

/**
 * `sync` of `listenForWrites`: sends `token` on the writes' channel and resolves once it comes back
 * (`waiting` holds it until then), after the notifications of the writes committed before it.
 */
const syncThrough = async (
  c: pg.Client,
  token: string,
  waiting: Map<string, () => void>,
  changes: WriteClock,
) => {
  const seen = new Promise<void>((resolve) => waiting.set(token, resolve));
  let timer: NodeJS.Timeout | undefined;
  try {
    await c.query('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, token]);
    // Not seen within a second: take it as a write of anything.
    await Promise.race([
      seen,
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          if (waiting.delete(token)) changes.wrote(null);
          resolve();
        }, 1_000);
      }),
    ]);
  } catch {
    waiting.delete(token);
    changes.wrote(null);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Listens for the writes of every process on a PostgreSQL database. `close()` stops listening.
 * A lost connection is retried every `retryMs` (the generation is not live meanwhile).
 */
export const listenForWrites = (
  connectionString: string,
  retryMs = 1_000,
): { changes: Changes; close(): Promise<void> } => {
  const changes = new WriteClock();
  changes.live = false;
  /** Notifications of this process's own that `sync` waits for. */
  const waiting = new Map<string, () => void>();
  let syncs = 0;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    changes.live = false;
    changes.generation++;
    changes.wrote(null);
    for (const done of waiting.values()) done();
    waiting.clear();
    current.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void listen(), retryMs);
  };
  const listen = async () => {
    retry = null;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    client = c;
    c.on('notification', (n) => {
      const payload = n.payload ?? '';
      const mine = waiting.get(payload);
      if (mine) {
        waiting.delete(payload);
        mine();
        return;
      }
      changes.generation++;
      // An empty payload: a trigger older than migration 0010 (any table).
      changes.wrote(payload === '' ? null : payload);
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
      if (client !== c || closed) return;
      changes.generation++;
      changes.wrote(null);
      changes.live = true;
    } catch {
      lost(c);
    }
  };
  void listen();
  changes.sync = async () => {
    const c = client;
    if (!c || !changes.live) return;
    await syncThrough(c, `#sync ${process.pid} ${++syncs}`, waiting, changes);
  };
  return {
    changes,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      changes.live = false;
      await c?.end().catch(() => {});
    },
  };
};

/**
 * Listens on `channel` of a PostgreSQL database with a dedicated connection (as `listenForWrites`
 * does), retried every `retryMs` while it is down. `onNotify` runs on every notification and once
 * each time listening starts (to catch up on what the gap may have missed). Returns `close()`.
 */
export const listenTo = (
  connectionString: string,
  channel: string,
  onNotify: () => void,
  retryMs = 1_000,
): (() => Promise<void>) => {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    current.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void listen(), retryMs);
  };
  const listen = async () => {
    retry = null;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    client = c;
    c.on('notification', () => onNotify());
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === c && !closed) onNotify();
    } catch {
      lost(c);
    }
  };
  void listen();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
};
