/**
 * The installable PWA (docs/product.md §2): manifest and icons, service worker scope and control,
 * installability errors empty, offline reload of visited pages and deep links, no API data in caches.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { launchProfile, snap } from '../support/browser';
import { signIn, waitForServiceWorkerControl, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

const registration = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/admin/');
    return {
      scope: reg?.scope ?? null,
      active: reg?.active?.scriptURL ?? null,
      controller: navigator.serviceWorker.controller?.scriptURL ?? null,
    };
  });

const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });

describe('PWA', () => {
  it('serves a complete manifest with real icons', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href!, page.url());
    const res = await page.request.get(manifestUrl.href);
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as {
      id: string;
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/admin/',
      start_url: '/admin/',
      scope: '/admin/',
      display: 'standalone',
      name: 'Events Back Office',
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const purposes = new Set<string>();
    for (const icon of manifest.icons) {
      const iconRes = await page.request.get(new URL(icon.src, manifestUrl).href);
      expect(iconRes.status(), icon.src).toBe(200);
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await iconRes.body())).toEqual({ width: w, height: h });
      purposes.add(`${icon.purpose ?? 'any'} ${icon.sizes}`);
    }
    expect(purposes).toEqual(new Set(['any 192x192', 'any 512x512', 'maskable 512x512']));
    for (const path of ['/admin/favicon.svg', '/admin/apple-touch-icon.png', '/admin/logo.svg']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });

  it('registers the service worker with scope /admin/ and it controls the page', async () => {
    const { page, context } = await suite.open();
    await page.goto('/admin/login');
    await waitForServiceWorkerControl(page);
    const origin = suite.server.origin;
    expect(await registration(page)).toEqual({
      scope: `${origin}/admin/`,
      active: `${origin}/admin/sw.js`,
      controller: `${origin}/admin/sw.js`,
    });
    expect(context.serviceWorkers().map((w) => w.url())).toContain(`${origin}/admin/sw.js`);
  });

  it('has no installability errors in Chromium', async () => {
    // A real profile: Chromium never offers installation in an incognito-like context.
    const { context, page, close } = await launchProfile(suite.server.origin);
    try {
      await page.goto('/admin/login');
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] };
      expect(manifest.errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('reloads a visited page offline, opens deep links offline and keeps API data out of its caches', async () => {
    const { page, context } = await suite.open();
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    await page.goto('/admin/event');
    await waitForShell(page);
    const sidebarOnline = await page.getByTestId('sidebar').innerText();

    await context.setOffline(true);
    await page.reload();
    await waitForShell(page);
    expect(new URL(page.url()).pathname).toBe('/admin/event');
    expect(await page.getByTestId('sidebar').innerText()).toBe(sidebarOnline);
    await snap(page, 'offline-reload-en-desktop');

    // A deep link that was never visited still opens the shell offline.
    await page.goto('/admin/booking');
    await waitForShell(page);
    expect(new URL(page.url()).pathname).toBe('/admin/booking');

    await context.setOffline(false);
    const caches = await cachedUrls(page);
    const all = Object.values(caches).flat();
    expect(all).toContain('/admin/index.html');
    expect(all.filter((p) => p.startsWith('/api/'))).toEqual([]);
  });
});
