/**
 * Contexts, pages and snapshots of the browser suite, in the Chromium of ./chromium.ts. One browser per
 * test file, a fresh context (profile, IndexedDB, service workers) per test.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const ARTIFACTS_DIR = join(process.cwd(), 'tests', '.artifacts');

/**
 * A Chromium with a real (temporary) profile. Contexts of `launchChromium` (./chromium.ts) are
 * incognito-like, and Chromium does not offer to install an app from an incognito window ("in-incognito").
 */
export async function launchProfile(
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'ebo-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: DESKTOP,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** A fresh context (empty profile) on `baseURL`, English UI by default. */
export const newContext = (
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> =>
  browser.newContext({
    baseURL,
    viewport: DESKTOP,
    locale: 'en-US',
    colorScheme: 'light',
    serviceWorkers: 'allow',
    ...options,
  });

/** Saves a screenshot (full page unless said) to tests/.artifacts/<name>.png (gitignored) and returns its path. */
export const snap = async (page: Page, name: string, { fullPage = true } = {}): Promise<string> => {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
};

/**
 * What makes the page scroll sideways: '' when it fits its window, else the widest element past the
 * window's edge (tag, test id or class, and its extent), so a failure names its cause.
 */
const sideScroll = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return '';
    let widest = { over: 0, what: `scrollWidth ${document.documentElement.scrollWidth} > ${width}` };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      const over = Math.max(box.right - width, -box.left);
      if (over > widest.over) {
        const name = element.dataset.testid ?? (element.className || '').toString().slice(0, 60);
        widest = {
          over,
          what: `<${element.tagName.toLowerCase()} ${name}> ${box.left}..${box.right} of ${width}`,
        };
      }
    }
    return widest.what;
  });

/**
 * The page does not scroll sideways. Polled: after a resize or a language switch the layout settles a
 * frame or two later (charts and measured columns redraw), which a single look can catch half-way.
 */
export const expectFitsWidth = (page: Page, label = ''): Promise<void> =>
  expect
    .poll(() => sideScroll(page), { message: `sideways scroll ${label}`.trim(), timeout: 5_000 })
    .toBe('');

export interface IdbEntry {
  db: string;
  store: string;
  key: string;
  value: unknown;
}

/** Every key and value of every IndexedDB database of the page's origin. */
export const readIndexedDb = (page: Page): Promise<IdbEntry[]> =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
      });
    const out: { db: string; store: string; key: string; value: unknown }[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      try {
        for (const storeName of Array.from(db.objectStoreNames)) {
          const store = db.transaction(storeName, 'readonly').objectStore(storeName);
          const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
          keys.forEach((key, i) => {
            let value: unknown = values[i];
            try {
              value = JSON.parse(JSON.stringify(value)) as unknown;
            } catch {
              value = String(value);
            }
            out.push({ db: info.name!, store: storeName, key: String(key), value });
          });
        }
      } finally {
        db.close();
      }
    }
    return out;
  });

/** The value stored under `key` in any IndexedDB store of the page's origin (undefined if none). */
export const idbValue = async (page: Page, key: string): Promise<unknown> =>
  (await readIndexedDb(page)).find((e) => e.key === key)?.value;

/**
 * Waits until the page has sent no request for `idleMs` and none is open, leaving out the live
 * updates stream, which stays open while the app is online (docs/decisions/0019-live-updates-and-many-processes.md):
 * Playwright's `networkidle` never comes while it is open.
 */
export async function waitForQuiet(page: Page, { idleMs = 500, timeout = 30_000 } = {}): Promise<void> {
  await page.waitForLoadState('load');
  const open = new Set<Request>();
  let last = Date.now();
  const started = (request: Request) => {
    if (new URL(request.url()).pathname.endsWith('/api/live')) return;
    open.add(request);
    last = Date.now();
  };
  const ended = (request: Request) => {
    if (open.delete(request)) last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const end = Date.now() + timeout;
    while (open.size > 0 || Date.now() - last < idleMs) {
      if (Date.now() > end) throw new Error(`The page kept ${open.size} request(s) open for ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
