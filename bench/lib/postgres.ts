/**
 * A throwaway PostgreSQL cluster for the bench: bench/.cache/pgdata on 127.0.0.1:54331 (BENCH_PG_PORT),
 * trust authentication, created with initdb on first use and kept (with its seeded data) between runs.
 * As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR } from './build';

const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 54331);
const PGDATA = join(CACHE_DIR, 'pgdata');
const LOG = join(CACHE_DIR, 'postgres.log');

const asPostgres = (cmd: string, args: string[]) => {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
};

const chownForPostgres = (path: string) => {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
};

const databaseUrl = (db = 'bench') => `postgres://postgres@127.0.0.1:${PG_PORT}/${db}`;

/** Runs one SQL command with psql on database `db` of the bench's cluster; its output (rows only), trimmed. */
export const psql = (db: string, command: string): string =>
  execFileSync(
    'psql',
    ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-d', db, '-tAqc', command],
    { encoding: 'utf8' },
  ).trim();

/** Starts the cluster (creating it first if needed) and makes sure database `db` exists. */
export function startPostgres(db = 'bench'): { url: string; stop: () => void } {
  mkdirSync(CACHE_DIR, { recursive: true });
  if (!existsSync(join(PGDATA, 'PG_VERSION'))) {
    mkdirSync(PGDATA, { recursive: true });
    chownForPostgres(PGDATA);
    asPostgres('initdb', ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '-D', PGDATA]);
  }
  if (!existsSync(LOG)) {
    execFileSync('touch', [LOG]);
    chownForPostgres(LOG);
  }
  let running = true;
  try {
    asPostgres('pg_ctl', ['-D', PGDATA, 'status']);
  } catch {
    running = false;
  }
  if (!running)
    asPostgres('pg_ctl', [
      '-D',
      PGDATA,
      '-l',
      LOG,
      '-w',
      '-o',
      `-p ${PG_PORT} -h 127.0.0.1 -k /tmp -c shared_buffers=256MB -c max_connections=50 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]);
  if (psql('postgres', `select 1 from pg_database where datname='${db}'`) !== '1')
    psql('postgres', `create database ${db}`);
  return {
    url: databaseUrl(db),
    /** Stops the cluster if this call started it. */
    stop: () => {
      if (!running) asPostgres('pg_ctl', ['-D', PGDATA, '-m', 'fast', '-w', 'stop']);
    },
  };
}
