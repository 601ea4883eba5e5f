/**
 * The server process as a user starts it (the server bundle, as `npm start` runs it): configuration from
 * the environment, migration and demo seed on start, the printed URL and demo accounts, mail through
 * SMTP_URL, production refusing to start without its settings, graceful shutdown on SIGTERM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import { createTestDb, type TestDb } from '../setup/db';
import { startSmtpCapture, type SmtpCapture } from '../setup/smtp';
import { freePort } from '../support/ports';
import { startServerProcess as start, waitFor } from '../support/server-process';

describe('server/main.ts', () => {
  let smtp: SmtpCapture;
  let dataDir: string;
  let pgDb: TestDb | null = null;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    dataDir = await mkdtemp(path.join(tmpdir(), 'ebo-main-'));
    if (process.env.TEST_DB === 'postgres') pgDb = await createTestDb();
  });
  afterAll(async () => {
    await smtp?.close();
    await pgDb?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, prints the URL and demo accounts, serves the API, sends mail over SMTP, stops on SIGTERM', async () => {
    const port = await freePort();
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      DATABASE_URL: pgDb?.url ?? undefined,
    });
    try {
      await waitFor(() => server.output().includes('Press Ctrl+C'), 60_000, server.output);
      const out = server.output();
      expect(out).toContain(`http://localhost:${port}/admin/`);
      for (const a of DEMO_ACCOUNTS) expect(out).toContain(a.email);
      expect(out).toContain(DEMO_PASSWORD);
      // The two-factor demo account's secret, for an authenticator app (demo mode only).
      expect(out).toMatch(/TOTP secret: [A-Z2-7]{32}\n\s+otpauth:\/\/totp\//);

      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const root = await fetch(`${base}/`, { redirect: 'manual' });
      expect(root.status).toBe(302);
      expect(root.headers.get('location')).toBe('/admin/');

      const email = 'process.check@example.org';
      const sent = await fetch(`${base}/api/sendEmailOTP`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ar' },
        body: JSON.stringify({ email }),
      });
      expect(sent.status).toBe(200);
      await smtp.waitFor((m) => m.to.includes(email), 15_000);
      expect(smtp.lastOtpFor(email)).toMatch(/^[0-9]{6}$/);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
  });

  it('refuses to start in production without SMTP_URL and a database setting, saying what is missing', async () => {
    const server = start({
      NODE_ENV: 'production',
      SMTP_URL: undefined,
      DATABASE_URL: undefined,
      DATA_DIR: undefined,
    });
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('SMTP_URL');
    expect(server.output()).toContain('DATABASE_URL (PostgreSQL) or DATA_DIR');
  });

  it('one process per DATA_DIR: a second exits naming the first; a lock left by kill -9 is recovered', async () => {
    if (process.env.TEST_DB === 'postgres') return; // the lock guards the embedded database only
    const dir = await mkdtemp(path.join(tmpdir(), 'ebo-lock-'));
    const env = async () => ({
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SMTP_URL: smtp.url,
      DATABASE_URL: undefined,
    });
    const first = start(await env());
    let others: ReturnType<typeof start>[] = [];
    try {
      await waitFor(() => first.output().includes('Press Ctrl+C'), 60_000, first.output);
      // several at once, as a careless restart script would
      others = await Promise.all([1, 2, 3].map(async () => start(await env())));
      for (const other of others) {
        const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 30_000));
        expect(await Promise.race([other.exit, timeout]), other.output()).not.toBe(0);
        expect(other.output()).toContain(`DATA_DIR ${dir} is in use by process ${first.child.pid}`);
      }
      // the first still serves
      const port = /localhost:(\d+)\//.exec(first.output())![1];
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
    } finally {
      first.child.kill('SIGKILL');
      for (const other of others) if (other.child.exitCode === null) other.child.kill('SIGKILL');
    }
    await first.exit;
    // a crash leaves the lock behind; the next start recovers it
    const next = start(await env());
    try {
      await waitFor(() => next.output().includes('Press Ctrl+C'), 60_000, next.output);
    } finally {
      next.child.kill('SIGTERM');
    }
    expect(await next.exit).toBe(0);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('a DATABASE_URL that never answers stops the start within seconds, naming DATABASE_URL; a bad variable is named', async () => {
    const silent = createServer(() => {}); // accepts connections, never says a word
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const started = Date.now();
      // A timeout of 1 s instead of the 10 s default: the wait is the same code (ADR 0075).
      const server = start({
        DATABASE_URL: `postgres://u:secret@127.0.0.1:${port}/db`,
        DB_CONNECT_TIMEOUT_MS: '1000',
        PORT: String(await freePort()),
      });
      expect(await server.exit).toBe(1);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(server.output()).toContain('DATABASE_URL');
      expect(server.output()).toContain('answers within 1 s');
      expect(server.output()).not.toContain('secret');
      expect(server.output()).not.toContain('undefined');
    } finally {
      silent.close();
    }
    const bad = start({ SESSION_ABSOLUTE_DAYS: '99999999', DATA_DIR: dataDir });
    expect(await bad.exit).toBe(1);
    expect(bad.output()).toContain('SESSION_ABSOLUTE_DAYS must be at most');
  }, 60_000);
});
