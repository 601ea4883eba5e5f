/**
 * The embedded database's upkeep (docs/decisions/0020-every-list-on-an-index.md): PGlite runs
 * PostgreSQL without its background workers, so nothing vacuums it. Updated and deleted rows stay
 * as dead versions that every scan and index walk steps over (a deep page of 100,000 bookings after
 * half of them were updated: 52 ms, vacuumed 9 ms), and the planner's statistics are never renewed.
 * The scheduler (server/main.ts) runs `VACUUM (ANALYZE)` every `EMBEDDED_VACUUM_EVERY_MS` when
 * something was written since the last one. It holds the database while it runs: the first one of a
 * large, never-vacuumed database takes seconds; later ones read only the pages changed since.
 * PostgreSQL's own autovacuum does this for a server database.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

const EMBEDDED_VACUUM_EVERY_MS = 60 * 60 * 1000;

/**
 * The id the next transaction that writes will get: it moves on with every such transaction and
 * never with a read, so an unchanged value means nothing was written meanwhile.
 */
const nextWriteId = async (db: Db): Promise<string> =>
  (
    (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`)) as unknown as {
      rows: { next: string }[];
    }
  ).rows[0]!.next;

/**
 * A task that vacuums and analyses the embedded database once `everyMs` has passed since the last
 * time (or since the server started) and something was written meanwhile. The scheduler may call it
 * as often as it likes.
 */
export const embeddedVacuum = (
  database: Pick<Database, 'db'>,
  { everyMs = EMBEDDED_VACUUM_EVERY_MS, now = Date.now }: { everyMs?: number; now?: () => number } = {},
) => {
  let lastAt = now();
  let seen: Promise<string | null> = nextWriteId(database.db).catch(() => null);
  return async (): Promise<boolean> => {
    if (now() - lastAt < everyMs || (await nextWriteId(database.db)) === (await seen)) return false;
    await database.db.execute(sql`VACUUM (ANALYZE)`);
    lastAt = now();
    // Its own statements write (the statistics): what it saw is what counts as done.
    seen = Promise.resolve(await nextWriteId(database.db));
    return true;
  };
};
