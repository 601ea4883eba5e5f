/**
 * Databases of the bench under bench/.cache (gitignored): fresh demo data for the browser figures,
 * and large seeded datasets kept between runs (seeding 100,000 bookings takes a while). A dataset
 * is reseeded when the migrations change (their hash is stored next to it).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CACHE_DIR } from './build';

const MIGRATIONS = join('server', 'db', 'migrations');
/** Bumped when bench/seed.ts makes different data: the cached datasets are made again. */
const SEED_VERSION = 2;

export const migrationsHash = (): string => {
  const h = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    h.update(f).update(readFileSync(join(MIGRATIONS, f)));
  return h.digest('hex').slice(0, 16);
};

/** An empty DATA_DIR (the server seeds the demo data on start). */
export async function freshDataDir(name: string): Promise<string> {
  const dir = join(CACHE_DIR, `run-${name}`);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

const runSeed = (env: NodeJS.ProcessEnv, events: number, bookings: number, log: (m: string) => void) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/seed.ts', '--events', String(events), '--bookings', String(bookings)],
      { env: { ...process.env, NODE_ENV: 'development', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => {
      const last =
        out
          .trim()
          .split(/[\r\n]+/)
          .slice(-1)[0] ?? '';
      if (code === 0) {
        log(`seed: ${last}`);
        resolve();
      } else reject(new Error(`bench/seed.ts failed (exit ${code}):\n${out.slice(-4000)}`));
    });
  });

/** A PGlite DATA_DIR holding `bookings` bookings over `events` events (seeded once, then reused). */
export async function seededPglite(
  bookings: number,
  events: number,
  log: (m: string) => void,
  /** The kept directory's name, for a dataset of another shape than the bookings' (the calendar's events). */
  name = `pglite-${bookings}`,
): Promise<string> {
  const dir = join(CACHE_DIR, name);
  const stampFile = join(dir, 'bench-stamp.json');
  const stamp = JSON.stringify({ seed: SEED_VERSION, migrations: migrationsHash(), bookings, events });
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
    log(`seed: PGlite with ${bookings.toLocaleString('en')} bookings (once, kept in ${dir})`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await runSeed({ DATA_DIR: dir, DATABASE_URL: '' }, events, bookings, log);
    await writeFile(stampFile, stamp);
  }
  return dir;
}

/** The same on PostgreSQL: `url` names a database of the bench cluster. */
export async function seededPostgres(
  url: string,
  dataDir: string,
  bookings: number,
  events: number,
  log: (m: string) => void,
): Promise<void> {
  const stampFile = join(dataDir, 'bench-stamp.json');
  const stamp = JSON.stringify({ seed: SEED_VERSION, migrations: migrationsHash(), bookings, events, url });
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  log(`seed: PostgreSQL with ${bookings.toLocaleString('en')} bookings (once)`);
  await mkdir(dataDir, { recursive: true });
  await runSeed({ DATABASE_URL: url, DATA_DIR: dataDir }, events, bookings, log);
  await writeFile(stampFile, stamp);
}
