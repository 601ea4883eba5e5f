/**
 * A start-up step (docs/architecture.md §1, ADR 0018): moves the files of the former upload folder
 * `DATA_DIR/uploads` into the database storage. Each file is stored (one transaction), then removed
 * from the folder, so the step can be interrupted anywhere and run again: a file already in the
 * database with the same content is only removed from the folder, nothing is stored twice. A file
 * whose key is in the database with other content is left in place and named in a warning.
 * The owner (for the quota) is the account whose picture it is, or who uploaded the document.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { sqlRows, type Executor } from '../db/client';
import { isValidKey, type Storage } from './storage';

export interface ImportOutcome {
  moved: number;
  /** Already in the database (an earlier, interrupted run): removed from the folder only. */
  alreadyThere: number;
  /** Left in the folder: not a storage key, or another content under the same key. */
  left: string[];
}

const ownerOf = async (db: Executor, key: string): Promise<number | null> => {
  const [row] = await sqlRows<{ owner: number | null }>(
    db,
    sql`select coalesce(
      (select id from users where profile_image = ${`uploads/${key}`} limit 1),
      (select uploaded_by from provider_documents where storage_key = ${key} limit 1)
    ) as owner`,
  );
  const owner = row?.owner;
  return owner === null || owner === undefined ? null : Number(owner);
};

const entries = async (dir: string) => {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
};

export const importUploadsFolder = async (
  db: Executor,
  storage: Storage,
  folder: string,
): Promise<ImportOutcome> => {
  const outcome: ImportOutcome = { moved: 0, alreadyThere: 0, left: [] };
  for (const sub of await entries(folder)) {
    if (!sub.isDirectory()) {
      outcome.left.push(sub.name);
      continue;
    }
    const subDir = path.join(folder, sub.name);
    for (const f of await entries(subDir)) {
      const file = path.join(subDir, f.name);
      const key = `${sub.name}/${f.name}`;
      // A half-written file of the former folder storage (it wrote to a .tmp name, then renamed).
      if (f.isFile() && f.name.endsWith('.tmp')) {
        await rm(file, { force: true });
        continue;
      }
      if (!f.isFile() || !isValidKey(key)) {
        outcome.left.push(key);
        continue;
      }
      const data = new Uint8Array(await readFile(file));
      const etag = `"${createHash('sha256').update(data).digest('base64url')}"`;
      const stored = await storage.info(key, db);
      if (stored && stored.etag !== etag) {
        outcome.left.push(key);
        continue;
      }
      if (stored) outcome.alreadyThere++;
      else {
        await storage.put(key, data, { ownerId: null, db });
        await db.execute(
          sql`update files set owner_id = ${await ownerOf(db, key)} where key = ${key} and owner_id is null`,
        );
        outcome.moved++;
      }
      await rm(file, { force: true });
    }
    await rmdir(subDir).catch(() => {}); // kept while something is left in it
  }
  await rmdir(folder).catch(() => {});
  return outcome;
};
