import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../core/paths';

/**
 * drizzle's migrator runs a migration only when its journal time (`when`) is later than that of the
 * last migration the database applied: a migration dated earlier than the one before it is
 * skipped on every database that already had that one, with no error.
 */
describe('the migrations journal', () => {
  it('dates every migration after the one before it', () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const late = journal.entries.filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when);
    expect(late.map((entry) => entry.tag)).toEqual([]);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, i) => i));
  });
});
