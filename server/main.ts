/**
 * The server process, bundled and run by `npm start` and `npm run serve` (scripts/server-bundle.mjs).
 * Reads the environment (README; every variable is validated by ENV_SCHEMA in config.ts), opens and migrates the database,
 * seeds the demo data in demo mode, serves, and shuts down gracefully on SIGINT/SIGTERM.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, type Deps } from './app';
import { DEFAULT_SCHEDULER_MS, settle, startScheduler } from './notifications/notify';
import { areaTables, resumeBulk } from './areas';
import { BULK_PURGE_EVERY_MS, purgeBulkJobs, stopBulkJobs } from './resources/bulk-jobs';
import { loadPushConfig } from './notifications/push';
import { ConfigError, loadConfig, type Config, type ProcessSettings } from './core/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { DataDirInUse, lockDataDir } from './db/data-dir-lock';
import { openConfiguredDatabase, redactUrl } from './db/open';
import type { Database } from './db/client';
import { installRowTriggers } from './db/row-triggers';
import { seedDemoData } from './seed/demo-data';
import { demoTotp, seedDemo, syncRoles } from './seed/seed';
import { createConsoleMailer, createSmtpMailer, type Mailer } from './core/mailer';
import { createDbStorage, type Storage } from './files/storage';
import { importUploadsFolder } from './files/storage-import';
import { FILE_SWEEP_EVERY_MS, sweepUnreferencedFiles } from './files/references';
import { AUDIT_PURGE_EVERY_MS, purgeAudit } from './audit/trail';
import { IDEMPOTENCY_PURGE_EVERY_MS, purgeIdempotencyKeys } from './http/idempotency';
import { embeddedVacuum } from './db/upkeep';
import { startLiveHub } from './live/hub';
import { watchSessions } from './live/sessions';
import { createLive, type Live } from './live/streams';
import { runPrimary } from './workers';
import { startMailQueue, wakeMailQueue } from './notifications/mail-queue';
import { queueDueMessages, queueDueReminders } from './notifications/guest-messages';
import { sendDueDigests } from './areas/digest';

const fail = (message: string): never => {
  console.error(`\nThe server cannot start.\n${message}\n`);
  process.exit(1);
};

/** What went wrong, never "undefined": the message, else the error code, else the value itself. */
const describe = (err: unknown) =>
  err instanceof Error
    ? err.message || (err as NodeJS.ErrnoException).code || err.name
    : String(err ?? 'unknown error');

/** The configuration from the environment (README); an invalid one stops the process. */
const readConfig = () => {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
};

/** Answers the function that lets the embedded data directory go. */
const lockData = (settings: ProcessSettings) => {
  let unlock = () => {};
  // One process per embedded data directory (server/db/data-dir-lock.ts).
  if (!settings.databaseUrl) {
    try {
      unlock = lockDataDir(settings.dataDir);
    } catch (err) {
      if (err instanceof DataDirInUse) return fail(err.message);
      return fail(`Could not take the lock of DATA_DIR ${settings.dataDir}: ${describe(err)}`);
    }
  }
  return unlock;
};

/** Opens and migrates the database; every area's tables get their row triggers. */
const openDatabase = async (settings: ProcessSettings, unlock: () => void): Promise<Database> => {
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
    // Every area's tables carry the audit and live triggers its declaration names.
    await installRowTriggers(database.db, areaTables());
  } catch (err) {
    // A database that never answers could hold close() open too: give it 2 s.
    await Promise.race([database.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    return fail(
      settings.databaseUrl
        ? `Could not use PostgreSQL at ${redactUrl(settings.databaseUrl)} (DATABASE_URL): ${describe(err)}\n` +
            `Check that the server runs, answers within ${settings.dbConnectTimeoutMs / 1000} s, and the URL is right.`
        : `Applying the database migrations in ${path.join(settings.dataDir, 'pglite')} failed: ${describe(err)}`,
    );
  }
  return database;
};

/** Moves the files of the former uploads folder into the database's storage. */
const moveUploads = async (database: Database, storage: Storage, uploadsDir: string) => {
  try {
    const moved = await importUploadsFolder(database.db, storage, uploadsDir);
    if (moved.moved || moved.alreadyThere)
      console.info(
        `Moved ${moved.moved + moved.alreadyThere} uploaded files from ${uploadsDir} into the database.`,
      );
    if (moved.left.length)
      console.warn(
        `These files in ${uploadsDir} were not moved into the database (not uploads, or another file has their name there): ${moved.left.join(', ')}`,
      );
  } catch (err) {
    await database.close();
    return fail(`Moving the uploaded files of ${uploadsDir} into the database failed: ${describe(err)}`);
  }
};

/** The web push settings; invalid ones stop the process. */
const readPush = async (database: Database, settings: ProcessSettings) => {
  try {
    return loadPushConfig(process.env, settings.dataDir);
  } catch (err) {
    await database.close();
    return fail(`Web push: ${describe(err)}`);
  }
};

/** The notification scheduler, which runs the process's periodic tasks too. */
const startTasks = (deps: Deps, intervalMs: number, database: Database) =>
  startScheduler(deps, intervalMs, [
    {
      name: 'The unused-file sweeper',
      everyMs: FILE_SWEEP_EVERY_MS,
      run: (d) => sweepUnreferencedFiles(d.db, d.config.now()),
    },
    {
      name: 'The audit purge',
      everyMs: AUDIT_PURGE_EVERY_MS,
      run: (d) => purgeAudit(d.db, d.config.now(), d.config.auditRetentionDays),
    },
    {
      name: 'The idempotency key purge',
      everyMs: IDEMPOTENCY_PURGE_EVERY_MS,
      run: (d) => purgeIdempotencyKeys(d.db, d.config.now()),
    },
    {
      name: 'The bulk job purge',
      everyMs: BULK_PURGE_EVERY_MS,
      run: (d) => purgeBulkJobs(d.db, d.config.now(), d.config.bulkRetentionDays),
    },
    // Scheduled messages and reminders that came due, claimed by one process each (ADR 0071).
    {
      name: 'Messages and reminders',
      everyMs: 0,
      run: async (d) => {
        await queueDueMessages(d);
        await queueDueReminders(d);
      },
    },
    // Staff digests that came due, claimed by whichever process comes first (ADR 0072).
    { name: 'The staff digests', everyMs: 0, run: sendDueDigests },
    // Mails whose retry came due (an enqueue wakes every process's sender itself).
    { name: 'The mail queue', everyMs: 0, run: async () => wakeMailQueue() },
    // PGlite has no autovacuum (server/db/upkeep.ts); PostgreSQL vacuums itself.
    ...(database.kind === 'pglite'
      ? [{ name: 'The embedded database vacuum', everyMs: 60_000, run: embeddedVacuum(database) }]
      : []),
  ]);

/** The URL served; the first (or only) process adds the rest of the banner, the others only that line. */
const printBanner = (
  port: number,
  settings: ProcessSettings,
  config: Config,
  database: Database,
  quiet: boolean,
  totp: Awaited<ReturnType<typeof demoTotp>>,
) => {
  const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(settings.host)
    ? 'localhost'
    : settings.host.includes(':')
      ? `[${settings.host}]`
      : settings.host;
  const url = `http://${shownHost}:${port}/admin/`;
  if (quiet) {
    console.info(`Worker ${process.pid} is serving ${url}`);
    return;
  }
  const lines = [
    '',
    `Events Back Office is running (${config.mode} mode): ${url}`,
    `API reference: http://${shownHost}:${port}/api/docs`,
    `Database: ${database.kind === 'postgres' ? redactUrl(settings.databaseUrl!) : `embedded PGlite in ${path.join(settings.dataDir, 'pglite')}`}`,
    `Mail: ${settings.smtpUrl ? 'sent through SMTP_URL' : 'printed here (demo mode, no SMTP_URL)'}`,
    `Processes: ${cluster.isWorker ? `${settings.workers} (WORKERS)` : '1'}`,
  ];
  if (config.mode === 'demo') {
    lines.push('', `Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS)
      lines.push(
        `  ${a.email.padEnd(24)} ${a.role.padEnd(16)} ${a.canSignIn ? '' : `(${a.key}: cannot sign in)`}`.trimEnd(),
      );
    // Demo mode only: the two-factor demo account's secret, for an authenticator app.
    if (totp)
      lines.push(
        '',
        `${totp.email} signs in with a second factor: add this secret to an authenticator app`,
        `  TOTP secret: ${totp.secret}`,
        `  ${totp.uri}`,
      );
  }
  lines.push('', 'Press Ctrl+C to stop.', '');
  console.info(lines.join('\n'));
};

/** What the process stops on SIGINT or SIGTERM. */
interface Running {
  server: ServerType;
  live: Live;
  scheduler: ReturnType<typeof startScheduler>;
  mailer: Mailer;
  database: Database;
  unlock: () => void;
  stopMail: () => Promise<void>;
}

/** Shuts down gracefully on SIGINT and SIGTERM. */
const stopOnSignals = ({ server, live, scheduler, mailer, database, unlock, stopMail }: Running) => {
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
    // No new requests (and /api/ready answers 503); live streams end so their clients reconnect to
    // another process; requests in flight finish (10 s at most).
    live.stopping = true;
    live.closeAll();
    server.close(async () => {
      try {
        await live.hub.close();
        await scheduler.stop();
        await settle();
        // Bulk jobs stop after the row under way and go on at the next start (ADR 0037).
        await stopBulkJobs();
        // The sends under way finish; what is left stays queued for the next process (ADR 0067).
        await stopMail();
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

const main = async () => {
  const { config, settings, env } = readConfig();
  // WORKERS=N on PostgreSQL: this process only starts and watches N server processes (workers.ts).
  if (cluster.isPrimary && settings.workers > 1) return runPrimary(settings.workers);
  if (settings.workersRefused)
    console.info(
      'WORKERS asks for several processes, but the embedded database (PGlite) can be opened by one process only: running one. Set DATABASE_URL to run several.',
    );
  /** The first (or only) process prints the full banner; the other workers one line. */
  const quiet = cluster.isWorker && cluster.worker?.id !== 1;

  const unlock = lockData(settings);
  const database = await openDatabase(settings, unlock);
  await syncRoles(database.db);
  if (config.mode === 'demo') await seedDemo(database.db, config.now());

  const mailer = settings.smtpUrl
    ? createSmtpMailer(settings.smtpUrl, config.mailFrom, config.smtpTimeoutMs)
    : createConsoleMailer();
  // Uploaded files live in the database (ADR 0018); the former DATA_DIR/uploads folder moves in once.
  const storage = createDbStorage(database.db, { quotaBytes: config.uploadQuotaBytes, now: config.now });
  await moveUploads(database, storage, path.join(settings.dataDir, 'uploads'));
  if (config.mode === 'demo') await seedDemoData(database.db, storage, config.now());
  const push = await readPush(database, settings);
  // Live updates (ADR 0019): this process's hub follows every process's writes.
  const live = createLive(await startLiveHub(database), watchSessions(database, config), {
    maxPerUser: settings.liveStreamsPerUser,
  });
  const deps = { db: database.db, mailer, config, storage, push, live, databaseKind: database.kind };
  const app = createApp(deps);
  const scheduler = startTasks(deps, env.NOTIFICATION_SCHEDULER_MS ?? DEFAULT_SCHEDULER_MS, database);
  // Bulk jobs a stopped process left running go on here (ADR 0021).
  await resumeBulk(deps);
  // Queued mails, this process's and any other's (ADR 0067).
  const stopMail = startMailQueue(deps, database.listen);

  const totp = config.mode === 'demo' && !quiet ? await demoTotp(database.db) : null;
  const server = serve({ fetch: app.fetch, port: settings.port, hostname: settings.host }, (info) =>
    printBanner(info.port, settings, config, database, quiet, totp),
  );
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE')
      fail(
        `Port ${settings.port} on ${settings.host} is already in use. Set PORT to another port, e.g. PORT=3001.`,
      );
    else fail(`The HTTP server failed: ${err.message}`);
  });
  stopOnSignals({ server, live, scheduler, mailer, database, unlock, stopMail });
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
