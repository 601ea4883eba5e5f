/**
 * The real app in-process on a fresh migrated, seeded database, with mail going to a real SMTP
 * server on 127.0.0.1 and an injectable clock. For server integration tests:
 *
 *   const t = await createTestServer();
 *   const token = await t.login('admin@example.com', DEMO_PASSWORD);
 *   const res = await t.request('GET', '/api/master/role', { token, lang: 'ar' });
 *   t.clock.advance(10 * 60_000);
 *   await t.close();
 */
import { createApp, type App, type Deps } from '../../server/app';
import { resumeBulk } from '../../server/areas';
import type { PushConfig } from '../../server/notifications/push';
import { defaultConfig, type Config } from '../../server/core/config';
import { seedDemoData } from '../../server/seed/demo-data';
import { seedDemo } from '../../server/seed/seed';
import { createSmtpMailer, type Mailer } from '../../server/core/mailer';
import { settle } from '../../server/notifications/notify';
import { stopBulkJobs } from '../../server/resources/bulk-jobs';
import { createDbStorage, type Storage } from '../../server/files/storage';
import { startLiveHub } from '../../server/live/hub';
import { watchSessions } from '../../server/live/sessions';
import { createLive } from '../../server/live/streams';
import type { Database } from '../../server/db/client';
import { createTestDb, type Template, type TestDb } from './db';
import { startSmtpCapture, type SmtpCapture } from './smtp';

export { DEMO, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo-accounts';

export interface TestClock {
  now(): Date;
  /** Moves time forward by `ms`. */
  advance(ms: number): void;
  set(date: Date | string | number): void;
}

export const createClock = (start: Date | string | number = '2026-11-22T09:00:00Z'): TestClock => {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (date) => {
      t = new Date(date).getTime();
    },
  };
};

// Answers are read loosely in tests (each test asserts the shape it expects).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** An object is sent as JSON; FormData as multipart; a string or bytes as they are. */
  body?: unknown;
  token?: string;
  lang?: 'en' | 'ar' | string;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: App;
  /** What the app was made with (to run server jobs such as the notification scheduler). */
  deps: Deps;
  db: TestDb;
  smtp: SmtpCapture;
  config: Config;
  clock: TestClock;
  storage: Storage;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs in (expects 200) and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<Config>;
  clock?: TestClock;
  /** Seed the demo accounts (default true). */
  seed?: boolean;
  /** Also seed the demo records: masters, providers, supervisors, staff (default false). */
  demoData?: boolean;
  /** Replace the SMTP mailer (the capture server still runs). */
  mailer?: Mailer;
  /** Web push (VAPID keys, and an agent that trusts a fake push service). */
  push?: PushConfig;
}

/** The live updates of one server (ADR 0019) on `database`, as server/main.ts starts them. */
export const startLive = async (database: Database, config: Config) =>
  createLive(await startLiveHub(database), watchSessions(database, config));

export const createTestServer = async (opts: TestServerOptions = {}): Promise<TestServer> => {
  const clock = opts.clock ?? createClock();
  // Bulk rows without their rest (docs/decisions/0075-test-run-within-its-budget.md): a test unless it says.
  const config = defaultConfig({ distDir: null, bulkRowRest: 0, ...opts.config, now: () => clock.now() });
  const seeded = clock.now();
  const seed = opts.seed !== false;
  // The demo accounts and records, seeded once per run into a template (tests/setup/db.ts).
  const template: Template = {
    key: `seed=${seed} demoData=${Boolean(opts.demoData)} at=${seeded.toISOString()} quota=${config.uploadQuotaBytes}`,
    async seed(db) {
      if (seed) await seedDemo(db, seeded);
      if (opts.demoData)
        await seedDemoData(
          db,
          createDbStorage(db, { quotaBytes: config.uploadQuotaBytes, now: () => seeded }),
          seeded,
        );
    },
  };
  const [db, smtp] = await Promise.all([createTestDb(template), startSmtpCapture()]);
  const mailer = opts.mailer ?? createSmtpMailer(smtp.url, config.mailFrom);
  const storage = createDbStorage(db.db, { quotaBytes: config.uploadQuotaBytes, now: config.now });
  const deps: Deps = {
    db: db.db,
    mailer,
    config,
    storage,
    ...(opts.push ? { push: opts.push } : {}),
    live: await startLive(db, config),
    databaseKind: db.kind,
  };
  const app = createApp(deps);
  // As a process starts (server/main.ts): bulk work runs again after an earlier server of this test
  // worker stopped it, and jobs left running in the database go on.
  await resumeBulk(deps);

  const request = async <T>(method: string, url: string, options: RequestOptions = {}) => {
    const headers = new Headers(options.headers);
    if (!headers.has('accept')) headers.set('Accept', 'application/json');
    if (options.lang && !headers.has('accept-language')) headers.set('Accept-Language', options.lang);
    if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    const b = options.body;
    if (b instanceof FormData) {
      // Encoded up front: undici streams FormData in parts and, on Node 26, throws an unhandled
      // error when the server stops reading early (a 413) while it still writes.
      const encoded = new Response(b);
      body = new Uint8Array(await encoded.arrayBuffer());
      headers.set('Content-Type', encoded.headers.get('content-type')!);
    } else if (typeof b === 'string' || b instanceof Uint8Array) body = b as BodyInit;
    else if (b !== undefined) {
      body = JSON.stringify(b);
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/json');
    }
    const res = await app.request(url, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  };

  return {
    app,
    deps,
    db,
    smtp,
    config,
    clock,
    storage,
    request,
    async login(email, password) {
      const res = await request<{ token: string; message: string }>('POST', '/api/login', {
        body: { email, password },
      });
      if (res.status !== 200) throw new Error(`Sign-in of ${email} failed: ${res.status} ${res.text}`);
      return res.body.token;
    },
    async close() {
      // As the process does when it stops: the row under way ends, the job stays running in the
      // database (a job over thousands of rows goes on at its pace for many seconds).
      await stopBulkJobs();
      deps.live?.closeAll();
      await deps.live?.hub.close();
      await settle();
      await mailer.close?.();
      await Promise.all([smtp.close(), db.close()]);
    },
  };
};
