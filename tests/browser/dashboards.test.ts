/**
 * The dashboards (docs/product.md §2): the admin dashboard shows its figures, the items waiting for approval
 * and both charts (drawn, with a table for screen readers) in English and in Arabic (mirrored
 * value axis, Arabic digits); a manager sees no service-provider tile; a provider sees its own
 * dashboard; axe finds nothing serious in either language.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { signIn, signOut, toArabic } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { expectFitsWidth, PHONE, snap } from '../support/browser';
import { drawn } from '../support/charts';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const ARABIC_DIGIT = /[\u0660-\u0669]/;

describe('dashboards', () => {
  it('the admin dashboard shows its figures and charts, in English and in Arabic', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      await page.getByTestId('admin-dashboard').waitFor();
      await page.getByTestId('stat-month').waitFor();
      for (const id of ['waiting-providers', 'waiting-events', 'waiting-advertisements'])
        await page.getByTestId(id).waitFor();
      await expect.poll(() => drawn(page, 'chart-bookings-per-day')).toBe(true);
      await expect.poll(() => drawn(page, 'chart-revenue-by-category')).toBe(true);
      // 30 days in the screen-reader table; the demo data has bookings.
      expect(await page.getByTestId('chart-bookings-per-day').locator('tbody tr').count()).toBe(30);
      expect(await page.getByTestId('latest-bookings').locator('tbody tr').count()).toBeGreaterThan(0);

      const month = await page.getByTestId('stat-month').innerText();
      const revenue = await page.getByTestId('stat-revenue').innerText();
      if (language === 'en') {
        expect(month).toMatch(/Bookings this month\s+[\d,]+/);
        expect(revenue).toMatch(/SAR/);
      } else {
        expect(month).toContain('حجوزات هذا الشهر');
        expect(month).toMatch(ARABIC_DIGIT);
        expect(revenue).toMatch(ARABIC_DIGIT);
        expect(await page.getByTestId('chart-bookings-per-day').locator('figcaption').innerText()).toContain(
          'الحجوزات يوميًا',
        );
        await snap(page, 'dashboard-admin-ar');
      }
      const violations = await runAxe(page);
      expect(violations, `admin dashboard (${language}):\n${formatViolations(violations)}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });

  it('a manager sees no approval queue (approvals are for admins); a provider sees its own dashboard', async () => {
    const manager = await suite.signedIn(DEMO.manager);
    await manager.page.getByTestId('admin-dashboard').waitFor();
    await manager.page.getByTestId('stat-month').waitFor();
    for (const id of ['waiting-providers', 'waiting-events', 'waiting-advertisements'])
      expect(await manager.page.getByTestId(id).count()).toBe(0);

    const provider = await suite.signedIn(DEMO.provider);
    await provider.page.getByTestId('provider-dashboard').waitFor();
    await provider.page.getByTestId('stat-month').waitFor();
    await provider.page.getByTestId('upcoming-events').waitFor();
    await expect.poll(() => drawn(provider.page, 'chart-bookings-per-day')).toBe(true);
    expect(await provider.page.getByTestId('waiting-providers').count()).toBe(0);
    await snap(provider.page, 'dashboard-provider');
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
