/**
 * Statements built once (docs/decisions/0087-statements-built-once.md,
 * docs/decisions/0089-statements-built-once-with-their-values-read.md). drizzle builds a statement's
 * tree and then its text at every call: for the door's write of an admission (five data-modifying
 * parts, its key's answer and its audit context) that was most of the server thread's work between
 * the reads of a group of admissions and its writes, while the embedded database waited. Here a
 * statement is built from its first call's input with a placeholder for each value (`Slots`), and
 * each placeholder says how it reads its value from a call's input. Its caller names its shape
 * (what changes the text: which parts it has); the statement of a shape (its text, and where each
 * value comes from) is built at its first call and kept, and every later call only reads its values.
 *
 * A shape that did not name all that changes the text, or a value given without a placeholder (kept
 * from the first call), would send one statement for another: with `check` (development and tests,
 * `config.checkAnswers`) every call builds its statement again and fails unless the text and the
 * values sent are those of its own build.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  fillPlaceholders,
  getTableColumns,
  sql,
  type Column,
  type Query,
  type SQL,
  type SQLWrapper,
  type Table,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const PLACEHOLDERS: { name: string; sql: SQL }[] = [];

/** A placeholder's read of its value from a call's input; `call` is that call's own (for rows). */
type Read = (input: unknown, call: Map<object, unknown>) => unknown;

/** A column's value as the driver is given it (a date as its text, JSON as its text). */
const encoded = (value: unknown, column: Column) =>
  value === null || value === undefined ? null : column.mapToDriverValue(value);

/**
 * The values of a statement built once, each a placeholder that reads its value from a call's input
 * (`I`, the statement's input or a part of it: `focus`). A value is read as the driver is given it
 * (a column's value encoded by the column now), so the kept text's parameters need no encoding of
 * their own. `first` is the input of the call that builds the statement: what decides its
 * structure, which its shape names.
 */
export class Slots<I> {
  private constructor(
    readonly reads: Read[],
    private readonly part: (input: unknown) => I,
    readonly first: I,
  ) {}

  /** The slots of a statement built from `first`. */
  static of<I>(first: I): Slots<I> {
    return new Slots<I>([], (input) => input as I, first);
  }

  #slot(read: Read): SQL {
    const i = this.reads.length;
    this.reads.push(read);
    // The placeholders are the same for every statement (p0, p1, …; drizzle never changes them):
    // made once, they are not garbage a hundred times a second.
    return (PLACEHOLDERS[i] ??= { name: `p${i}`, sql: sql`${sql.placeholder(`p${i}`)}` }).sql;
  }

  /** A placeholder for the driver's value (a number, a text, null) that `get` reads. */
  of = (get: (input: I) => unknown): SQL => this.#slot((input) => get(this.part(input)));

  /** A placeholder for `column`'s value that `get` reads. */
  as = (get: (input: I) => unknown, column: Column): SQL =>
    this.#slot((input) => encoded(get(this.part(input)), column));

  /**
   * An insert's row of `table` that `get` makes, each value by a placeholder: the columns are the
   * first row's, and each call makes its row once for all of them.
   */
  row = <T extends Record<string, unknown>>(table: Table, get: (input: I) => T): { [K in keyof T]: SQL } => {
    const columns = getTableColumns(table);
    const key = {};
    const rowOf = (input: unknown, call: Map<object, unknown>) => {
      let row = call.get(key) as T | undefined;
      if (!row) call.set(key, (row = get(this.part(input))));
      return row;
    };
    return Object.fromEntries(
      Object.keys(get(this.first)).map((name) => [
        name,
        this.#slot((input, call) => encoded(rowOf(input, call)[name], columns[name]!)),
      ]),
    ) as { [K in keyof T]: SQL };
  };

  /** The slots of a part of the input, whose placeholders are this statement's. */
  focus = <J>(get: (input: I) => J): Slots<J> =>
    new Slots<J>(this.reads, (input) => get(this.part(input)), get(this.first));
}

/**
 * `get`'s value of `from`: a placeholder reading it when `from` is the slots of a statement built
 * once, the value itself otherwise (a statement built at each call).
 */
export const valueOf = <I, T>(from: I | Slots<I>, get: (input: I) => T, column?: Column): T | SQL =>
  from instanceof Slots ? (column ? from.as(get, column) : from.of(get)) : get(from);

/** The values of a call, by placeholder. */
const valuesOf = (reads: readonly Read[], input: unknown) => {
  const call = new Map<object, unknown>();
  const values: Record<string, unknown> = {};
  for (let i = 0; i < reads.length; i++) values[PLACEHOLDERS[i]!.name] = reads[i]!(input, call);
  return values;
};

/** A statement ready to run: its text (kept by shape) and this call's values. */
export interface Prebuilt {
  readonly query: Query;
  readonly values: Record<string, unknown>;
}

const dialect = new PgDialect();
const kept = new Map<string, { query: Query; reads: readonly Read[] }>();

/**
 * The statement of `shape` with `input`'s values: built by `build` at the shape's first call (and
 * at every call with `check`, which fails unless the kept statement is this call's own).
 */
export const prebuilt = <I>(
  shape: string,
  input: I,
  build: (slots: Slots<I>) => SQLWrapper,
  check: boolean,
): Prebuilt => {
  const known = kept.get(shape);
  if (known && !check) return { query: known.query, values: valuesOf(known.reads, input) };
  const slots = Slots.of(input);
  const built = { query: dialect.sqlToQuery(build(slots).getSQL()), reads: slots.reads };
  if (!known) {
    kept.set(shape, built);
    return { query: built.query, values: valuesOf(built.reads, input) };
  }
  const values = valuesOf(known.reads, input);
  const same =
    known.query.sql === built.query.sql &&
    isDeepStrictEqual(
      fillPlaceholders(known.query.params, values),
      fillPlaceholders(built.query.params, valuesOf(built.reads, input)),
    );
  if (!same)
    throw new Error(
      `The prebuilt statement "${shape}" is not this call's statement: its shape misses what changed`,
    );
  return { query: known.query, values };
};

/** Runs a prebuilt statement in `db` (a transaction's statements asked together go together, client.ts). */
export const runPrebuilt = (db: Executor, { query, values }: Prebuilt) =>
  db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
