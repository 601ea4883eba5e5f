/**
 * Notifications in the browser (docs/decisions/0007-notifications-and-push.md). Headless Chromium reaches no push service, so the page's
 * PushManager is stubbed with a subscription to a fake push service on 127.0.0.1 (the server process
 * trusts its certificate through NODE_EXTRA_CA_CERTS): an admin enables notifications from the
 * profile menu and receives, encrypted, the push sent when a provider submits an advertisement.
 * A push delivered to the service worker through CDP shows a notification (seen through CDP's
 * BackgroundService events) and updates the bell; the Notification Manager sends a notification.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPng } from '../../server/seed/demo-data';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import {
  listRows as rows,
  signIn,
  toArabic,
  waitForServiceWorkerControl,
  waitForShell,
  visit,
  choose,
} from '../support/app';
import { expectFitsWidth, PHONE, snap } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../support/fake-push';
import { browserSuite } from '../support/suite';

const certDir = mkdtempSync(path.join(tmpdir(), 'ebo-push-cert-'));
let push: FakePushService;
// Registered before the suite's hooks: the certificate exists when the server process starts.
beforeAll(async () => {
  push = await startFakePushService({ certDir });
});
afterAll(async () => {
  await push?.close();
});
// The fake push service on 127.0.0.1 is allowed by configuration (server/notifications/push-hosts.ts). The service
// worker's notifications are shown by the desktop browser: full Chromium (../support/chromium.ts).
const suite = browserSuite(
  { NODE_EXTRA_CA_CERTS: path.join(certDir, 'cert.pem'), PUSH_ALLOWED_HOSTS: '127.0.0.1' },
  { chromium: 'full', serviceWorkers: 'allow' },
);

/** Replaces the browser's push subscription with one of the fake service (before the app loads). */
async function stubPushManager(context: BrowserContext, sub: FakeSubscription) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript((json) => {
    // Like a real subscription it outlives a reload (kept in localStorage).
    const KEY = 'fake-push-subscription';
    const make = () => ({
      endpoint: json.endpoint,
      expirationTime: null,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    };
  }, sub.subscription);
}

const api = async (page: Page, method: string, url: string, token: string, body?: unknown) =>
  page.evaluate(
    async ({ method, url, token, body }) => {
      const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
      if (body instanceof Array) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(body as number[])], { type: 'image/png' }), 'ad.png');
        init.body = form;
      } else if (body) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
      }
      const res = await fetch(url, init);
      return {
        status: res.status,
        body: (await res.json()) as { data: Record<string, unknown>; token?: string },
      };
    },
    { method, url, token, body },
  );

const login = async (page: Page, email: string) =>
  (await api(page, 'POST', '/api/login', '', { email, password: DEMO_PASSWORD })).body.token!;

describe('notifications', () => {
  it('an admin enables notifications and gets a push when a provider submits an advertisement', async () => {
    const sub = push.newSubscription();
    const { context, page, errors } = await suite.open();
    await stubPushManager(context, sub);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);

    await page.getByTestId('profile-menu').click();
    const registered = page.waitForResponse(
      (r) => r.url().endsWith('/get-token') && r.request().method() === 'POST',
    );
    await page.getByTestId('push-toggle').click();
    expect((await registered).status()).toBe(201);
    await page.getByText('Notifications are on for this device.').waitFor();

    // A provider submits an advertisement: the admin's device gets the push within seconds.
    const provider = await login(page, DEMO.provider);
    const image = await api(page, 'POST', '/api/advertisement/image', provider, Array.from(demoPng()));
    const since = Date.now();
    const ad = await api(page, 'POST', '/api/advertisement', provider, {
      title: { en: 'Desert lights', ar: 'أضواء الصحراء' },
      image: image.body.data.path,
      targetType: 'url',
      url: 'https://example.com/lights',
      placement: 'home_banner',
      startsOn: '2026-12-01',
      endsOn: '2026-12-31',
    });
    expect(ad.status).toBe(201);
    const message = await push.waitFor((m) => m.id === sub.id && m.at >= since, 5_000);
    expect(Date.now() - since).toBeLessThan(5_000);
    expect(JSON.parse(sub.decrypt(message.body))).toEqual({
      title: 'An advertisement waits for approval',
      body: '“Desert lights” waits for your approval.',
      link: `/advertisement/details/${ad.body.data.id as number}`,
      tag: expect.stringMatching(/^ad_submitted-\d+$/) as unknown as string,
      lang: 'en',
      // What waits for the admin, the new advertisement among it: the app icon's badge.
      badge: expect.any(Number) as unknown as number,
    });
    expect((JSON.parse(sub.decrypt(message.body)) as { badge: number }).badge).toBeGreaterThanOrEqual(2);

    // The bell shows it; choosing it opens the advertisement.
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('bell-count').innerText()).toMatch(/^\d+$/);
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-entry').first().click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/admin/advertisement/details/${ad.body.data.id as number}`);

    // Turning it off unregisters the device.
    await page.getByTestId('profile-menu').click();
    const removed = page.waitForResponse(
      (r) => r.url().includes('/get-token?') && r.request().method() === 'DELETE',
    );
    await page.getByTestId('push-toggle').click();
    expect((await removed).status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('a push delivered to the service worker shows a notification and refreshes the bell', async () => {
    const { context, page } = await suite.open();
    await context.grantPermissions(['notifications']);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const shown: { eventName: string; eventMetadata: { key: string; value: string }[] }[] = [];
    cdp.on(
      'BackgroundService.backgroundServiceEventReceived',
      (event: { backgroundServiceEvent: (typeof shown)[number] }) => shown.push(event.backgroundServiceEvent),
    );
    await cdp.send('BackgroundService.startObserving', { service: 'notifications' });
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'notifications' });
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrations }) =>
      registrations.push(...event.registrations),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((r) => r.scopeURL.endsWith('/admin/'))).toBe(true);
    const registration = registrations.find((r) => r.scopeURL.endsWith('/admin/'))!;

    // Something arrives for the admin (a written notification), and its push reaches the worker.
    // The count is read first: the bell may refresh as soon as the notification is sent.
    const bellCount = async () =>
      Number(
        (await page.getByTestId('bell-count').count()) ? await page.getByTestId('bell-count').innerText() : 0,
      );
    const before = await bellCount();
    const token = await login(page, DEMO.admin);
    const n = await api(page, 'POST', '/api/notification', token, {
      title: { en: 'Stage check at four', ar: 'فحص المسرح في الرابعة' },
      body: { en: 'All supervisors to the main hall.', ar: 'جميع المشرفين إلى القاعة الرئيسية.' },
      audienceType: 'roles',
      audienceRoles: ['admin'],
      link: '/event',
    });
    await api(page, 'POST', '/sendNotification', token, { id: n.body.data.id });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(suite.server.origin).origin,
      registrationId: registration.registrationId,
      data: JSON.stringify({
        title: 'Stage check at four',
        body: 'All supervisors to the main hall.',
        link: '/event',
        tag: `notification-${n.body.data.id as number}`,
        lang: 'en',
      }),
    });
    await expect
      .poll(() => shown.some((e) => e.eventName === 'Notification displayed'), { timeout: 10_000 })
      .toBe(true);
    const displayed = shown.find((e) => e.eventName === 'Notification displayed')!;
    expect(JSON.stringify(displayed.eventMetadata)).toContain('Stage check at four');
    // The bell refreshed without a reload.
    await expect.poll(bellCount).toBeGreaterThan(before);
  });

  it('the Notification Manager sends to a role and shows the delivery; axe finds nothing serious', async () => {
    const { page, errors } = await suite.open();
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await visit(page, '/admin/notification/add/');
    await waitForShell(page);
    await page.getByTestId('form-notification').waitFor();
    // Named once per attempt: a retry finds its own draft, not the one the first attempt sent.
    const title = `Parking closed tomorrow ${Date.now().toString(36)}`;
    await page.getByTestId('field-title.en').fill(title);
    await page.getByTestId('field-title.ar').fill('الموقف مغلق غدًا');
    await page.getByTestId('field-body.en').fill('Use the north gate.');
    await page.getByTestId('field-body.ar').fill('استخدموا البوابة الشمالية.');
    await choose(page, 'field-audienceType', 'roles');
    // "Roles" with none ticked is refused by the form; nothing is counted yet.
    await page.getByTestId('form-submit').click();
    await page.getByText('Choose at least one').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/notification/add/');
    expect(await page.getByTestId('audience-count').count()).toBe(0);
    await page.getByTestId('field-audienceRoles').getByLabel('Manager').check();
    // The audience is counted as sending would resolve it.
    await expect
      .poll(async () => Number(await page.getByTestId('audience-count').getAttribute('data-count')))
      .toBeGreaterThan(0);
    await page.getByTestId('field-link').fill('https://elsewhere.example');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByTestId('field-link').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('field-link').fill('/booking');
    const violations = await runAxe(page);
    expect(violations, formatViolations(violations)).toEqual([]);
    await page.getByTestId('form-submit').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/notification');

    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const row = rows(page).filter({ hasText: title });
    expect(await row.getByTestId('notification-status').getAttribute('data-status')).toBe('draft');
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Send now' }).click();
    // The confirmation says how many people it reaches now.
    await expect
      .poll(() => page.getByTestId('confirm-dialog').getByTestId('audience-count').getAttribute('data-count'))
      .toMatch(/^[1-9]/);
    const sent = page.waitForResponse((r) => r.url().endsWith('/sendNotification'));
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send now' }).click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => row.getByTestId('notification-status').getAttribute('data-status')).toBe('sent');
    // The Delivery column (low priority) folds when the table's width does not hold it
    // (docs/decisions/0082-dense-width-aware-tables.md): the column menu shows it.
    await page.getByTestId('column-menu').click();
    const delivery = page.getByRole('menuitemcheckbox', { name: /Delivery/ });
    if ((await delivery.getAttribute('aria-checked')) !== 'true') await delivery.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => row.innerText()).toMatch(/\d+ people/);
    // A sent notification can no longer be edited; its menu is never empty: it opens what was sent to whom.
    await row.getByTestId('row-actions').click();
    expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const list = await runAxe(page);
    expect(list, formatViolations(list)).toEqual([]);
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByTestId('details-notification').waitFor();
    await expect.poll(() => page.getByTestId('recipient').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('recipient-list').innerText()).toMatch(/not read yet/);
    const details = await runAxe(page);
    expect(details, formatViolations(details)).toEqual([]);
    for (const [language, widths] of [
      ['en', [1440, 390]],
      ['ar', [390, 1440]],
    ] as const) {
      if (language === 'ar') await toArabic(page);
      await page.getByTestId('recipient').first().waitFor();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await expectFitsWidth(page);
        await snap(page, `notification-sent-${language}-${width}`);
      }
    }
    expect(errors).toEqual([]);
  });

  it('the Notification Manager reads in Arabic at 360 px, mirrored, with no serious axe violation', async () => {
    const { page } = await suite.open({ viewport: PHONE });
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await toArabic(page);
    for (const [path, ready] of [
      ['/admin/notification', 'list-notification'],
      ['/admin/notification/add/', 'form-notification'],
    ] as const) {
      await visit(page, path);
      await waitForShell(page);
      await page.getByTestId(ready).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expectFitsWidth(page, path);
      const violations = await runAxe(page);
      expect(violations, `${path}:\n${formatViolations(violations)}`).toEqual([]);
    }
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('إضافة إشعار');
    await choose(page, 'field-audienceType', 'roles');
    await page.getByTestId('field-audienceRoles').waitFor();
    await snap(page, 'notification-form-ar-360');
    // The bell and its menu in Arabic.
    await page.getByTestId('bell').click();
    await page.getByTestId('bell-menu').waitFor();
    const bell = await runAxe(page);
    expect(bell, formatViolations(bell)).toEqual([]);
  });
});
