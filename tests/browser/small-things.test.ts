/**
 * The small things that add up (docs/product.md §2, ADR 0023), at 1440 × 900 (and 1280 for the
 * toolbar) and 390 × 844, in English and Arabic: a first click sorts ascending, no column of dashes,
 * the list toolbar on one line at 1280 px, the sidebar's collapse remembered, only the allowed
 * booking moves, a provider without bookings sees words instead of an empty chart, no 401 after
 * Sign Out. Screenshots go to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { listRows, sidebarToggle, signOut, waitForShell, visit, choose } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const LISTS = ['advertisement', 'event', 'serviceprovider', 'booking', 'users', 'category', 'location'];

/** The API as this file calls it: the method first. */
const api = (method: string, path: string, token: string | null, body?: unknown) =>
  suite.api<{ token?: string; data?: unknown; message?: string }>(path, token, body, method);
const tokenOf = async (email: string, password = DEMO_PASSWORD) =>
  (await api('POST', '/api/login', null, { email, password })).body.token as string;

async function openList(page: Page, key: string, query = '') {
  await visit(page, `/admin/${key}${query}`);
  await waitForShell(page);
  await listRows(page).first().waitFor();
}

describe.each(['en', 'ar'] as const)('small things (%s)', (language) => {
  it('lists: a first click sorts ascending, no column is all dashes, the toolbar stays on one line at 1280 px', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE, language });
    for (const key of LISTS) {
      await openList(page, key);
      // Every shown column has something in some row (the category icon is beside its name).
      const columns = await page
        .getByTestId('table-scroller')
        .locator('tbody tr')
        .evaluateAll((rows) => {
          const texts: string[][] = [];
          for (const row of rows)
            [...row.children].forEach((cell, i) =>
              (texts[i] ??= []).push((cell as HTMLElement).innerText.trim()),
            );
          return texts;
        });
      columns.forEach((cells, i) =>
        expect(
          cells.every((text) => text === '—' || text === '-'),
          `${key} column ${i}`,
        ).toBe(false),
      );
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: WIDE.height });
        // The heading and the buttons share one line; the buttons do not wrap.
        const tops = await page
          .getByTestId('list-toolbar')
          .locator(':scope > *')
          .evaluateAll((items) => items.map((el) => Math.round(el.getBoundingClientRect().top)));
        expect(new Set(tops).size, `${key} toolbar at ${width}`).toBeLessThanOrEqual(1);
        const header = await page.getByTestId('list-header').evaluate((el) => {
          const [title, toolbar] = [...el.children].map((c) => c.getBoundingClientRect());
          return { titleBottom: title!.bottom, toolbarTop: toolbar!.top };
        });
        expect(header.toolbarTop, `${key} toolbar beside the heading at ${width}`).toBeLessThan(
          header.titleBottom,
        );
        if (width === 1280) await snap(page, `small-toolbar-${key}-1280-${language}`, { fullPage: false });
      }
      await page.setViewportSize(WIDE);
    }
    // The first click on a column not sorted yet sorts it ascending, numbers and dates too.
    await openList(page, 'booking');
    const unsorted = page.locator('[data-testid="table-scroller"] th[aria-sort="none"] button').first();
    await unsorted.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('asc');
    expect(errors).toEqual([]);
  });

  it('the desktop sidebar stays collapsed after a reload; on a phone the drawer opens', async () => {
    const { page } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language });
    expect(await sidebarToggle(page).getAttribute('aria-expanded')).toBe('true');
    await sidebarToggle(page).click();
    await expect.poll(() => sidebarToggle(page).getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await waitForShell(page);
    expect(await sidebarToggle(page).getAttribute('aria-expanded')).toBe('false');
    await snap(page, `small-sidebar-collapsed-1440-${language}`, { fullPage: false });
    await sidebarToggle(page).click();
    await expect.poll(() => sidebarToggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.setViewportSize(PHONE);
    await page.reload();
    await waitForShell(page);
    expect(await sidebarToggle(page).getAttribute('aria-expanded')).toBe('false');
    await sidebarToggle(page).click();
    await page.getByTestId('sidebar').waitFor();
  });

  it('a cancelled booking offers no "Mark as paid"; only the moves the server allows', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language });
    for (const viewport of [WIDE, PHONE]) {
      await page.setViewportSize(viewport);
      await openList(page, 'booking', '?status=cancelled&paymentStatus=pending');
      await listRows(page).first().getByTestId('record-link').click();
      await page.locator('main h1').first().waitFor();
      for (const id of ['payment-paid', 'payment-failed', 'payment-pending', 'status-confirmed'])
        expect(await page.getByTestId(`action-${id}`).count(), id).toBe(0);
      await snap(page, `small-cancelled-booking-${viewport.width}-${language}`, { fullPage: false });
    }
    expect(errors).toEqual([]);
  });
});

describe('a provider without bookings, and Sign Out', () => {
  it('a new provider sees "no bookings" words, not an empty chart, in English and Arabic', async () => {
    const admin = await tokenOf(DEMO.admin);
    const events = await api('GET', '/api/event?pageSize=10', admin);
    const [{ categoryId, cityId }] = (events.body.data as { items: { categoryId: number; cityId: number }[] })
      .items as [{ categoryId: number; cityId: number }];
    const email = `fresh-${Date.now()}@example.com`;
    const created = await api('POST', '/api/serviceprovider', admin, {
      name: { en: 'Fresh Provider', ar: 'مقدم خدمة جديد' },
      email,
      phone: '+966501112233',
      businessName: { en: 'Fresh Events', ar: 'فعاليات جديدة' },
      description: { en: 'New on the platform', ar: 'جديد على المنصة' },
      categoryId,
      cityId,
      contactPhone: '+966501112234',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The provider sets its password through the mailed invitation (docs/decisions/0063-invitations.md).
    const mail = await suite.server.smtp.waitFor((m) => m.to.includes(email) && m.text.includes('?token='));
    const token = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await api('POST', '/api/invitation/accept', null, {
      token,
      password: 'Fresh-Pass-2026!',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    for (const language of ['en', 'ar'] as const)
      for (const viewport of [WIDE, PHONE]) {
        const { page, errors } = await suite.signedIn(email, {
          viewport,
          password: 'Fresh-Pass-2026!',
          language,
        });
        await page.getByTestId('provider-dashboard').waitFor();
        const empty = page.getByTestId('no-bookings-per-day');
        await empty.scrollIntoViewIfNeeded();
        // Below the fold it is content-visibility: auto (docs/decisions/0010-signed-in-first-load.md):
        // its text is rendered, and so in innerText, only from the frame after it scrolls into view.
        await expect
          .poll(() => empty.innerText())
          .toContain(language === 'en' ? 'No bookings in this period' : 'لا حجوزات');
        expect(await page.getByTestId('chart-bookings-per-day').count()).toBe(0);
        await snap(page, `small-provider-no-bookings-${viewport.width}-${language}`, { fullPage: false });
        expect(errors).toEqual([]);
      }
  });

  it('Sign Out sends no request that meets a 401', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await page.goto('/admin/booking');
    await listRows(page).first().waitFor();
    const unauthorized: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(new URL(r.url()).pathname);
    });
    await signOut(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    // Focus and visibility changes would refetch the queries of a signed-in page.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForTimeout(1500);
    expect(unauthorized).toEqual([]);
  });
});

describe.each(['en', 'ar'] as const)('pickers search the server (%s)', (language) => {
  it('the notification audience finds any user by typing, asking the server with q', async () => {
    for (const viewport of [WIDE, PHONE]) {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport, language });
      await visit(page, '/admin/notification/add/');
      await page.getByTestId('form-notification').waitFor();
      await choose(page, 'field-audienceType', 'users');
      const asked: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/users/get-all') asked.push(url.searchParams.get('q') ?? '');
      });
      const search = page.getByTestId('picker-search-audienceUserIds');
      await search.waitFor();
      const group = page.getByTestId('field-audienceUserIds');
      await group.locator('label').first().waitFor();
      // Typed again if the box was drawn anew meanwhile (the first page arriving): what counts is
      // that the app asks the server with what is typed.
      await expect
        .poll(
          async () => {
            if ((await search.inputValue()) !== 'Omar') await search.fill('Omar');
            return asked.includes('Omar');
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      // The answer to q replaces the first page: only the matching users are offered.
      const matching = async () => {
        const labels = await group.locator('label').allInnerTexts();
        return labels.length > 0 && labels.every((label) => /Omar|عمر/.test(label));
      };
      await expect.poll(matching, { timeout: 15_000 }).toBe(true);
      await snap(page, `picker-search-${viewport.width}-${language}`, { fullPage: false });
      expect(errors).toEqual([]);
    }
  });
});
