/**
 * Live updates in the browser (docs/decisions/0019-live-updates-and-many-processes.md): two signed-in
 * browsers; one confirms a booking, the other's open bookings list says "1 new or changed — show"
 * without a reload and without redrawing under the user, and shows the change when asked. In English
 * and Arabic, at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { listRows as rows, toArabic, waitForShell } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

/** The admin confirms the first pending booking through its screen; returns its code. */
const confirmFirstPending = async (page: Page, language: 'en' | 'ar') => {
  // The list as the server has it now (not a cached copy that a refetch replaces under the menu).
  // (Its own page: the dashboard's widgets ask /api/booking too, without a page.)
  const fresh = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/booking' && new URL(r.url()).searchParams.has('page'),
  );
  await page.goto('/admin/booking?status=pending');
  await waitForShell(page);
  await fresh;
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
  await rows(page).first().getByTestId('row-actions').click();
  await page.getByRole('menuitem', { name: language === 'ar' ? 'عرض' : 'View' }).click();
  await page.getByTestId('booking-event').waitFor();
  const code = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByTestId('action-status-confirmed').click();
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/booking/update-status'));
  await page.getByTestId('confirm-dialog').getByRole('button').last().click();
  expect((await changed).status()).toBe(200);
  return code;
};

const codesOf = async (page: Page) =>
  (await rows(page).evaluateAll((els) => els.map((el) => el.textContent ?? ''))).join('\n');

describe('live updates', () => {
  it('a booking confirmed in one browser shows as "1 new or changed — show" in the other’s open list', async () => {
    const manager = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    const admin = await suite.signedIn(DEMO.admin);
    const streams: number[] = [];
    manager.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/live') streams.push(Date.now());
    });

    for (const language of ['en', 'ar'] as const) {
      const page = manager.page;
      if (language === 'ar') {
        await toArabic(page);
        await toArabic(admin.page);
      }
      await page.setViewportSize(WIDE);
      const loaded = Date.now();
      await page.goto('/admin/booking?status=pending');
      await waitForShell(page);
      await expect.poll(() => rows(page).count()).toBe(10);
      // The live stream is open (it starts after the first screen).
      await expect.poll(() => streams.filter((at) => at >= loaded).length).toBeGreaterThan(0);
      const before = await codesOf(page);

      const code = await confirmFirstPending(admin.page, language);
      expect(before).toContain(code);

      // No reload, no redraw: a notice.
      const notice = page.getByTestId('live-list-notice');
      await notice.waitFor({ timeout: 5000 });
      expect(await notice.innerText()).toBe(
        language === 'ar' ? 'سجل واحد جديد أو معدّل — عرض' : '1 new or changed — show',
      );
      expect(await codesOf(page)).toBe(before);
      await snap(page, `live-list-notice-1440-${language}`);
      await page.setViewportSize(NARROW);
      await notice.waitFor();
      await snap(page, `live-list-notice-390-${language}`);

      // Shown when asked: the confirmed booking leaves the pending list.
      await notice.getByRole('button').click();
      await expect.poll(() => codesOf(page)).not.toContain(code);
      await expect.poll(() => notice.count()).toBe(0);
    }
    expect(manager.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  });
});
