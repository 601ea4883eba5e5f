/**
 * The server process: `node --import tsx server/main.ts` (npm run serve; npm start builds first).
 * Reads the environment (README; every variable is validated by ENV_SCHEMA in config.ts), opens and migrates the database,
 * seeds the demo data in demo mode, serves, and shuts down gracefully on SIGINT/SIGTERM.
 */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DEFAULT_SCHEDULER_MS, settle, startScheduler } from './notify';
import { resumeBulk } from './areas';
import { settleBulkJobs } from './http/bulk';
import { loadPushConfig } from './push';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-accounts';
import { DataDirInUse, lockDataDir } from './db/data-dir-lock';
import { openConfiguredDatabase, redactUrl } from './db/open';
import { DB_CONNECT_TIMEOUT_MS } from './db/client';
import { ReadCache } from './http/read-cache';
import { seedDemoData } from './db/demo-data';
import { seedDemo, syncRoles } from './db/seed';
import { createConsoleMailer, createSmtpMailer } from './mail';
import { createLocalStorage } from './storage';

const fail = (message: string): never => {
  console.error(`\nThe server cannot start.\n${message}\n`);
  process.exit(1);
};

/** What went wrong, never "undefined": the message, else the error code, else the value itself. */
const describe = (err: unknown) =>
  err instanceof Error
    ? err.message || (err as NodeJS.ErrnoException).code || err.name
    : String(err ?? 'unknown error');

const main = async () => {
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  const { config, settings, env } = loaded;

  // One process per embedded data directory (server/db/data-dir-lock.ts).
  let unlock = () => {};
  if (!settings.databaseUrl) {
    try {
      unlock = lockDataDir(settings.dataDir);
    } catch (err) {
      if (err instanceof DataDirInUse) return fail(err.message);
      return fail(`Could not take the lock of DATA_DIR ${settings.dataDir}: ${describe(err)}`);
    }
  }
  const database = await openConfiguredDatabase(settings).catch((err: unknown) => {
    unlock();
    return fail(
      settings.databaseUrl
        ? `Could not connect to PostgreSQL at ${redactUrl(settings.databaseUrl)}: ${describe(err)}`
        : `Could not open the embedded database in ${path.join(settings.dataDir, 'pglite')}: ${describe(err)}`,
    );
  });
  try {
    await database.migrate();
  } catch (err) {
    // A database that never answers could hold close() open too: give it 2 s.
    await Promise.race([database.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    return fail(
      settings.databaseUrl
        ? `Could not use PostgreSQL at ${redactUrl(settings.databaseUrl)} (DATABASE_URL): ${describe(err)}\n` +
            `Check that the server runs, answers within ${DB_CONNECT_TIMEOUT_MS / 1000} s, and the URL is right.`
        : `Applying the database migrations in ${path.join(settings.dataDir, 'pglite')} failed: ${describe(err)}`,
    );
  }
  await syncRoles(database.db);
  if (config.mode === 'demo') await seedDemo(database.db, config.now());

  const mailer = settings.smtpUrl
    ? createSmtpMailer(settings.smtpUrl, config.mailFrom)
    : createConsoleMailer();
  const storage = createLocalStorage(path.join(settings.dataDir, 'uploads'));
  if (config.mode === 'demo') await seedDemoData(database.db, storage, config.now());
  let push;
  try {
    push = loadPushConfig(process.env, settings.dataDir);
  } catch (err) {
    await database.close();
    return fail(`Web push: ${describe(err)}`);
  }
  // Answers are kept until the next write of any process (ADR 0009).
  const cache = settings.readCache ? new ReadCache(database.changes) : undefined;
  const deps = { db: database.db, mailer, config, storage, push, cache };
  const app = createApp(deps);
  const scheduler = startScheduler(deps, env.NOTIFICATION_SCHEDULER_MS ?? DEFAULT_SCHEDULER_MS);
  // Bulk jobs a stopped process left running go on here (ADR 0021).
  await resumeBulk(deps);

  const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) => {
    const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(settings.host)
      ? 'localhost'
      : settings.host.includes(':')
        ? `[${settings.host}]`
        : settings.host;
    const url = `http://${shownHost}:${info.port}/admin/`;
    const lines = [
      '',
      `Events Back Office is running (${config.mode} mode): ${url}`,
      `API reference: http://${shownHost}:${info.port}/api/docs`,
      `Database: ${database.kind === 'postgres' ? redactUrl(settings.databaseUrl!) : `embedded PGlite in ${path.join(settings.dataDir, 'pglite')}`}`,
      `Mail: ${settings.smtpUrl ? 'sent through SMTP_URL' : 'printed here (demo mode, no SMTP_URL)'}`,
    ];
    if (config.mode === 'demo') {
      lines.push('', `Demo accounts (password ${DEMO_PASSWORD}):`);
      for (const a of DEMO_ACCOUNTS)
        lines.push(
          `  ${a.email.padEnd(24)} ${a.role.padEnd(16)} ${a.canSignIn ? '' : `(${a.key}: cannot sign in)`}`.trimEnd(),
        );
    }
    lines.push('', 'Press Ctrl+C to stop.', '');
    console.info(lines.join('\n'));
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      fail(
        `Port ${settings.port} on ${settings.host} is already in use. Set PORT to another port, e.g. PORT=3001.`,
      );
    else fail(`The HTTP server failed: ${err.message}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal} received: stopping…`);
    const force = setTimeout(() => {
      console.error('Open connections did not close within 10 s; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await scheduler.stop();
        await settle();
        await settleBulkJobs();
        await mailer.close?.();
        await database.close();
      } finally {
        unlock();
        process.exit(0);
      }
    });
    // Idle keep-alive connections would hold close() open.
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
