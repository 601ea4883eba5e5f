/**
 * Per-file scaffolding of the browser suite: one real server (fresh database, captured mail) and one
 * Chromium per file; a fresh context per test, closed after it, with page errors recorded.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { startAppServer, type AppServer } from './app-server';

export interface Suite {
  readonly server: AppServer;
  readonly browser: Browser;
  /** A new context (empty profile) and a page in it, closed after the test. */
  open: (
    options?: BrowserContextOptions,
  ) => Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
}

export function browserSuite(extraEnv: Record<string, string> = {}): Suite {
  let server: AppServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(extraEnv), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
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
