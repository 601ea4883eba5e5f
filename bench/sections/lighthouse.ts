/**
 * Figure 2, Lighthouse (mobile and desktop presets) on the login page and the signed-in dashboard,
 * in Debian Chromium: performance, accessibility, best practices. Lighthouse drives a Chromium that
 * playwright-core starts with a remote-debugging port. For the dashboard the session must survive,
 * so Lighthouse's storage reset is off and the bench clears the HTTP cache, Cache Storage and the
 * service worker itself before each run (a cold load of a signed-in user). The service worker goes
 * first, and the sign-in page waits for it to finish installing: a worker still precaching would
 * otherwise refill the HTTP cache, and the next load would count files from the disk as free.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { signIn } from '../../tests/support/app';
import { DEMO, DEMO_PASSWORD } from '../../tests/support/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { freePort } from '../../tests/support/ports';
import { freshDataDir } from '../lib/data';
import { startServer } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { row, type BenchContext, type Row, type SectionResult } from '../lib/types';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];

interface Run {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  /** Audit scores (0–100) of the weighted audits that did not pass, by `category: audit id`. */
  failing: Record<string, number>;
  /** The app's files that came from a cache instead of the network (a cold load has none). */
  cached: string[];
}

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

interface NetworkItem {
  url: string;
  statusCode: number;
  transferSize: number;
}

const clearCaches = async (context: BrowserContext, origin: string) => {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await page.close();
  }
};

const audit = async (
  url: string,
  port: number,
  preset: 'mobile' | 'desktop',
  keepStorage: boolean,
): Promise<Run> => {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: keepStorage,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? Number.NaN]));
  const failing = Object.fromEntries(
    CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => [`${c}: ${a!.id}`, Math.round(a!.score! * 100)] as const),
    ),
  );
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items;
  const cached = (requests ?? [])
    .filter((r) => r.url.includes('/assets/') && r.statusCode === 200 && r.transferSize === 0)
    .map((r) => r.url.split('/').pop() ?? r.url);
  return { scores, metrics, failing, cached };
};

export async function runLighthouse(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const runs = Math.min(ctx.runs, 3);
  const server = await startServer({ distDir: ctx.distDir, dataDir: await freshDataDir('lighthouse') });
  const userDataDir = await mkdtemp(join(tmpdir(), 'ebo-bench-lh-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
    baseURL: server.origin,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  const rows: Row[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  try {
    for (const page of ['login', 'dashboard'] as const) {
      const url = `${server.origin}${page === 'login' ? '/admin/login' : '/admin/'}`;
      if (page === 'dashboard') {
        const p = context.pages()[0] ?? (await context.newPage());
        await signIn(p, DEMO.admin, DEMO_PASSWORD);
        // The worker this page registered precaches the app: let it finish, then leave the app.
        await p.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await p.waitForLoadState('networkidle');
        await p.goto('about:blank');
      }
      for (const preset of ['mobile', 'desktop'] as const) {
        ctx.log(`lighthouse: ${page} ${preset} × ${runs}`);
        const list = await repeat(runs, async () => {
          if (page === 'dashboard') await clearCaches(context, server.origin);
          return audit(url, port, preset, page === 'dashboard');
        });
        const name = `${page === 'login' ? 'Login page' : 'Dashboard'} ${preset}`;
        for (const c of CATEGORIES) {
          const need = c === 'performance' && preset === 'mobile' ? 95 : 100;
          rows.push(
            row('lighthouse', `${name}: ${c}`, 'score', stat(list.map((r) => r.scores[c])), {
              text: need === 100 ? '100' : `≥ ${need}`,
              ok: (m) => m >= need,
            }),
          );
        }
        // Each audit that failed in some run, with its median score over the runs (100 where it passed).
        const ids = [...new Set(list.flatMap((r) => Object.keys(r.failing)))];
        const failing = ids.map((id) => `${id} ${stat(list.map((r) => r.failing[id] ?? 100)).median}`);
        if (failing.length) notes.push(`${name}: ${failing.join(', ')}`);
        const cached = [...new Set(list.flatMap((r) => r.cached))];
        if (cached.length) notes.push(`${name}: NOT A COLD LOAD, from a cache: ${cached.join(', ')}`);
        details[`${page}-${preset}`] = {
          metrics: Object.fromEntries(METRICS.map((m) => [m, stat(list.map((r) => r.metrics[m]!)).median])),
          failing,
        };
      }
    }
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
    await server.stop();
  }
  return {
    section: 'lighthouse',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
    details,
  };
}
