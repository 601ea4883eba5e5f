/**
 * Reads on PGlite as prepared statements (docs/decisions/0020-every-list-on-an-index.md, "Round
 * trips and plans"). PGlite's `query` sends an unnamed Parse, then Describe, Bind, Describe,
 * Execute and Sync, each a call into WebAssembly, and PostgreSQL parses and plans the text again
 * every time. Here a parameterised text is parsed once under a name (with its parameters' types),
 * and each call sends Bind, Describe, Execute and Sync together in one call; PostgreSQL keeps a
 * generic plan once it costs no more than custom ones, as on the server (`inlineLimits` first).
 *
 * Like PGlite's own `query`, a call holds the transaction lock and the query lock, so it never runs
 * inside another caller's transaction. A statement a schema change has made stale is parsed again.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { PREPARED_TEXTS, inlineLimits } from './limits';

const { serialize } = protocol;

/** Statements that only read: everything else counts as a write. */
const READ_ONLY = /^\s*(select|show|explain)\b/i;

/**
 * Does this SQL text change data (or might it)? A write, and a read that locks rows (`for update`),
 * keeps PGlite's own `query`, which writes the changed pages to the file system after it.
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
 * Makes `pglite.query` run the reads with parameters as prepared statements; everything else
 * (writes, statements without parameters) keeps PGlite's own `query`.
 */
export const prepareReads = (pglite: PGlite) => {
  const own = pglite.query.bind(pglite) as Query;
  const statements = new Map<string, Statement>();
  let named = 0;
  const send = async (...parts: Uint8Array[]) =>
    (await pglite.execProtocol(joined(parts), { syncToFs: false })).messages;

  const prepare = async (text: string): Promise<Statement> => {
    const name = `ebo_${named++}`;
    const messages = await send(
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

  const run = async <T>(statement: Statement, params: unknown[], options?: QueryOptions) => {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.types[i]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await send(
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
  };

  const prepared = async <T>(
    query: string,
    given: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    const { text, values: params } = inlineLimits(query, given);
    if (!statements.has(text) && statements.size >= PREPARED_TEXTS) return own<T>(query, given, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const statement = statements.get(text) ?? (await prepare(text));
        try {
          return await run<T>(statement, params, options);
        } catch (err) {
          if (!STALE.has(String((err as { code?: unknown }).code))) throw err;
          await send(serialize.close({ type: 'S', name: statement.name }), serialize.sync());
          statements.delete(text);
          return run<T>(await prepare(text), params, options);
        }
      }),
    );
  };

  pglite.query = (<T>(query: string, params?: unknown[], options?: QueryOptions) =>
    params?.length && !isWrite(query)
      ? prepared<T>(query, params, options)
      : own<T>(query, params, options)) as Query;
};
