/**
 * Which records use a stored file, and removing the files none uses (docs/security.md, "Uploads";
 * ADR 0018). A record that replaces or drops a file removes it in its own transaction when nothing
 * else uses it (`removeUnusedFiles`); the sweeper (`sweepUnreferencedFiles`, run by the scheduler)
 * removes what is left over: uploads never saved into a record, and files of records removed in
 * other ways, once they are older than the grace period.
 */
import { sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Executor } from '../db/client';
import type { Storage } from './storage';

/** An upload stays this long before the sweeper may remove it unused (its form may not be saved yet). */
export const UNUSED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;
/** How often the scheduler sweeps. */
export const FILE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Most files one sweep removes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * True when a record uses the file of key `key` (an SQL text expression): every column that holds
 * an upload. A new column that holds one must be added here (tests/server/files.test.ts counts).
 */
const isUsed = (key: SQL) => {
  const path = sql`('uploads/' || ${key})`;
  return sql`(
    exists (select 1 from users where profile_image = ${path})
    or exists (select 1 from provider_documents where storage_key = ${key})
    or exists (select 1 from categories where icon = ${path})
    or exists (select 1 from events where cover_image = ${path} or images @> jsonb_build_array(${path}))
    or exists (select 1 from event_specialists where photo = ${path})
    or exists (select 1 from advertisements where image = ${path})
  )`;
};

/**
 * Removes, in `db` (the record's transaction), the files of these keys that no record uses any
 * more (a picture may be shared, e.g. by demo records or a copied advertisement).
 */
export const removeUnusedFiles = async (db: Executor, storage: Storage, keys: (string | null)[]) => {
  for (const key of new Set(keys)) {
    if (key === null) continue;
    const [row] = (
      (await db.execute(sql`select ${isUsed(sql`${key}::text`)} as used`)) as unknown as {
        rows: { used: boolean }[];
      }
    ).rows;
    if (!row?.used) await storage.delete(key, db);
  }
};

/** Removes files no record uses that are older than the grace period; returns how many. */
export const sweepUnreferencedFiles = async (db: Executor, now: Date, graceMs = UNUSED_FILE_GRACE_MS) => {
  const before = new Date(now.getTime() - graceMs);
  const deleted = await sqlRows<{ key: string }>(
    db,
    sql`
    delete from files where key in (
      select f.key from files f
      where f.created_at < ${before.toISOString()}::timestamptz and not ${isUsed(sql`f.key`)}
      limit ${SWEEP_BATCH}
    ) and created_at < ${before.toISOString()}::timestamptz and not ${isUsed(sql`files.key`)}
    returning key`,
  );
  return deleted.length;
};
