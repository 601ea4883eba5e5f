/**
 * One process per embedded data directory (docs/architecture.md §3, docs/security.md):
 * PGlite has no server of its own, so two processes opening the same DATA_DIR would both write the
 * same files (duplicate keys, lost acknowledged writes). The server takes `DATA_DIR/server.lock`
 * before it opens the database:
 *
 * - the lock file holds the owner's PID and appears whole or not at all (written aside, then
 *   hard-linked into place, which fails when the file exists);
 * - a lock whose process is alive refuses the start: "DATA_DIR … is in use by process PID";
 * - a lock whose process is gone (a crash, kill -9) is stale: it is moved aside atomically (only one
 *   starting process can move a given file) and, if it is still the stale one, removed; then the
 *   taking starts over. A lock held under the same PID as ours is stale too (a restarted container
 *   often reuses the PID);
 * - the owner removes the lock when it stops (and on any exit of the process).
 */
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.lock';

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid} (lock file ${path.join(dataDir, LOCK_FILE)}). ` +
        'Only one server process may open an embedded database: stop that process, or give this one ' +
        'another DATA_DIR (or use PostgreSQL through DATABASE_URL to run several processes).',
    );
  }
}

const held = new Set<string>();

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

const alive = (pid: number) => {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const removeQuietly = (file: string) => {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
};

/** Takes the lock of `dataDir` or throws DataDirInUse; returns the function that releases it. */
export const lockDataDir = (dataDir: string): (() => void) => {
  const dir = path.resolve(dataDir);
  if (held.has(dir)) throw new DataDirInUse(dir, process.pid);
  mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, LOCK_FILE);
  const mine = `${lock}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = readPid(lock);
      if (holder === null) continue; // released meanwhile: take it
      if (holder && alive(holder)) throw new DataDirInUse(dir, holder);
      if (attempt >= 5) throw new DataDirInUse(dir, holder ?? 0);
      // Stale: move it aside (atomic, only one process moves this file), check it is the one we
      // judged stale, and drop it.
      const aside = `${lock}.stale.${process.pid}`;
      try {
        renameSync(lock, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const moved = readPid(aside);
      if (moved !== holder && moved !== null && alive(moved)) {
        // Another process took the lock between our read and our move: give it back.
        try {
          linkSync(aside, lock);
        } finally {
          removeQuietly(aside);
        }
        throw new DataDirInUse(dir, moved);
      }
      removeQuietly(aside);
    }
  } finally {
    removeQuietly(mine);
  }
  held.add(dir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(dir);
    if (readPid(lock) === process.pid) removeQuietly(lock);
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
};
