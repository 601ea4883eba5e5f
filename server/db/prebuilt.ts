/**
 * Statements whose text is built once (docs/decisions/0087-statements-built-once.md). drizzle builds
 * a statement's text from its tree at every call: for the door's write of an admission (five
 * data-modifying parts, its key's answer and its audit context) that was a third of the server
 * thread's work per admission. A statement made with a placeholder for each of its values
 * (`Params.of`) has one text whatever the values; its caller names its shape (what changes the text:
 * which parts it has), and the text of a shape is built at its first call and kept. Each call still
 * makes its tree (which is where its values are gathered) but no longer turns it into text.
 *
 * A shape that did not name all that changes the text, or a value given without a placeholder (kept
 * from the first call), would send one statement for another: with `check` (development and tests,
 * `config.checkAnswers`) every call builds its text again and fails unless the text and the values
 * sent are those of its own build.
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

/**
 * The values of one statement, each named by the placeholder that stands for it in the statement.
 * A value is kept as the driver is given it (a column's value encoded by the column now: a date as
 * its text, JSON as its text), so the kept text's parameters need no encoding of their own.
 */
export class Params {
  readonly values: Record<string, unknown> = {};
  #next = 0;

  /** A placeholder for `value`, a driver's value as it is (a number, a text, null). */
  of = (value: unknown): SQL => {
    const i = this.#next++;
    // The placeholders are the same for every statement (p0, p1, …; drizzle never changes them):
    // made once, they are not garbage a hundred times a second.
    const placeholder = (PLACEHOLDERS[i] ??= { name: `p${i}`, sql: sql`${sql.placeholder(`p${i}`)}` });
    this.values[placeholder.name] = value;
    return placeholder.sql;
  };

  /** A placeholder for `value` as `column`'s value. */
  as = (value: unknown, column: Column): SQL =>
    this.of(value === null || value === undefined ? null : column.mapToDriverValue(value));

  /** An insert's row of `table`, each value by a placeholder. */
  row = <T extends Record<string, unknown>>(table: Table, row: T): { [K in keyof T]: SQL } => {
    const columns = getTableColumns(table);
    return Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, this.as(value, columns[key]!)]),
    ) as { [K in keyof T]: SQL };
  };
}

/** A statement ready to run: its text (kept by shape) and this call's values. */
export interface Prebuilt {
  readonly query: Query;
  readonly values: Record<string, unknown>;
}

const dialect = new PgDialect();
const texts = new Map<string, Query>();

/** The text of the statement of `shape` (built from `statement` at its first call), with `params`' values. */
export const prebuilt = (shape: string, statement: SQLWrapper, params: Params, check: boolean): Prebuilt => {
  const kept = texts.get(shape);
  if (kept && !check) return { query: kept, values: params.values };
  const built = dialect.sqlToQuery(statement.getSQL());
  if (kept) {
    const same =
      kept.sql === built.sql &&
      isDeepStrictEqual(
        fillPlaceholders(kept.params, params.values),
        fillPlaceholders(built.params, params.values),
      );
    if (!same)
      throw new Error(
        `The prebuilt statement "${shape}" is not this call's statement: its shape misses what changed`,
      );
  } else texts.set(shape, built);
  return { query: kept ?? built, values: params.values };
};

/** Runs a prebuilt statement in `db` (a transaction's statements asked together go together, client.ts). */
export const runPrebuilt = (db: Executor, { query, values }: Prebuilt) =>
  db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
