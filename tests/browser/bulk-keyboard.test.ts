/**
 * Many rows at once and the keyboard (docs/decisions/0021-bulk-actions-and-list-keyboard.md): on a
 * filtered bookings list, "select all N matching", confirm them with a progress bar until the job
 * has finished; drive a list with the keyboard only (j/k, x, /, ?, Enter, the page arrows mirrored in
 * Arabic); screenshots at 1440 and 390 px in English and Arabic.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { listRows as rows, toArabic, visit, choose } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

/** Pages load slowly on a busy machine: polls wait up to 30 s. */
const slow = { timeout: 30_000 };
const url = (page: Page) => new URL(page.url());
/** Nothing focused: the keys go to the page. */
const blur = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
const announcer = (page: Page) => page.getByTestId('list-announcer').innerText();

describe('bulk actions', () => {
  it(
    'selects all matching bookings of a filtered list and confirms them with a progress bar',
    { timeout: 240_000 },
    async () => {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
      await visit(page, '/admin/booking');
      await expect.poll(() => rows(page).count(), slow).toBe(10);
      const filtered = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/booking' &&
          new URL(r.url()).searchParams.get('status') === 'pending',
      );
      await choose(page, 'filter-status', 'pending');
      await filtered;
      await expect.poll(() => new URL(page.url()).searchParams.get('status'), slow).toBe('pending');
      await expect.poll(() => rows(page).count(), slow).toBe(10);

      // This page (its box heads the table's first column; the bar shows once rows are chosen), then
      // every matching row (the bar says how many).
      expect(await page.locator('thead').getByTestId('select-page').count()).toBe(1);
      expect(await page.getByTestId('bulk-bar').count()).toBe(0);
      await page.getByTestId('select-page').check();
      await expect.poll(() => page.getByTestId('bulk-count').innerText(), slow).toBe('10 rows selected');
      await page.getByTestId('select-all-matching').click();
      const total = Number((await page.getByTestId('bulk-count').innerText()).match(/\d+/)![0]);
      expect(total).toBeGreaterThan(10);
      await snap(page, 'bulk-selected-1440-en');

      // Confirm them: one request with the filter, then the job's progress until it has finished.
      await page.getByTestId('bulk-actions').click();
      await page.getByTestId('bulk-action-status-confirmed').click();
      const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/booking/bulk');
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
      const answer = await started;
      expect(answer.status()).toBe(201);
      const sent = answer.request().postDataJSON() as { filter: Record<string, string>; ids?: number[] };
      expect(sent.ids).toBeUndefined();
      expect(sent.filter).toMatchObject({ status: 'pending' });
      await page.getByTestId('bulk-progress').waitFor();
      expect(await page.locator('[data-testid="bulk-progress"] progress').getAttribute('max')).toBe(
        String(total),
      );
      await page
        .locator('[data-testid="bulk-progress"][data-state="finished"]')
        .waitFor({ timeout: 150_000 });
      const summary = await page.getByTestId('bulk-progress-text').innerText();
      const [done, unchanged, refused] = summary.match(/\d+/g)!.map(Number);
      expect(done! + unchanged! + refused!).toBe(total);
      expect(done).toBeGreaterThan(0);
      // The list refreshed: the pending ones that were confirmed are gone from this filter.
      const left = total - done!;
      await expect
        .poll(
          async () =>
            left === 0
              ? await rows(page).count()
              : (await page.locator('caption').innerText()).includes(`of ${left}`),
          slow,
        )
        .toBe(left === 0 ? 0 : true);
      await snap(page, 'bulk-finished-1440-en');
      // A notice says how it ended, wherever the user is.
      await page
        .getByText(/done,.*already so,.*refused/)
        .first()
        .waitFor();

      // In Arabic, on a phone: the cards have their check boxes and the bar reads right to left.
      await toArabic(page);
      await page.setViewportSize(NARROW);
      await visit(page, '/admin/booking?status=confirmed');
      await expect.poll(() => rows(page).count(), slow).toBeGreaterThan(0);
      await rows(page).first().getByTestId('select-row').check();
      await page.getByTestId('bulk-bar').waitFor();
      await snap(page, 'bulk-selected-390-ar');
      await page.setViewportSize(WIDE);
      await snap(page, 'bulk-selected-1440-ar');
      expect(errors).toEqual([]);
    },
  );
});

describe('the keyboard', () => {
  it('drives a list with keys only: move, select, search, help, open; arrows mirrored in Arabic', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await visit(page, '/admin/booking');
    await expect.poll(() => rows(page).count(), slow).toBe(10);
    expect(await page.getByTestId('list-booking').getAttribute('aria-keyshortcuts')).toContain('j');
    await blur(page);

    await page.keyboard.press('j');
    await expect.poll(() => rows(page).nth(0).getAttribute('data-active'), slow).toBe('true');
    expect(await announcer(page)).toMatch(/^Row 1 of 10: BK-/);
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('k');
    await expect.poll(() => rows(page).nth(1).getAttribute('data-active'), slow).toBe('true');
    expect(await announcer(page)).toMatch(/^Row 2 of 10/);
    const second = await rows(page).nth(1).getAttribute('data-row-name');

    await page.keyboard.press('x');
    await expect.poll(() => rows(page).nth(1).getByTestId('select-row').isChecked(), slow).toBe(true);
    expect(await announcer(page)).toBe(`${second}: selected`);
    await expect.poll(() => page.getByTestId('bulk-count').innerText(), slow).toBe('1 row selected');

    // "/" goes to the search; keys typed there are text, not shortcuts.
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('list-search');
    await page.keyboard.type('jx');
    expect(await page.getByTestId('list-search').inputValue()).toBe('jx');
    await page.getByTestId('list-search').fill('');
    await blur(page);

    // "?" shows the keys.
    await page.keyboard.press('?');
    await page.getByTestId('keyboard-help').waitFor();
    await snap(page, 'keyboard-help-1440-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('keyboard-help').waitFor({ state: 'detached' });

    // Back on the rows, Enter opens the focused one.
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect.poll(() => url(page).pathname, slow).toBe('/admin/booking-details');

    // Arabic: the same keys; the left arrow (toward the end of a right-to-left line) is the next page.
    await toArabic(page);
    await visit(page, '/admin/booking');
    await expect.poll(() => rows(page).count(), slow).toBe(10);
    await blur(page);
    await page.keyboard.press('j');
    await expect.poll(() => announcer(page), slow).toMatch(/^الصف ١ من ١٠/);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => url(page).searchParams.get('page'), slow).toBe('2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => url(page).searchParams.get('page'), slow).toBe(null);
    await page.keyboard.press('?');
    await page.getByTestId('keyboard-help').waitFor();
    await snap(page, 'keyboard-help-1440-ar');
    await page.keyboard.press('Escape');
    await page.setViewportSize(NARROW);
    await expect.poll(() => page.getByTestId('list-cards').count(), slow).toBe(1);
    await blur(page);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await expect.poll(() => rows(page).nth(1).getByTestId('select-row').isChecked(), slow).toBe(true);
    await snap(page, 'keyboard-cards-390-ar');
    await page.setViewportSize(WIDE);
    await visit(page, '/admin/booking');
    await blur(page);
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await snap(page, 'keyboard-list-1440-ar');
    expect(errors).toEqual([]);
  });
});
