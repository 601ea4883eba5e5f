/**
 * The write generation of a database this process alone owns (embedded PGlite: only one process
 * can open its directory). Every statement that may change data, and every transaction, moves the
 * generation on once it has finished, so an answer computed from the database stays true exactly as
 * long as the generation it started under is current (server/http/read-cache.ts).
 *
 * PostgreSQL has no such counter (other processes write too): nothing there is cached.
 */

/** Starts a write that changes nothing a cached answer shows (a session's last-use time). */
export const KEEPS_READ_CACHE = '/* keeps read cache */';

export interface Changes {
  /** Moves on after every write. */
  readonly generation: number;
}

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
  const changes = { generation: 0 };
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
