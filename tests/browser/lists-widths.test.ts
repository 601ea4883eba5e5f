/**
 * Lists at every width (docs/product.md §2): at 1280 and 1440 px the Status and Actions columns are
 * on screen without scrolling, the name column and the actions stay sticky; the rows are one line of
 * 40–44 px, the first column keeps to its cap, the columns fold by the width left (the providers show
 * more than Business and Status at 1280, the bookings their Payment) and the header stays in view
 * while the page scrolls (docs/decisions/0082-dense-width-aware-tables.md); on a phone the list is
 * cards, the first one on the first screen at 390 × 844, no page-level sideways scroll at 360 and
 * 390 px, and the filters wait behind "Filters (n)". In English and Arabic. The row density, chosen in
 * the Columns menu, follows the user to a reload and to another device. Screenshots of each list at
 * both widths go to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { listRows as rows, waitForShell, visit, choose, chosenValue } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const LISTS = [
  'advertisement',
  'event',
  'serviceprovider',
  'booking',
  'users',
  'supervisor',
  'location',
] as const;
const WIDE = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

async function openList(page: Page, key: string, query = '') {
  await visit(page, `/admin/${key}${query}`);
  await waitForShell(page);
  await rows(page).first().waitFor();
}

/** Where a header cell is, against the window's width. */
const headerBox = (page: Page, column: string) =>
  page.locator(`[data-testid="table-scroller"] th[data-column="${column}"]`).evaluate((th) => {
    const box = th.getBoundingClientRect();
    return { left: box.left, right: box.right, width: window.innerWidth };
  });

/** The first row's height and the first column's width (px). */
const rowAndFirstColumn = (page: Page) =>
  page.evaluate(() => ({
    row: document.querySelector('[data-testid="list-row"]')!.getBoundingClientRect().height,
    first: document.querySelector('[data-testid="table-scroller"] thead th')!.getBoundingClientRect().width,
  }));

/** The first column's cap (ListTable: 18rem of content, the cell's padding). */
const FIRST_COLUMN_CAP = 288 + 24;

/** The columns shown, by id, the actions left out. */
const shownColumns = (page: Page) =>
  page
    .locator('[data-testid="table-scroller"] th[data-column]')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')).filter((id) => id !== 'actions'));

const headerTop = (page: Page) =>
  page.getByTestId('table-head').evaluate((head) => Math.round(head.getBoundingClientRect().top));

const pageFits = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement!;
    return scroller.scrollWidth <= window.innerWidth;
  });

describe.each(['en', 'ar'] as const)('lists at every width (%s)', (language) => {
  it('at 1280 and 1440 px every list shows its Status and Actions without scrolling', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE, language });
    // Each list opens once and is measured at both widths (a resize, not a second load).
    for (const key of LISTS) {
      await page.setViewportSize(WIDE);
      await openList(page, key);
      for (const width of [1440, 1280]) {
        await page.setViewportSize({ width, height: WIDE.height });
        // The columns fold once the table has measured its new width.
        await expect
          .poll(() => page.getByTestId('table-scroller').evaluate((el) => el.scrollWidth <= el.clientWidth))
          .toBe(true);
        for (const column of [key === 'location' ? 'active' : 'status', 'actions']) {
          const box = await headerBox(page, column);
          expect(box.left, `${key} ${column} at ${width}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${key} ${column} at ${width}`).toBeLessThanOrEqual(box.width);
        }
        // The table itself needs no sideways scroll, and the page neither.
        const scroller = await page
          .getByTestId('table-scroller')
          .evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
        expect(scroller.scroll, `${key} table at ${width}`).toBeLessThanOrEqual(scroller.client);
        expect(await pageFits(page), `${key} page at ${width}`).toBe(true);
        // The name leads to the record; name and actions cells stay sticky.
        const first = rows(page).first();
        await first.getByTestId('record-link').waitFor();
        const sticky = await first
          .locator('td')
          .evaluateAll((cells) => [cells[0], cells.at(-1)].map((c) => getComputedStyle(c!).position));
        expect(sticky).toEqual(['sticky', 'sticky']);
        // One line a row; the first column keeps to its cap.
        const { row, first: firstWidth } = await rowAndFirstColumn(page);
        expect(row, `${key} row at ${width}`).toBeGreaterThanOrEqual(40);
        expect(row, `${key} row at ${width}`).toBeLessThanOrEqual(44);
        expect(firstWidth, `${key} first column at ${width}`).toBeLessThanOrEqual(FIRST_COLUMN_CAP);
        // Columns fold by the width left: more than the name and the status where there is room.
        const shown = await shownColumns(page);
        if (key === 'serviceprovider') expect(shown.length, `${shown}`).toBeGreaterThan(3);
        if (key === 'booking') expect(shown, `${key} at ${width}`).toContain('paymentStatus');
        if (width === 1440) await snap(page, `list-${key}-1440-${language}`, { fullPage: false });
      }
    }
    // A long page: the header stays under the app's header while the page scrolls.
    await page.setViewportSize(WIDE);
    await openList(page, 'booking', '?pageSize=50');
    await expect.poll(() => rows(page).count()).toBe(50);
    const appHeader = await page
      .locator('header')
      .first()
      .evaluate((h) => Math.round(h.getBoundingClientRect().bottom));
    expect(await headerTop(page)).toBeGreaterThan(appHeader);
    await page.mouse.wheel(0, 900);
    await expect.poll(() => headerTop(page)).toBe(appHeader);
    await page.mouse.wheel(0, 700);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1200);
    expect(await headerTop(page)).toBe(appHeader);
    await snap(page, `list-booking-scrolled-1440-${language}`, { fullPage: false });
    expect(errors).toEqual([]);
  });

  it('on a phone the lists are cards, the first on the first screen, with no sideways scroll', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: PHONE, language });
    for (const key of LISTS) {
      await page.setViewportSize(PHONE);
      await openList(page, key);
      expect(await page.getByTestId('table-scroller').count()).toBe(0);
      const card = rows(page).first();
      expect(await card.getAttribute('data-layout')).toBe('card');
      const box = (await card.boundingBox())!;
      expect(box.y, `${key}: first card starts on the first screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${key}: first card ends on the first screen`).toBeLessThanOrEqual(
        PHONE.height,
      );
      await card.getByTestId('record-link').waitFor();
      await card.getByTestId('row-actions').waitFor();
      expect(await pageFits(page), `${key} at 390`).toBe(true);
      await snap(page, `list-${key}-390-${language}`, { fullPage: false });
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await pageFits(page), `${key} at 360`).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('the row density follows the user: Comfortable survives a reload and a sign-in on another device', async () => {
    // A provider of its own, so the other journeys' admin keeps the compact default.
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: WIDE, language });
    await openList(page, 'booking');
    const height = () => rowAndFirstColumn(page).then((m) => m.row);
    expect(await height()).toBeLessThanOrEqual(44);
    await page.getByTestId('column-menu').click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile/preferences') && r.request().method() === 'PUT',
    );
    await page.getByTestId('density-comfortable').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(height).toBeGreaterThan(48);
    await snap(page, `list-density-menu-1440-${language}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.reload();
    await rows(page).first().waitFor();
    await expect.poll(height).toBeGreaterThan(48);
    await snap(page, `list-booking-comfortable-1440-${language}`, { fullPage: false });

    // Another device: a new sign-in on an empty profile reads the choice from the server.
    const other = await suite.signedIn(DEMO.provider, { viewport: WIDE, language, fresh: true });
    await openList(other.page, 'booking');
    await expect.poll(() => rowAndFirstColumn(other.page).then((m) => m.row)).toBeGreaterThan(48);
    // Back to compact there, for the next journeys.
    await other.page.getByTestId('column-menu').click();
    await other.page.getByTestId('density-compact').click();
    await expect.poll(() => rowAndFirstColumn(other.page).then((m) => m.row)).toBeLessThanOrEqual(44);
    expect([...errors, ...other.errors]).toEqual([]);
  });

  it('on a phone the filters open in a sheet from "Filters (n)", which counts the active ones', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: PHONE, language });
    await openList(page, 'booking', '?status=pending');
    const button = page.getByTestId('filters-open');
    expect(await button.getAttribute('data-count')).toBe('1');
    expect(await button.innerText()).toMatch(language === 'en' ? /Filters \(1\)/ : /\((1|١)\)/);
    expect(await page.getByTestId('filter-status').count()).toBe(0);

    await button.click();
    const sheet = page.getByTestId('filter-sheet');
    await sheet.waitFor();
    expect(await chosenValue(page, sheet.getByTestId('filter-status'))).toBe('pending');
    await choose(page, sheet.getByTestId('filter-paymentStatus'), 'paid');
    await expect.poll(() => new URL(page.url()).searchParams.get('paymentStatus')).toBe('paid');
    await snap(page, `list-booking-filters-390-${language}`, { fullPage: false });
    await sheet.getByTestId('filters-done').click();
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => button.getAttribute('data-count')).toBe('2');
  });
});
