/**
 * Figure 1, first load: the login page signed out and the dashboard signed in, each in a fresh
 * Chromium context with an empty HTTP cache and the service worker blocked (its install-time
 * precache runs after load in the worker and is not part of the first screen). CDP Network events
 * give the requests and the bytes on the wire; the loaded JS and CSS files are also compressed
 * here (gzip 9, brotli 9, as the server does) so the figures do not depend on what Chromium
 * advertises, and checked against the modules listed in bench/budgets.json.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { signIn, waitForShell } from '../../tests/support/app';
import { DEMO, DEMO_PASSWORD } from '../../tests/support/app-server';
import { launchChromium } from '../../tests/support/chromium';
import { readBudgets, type Budgets } from '../lib/budgets';
import { contextOptions, networkQuiet } from '../lib/browser';
import { closure, fileSize, keyOfFile, readManifest, type Manifest } from '../lib/bundle';
import { startServer } from '../lib/server';
import { repeat, stat } from '../lib/stats';
import { row, type BenchContext, type Row, type SectionResult } from '../lib/types';
import { freshDataDir } from '../lib/data';

interface Request {
  url: string;
  type: string;
  encoding: string;
  bytes: number;
  fromCache: boolean;
}

const track = async (cdp: CDPSession) => {
  const requests = new Map<string, Request>();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith('data:')) return;
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      encoding: '',
      bytes: 0,
      fromCache: false,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    r.encoding = String(headers['content-encoding'] ?? '');
    r.fromCache = Boolean(e.response.fromDiskCache || e.response.fromServiceWorker);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return requests;
};

interface LoadFigures {
  requests: number;
  jsRequests: number;
  jsTransferred: number;
  cssTransferred: number;
  jsGzip: number;
  jsBrotli: number;
  cssGzip: number;
  cssBrotli: number;
  encodings: string[];
  files: string[];
}

const figures = (distDir: string, requests: Map<string, Request>): LoadFigures => {
  const list = [...requests.values()];
  const assets = (ext: string) =>
    list.filter(
      (r) => new URL(r.url).pathname.startsWith('/admin/assets/') && new URL(r.url).pathname.endsWith(ext),
    );
  const js = assets('.js');
  const css = assets('.css');
  const sizes = (l: Request[]) =>
    l.map((r) => fileSize(distDir, new URL(r.url).pathname.slice('/admin/'.length)));
  const sum = <T>(l: T[], f: (x: T) => number) => l.reduce((a, x) => a + f(x), 0);
  return {
    requests: list.length,
    jsRequests: js.length,
    jsTransferred: sum(js, (r) => r.bytes),
    cssTransferred: sum(css, (r) => r.bytes),
    jsGzip: sum(sizes(js), (f) => f.gzip),
    jsBrotli: sum(sizes(js), (f) => f.brotli),
    cssGzip: sum(sizes(css), (f) => f.gzip),
    cssBrotli: sum(sizes(css), (f) => f.brotli),
    encodings: [...new Set(js.map((r) => r.encoding || 'identity'))],
    files: js.map((r) => new URL(r.url).pathname.slice('/admin/'.length)).sort(),
  };
};

const loginPage = async (browser: Browser, origin: string, distDir: string) => {
  const context = await browser.newContext(contextOptions(origin, { serviceWorkers: 'block' }));
  try {
    const page = await context.newPage();
    const requests = await track(await context.newCDPSession(page));
    await page.goto('/admin/login');
    await page.getByLabel('Email Id').waitFor();
    await networkQuiet(page);
    return figures(distDir, requests);
  } finally {
    await context.close();
  }
};

const dashboardPage = async (browser: Browser, origin: string, distDir: string) => {
  const context = await browser.newContext(contextOptions(origin, { serviceWorkers: 'block' }));
  try {
    const first = await context.newPage();
    await signIn(first, DEMO.admin, DEMO_PASSWORD);
    await networkQuiet(first);
    const firstCdp = await context.newCDPSession(first);
    await firstCdp.send('Network.clearBrowserCache');
    await first.close();
    const page: Page = await context.newPage();
    const requests = await track(await context.newCDPSession(page));
    await page.goto('/admin/');
    await waitForShell(page);
    await networkQuiet(page);
    return figures(distDir, requests);
  } finally {
    await context.close();
  }
};

const KB = (n: number) => n / 1000;

type PageBudget = Budgets['pages'][string];

/** A page's rows: its JS and CSS sizes and its requests over the runs. */
const pageRows = (name: string, runs: LoadFigures[], budget: PageBudget): Row[] => {
  const s = (f: (x: LoadFigures) => number) => stat(runs.map(f));
  const label = name === 'login' ? 'Login page' : 'Dashboard (signed in)';
  return [
    row(
      'load',
      `${label}: JS gzip`,
      'kB',
      s((x) => KB(x.jsGzip)),
      {
        text: `< ${KB(budget.budget.jsGzip)} kB`,
        ok: (m) => m * 1000 < budget.budget.jsGzip,
      },
    ),
    row(
      'load',
      `${label}: JS brotli`,
      'kB',
      s((x) => KB(x.jsBrotli)),
    ),
    row(
      'load',
      `${label}: JS on the wire (${runs[0]!.encodings.join('/')})`,
      'kB',
      s((x) => KB(x.jsTransferred)),
    ),
    row(
      'load',
      `${label}: CSS gzip`,
      'kB',
      s((x) => KB(x.cssGzip)),
    ),
    row(
      'load',
      `${label}: CSS brotli`,
      'kB',
      s((x) => KB(x.cssBrotli)),
    ),
    row(
      'load',
      `${label}: requests (JS)`,
      'n',
      s((x) => x.jsRequests),
    ),
    row(
      'load',
      `${label}: requests (all)`,
      'n',
      s((x) => x.requests),
    ),
  ];
};

/** The budget's module list must describe what the browser loads: the files loaded but not listed, and listed but not loaded. */
const checkModules = (manifest: Manifest, budget: PageBudget, runs: LoadFigures[]) => {
  const listed = new Set(closure(manifest, budget.modules).map((k) => manifest[k]!.file));
  const loaded = new Set(runs.flatMap((r) => r.files));
  const unlisted = [...loaded].filter((f) => !listed.has(f)).map((f) => keyOfFile(manifest, f) ?? f);
  const unused = [...listed]
    .filter((f) => f.endsWith('.js') && !loaded.has(f))
    .map((f) => keyOfFile(manifest, f) ?? f);
  return { unlisted, unused };
};

export async function runLoad(ctx: BenchContext): Promise<SectionResult> {
  const started = Date.now();
  const budgets = readBudgets();
  const manifest: Manifest = readManifest(ctx.distDir);
  const dataDir = await freshDataDir('load');
  const server = await startServer({ distDir: ctx.distDir, dataDir });
  const browser = await launchChromium();
  const rows: Row[] = [];
  const notes: string[] = [];
  const details: Record<string, unknown> = {};
  try {
    for (const [name, measure] of [
      ['login', loginPage],
      ['dashboard', dashboardPage],
    ] as const) {
      ctx.log(`load: ${name} × ${ctx.runs}`);
      const runs = await repeat(ctx.runs, () => measure(browser, server.origin, ctx.distDir));
      const budget = budgets.pages[name]!;
      rows.push(...pageRows(name, runs, budget));
      const { unlisted, unused } = checkModules(manifest, budget, runs);
      if (unlisted.length)
        notes.push(
          `${name}: loaded but not in bench/budgets.json modules (add them): ${unlisted.join(', ')}`,
        );
      if (unused.length)
        notes.push(`${name}: listed in bench/budgets.json but not loaded: ${unused.join(', ')}`);
      details[name] = { files: runs[0]!.files, encodings: runs[0]!.encodings, unlisted, unused };
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return {
    section: 'load',
    measuredAt: new Date().toISOString(),
    seconds: (Date.now() - started) / 1000,
    rows,
    notes,
    details,
  };
}
