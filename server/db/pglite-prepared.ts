/**
 * Statements on PGlite as prepared statements (docs/decisions/0020-every-list-on-an-index.md, "Round
 * trips and plans"; writes and transactions: docs/decisions/0085-writes-prepared-on-the-embedded-database.md).
 * PGlite's `query` sends an unnamed Parse, then Describe, Bind, Describe, Execute and Sync, each a
 * call into WebAssembly, and PostgreSQL parses and plans the text again every time. Here a
 * parameterised text is parsed once under a name (with its parameters' types), and each call sends
 * Bind, Describe, Execute and Sync together in one call; PostgreSQL keeps a generic plan once it
 * costs no more than custom ones, as on the server (`inlineLimits` first).
 *
 * Like PGlite's own `query`, a call outside a transaction holds the transaction lock and the query
 * lock, so it never runs inside another caller's transaction; a call in a transaction holds the
 * query lock, as the transaction's own `query` does. A statement a schema change has made stale is
 * parsed again.
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { PREPARED_TEXTS, inlineLimits } from './limits';

const { serialize } = protocol;

/** Statements that only read: everything else counts as a write. */
const READ_ONLY = /^\s*(select|show|explain)\b/i;

/**
 * Does this SQL text change data (or might it)? A write, and a read that locks rows (`for update`),
 * outside a transaction writes the changed pages to the file system after it, as PGlite's own
 * `query` does.
 */
export const isWrite = (text: string) =>
  !READ_ONLY.test(text) || /\bfor\s+(no\s+key\s+)?update\b/i.test(text);

/** A prepared statement's plan no longer fits the tables (a migration changed them). */
const STALE = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  /** The parameters' type ids, for PGlite's serializers. */
  types: number[];
}

const joined = (parts: Uint8Array[]) => {
  const buffer = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    buffer.set(p, at);
    at += p.length;
  }
  return buffer;
};

type Query = PGlite['query'];

/**
 * PGlite's parsers (318 types) with a call's own over them, merged once per object of own parsers:
 * PGlite's `parseResults` merges them at every call (about 57 µs), and the thread's calls give the
 * same object for the same types (`pglite-worker.ts`).
 */
const parsersOf = (pglite: PGlite) => {
  type Parsers = PGlite['parsers'];
  const merged = new WeakMap<object, Parsers>();
  return (own: QueryOptions['parsers']): Parsers => {
    if (!own) return pglite.parsers;
    let all = merged.get(own);
    if (!all) merged.set(own, (all = { ...pglite.parsers, ...own }));
    return all;
  };
};

/** What runs PGlite's prepared statements: which texts may be prepared, and running one. */
const preparedStatementsOf = (pglite: PGlite) => {
  const statements = new Map<string, Statement>();
  let named = 0;
  const parsersWith = parsersOf(pglite);
  // A write outside a transaction writes its pages to the file system after it, as PGlite's own
  // `query` does; inside one, the commit does.
  const send = async (syncToFs: boolean, ...parts: Uint8Array[]) =>
    (await pglite.execProtocol(joined(parts), { syncToFs })).messages;

  const prepare = async (text: string): Promise<Statement> => {
    const name = `ebo_${named++}`;
    const messages = await send(
      false,
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const described = messages.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const statement = { name, types: described?.dataTypeIDs ?? [] };
    statements.set(text, statement);
    return statement;
  };

  const run = async <T>(statement: Statement, params: unknown[], sync: boolean, options?: QueryOptions) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      sync,
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const { parsers, ...rest } = options ?? {};
    return parse.parseResults(messages, parsersWith(parsers), rest)[0] as Results<T>;
  };

  return {
    /** The text to prepare (limits inlined) and its values; null when it runs as PGlite's own. */
    preparable: (query: string, given: unknown[] | undefined, options: QueryOptions | undefined) => {
      if (!given?.length || options?.blob) return null;
      const inlined = inlineLimits(query, given);
      return statements.has(inlined.text) || statements.size < PREPARED_TEXTS ? inlined : null;
    },
    /** Runs a prepared statement; the caller holds the query lock (and the transaction's, if any). */
    prepared: async <T>(
      { text, values }: { text: string; values: unknown[] },
      sync: boolean,
      options: QueryOptions | undefined,
      inTransaction: boolean,
    ): Promise<Results<T>> => {
      const statement = statements.get(text) ?? (await prepare(text));
      try {
        return await run<T>(statement, values, sync, options);
      } catch (err) {
        if (!STALE.has(String((err as { code?: unknown }).code))) throw err;
        statements.delete(text);
        // A transaction is aborted by the error: the caller's next try prepares it again.
        if (inTransaction) throw err;
        await send(false, serialize.close({ type: 'S', name: statement.name }), serialize.sync());
        return run<T>(await prepare(text), values, sync, options);
      }
    },
  };
};

/**
 * Makes PGlite run every statement with parameters as a prepared statement, outside a transaction
 * (`pglite.query`) and inside one (the `query` of `pglite.transaction`'s transaction, on which the
 * server's writes run: docs/decisions/0085-writes-prepared-on-the-embedded-database.md). Statements
 * without parameters, and those given a blob, keep PGlite's own `query`.
 */
export const prepareStatements = (pglite: PGlite) => {
  const own = pglite.query.bind(pglite) as Query;
  const ownTransaction = pglite.transaction.bind(pglite);
  const { preparable, prepared } = preparedStatementsOf(pglite);

  pglite.query = (async <T>(query: string, params?: unknown[], options?: QueryOptions) => {
    const inlined = preparable(query, params, options);
    if (!inlined) return own<T>(query, params, options);
    await pglite._checkReady();
    // Like PGlite's own `query`: never inside another caller's transaction.
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(() => prepared<T>(inlined, isWrite(query), options, false)),
    );
  }) as Query;

  pglite.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    ownTransaction((tx) => {
      const ownQuery = tx.query.bind(tx);
      const query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        const inlined = preparable(text, params, options);
        if (!inlined) return ownQuery<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return pglite._runExclusiveQuery(() => prepared<R>(inlined, false, options, true));
      };
      // The transaction as PGlite made it (its `closed`, `exec`, `rollback`…) with this `query`.
      return work(Object.assign(Object.create(tx) as Transaction, { query }));
    })) as PGlite['transaction'];
};
