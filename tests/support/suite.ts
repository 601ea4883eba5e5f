/**
 * Per-file scaffolding of the browser suite: one real server (fresh database, captured mail) and one
 * Chromium per file (Debian's headless shell unless the file asks for the full browser, ./chromium.ts);
 * a fresh context per test, closed after it, with page errors recorded.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { newContext } from './browser';
import { launchChromium, type ChromiumKind } from './chromium';
import { startAppServer, type AppServer } from './app-server';

export interface Suite {
  readonly server: AppServer;
  readonly browser: Browser;
  /** A new context (empty profile) and a page in it, closed after the test. */
  open: (
    options?: BrowserContextOptions,
  ) => Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
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

export function browserSuite(
  extraEnv: Record<string, string> = {},
  { chromium = 'shell' }: { chromium?: ChromiumKind } = {},
): Suite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(extraEnv), launchChromium(chromium)]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
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
      const context = await newContext(this.browser, this.server.origin, options);
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    },
  };
}
