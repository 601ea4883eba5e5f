/**
 * The real server as a child process, as `npm start` runs it (the server bundle with its Node flags,
 * scripts/server-bundle.mjs), on 127.0.0.1 only, with a given DATA_DIR (PGlite) or DATABASE_URL,
 * serving the bench's own build (DIST_DIR).
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, buildServer, serverNodeFlags } from '../../scripts/server-bundle.mjs';
import { DEMO, DEMO_PASSWORD, type DemoAccount } from '../../server/seed/demo-accounts';
import { freePort } from '../../tests/support/ports';

/** The bench's server bundle, built once a run (a name of its own: `npm start` builds main.mjs). */
let bundle: string | undefined;
const serverBundle = () => (bundle ??= buildServer('bench.mjs'));

export interface BenchServer {
  origin: string;
  port: number;
  /** The server process (its memory: /proc/<pid>/status). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startServer(options: {
  distDir: string;
  dataDir: string;
  databaseUrl?: string;
  /** Mail goes to this SMTP server (else the console mailer). */
  smtpUrl?: string;
  /** Extra environment (e.g. WORKERS). */
  env?: NodeJS.ProcessEnv;
  /** PGlite: work in `dataDir` itself, not in a copy (what it writes is kept, a seed for the next start). */
  inPlace?: boolean;
}): Promise<BenchServer> {
  const port = await freePort();
  // PGlite: each server starts from a copy of the database as seeded (vacuumed, bench/seed.ts), so
  // the writes of one measurement never slow the next (PGlite has no autovacuum, and the server's
  // own vacuum runs hourly: server/db/upkeep.ts).
  const copy =
    options.databaseUrl || options.inPlace ? null : await mkdtemp(join(tmpdir(), 'ebo-bench-data-'));
  if (copy) await cp(options.dataDir, copy, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: copy ?? options.dataDir,
    DIST_DIR: options.distDir,
    // As in production: answers are not checked against the contract again (docs/decisions/0020-every-list-on-an-index.md).
    CHECK_ANSWERS: 'off',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  let log = '';
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...serverNodeFlags(env), ...profile, serverBundle()], {
    cwd: process.cwd(),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (copy) await rm(copy, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited before answering:\n${log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`, {
        signal: AbortSignal.timeout(2000),
      });
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 180 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin: `http://localhost:${port}`, port, pid: child.pid!, output: () => log, stop };
}

/** A bearer token of an account with the demo password. */
export async function login(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token?: string; data?: { token?: string } };
  const token = body.token ?? body.data?.token;
  if (!res.ok || !token)
    throw new Error(`Sign-in of ${email} answered ${res.status}: ${JSON.stringify(body)}`);
  return token;
}

/** GET calls of the API as a signed-in user; a non-2xx answer throws. */
export interface Api {
  port: number;
  get(path: string, token: string): Promise<{ data: Record<string, unknown> }>;
}

export const apiOf = (port: number): Api => ({
  port,
  async get(path, token) {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { data: Record<string, unknown> };
  },
});

/** A bearer token of the demo account of `role` (server/seed/demo-accounts.ts). */
export const signInAs = (port: number, role: DemoAccount['key']): Promise<string> =>
  login(port, DEMO[role].email);
