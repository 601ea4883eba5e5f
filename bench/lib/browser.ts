/**
 * Contexts and waits of the bench, in the tests' Chromium (tests/support/chromium.ts: the same
 * browser and launch flags).
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from '../../tests/support/chromium';

export const contextOptions = (origin: string, extra: BrowserContextOptions = {}): BrowserContextOptions => ({
  baseURL: origin,
  viewport: { width: 1280, height: 800 },
  locale: 'en-US',
  colorScheme: 'light',
  ...extra,
});

export const chromiumVersion = async (): Promise<string> => {
  const browser = await launchChromium();
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
