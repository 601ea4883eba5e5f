/**
 * Per-file scaffolding of the browser suite: one real server per file (fresh database, captured
 * mail); one Chromium of each kind per worker, shared by the files it runs (Debian's headless shell
 * unless the file asks for the full browser, ./chromium.ts); a fresh context per test, closed after
 * it, with page errors recorded (docs/decisions/0044-browser-files-share-a-worker.md).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { CACHE_KEY_PREFIX } from '../../src/app/cache-keys';
import { DEVICE_KEY } from '../../src/app/device-key';
import { consoleOf, signIn, toArabic, unauthorized, waitForShell, watchPage } from './app';
import { newContext, snap } from './browser';
import { launchChromium, type ChromiumKind } from './chromium';
import { DEMO_PASSWORD, startAppServer, type AppServer } from './app-server';

type Opened = { context: BrowserContext; page: Page; errors: string[] };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/**
 * An origin of a state taken with `indexedDB: true`: Playwright's types leave its IndexedDB out (the
 * shape is Playwright's own, restored as given), so only what is read here is named.
 */
type OriginWithIdb = StorageState['origins'][number] & {
  indexedDB?: { name: string; stores: { records: { key?: unknown; value?: unknown }[] }[] }[];
};

/** The IndexedDB database of the app's session (idb-keyval's, src/app/session.ts). */
const SESSION_DB = 'keyval-store';

/**
 * What a device keeps of a sign-in: the session's records (docs/product.md §3 names them, the token
 * under `loginToken`), without the query cache the sign-in's first screen filled (a journey starts
 * with none, as after a sign-in) and without the outbox key (a CryptoKey, which a stored state cannot
 * carry: the app fetches it, as after a sign-in elsewhere); and the session's token.
 */
function keptSession(state: StorageState): { state: StorageState; token: string | null } {
  let token: string | null = null;
  const origins = state.origins.map((origin: OriginWithIdb) => ({
    ...origin,
    indexedDB: (origin.indexedDB ?? [])
      .filter((db) => db.name === SESSION_DB)
      .map((db) => ({
        ...db,
        stores: db.stores.map((store) => ({
          ...store,
          records: store.records.filter((record) => {
            if (record.key === 'loginToken' && typeof record.value === 'string') token = record.value;
            const key = String(record.key);
            return key !== DEVICE_KEY && !key.startsWith(CACHE_KEY_PREFIX);
          }),
        })),
      })),
  }));
  return { state: { ...state, origins }, token };
}

export interface Suite {
  readonly server: AppServer;
  readonly browser: Browser;
  /** A new context (empty profile; the file's service worker policy unless `options` says) and a page in it, closed after the test. */
  open: (options?: BrowserContextOptions) => Promise<Opened>;
  /**
   * A new context signed in as `email` (the demo password unless given), its page on the signed-in
   * shell in `language` (English unless given), as `signIn` and `toArabic` (./app.ts) leave it. The
   * file's first journey of each account and language signs in on the login screen; later ones start
   * from the session that sign-in kept on its device, as a user reopening the installed app does
   * (docs/decisions/0043-journeys-from-a-kept-session.md), unless a journey ended
   * that session (Sign Out, a changed password): then on the login screen again. `fresh`: on the
   * login screen whatever is kept (another device of the same user signs in anew).
   */
  signedIn: (
    email: string,
    options?: BrowserContextOptions & { password?: string; language?: 'en' | 'ar'; fresh?: boolean },
  ) => Promise<Opened>;
  /**
   * Calls the server's API directly, to set up or check beside the browser: a GET, or a POST when
   * there is a body (or `method`); JSON in, the status and the JSON answer out.
   */
  api: <T = Record<string, unknown>>(
    path: string,
    token: string | null,
    body?: unknown,
    method?: string,
  ) => Promise<{ status: number; body: T }>;
}

export interface SuiteOptions {
  /** The Chromium of the file's journeys (./chromium.ts): the headless shell unless it needs the desktop browser. */
  chromium?: ChromiumKind;
  /**
   * Whether the app's service worker runs in the file's journeys. It does where the file is about
   * what the worker does (offline, installing, updating, push); elsewhere a fresh context would
   * install it and precache the whole app per test, a fifth of a journey's CPU
   * (docs/decisions/0043-journeys-from-a-kept-session.md).
   */
  serviceWorkers?: 'allow' | 'block';
  /**
   * Adds to the file's copy of the demo database (its DATA_DIR) before its server starts: records
   * in bulk that the API would make one request each (`writeDataDir`, ./app-server.ts).
   */
  prepare?: (dataDir: string) => Promise<void>;
}

/**
 * A journey's context options in a file that allows the service worker (`serviceWorkers: 'allow'`),
 * for a journey that is not about it: it neither waits for the worker nor loads a document
 * offline, and a fresh context would install the worker and precache the whole build in the
 * background for nothing it reads. Offline, the worker is what serves the screens' lazily loaded
 * code: a journey that goes offline keeps it.
 */
export const WITHOUT_WORKER = { serviceWorkers: 'block' } as const satisfies BrowserContextOptions;

/**
 * The worker's Chromium of each kind, launched by its first file that needs it and kept for the
 * next: a journey runs in a fresh context of it (an empty profile, as a new browser's), so no file
 * sees another's pages, storage or service workers. One that crashed is launched again.
 */
const chromiums = new Map<ChromiumKind, Promise<Browser>>();
const sharedChromium = (kind: ChromiumKind): Promise<Browser> => {
  let launched = chromiums.get(kind);
  if (!launched) {
    launched = launchChromium(kind);
    chromiums.set(kind, launched);
    launched.then(
      (browser) => browser.on('disconnected', () => chromiums.delete(kind)),
      () => chromiums.delete(kind),
    );
  }
  return launched;
};

/** What the pages of a failed journey show: their address, words, 401s and console, and a screenshot each. */
async function describePages(contexts: BrowserContext[], name: string): Promise<void> {
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const words = await page
      .locator('body')
      .innerText({ timeout: 2000 })
      .catch(() => '');
    const path = await snap(page, `failed-${name.replace(/\W+/g, '-').slice(0, 60)}-${i}`, {
      fullPage: false,
    }).catch(() => 'no screenshot');
    console.error(
      `[failed journey] page ${i} at ${page.url()} (${path}) shows ${JSON.stringify(words.slice(0, 400))}; answered 401: ${(unauthorized.get(page) ?? []).join(', ') || 'none'}; console: ${(consoleOf.get(page) ?? []).slice(-12).join(' | ')}`,
    );
  }
}

export function browserSuite(
  extraEnv: Record<string, string> = {},
  { chromium = 'shell', serviceWorkers = 'block', prepare }: SuiteOptions = {},
): Suite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const sessions = new Map<string, { state: StorageState; token: string | null }>();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(extraEnv, prepare), sharedChromium(chromium)]);
  });
  afterEach(async (context) => {
    // A failed journey says what each of its pages showed, was answered 401 and wrote to the console.
    if (context.task.result?.state === 'fail') {
      await describePages(contexts, context.task.name);
      // Whether the file's kept sessions still answer: a page refused with a session that still
      // answers was refused by the server for a session it has.
      const kept = await Promise.all(
        [...sessions].map(async ([key, { token }]) =>
          token
            ? `${key} …${token.slice(-6)}: ${(await api('/api/profile', token)).status}`
            : `${key}: no token`,
        ),
      );
      console.error(`[failed journey] kept sessions now: ${kept.join('; ') || 'none'}`);
    }
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    // The file's contexts are closed (afterEach); its Chromium stays for the worker's next file.
    await server?.stop();
  });

  const api: Suite['api'] = async (path, token, body, method) => {
    if (!server) throw new Error('The app server is not running (beforeAll failed?)');
    const answer = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method: method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as never };
  };

  return {
    api,
    get server() {
      if (!server) throw new Error('The app server is not running (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not running (beforeAll failed?)');
      return browser;
    },
    async open(options = {}) {
      const context = await newContext(this.browser, this.server.origin, { serviceWorkers, ...options });
      contexts.push(context);
      const page = await context.newPage();
      watchPage(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
    async signedIn(email, { password = DEMO_PASSWORD, language = 'en', fresh = false, ...options } = {}) {
      const key = `${email} ${language}`;
      const kept = fresh ? undefined : sessions.get(key);
      if (kept?.token && (await api('/api/profile', kept.token)).status === 200) {
        const opened = await this.open({ ...options, storageState: kept.state });
        await opened.page.goto('/admin/');
        await waitForShell(opened.page);
        return opened;
      }
      const opened = await this.open(options);
      await signIn(opened.page, email, password);
      if (language === 'ar') await toArabic(opened.page);
      if (!fresh) sessions.set(key, keptSession(await opened.context.storageState({ indexedDB: true })));
      return opened;
    },
  };
}
