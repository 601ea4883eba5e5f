/**
 * Date pickers follow the reader's language and direction (docs/decisions/0026-venue-time-zones-and-date-pickers.md):
 * no browser mm/dd/yyyy anywhere, month and weekday names and digits of the locale (Arabic-Indic in
 * Arabic), the calendar laid out right to left in Arabic, and a chosen day and time sent as the
 * venue's wall-clock time; the open calendar passes axe. At 1440 × 900 and 390 × 844, English and Arabic; screenshots go to
 * tests/.artifacts (gitignored).
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { chosenValue, pickDate, visit } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

describe.each(['en', 'ar'] as const)('date pickers (%s)', (language) => {
  it('the event form, the list filter and the activity filter choose dates in the locale, never mm/dd/yyyy', async () => {
    for (const [size, viewport] of SIZES) {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport, language });

      // No native date input is left on the screens that choose dates.
      await visit(page, '/admin/event/add');
      await page.getByTestId('field-startsAt-day').waitFor();
      expect(await page.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
      await page.getByTestId('field-startsAt-day').click();
      const calendar = page.getByTestId('field-startsAt-calendar');
      await calendar.waitFor();
      const text = await calendar.innerText();
      expect(text).not.toMatch(/mm|dd|yyyy/i);
      if (language === 'ar') {
        // Arabic month and weekday names, Arabic-Indic digits, and the first weekday on the right.
        expect(text).toMatch(/يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/);
        expect(text).toMatch(/الأحد/);
        expect(text).not.toMatch(/[0-9]/);
        const [first, second] = await calendar
          .locator('th[scope="col"]')
          .evaluateAll((cells) => cells.slice(0, 2).map((c) => c.getBoundingClientRect().left));
        expect(first!).toBeGreaterThan(second!);
      } else {
        expect(text).toMatch(/Sun/);
      }
      // The calendar stays on the screen (a phone included).
      const box = (await calendar.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await snap(page, `date-picker-form-${size}-${language}`, { fullPage: false });
      if (size === '1440') {
        // The open calendar (the library's grid, its labels in the reader's language) passes axe.
        const violations = await runAxe(page);
        expect(violations, `open calendar (${language}):\n${formatViolations(violations)}`).toEqual([]);
      }
      // Keys move the focused day (arrows follow the direction) and Enter picks it.
      await page.keyboard.press('Escape');
      await pickDate(page, 'field-startsAt', '2027-03-10T18:30');
      const shown = await page.getByTestId('field-startsAt-day').innerText();
      expect(shown).toBe(language === 'en' ? 'March 10, 2027' : '١٠ مارس ٢٠٢٧');
      expect(await page.getByTestId('field-startsAt-time').innerText()).toBe(
        language === 'en' ? '18:30' : '١٨:٣٠',
      );
      await page.getByTestId('field-startsAt-day').click();
      await page.locator('[data-testid="field-startsAt-calendar"] [data-day="2027-03-10"] button').focus();
      await page.keyboard.press(language === 'en' ? 'ArrowRight' : 'ArrowLeft');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('field-startsAt').inputValue()).toBe('2027-03-18T18:30');
      // The calendar opens on the chosen day, focused; Page Down moves a month, Page Up back.
      await page.getByTestId('field-startsAt-day').click();
      const focused = page.locator('[data-testid="field-startsAt-calendar"] [data-day="2027-03-18"] button');
      await expect.poll(() => focused.evaluate((b) => b === document.activeElement)).toBe(true);
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageUp');
      expect(await chosenValue(page, 'field-startsAt-month')).toBe('3');
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('field-startsAt').inputValue()).toBe('2027-04-18T18:30');

      // The events list's date filter.
      await visit(page, '/admin/event');
      await page.getByTestId('list-row').first().waitFor();
      // On a phone the filters are in a sheet; on a desktop the dates may wait behind "More filters".
      if ((await page.getByTestId('filter-from-day').count()) === 0)
        await page.getByTestId(size === '390' ? 'filters-open' : 'filters-more').click();
      await pickDate(page, 'filter-from', '2027-01-01');
      await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe('2027-01-01');
      expect(await page.getByTestId('filter-from-day').innerText()).toBe(
        language === 'en' ? 'January 1, 2027' : '١ يناير ٢٠٢٧',
      );
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      await snap(page, `date-picker-filter-${size}-${language}`, { fullPage: false });

      // The activity screen's days.
      await visit(page, '/admin/activity');
      await page.getByTestId('activity-from-day').waitFor();
      expect(await page.locator('input[type="date"]').count()).toBe(0);
      expect(errors).toEqual([]);
    }
  });
});
