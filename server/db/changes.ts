/**
 * The write generation of the database (ADR 0009): it moves on after every write, so an answer
 * computed from the database stays true as long as the generation it started under is current
 * (server/http/read-cache.ts).
 *
 * - Embedded PGlite: only this process can open the directory, so it sees every write itself: the
 *   client is wrapped, and every statement that may change data, and every transaction, moves the
 *   generation on once it has finished.
 * - PostgreSQL: other processes write too. Every table's statement trigger (migration 0005) sends a
 *   notification on channel `ebo_writes` when a write commits; a dedicated connection listens and
 *   moves the generation on. While that connection is down the generation is not `live` and nothing
 *   is kept; it moves on again once listening resumes.
 */
import pg from 'pg';

/** Starts a write that changes nothing a cached answer shows (a session's last-use time). */
export const KEEPS_READ_CACHE = '/* keeps read cache */';

export interface Changes {
  /** Moves on after every write. */
  readonly generation: number;
  /** Whether every write is seen (false: keep nothing). */
  readonly live: boolean;
}

/** The channel of migration 0005's triggers. */
const WRITES_CHANNEL = 'ebo_writes';

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
export const trackChanges = <C extends QueryClient>(client: C): { client: C; changes: Changes } => {
  const changes = { generation: 0, live: true };
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
          return (text: unknown, ...rest: unknown[]) =>
            after(fn.call(target, text, ...rest), typeof text !== 'string' || isWrite(text));
        case 'exec': // several statements at once (migrations): always a write
        case 'transaction':
          return (...args: unknown[]) => after(fn.apply(target, args), true);
        default:
          return fn.bind(target);
      }
    },
  });
  return { client: wrapped, changes };
};

/**
 * Listens for the writes of every process on a PostgreSQL database. `close()` stops listening.
 * A lost connection is retried every `retryMs` (the generation is not live meanwhile).
 */
export const listenForWrites = (
  connectionString: string,
  retryMs = 1_000,
): { changes: Changes; close(): Promise<void> } => {
  const changes = { generation: 0, live: false };
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    changes.live = false;
    changes.generation++;
    current.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void listen(), retryMs);
  };
  const listen = async () => {
    retry = null;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    client = c;
    c.on('notification', () => changes.generation++);
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
      if (client !== c || closed) return;
      changes.generation++;
      changes.live = true;
    } catch {
      lost(c);
    }
  };
  void listen();
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
