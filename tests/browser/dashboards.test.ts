/**
 * The dashboards (docs/product.md §2, docs/decisions/0083-a-dashboard-that-leads-to-work.md): the
 * admin dashboard leads to work (today's events with their door, the bookings to confirm with
 * Confirm and the list filtered to them), its figures say their units and its charts stand in their
 * own boxes until drawn (drawn, with a table for screen readers) in English and in Arabic (mirrored
 * value axis, Arabic digits), at 1280, 1440 and 390 px; no welcome card nor a grid of what the sidebar
 * offers; a manager sees today's events of the platform and no approval queue; a provider sees its
 * own dashboard, without another provider's event of today; axe finds nothing serious.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TIME_ZONE } from '../../src/contract/plain';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { signIn, signOut, toArabic } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { expectFitsWidth, PHONE, snap } from '../support/browser';
import { drawn } from '../support/charts';
import { browserSuite } from '../support/suite';
import { apiToken, approvedEventLike } from '../support/api-events';

const suite = browserSuite();

const ARABIC_DIGIT = /[\u0660-\u0669]/;
const TODAY_EVENT = { en: 'Dashboard test: today at the venue', ar: 'اختبار لوحة التحكم: اليوم في المكان' };

const token = (email: string) => apiToken(suite, email);

/**
 * An approved event of another provider than the demo one, starting in a minute at a venue on the
 * platform's clock, with a pending booking: what the widgets must show to whoever may see it. Today's
 * events are those that start on the platform's day on their venues' clocks
 * (docs/decisions/0031-venue-days-and-viewer-moments.md): at a venue on a clock behind the platform's, a
 * minute from now is still yesterday there between the platform's midnight and the venue's.
 */
async function todayOfAnotherProvider(admin: string) {
  const own = (await suite.api<{ data: { id: number } }>('/api/profile', await token(DEMO.provider))).body
    .data.id;
  const list = await suite.api<{ data: { items: Record<string, unknown>[] } }>(
    '/api/event?pageSize=100',
    admin,
  );
  const base = list.body.data.items.find((e) => e.providerId !== own && e.timeZone === PLATFORM_TIME_ZONE);
  expect(base, `an event of another provider at a venue in ${PLATFORM_TIME_ZONE}`).toBeDefined();
  const now = Date.now();
  const id = await approvedEventLike(suite, admin, base!, {
    title: TODAY_EVENT,
    providerId: base!.providerId,
    startsAt: now + 60_000,
    endsAt: now + 3 * 60 * 60_000,
    capacity: 40,
  });
  const booking = await suite.api('/api/booking', admin, {
    eventId: id,
    customerName: 'Dashboard Guest',
    customerEmail: 'dashboard.guest@example.com',
    customerPhone: '+966500000123',
    tickets: 2,
  });
  expect(booking.status, JSON.stringify(booking.body)).toBe(201);
  return id;
}

const waiting = async (bearer: string) =>
  (await suite.api<{ data: { total: number } }>('/api/booking?status=pending&pageSize=10', bearer)).body.data
    .total;

/** The welcome card and the grid of what the sidebar offers are gone. */
const expectNoRepeats = async (page: Page) => {
  expect(await page.locator('#summary-title, #areas-title, #business-title').count()).toBe(0);
};

/** The chart stands in a box of its own size: its placeholder fills it until drawn, and nothing moves. */
async function expectPlaceholderOfChartSize(page: Page, testId: string) {
  const box = page.getByTestId(`${testId}-box`);
  await box.waitFor({ state: 'attached' });
  const placeholder = box.locator('[data-placeholder="chart"]');
  const before = await box.boundingBox();
  const shape = await placeholder.boundingBox();
  expect(shape, 'the placeholder shows before the chart comes near').not.toBeNull();
  expect(shape!.height).toBeCloseTo(before!.height, 0);
  expect(shape!.width).toBeCloseTo(before!.width, 0);
  await expect.poll(() => drawn(page, testId)).toBe(true);
  expect(await placeholder.count()).toBe(0);
  expect((await box.boundingBox())!.height).toBeCloseTo(before!.height, 0);
}

describe('dashboards', () => {
  it('the admin dashboard leads to work, says its units and draws its charts in their boxes, in English and in Arabic', async () => {
    const admin = await token(DEMO.admin);
    const eventId = await todayOfAnotherProvider(admin);
    const pending = await waiting(admin);
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: { width: 1440, height: 900 } });
    await page.getByTestId('admin-dashboard').waitFor();
    await expectPlaceholderOfChartSize(page, 'chart-bookings-per-day');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoRepeats(page);

    // Today's events: the event of today, at its venue's time, seats sold, status, its door.
    const event = page.getByTestId('today-event').filter({ hasText: TODAY_EVENT.en });
    await event.waitFor();
    expect(await event.innerText()).toMatch(/0 of 40 seats sold/);
    expect(await event.getByTestId('event-status').innerText()).toBe('Approved');
    expect(await event.getByTestId('today-event-door').getAttribute('href')).toBe(
      `/admin/event/door/${eventId}`,
    );
    expect(await page.getByTestId('today-events-count').innerText()).toMatch(/^\d+ events?$/);

    // Bookings to confirm: how many wait, the oldest, Confirm (the bookings area's, with its question).
    const count = page.getByTestId('to-confirm-count');
    await expect.poll(() => count.innerText()).toBe(`${pending} bookings waiting`);
    expect(await page.getByTestId('to-confirm-booking').count()).toBe(Math.min(pending, 3));
    await page.getByTestId('to-confirm-confirm').first().click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByText('Confirming holds the seats of this booking.').waitFor();
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect.poll(() => count.innerText()).toBe(`${pending - 1} bookings waiting`);
    expect(await waiting(admin)).toBe(pending - 1);

    // Units: counts say "bookings", money its currency; the period's figures their change.
    expect(await page.getByTestId('stat-month-value').innerText()).toMatch(/^[\d,]+\s+bookings?$/);
    expect(await page.getByTestId('period-bookings-value').innerText()).toMatch(/bookings?$/);
    expect(await page.getByTestId('stat-revenue-value').innerText()).toMatch(/SAR/);
    expect(await page.getByTestId('period-revenue-value').innerText()).toMatch(/SAR/);
    // Every card its change on the days before: the period's and the fixed figures alike.
    for (const id of ['period-bookings', 'period-revenue', 'stat-today', 'stat-month', 'stat-revenue'])
      expect(await page.getByTestId(`${id}-change`).count(), id).toBe(1);
    await snap(page, 'dashboard-admin-1440-en');
    let violations = await runAxe(page);
    expect(violations, `admin dashboard (en):\n${formatViolations(violations)}`).toEqual([]);

    await toArabic(page);
    await page.getByTestId('today-event').filter({ hasText: TODAY_EVENT.ar }).waitFor();
    expect(await page.getByTestId('to-confirm-count').innerText()).toMatch(ARABIC_DIGIT);
    expect(await page.getByTestId('stat-month-value').innerText()).toMatch(/حجز|حجوزات/);
    expect(await page.getByTestId('stat-revenue-value').innerText()).toMatch(ARABIC_DIGIT);
    await expect.poll(() => drawn(page, 'chart-revenue-by-category')).toBe(true);
    // Below the fold (content-visibility: auto), its text shows from the frame after it comes into view.
    await expect
      .poll(() => page.getByTestId('chart-bookings-per-day').locator('figcaption').innerText())
      .toContain('الحجوزات يوميًا');
    expect(await page.getByTestId('chart-bookings-per-day').locator('tbody tr').count()).toBe(30);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'dashboard-admin-1440-ar');
    violations = await runAxe(page);
    expect(violations, `admin dashboard (ar):\n${formatViolations(violations)}`).toEqual([]);
    for (const [width, language] of [
      [390, 'ar'],
      [1280, 'ar'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expectFitsWidth(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, `dashboard-admin-${width}-${language}`);
    }

    // The link of the bookings to confirm opens the list filtered to them.
    await page.getByTestId('to-confirm-all').click();
    await page.waitForURL(/\/admin\/booking\?/);
    const search = new URL(page.url()).searchParams;
    expect(Object.fromEntries(search)).toEqual({ status: 'pending', sort: 'createdAt', order: 'asc' });
    await page.getByTestId('list-booking').waitFor();
    expect(errors).toEqual([]);
  });

  it("a manager sees today's events of the platform and no approval queue; a provider its own, not another's", async () => {
    const manager = await suite.signedIn(DEMO.manager, { viewport: { width: 1280, height: 800 } });
    await manager.page.getByTestId('admin-dashboard').waitFor();
    await manager.page.getByTestId('today-event').filter({ hasText: TODAY_EVENT.en }).waitFor();
    await manager.page.getByTestId('to-confirm-count').waitFor();
    for (const id of ['waiting-providers', 'waiting-events', 'waiting-advertisements'])
      expect(await manager.page.getByTestId(id).count()).toBe(0);
    await expectNoRepeats(manager.page);
    await snap(manager.page, 'dashboard-manager-1280-en');

    const provider = await suite.signedIn(DEMO.provider, { viewport: { width: 390, height: 844 } });
    await provider.page.getByTestId('provider-dashboard').waitFor();
    await provider.page.getByTestId('stat-month').waitFor();
    const today = provider.page.getByTestId('today-events');
    await today.locator('[data-testid="today-events-count"]').waitFor();
    expect(await today.innerText()).not.toContain(TODAY_EVENT.en);
    await provider.page.getByTestId('to-confirm-count').waitFor();
    await provider.page.getByTestId('upcoming-events').waitFor();
    await expectNoRepeats(provider.page);
    await expect.poll(() => drawn(provider.page, 'chart-bookings-per-day')).toBe(true);
    expect(await provider.page.getByTestId('waiting-providers').count()).toBe(0);
    await expectFitsWidth(provider.page);
    await snap(provider.page, 'dashboard-provider-390-en');
    await provider.page.setViewportSize({ width: 1440, height: 900 });
    await snap(provider.page, 'dashboard-provider-1440-en');
    const violations = await runAxe(provider.page);
    expect(violations, `provider dashboard:\n${formatViolations(violations)}`).toEqual([]);
  });

  it('at 360 px the dashboard fits the screen and still draws its charts', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: PHONE });
    await page.getByTestId('admin-dashboard').waitFor();
    await page.getByTestId('stat-month').waitFor();
    await expect.poll(() => drawn(page, 'chart-bookings-per-day')).toBe(true);
    await expect.poll(() => drawn(page, 'chart-revenue-by-category')).toBe(true);
    await expectFitsWidth(page);
    await snap(page, 'dashboard-admin-360');
    // The latest bookings: cards on a phone (every status and total inside the screen), a table at 1440 px.
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const latest = page.getByTestId('latest-bookings');
        await expect.poll(() => latest.getAttribute('data-layout')).toBe(width === 390 ? 'cards' : null);
        if (width === 390) {
          const cards = latest.getByTestId('latest-booking');
          expect(await cards.count()).toBeGreaterThan(0);
          const outside = await cards.evaluateAll(
            (items) =>
              items.flatMap((item) =>
                [...item.querySelectorAll('[data-testid="booking-status"], dd')].filter((el) => {
                  const box = el.getBoundingClientRect();
                  return box.left < 0 || box.right > window.innerWidth || el.scrollWidth > el.clientWidth + 1;
                }),
              ).length,
          );
          expect(outside).toBe(0);
        } else expect(await latest.locator('tbody tr').count()).toBeGreaterThan(0);
        await snap(page, `dashboard-latest-${language}-${width}`);
      }
    }
  });

  it("a visit fetches its catalog (signed out the sign-in screens', signed in the shell's for the dashboard, every screen's elsewhere) and signed in the shell, with the page before the app has run", async () => {
    // No service worker, and the app's entry refused on the reloads: what is fetched then comes from
    // index.html's first script alone (docs/decisions/0069-the-shell-catalog.md).
    const { page, errors } = await suite.open({ serviceWorkers: 'block' });
    const fetched = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const chunk = (urls: string[], name: string) =>
      urls.some((url) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(url));
    /** The shell's chunk and which catalogs were fetched. */
    const early = async () => {
      const urls = await fetched();
      return ['signed-in', 'signin', 'shell', 'messages'].filter((name) => chunk(urls, name));
    };
    const reloadWithoutApp = async () => {
      await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      await page.reload({ waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    };

    await page.goto('/admin/login');
    await reloadWithoutApp();
    expect(await early()).toEqual(['signin']);

    await page.goto('/admin/login');
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await reloadWithoutApp();
    expect(await early()).toEqual(['signed-in', 'shell']);

    await page.goto('/admin/event');
    await page.getByTestId('list-event').waitFor();
    await reloadWithoutApp();
    expect(await early()).toEqual(['signed-in', 'messages']);

    await page.goto('/admin/');
    await page.getByTestId('admin-dashboard').waitFor();
    await signOut(page);
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await reloadWithoutApp();
    expect(await early()).toEqual(['signin']);
    expect(errors.filter((e) => !/index-[\w-]+\.js/.test(e))).toEqual([]);
  });

  it('the header menus load after the first screen; a click before that opens the menu once it has loaded', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { serviceWorkers: 'block' });
    // The menus' module is held back on the next load.
    const menus = /\/assets\/menu-content-[\w-]+\.js$/;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(menus, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();

    // The page is on screen with the header's triggers, before the menus have loaded.
    const profile = page.getByTestId('profile-menu');
    expect(await profile.getAttribute('aria-haspopup')).toBe('menu');
    await profile.click();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('profile-menu-content').count()).toBe(0);

    release();
    await page.getByTestId('profile-menu-content').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Sign Out' }).isVisible()).toBe(true);
    // The open menu has the focus (arrow keys move through it), not the trigger.
    await page.waitForTimeout(100);
    expect(
      await page.evaluate(() =>
        Boolean(document.activeElement?.closest('[data-testid="profile-menu-content"]')),
      ),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('profile-menu-content').waitFor({ state: 'detached' });

    // A trigger that had the focus when its menu arrived keeps it: reload, focus, then release.
    let releaseAgain: () => void = () => undefined;
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unroute(menus);
    await page.route(menus, async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Admin dashboard' }).waitFor();
    await page.getByTestId('theme-toggle').focus();
    releaseAgain();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-state') === 'closed');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'theme-toggle',
    );
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
    await page.unroute(menus);
    expect(errors).toEqual([]);
  });
});
