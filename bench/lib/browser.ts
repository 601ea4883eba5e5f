/**
 * Debian Chromium through playwright-core for the bench (the tests' launch flags, tests/support/browser.ts).
 */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP localhost 127.0.0.1',
];

export const launch = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

export const contextOptions = (origin: string, extra: BrowserContextOptions = {}): BrowserContextOptions => ({
  baseURL: origin,
  viewport: { width: 1280, height: 800 },
  locale: 'en-US',
  colorScheme: 'light',
  ...extra,
});

export const chromiumVersion = async (): Promise<string> => {
  const browser = await launch();
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
};

/** Resolves when no request has started or finished for `quietMs` (after the page's own waits). */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  let last = Date.now();
  const touch = () => (last = Date.now());
  page.on('request', touch);
  page.on('requestfinished', touch);
  page.on('requestfailed', touch);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() - last < quietMs && Date.now() < deadline) await page.waitForTimeout(100);
  } finally {
    page.off('request', touch);
    page.off('requestfinished', touch);
    page.off('requestfailed', touch);
  }
}
