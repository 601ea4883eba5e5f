/**
 * The real server as a child process, as a user runs it (the suite's server bundle with the flags of
 * `npm start`): the built app under /admin/, the API under /api, a fresh embedded database (PGlite in
 * a temp DATA_DIR, a copy of the suite's seeded demo database) and mail going to a real SMTP server on
 * 127.0.0.1 that captures it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SERVER_ENV, serverNodeFlags } from '../../scripts/server-bundle.mjs';
import { openPglite, type Db } from '../../server/db/client';
import { DEMO as ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { startSmtpCapture } from '../setup/smtp';
import { freePort } from './ports';
import { suiteReady } from './suite-ready';

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

export interface AppServer {
  /** http://localhost:<port> — a secure context, so service workers run. */
  origin: string;
  port: number;
  smtp: SmtpCapture;
  /** What the server printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export { DEMO_PASSWORD };
/** The demo accounts' e-mails by key (server/seed/demo-accounts.ts). */
export const DEMO = Object.fromEntries(Object.values(ACCOUNTS).map((a) => [a.key, a.email])) as Record<
  keyof typeof ACCOUNTS,
  string
>;

const READY_TIMEOUT_MS = 90_000;

/**
 * Runs `write` on the database of a server's DATA_DIR (PGlite in DATA_DIR/pglite, as the server opens
 * it, server/db/open.ts) while no server runs on it: a file's bulk records made before its server
 * starts (`prepare` of ./suite.ts).
 */
export async function writeDataDir(dataDir: string, write: (db: Db) => Promise<void>): Promise<void> {
  const database = await openPglite(join(dataDir, 'pglite'));
  try {
    await write(database.db);
  } finally {
    await database.close();
  }
}

/** Times a start is tried again when another process took its port first. */
const PORT_TRIES = 5;

/**
 * Starts the server on a port free a moment before. Another file's server or capture may bind that
 * port in between: the start then fails naming the port, and is tried again on another.
 */
export async function startAppServer(
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<AppServer> {
  await suiteReady();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extraEnv, prepare);
    } catch (error) {
      if (attempt >= PORT_TRIES || !String(error).includes('already in use')) throw error;
    }
  }
}

async function startOnce(
  extraEnv: Record<string, string>,
  prepare?: (dataDir: string) => Promise<void>,
): Promise<AppServer> {
  const [port, dataDir, smtp] = await Promise.all([
    freePort(),
    mkdtemp(join(tmpdir(), 'ebo-browser-')),
    startSmtpCapture(),
  ]);
  // A copy of the demo database seeded once for the suite (tests/browser/global-setup.ts).
  await cp(inject('demoDataDir'), dataDir, { recursive: true });
  await prepare?.(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // The suite's private build (tests/browser/global-setup.ts).
    DIST_DIR: inject('distDir'),
    ...extraEnv,
  };
  // The browser suite always runs on a fresh embedded database, even when CI exports DATABASE_URL.
  delete env.DATABASE_URL;
  delete env.VITEST;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;

  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(env), inject('serverBundle')], {
    cwd: process.cwd(),
    env: { ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopping = false;
  let ready = false;
  void exited.then((code) => {
    if (ready && !stopping)
      console.error(`[browser] the app server on port ${port} exited (code ${code}):\n${log}`);
  });

  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  const origin = `http://localhost:${port}`;
  // The app's page, not the API document: the document is built on its first request (a third of a
  // second of the server's CPU), which no journey needs (docs/decisions/0075-test-run-within-its-budget.md).
  const probe = `http://127.0.0.1:${port}/admin/`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let gone: number | null | undefined;
  void exited.then((code) => (gone = code));
  for (;;) {
    if (gone !== undefined) {
      await stop();
      throw new Error(`The server exited (code ${gone}) before answering:\n${log}`);
    }
    // Its own line saying where it listens first: an answer on the port alone may come from another
    // process that took the port first.
    if (log.includes(`:${port}/admin/`)) {
      try {
        const res = await fetch(probe, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) break;
      } catch {
        // not answering yet
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${probe} within ${READY_TIMEOUT_MS} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  ready = true;
  return { origin, port, smtp, output: () => log, stop };
}
