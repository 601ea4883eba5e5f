/**
 * The installable PWA (docs/product.md §2): manifest and icons, service worker scope and control,
 * installability errors empty, offline reload of visited pages and deep links, no API data in caches;
 * the installed app (docs/decisions/0015-installed-app.md): the rich install dialog's screenshots,
 * shortcuts, the launch handler, the Arabic manifest, the icon's badge and one window.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { launchProfile, snap } from '../support/browser';
import { chooseLanguage, signIn, signOut, waitForServiceWorkerControl, waitForShell } from '../support/app';
import { browserSuite, WITHOUT_WORKER } from '../support/suite';

// A window focused from a notification is the desktop browser's: full Chromium (../support/chromium.ts).
const suite = browserSuite({}, { chromium: 'full', serviceWorkers: 'allow' });

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
    const { page } = await suite.open(WITHOUT_WORKER);
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
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(new URL(manifest.url).pathname).toBe('/admin/manifest.webmanifest');

      // What Chromium read: a description, screenshots of both form factors, the shortcuts, the launch handler.
      const read = manifest.manifest;
      expect(read.id).toBe(`${suite.server.origin}/admin/`);
      expect(read.description).toMatch(/back office/i);
      // CDP names the mode as Chromium's enum does (kNavigateExisting).
      expect(read.launchHandler?.clientMode).toMatch(/navigate-?existing/i);
      expect(new Set(read.screenshots?.map((s) => s.formFactor.replace(/^k/, '').toLowerCase()))).toEqual(
        new Set(['wide', 'narrow']),
      );
      expect(read.screenshots?.every((s) => Boolean(s.label))).toBe(true);
      expect(read.shortcuts?.map((s) => new URL(s.url).pathname)).toEqual([
        '/admin/booking',
        '/admin/event',
        '/admin/notification',
        '/admin/outbox',
      ]);
      // Every screenshot and shortcut icon loads with its declared size.
      const raw = JSON.parse(manifest.data!) as {
        screenshots: { src: string; sizes: string }[];
        shortcuts: { icons: { src: string; sizes: string }[] }[];
      };
      const images = [...raw.screenshots, ...raw.shortcuts.flatMap((s) => s.icons)];
      expect(images.length).toBeGreaterThanOrEqual(6);
      for (const image of images) {
        const res = await page.request.get(new URL(image.src, manifest.url).href);
        expect(res.status(), image.src).toBe(200);
        const { width, height } = pngSize(await res.body());
        expect(`${width}x${height}`, image.src).toBe(image.sizes);
      }

      // With the interface in Arabic the page links the Arabic manifest: the same app, in Arabic.
      await chooseLanguage(page, 'ar');
      await expect
        .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
        .toBe('/admin/manifest-ar.webmanifest');
      await expect
        .poll(async () => new URL((await cdp.send('Page.getAppManifest')).url).pathname)
        .toBe('/admin/manifest-ar.webmanifest');
      const arabic = await cdp.send('Page.getAppManifest');
      expect(arabic.errors).toEqual([]);
      expect(arabic.manifest).toMatchObject({
        id: `${suite.server.origin}/admin/`,
        name: 'لوحة إدارة الفعاليات',
      });
      // CDP's parsed view leaves out lang and dir: the file itself says them.
      expect(JSON.parse(arabic.data!)).toMatchObject({ id: '/admin/', lang: 'ar', dir: 'rtl' });
      const arabicFile = JSON.parse(arabic.data!) as { short_name: string; description: string };
      expect(arabicFile.short_name).toMatch(/[\u0600-\u06ff]/);
      expect(arabicFile.description).toMatch(/[\u0600-\u06ff]/);
      expect(arabic.manifest.shortcuts?.every((s) => /[\u0600-\u06ff]/.test(s.name))).toBe(true);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      // A reload keeps it (the saved language is applied before the app renders).
      await page.reload();
      await expect
        .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
        .toBe('/admin/manifest-ar.webmanifest');
    } finally {
      await close();
    }
  });

  it('opens the shortcuts’ screens, and "no access" for one the user may not open', async () => {
    const { page } = await suite.open(WITHOUT_WORKER);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    for (const path of ['/admin/booking', '/admin/event', '/admin/notification', '/admin/outbox']) {
      await page.goto(path);
      await waitForShell(page);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByTestId('no-access').count(), path).toBe(0);
      expect(await page.getByTestId('not-found').count(), path).toBe(0);
    }
    await snap(page, 'shortcut-outbox-en-desktop');

    // A manager has no Notification Manager: its shortcut leads to the usual "no access" page.
    const manager = await suite.open(WITHOUT_WORKER);
    await signIn(manager.page, DEMO.manager, DEMO_PASSWORD);
    await manager.page.goto('/admin/notification');
    await waitForShell(manager.page);
    await manager.page.getByTestId('no-access').waitFor();
    await manager.page.goto('/admin/booking');
    await waitForShell(manager.page);
    expect(await manager.page.getByTestId('no-access').count()).toBe(0);
  });

  it('sets the app badge to what waits for an admin, clears it on sign-out, and a push sets it', async () => {
    const { page, context } = await suite.open();
    // The page's Badging API records its calls.
    await context.addInitScript(() => {
      const calls: (number | 'clear')[] = [];
      Object.assign(window, { __badgeCalls: calls });
      Object.defineProperty(navigator, 'setAppBadge', {
        configurable: true,
        value: (count?: number) => {
          calls.push(count ?? 0);
          return Promise.resolve();
        },
      });
      Object.defineProperty(navigator, 'clearAppBadge', {
        configurable: true,
        value: () => {
          calls.push('clear');
          return Promise.resolve();
        },
      });
    });
    const badgeCalls = () =>
      page.evaluate(() => (window as unknown as { __badgeCalls: unknown[] }).__badgeCalls);
    await context.grantPermissions(['notifications']);
    // Something unread waits for the admins: a notification written and sent to them.
    const token = (
      (await (
        await page.request.post('/api/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })
      ).json()) as { token: string }
    ).token;
    const auth = { Authorization: `Bearer ${token}` };
    const written = (await (
      await page.request.post('/api/notification', {
        headers: auth,
        data: {
          title: { en: 'Badge check', ar: 'فحص الشارة' },
          body: { en: 'One unread.', ar: 'واحد غير مقروء.' },
          audienceType: 'roles',
          audienceRoles: ['admin'],
          link: '/booking',
        },
      })
    ).json()) as { data: { id: number } };
    const sent = await page.request.post('/sendNotification', {
      headers: auth,
      data: { id: written.data.id },
    });
    expect(sent.status()).toBe(200);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);

    // The dashboard shows the providers, events and advertisements waiting; with the unread notifications,
    // that is the badge.
    await page.getByTestId('latest-bookings').waitFor();
    const waiting = await page.evaluate(() =>
      ['providers', 'events', 'advertisements']
        .map((key) => document.querySelector(`[data-testid="waiting-${key}-count"]`)?.textContent ?? 'x')
        .map(Number),
    );
    const unread = Number(
      (await page.getByTestId('bell-count').count()) ? await page.getByTestId('bell-count').innerText() : 0,
    );
    expect(waiting.every((n) => Number.isInteger(n))).toBe(true);
    const expected = waiting.reduce((a, b) => a + b, 0) + unread;
    expect(expected).toBeGreaterThan(0);
    await expect.poll(async () => (await badgeCalls()).at(-1)).toBe(expected);

    // Seen: once the notifications are read, the badge counts the approvals alone.
    expect(unread).toBeGreaterThan(0);
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-read-all').click();
    await expect.poll(async () => (await badgeCalls()).at(-1)).toBe(expected - unread);

    // A push reaches the service worker with the count: it sets the badge (its navigator records it).
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/admin/sw.js'))!;
    await worker.evaluate(() => {
      const scope = self as unknown as { __badge?: number; navigator: object };
      Object.defineProperty(scope.navigator, 'setAppBadge', {
        configurable: true,
        value: (count?: number) => {
          scope.__badge = count ?? 0;
          return Promise.resolve();
        },
      });
    });
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL.endsWith('/admin/'))).toBe(true);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: suite.server.origin,
      registrationId: registrations.find((r) => r.scopeURL.endsWith('/admin/'))!.registrationId,
      data: JSON.stringify({
        title: 'A provider waits',
        body: '',
        link: '/serviceprovider',
        tag: 't',
        lang: 'en',
        badge: 42,
      }),
    });
    await expect
      .poll(() => worker.evaluate(() => (self as unknown as { __badge?: number }).__badge))
      .toBe(42);

    // Sign Out clears it.
    await signOut(page);
    await page.waitForURL(/\/admin\/login/);
    await expect.poll(async () => (await badgeCalls()).at(-1)).toBe('clear');
  });

  it('a notification click with the app open focuses that window and takes it to the screen', async () => {
    const { page, context } = await suite.open();
    await context.grantPermissions(['notifications']);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/admin/sw.js'))!;
    // The worker shows a notification and receives its click (a test cannot press a system
    // notification: the event is dispatched in the worker, through the worker's own handler).
    await worker.evaluate(async () => {
      const sw = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent: (event: Event) => boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      await sw.registration.showNotification('Bookings to check', {
        tag: 'click-test',
        data: { url: `${sw.registration.scope}booking` },
      });
      const [notification] = await sw.registration.getNotifications({ tag: 'click-test' });
      try {
        sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: notification! }));
      } catch {
        // A synthetic event's waitUntil throws; the handler's work has started.
      }
    });
    await page.waitForURL((url) => url.pathname === '/admin/booking');
    await waitForShell(page);
    // One window: the open one was taken there, none was opened.
    expect(context.pages()).toHaveLength(1);
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
