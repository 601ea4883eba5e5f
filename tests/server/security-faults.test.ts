/**
 * Faults (docs/security.md):
 * - the database unreachable: the API answers 503 with a clear, localised message and Retry-After
 *   within a few seconds, and serves again by itself when the database returns (PostgreSQL only:
 *   the connection goes through a TCP proxy on 127.0.0.1 that the test cuts and restores; PGlite
 *   is in the process and cannot become unreachable);
 * - the server process killed (SIGKILL) in the middle of writes: after a restart there is no
 *   partial record, and replaying the same requests with their Idempotency-Keys creates no
 *   duplicates.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/core/config';
import { openPostgres } from '../../server/db/client';
import { seedDemo } from '../../server/seed/seed';
import { createSmtpMailer } from '../../server/core/mailer';
import { createDbStorage } from '../../server/files/storage';
import { DEMO, DEMO_PASSWORD } from '../setup/server';
import { createTestDb, type TestDb } from '../setup/db';
import { freePort } from '../support/ports';
import { startServerProcess as startServer, waitFor } from '../support/server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** A TCP proxy on 127.0.0.1 that can be cut (connections dropped, new ones refused) and restored. */
const startProxy = async (targetHost: string, targetPort: number) => {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = new Socket();
        sockets.add(client).add(upstream);
        upstream.connect(targetPort, targetHost);
        client.pipe(upstream).pipe(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    port,
    // Drop every connection first: `close` waits for open ones, and an idle pooled one may linger.
    cut: async () => {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
      for (const s of sockets) s.destroy();
      sockets.clear();
      await closing;
    },
    restore: open,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
};

describe('database unreachable', () => {
  it.skipIf(!onPostgres)(
    'answers 503 with a localised message and Retry-After within seconds, and recovers when the database returns',
    { timeout: 60_000 },
    async () => {
      const testDb: TestDb = await createTestDb();
      cleanups.push(() => testDb.close());
      const target = new URL(testDb.url!);
      const proxy = await startProxy(target.hostname, Number(target.port || 5432));
      cleanups.push(() => proxy.close());
      const viaProxy = new URL(testDb.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const database = await openPostgres(viaProxy.toString());
      cleanups.push(() => database.close());
      await seedDemo(database.db, new Date());
      const config = defaultConfig({ distDir: null });
      const tmp = await mkdtemp(path.join(tmpdir(), 'ebo-faults-'));
      cleanups.push(() => rm(tmp, { recursive: true, force: true }));
      const app = createApp({
        db: database.db,
        mailer: createSmtpMailer('smtp://127.0.0.1:9', config.mailFrom),
        config,
        storage: createDbStorage(database.db, { quotaBytes: config.uploadQuotaBytes, now: config.now }),
      });
      const login = await app.request('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO.admin.email, password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const profile = (lang = 'en') =>
        app.request('/api/profile', {
          headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang },
        });
      expect((await profile()).status).toBe(200);

      await proxy.cut();
      for (const lang of ['en', 'ar']) {
        const started = Date.now();
        const res = await profile(lang);
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        const body = (await res.json()) as { status: number; message: string };
        expect(body.status).toBe(503);
        expect(body.message).toMatch(lang === 'ar' ? /قاعدة البيانات/ : /database cannot be reached/);
      }
      // public endpoints too
      const anon = await app.request('/api/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: DEMO.admin.email, password: DEMO_PASSWORD }),
      });
      expect(anon.status).toBe(503);

      await proxy.restore();
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await profile()).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
    },
  );
  it.skipIf(onPostgres)('is tested on PostgreSQL only (PGlite runs inside the server process)', () => {
    expect(onPostgres).toBe(false);
  });
});

/* ------------------------------------------------------------ killed server */

describe('server killed in the middle of writes', () => {
  it(
    'leaves no partial records, and replayed idempotent requests create no duplicates',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'ebo-kill-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const pg = onPostgres ? await createTestDb() : null;
      if (pg) cleanups.push(() => pg.close());
      const env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pg?.url ?? undefined,
        SMTP_URL: undefined,
      };
      const base = `http://127.0.0.1:${port}`;
      const boot = async () => {
        const s = startServer(env);
        cleanups.push(async () => {
          s.child.kill('SIGKILL');
          await s.exit;
        });
        await waitFor(() => s.output().includes('Press Ctrl+C'), 90_000, s.output);
        return s;
      };
      const post = async (token: string, p: string, body: unknown, key?: string) => {
        const res = await fetch(`${base}${p}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            ...(key ? { 'Idempotency-Key': key } : {}),
          },
          body: JSON.stringify(body),
        });
        return {
          status: res.status,
          replayed: res.headers.get('idempotent-replayed'),
          text: await res.text(),
        };
      };
      const signIn = async () => {
        const res = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: DEMO.admin.email, password: DEMO_PASSWORD }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { token: string }).token;
      };

      let server = await boot();
      let token = await signIn();
      // A provider: three tables in one transaction (account, profile, approval history).
      // A category: one row, no unique name: a replay that ran twice would show as a duplicate.
      const N = 30;
      const requests = Array.from({ length: N }, (_, i) => [
        {
          path: '/api/serviceprovider',
          key: `kill-provider-${i}-abcdef`,
          body: {
            name: { en: `Killed Contact ${i}`, ar: `جهة ${i}` },
            email: `killed${i}@test.example.com`,
            phone: null,
            businessName: { en: `Killtest Business ${i}`, ar: `نشاط ${i}` },
            categoryId: null,
            cityId: null,
          },
        },
        {
          path: '/api/master/addlist',
          key: `kill-category-${i}-abcdef`,
          body: { type: 'category', name: { en: `Killtest Category ${i}`, ar: `فئة ${i}` }, sortOrder: i },
        },
      ]).flat();
      const inFlight = requests.map((r) => post(token, r.path, r.body, r.key).catch(() => null));
      // kill as soon as a few writes have been answered: the rest are in the middle
      let answered = 0;
      for (const p of inFlight) void p.then((r) => (r ? answered++ : null));
      await waitFor(
        () => answered >= 3,
        60_000,
        () => `only ${answered} answers`,
      );
      server.child.kill('SIGKILL');
      await server.exit;
      await Promise.all(inFlight);

      server = await boot();
      token = await signIn();
      const list = async (p: string) => {
        const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { items: Record<string, unknown>[] } }).data.items;
      };
      const providerIds = async () =>
        (await list('/api/serviceprovider?q=killed&pageSize=100')).map((p) => p.email).sort();
      const accountIds = async () =>
        (await list('/api/users/get-all?role=serviceprovider&q=killed&pageSize=100'))
          .map((u) => u.email)
          .sort();
      // no partial provider: every account of the batch has its profile, and the other way round
      expect(await providerIds()).toEqual(await accountIds());

      // replay everything with the same keys
      const replays = await Promise.all(requests.map((r) => post(token, r.path, r.body, r.key)));
      for (const r of replays) expect([200, 201, 409], r.text).toContain(r.status);
      const providers = await providerIds();
      expect(providers).toEqual(await accountIds());
      expect(new Set(providers).size).toBe(providers.length);
      const categories = (
        await list('/api/master/listwithpagination?type=category&q=Killtest&pageSize=100')
      ).map((c) => (c.name as { en: string }).en);
      expect(new Set(categories).size).toBe(categories.length);
      // every request has been applied once now, or is still marked in progress (its first run died)
      const inProgress = replays.filter(
        (r) => r.status === 409 && /still being processed/.test(r.text),
      ).length;
      console.info(
        `killed server: ${answered} of ${requests.length} writes answered before SIGKILL; after replay ${providers.length} providers, ${categories.length} categories, ${inProgress} still marked in progress`,
      );
      expect(providers.length + categories.length + inProgress).toBeGreaterThanOrEqual(requests.length);
      server.child.kill('SIGTERM');
      await server.exit;
    },
  );
});
