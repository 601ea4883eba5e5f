/**
 * Dashboards over a period (docs/decisions/0068-dashboards-over-a-period.md): the period picker keeps
 * a named period and a range of days in the URL and states them with the platform's clock; each
 * figure shows its change on the previous period; a chart's "Download CSV" saves the figures it
 * draws; printing hides the controls; a provider opens an event of its own and sees its dashboard.
 * In English and Arabic at 1440 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { toArabic, choose, chosenValue } from '../support/app';
import { expectFitsWidth, snap } from '../support/browser';
import { drawn } from '../support/charts';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 390, height: 844 } as const;
const ARABIC_DIGIT = /[\u0660-\u0669]/;

const search = (page: Page) => new URL(page.url()).searchParams;
const tableRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr').count();

describe('dashboards over a period', () => {
  it('picks a named period and a range of days, kept in the URL, and downloads a chart as CSV', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE, acceptDownloads: true });
    await page.getByTestId('period-statement').waitFor();
    expect(await page.getByTestId('period-statement').innerText()).toMatch(
      /Today is .+ on the platform’s clock \(Riyadh/,
    );
    expect(await page.getByTestId('period-range').innerText()).toMatch(/\(30 days\)/);
    expect(await page.getByTestId('period-bookings-change').innerText()).toMatch(
      /(Up|Down) [+-−]?\d+%|No change|No earlier figures/,
    );

    // A named period: in the URL, stated (once its figures have come), and the chart has its days.
    const before = await page.getByTestId('period-range').innerText();
    await choose(page, 'period-select', 'lastMonth');
    await expect.poll(() => search(page).get('period')).toBe('lastMonth');
    await expect.poll(() => page.getByTestId('period-range').innerText()).not.toBe(before);
    const lastMonthDays = Number(
      /\((\d+) days\)/.exec(await page.getByTestId('period-range').innerText())![1],
    );
    expect([28, 29, 30, 31]).toContain(lastMonthDays);
    await expect.poll(() => tableRows(page, 'chart-bookings-per-day')).toBe(lastMonthDays);

    // A range of days: the fields start on the period shown; the 10th of its month to its end.
    await choose(page, 'period-select', 'custom');
    await page.getByTestId('period-from-day').click();
    const from = await page.getByTestId('period-from').inputValue();
    const tenth = `${from.slice(0, 8)}10`;
    await page.locator(`[data-testid="period-from-calendar"] [data-day="${tenth}"] button`).click();
    const to = await page.getByTestId('period-to').inputValue();
    await page.getByTestId('period-apply').click();
    await expect.poll(() => [search(page).get('from'), search(page).get('to')]).toEqual([tenth, to]);
    const days = Number(to.slice(8)) - 9;
    await expect.poll(() => page.getByTestId('period-range').innerText()).toContain(`(${days} days)`);
    await expect.poll(() => tableRows(page, 'chart-bookings-per-day')).toBe(days);

    // The URL alone brings the range back (a reload, a shared link).
    await page.reload();
    await page.getByTestId('period-range').waitFor();
    expect(await chosenValue(page, 'period-select')).toBe('custom');
    expect(await page.getByTestId('period-range').innerText()).toContain(`(${days} days)`);

    // The chart's CSV: its days and bookings, one row each, after the headers.
    await expect.poll(() => drawn(page, 'chart-bookings-per-day')).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('chart-bookings-per-day-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`bookings-per-day-${tenth}-${to}.csv`);
    const lines = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Bookings');
    expect(lines).toHaveLength(days + 1);
    expect(lines[1]).toMatch(new RegExp(`^${tenth},\\d+$`));
    await snap(page, 'dashboard-period-1440-en');
    await page.setViewportSize(NARROW);
    // The charts redraw at the new width a frame or two later.
    await expectFitsWidth(page);
    await snap(page, 'dashboard-period-390-en');
    await page.setViewportSize(WIDE);

    // Printed: the controls are hidden, the figures and charts are not.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('period-select').isVisible()).toBe(false);
    expect(await page.getByTestId('chart-bookings-per-day-csv').isVisible()).toBe(false);
    expect(await page.getByTestId('period-statement').isVisible()).toBe(true);
    expect(await page.getByTestId('chart-bookings-per-day').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // In Arabic: the same period, its statement in Arabic with Arabic digits.
    await toArabic(page);
    await page.getByTestId('period-range').waitFor();
    expect(search(page).get('from')).toBe(tenth);
    expect(await page.getByTestId('period-statement').innerText()).toContain('بتوقيت المنصة');
    expect(await page.getByTestId('period-range').innerText()).toMatch(ARABIC_DIGIT);
    expect(await page.getByTestId('period-revenue-value').innerText()).toMatch(ARABIC_DIGIT);
    await snap(page, 'dashboard-period-1440-ar');
    expect(errors).toEqual([]);
  });

  it("a provider's dashboard over a period at 390 px, and an event of its own with its dashboard", async () => {
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: NARROW, language: 'ar' });
    await page.getByTestId('provider-dashboard').waitFor();
    await choose(page, 'period-select', 'year');
    await expect.poll(() => search(page).get('period')).toBe('year');
    await page.getByTestId('period-stats').waitFor();
    await expectFitsWidth(page);
    await snap(page, 'dashboard-period-390-ar');

    await page.getByTestId('upcoming-events').locator('a').first().click();
    await page.getByTestId('event-dashboard').waitFor();
    await page.getByTestId('event-seats').waitFor();
    expect(await page.getByTestId('event-seats').innerText()).toMatch(ARABIC_DIGIT);
    expect(await tableRows(page, 'event-chart-payment')).toBeGreaterThan(0);
    await expect.poll(() => drawn(page, 'event-chart-payment')).toBe(true);
    await expect.poll(() => drawn(page, 'event-chart-bookings')).toBe(true);
    await snap(page, 'event-dashboard-390-ar', { fullPage: false });
    // Drawn side by side at 1440 px, the charts narrow with the window (a phone turned upright, a
    // window made narrower) rather than keeping their width and scrolling the page sideways.
    await page.setViewportSize(WIDE);
    await expect
      .poll(() => page.getByTestId('event-chart-payment-box').evaluate((box) => box.clientWidth))
      .toBeGreaterThan(NARROW.width);
    await page.setViewportSize(NARROW);
    await expectFitsWidth(page, 'the event dashboard narrowed from 1440 px');
    expect(errors).toEqual([]);
  });
});
