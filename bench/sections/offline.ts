/**
 * Figure 3, offline cold start: the app is installed (signed in, service worker in control, the
 * bookings list visited so its answer is in the persisted cache), the browser is closed and the
 * server stopped; then, for each run, Chromium starts again on that profile, offline, and opens
 * the bookings list. The figure is the time from navigation start to the list's rows on screen
 * (a MutationObserver in the page notes `performance.now()` when they appear). Until the bookings
 * UI is built the dashboard is measured instead, and labelled so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { signIn, waitForServiceWorkerControl } from '../../tests/support/app';
import { DEMO, DEMO_PASSWORD } from '../../tests/support/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';
import { CACHE_DIR } from '../lib/build';
import { readManifest } from '../lib/bundle';
import { freshDataDir } from '../lib/data';
import { startServer } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { row, type BenchContext, type SectionResult } from '../lib/types';

interface Target {
  label: string;
  path: string;
  /** CSS selector of what must be on screen. */
  selector: string;
}

const BOOKINGS: Target = {
  label: 'bookings list',
  path: '/admin/booking',
  selector: [
    '[data-testid="list-booking"] tbody tr td',
    '[data-testid="list-booking"] [role="row"] [role="cell"]',
    '[data-testid="list-booking"] [role="row"] [role="gridcell"]',
  ].join(', '),
};
const DASHBOARD: Target = {
  label: 'dashboard (the bookings UI is not built yet)',
  path: '/admin/',
  selector: 'main#main h1',
};

const open = (userDataDir: string, origin: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    serviceWorkers: 'allow',
  });

/**
 * Notes when `selector` first matches. A string, not a function: tsx wraps named functions in a
 * `__name` helper that does not exist in the page.
 */
const watch = (selector: string) => `(() => {
  const check = () => {
    if (window.__benchShown === undefined && document.querySelector(${JSON.stringify(selector)}))
      window.__benchShown = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

export async function runOffline(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const manifest = readManifest(ctx.distDir);
  // The bookings UI is a lazy chunk of its own once it exists.
  const target = Object.entries(manifest).some(([k, c]) => /booking/i.test(k) && c.isDynamicEntry)
    ? BOOKINGS
    : DASHBOARD;
  const notes: string[] = [];
  const userDataDir = await mkdtemp(join(tmpdir(), 'ebo-bench-offline-'));
  const server = await startServer({ distDir: ctx.distDir, dataDir: await freshDataDir('offline') });
  const origin = server.origin;
  try {
    // Install: sign in, wait for the service worker to control, visit the page, let the cache persist.
    const install = await open(userDataDir, origin);
    try {
      const page = install.pages()[0] ?? (await install.newPage());
      await signIn(page, DEMO.admin, DEMO_PASSWORD);
      await waitForServiceWorkerControl(page);
      await page.goto(target.path);
      await page.locator(target.selector).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(2500);
    } finally {
      await install.close();
    }
    await server.stop();

    ctx.log(`offline: ${target.label} × ${ctx.runs}`);
    let controlled = true;
    const runs = await repeat(ctx.runs, async () => {
      const context = await open(userDataDir, origin);
      try {
        await context.setOffline(true);
        await context.addInitScript(watch(target.selector));
        const page = context.pages()[0] ?? (await context.newPage());
        await page.goto(target.path);
        const handle = await page
          .waitForFunction(() => (window as unknown as { __benchShown?: number }).__benchShown, undefined, {
            timeout: 30_000,
          })
          .catch(async (err: Error) => {
            const shot = join(CACHE_DIR, 'offline-failure.png');
            await page.screenshot({ path: shot }).catch(() => undefined);
            const text = await page
              .evaluate(
                (sel) =>
                  `${String(Boolean(document.querySelector(sel)))} ${String((window as unknown as { __benchShown?: number }).__benchShown)} ${document.querySelector('main')?.outerHTML.slice(0, 300) ?? 'no main'}`,
                target.selector,
              )
              .catch((e: Error) => e.message);
            throw new Error(
              `${target.label} not shown offline at ${page.url()} (screenshot ${shot}): ${text}\n${err.message}`,
            );
          });
        const ms = (await handle.jsonValue()) as number;
        controlled &&= await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
        return ms;
      } finally {
        await context.close();
      }
    });
    if (!controlled) notes.push('a run was not controlled by the service worker');
    return {
      section: 'offline',
      measuredAt: new Date().toISOString(),
      seconds: (Date.now() - started) / 1000,
      rows: [
        row('offline', `Offline cold start → ${target.label}`, 'ms', stat(runs), {
          text: '< 1000 ms',
          ok: (m) => m < 1000,
        }),
      ],
      notes,
      details: { target },
    };
  } finally {
    await server.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
