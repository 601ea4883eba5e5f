/**
 * Import (docs/decisions/0073-import-from-files.md): on the cities list, a CSV is chosen; its columns
 * show matched to the fields, the first rows with the refused cell's reason in place; a column is
 * changed by hand and checked again; the valid rows are imported with the progress on the list, and
 * undone from the notice. On a phone in Arabic, categories from a semicolon CSV with Arabic headers
 * are previewed and imported. Screenshots at 1440 and 390 px in English and Arabic.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { visit, choose as chooseOption, chosenValue } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const slow = { timeout: 30_000 };

const choose = async (page: Page, name: string, text: string) => {
  const checked = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/import'));
  await page
    .getByTestId('import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  expect((await checked).status()).toBe(200);
  await page.getByTestId('import-preview').waitFor();
};

const commitAndFinish = async (page: Page) => {
  const started = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/import'));
  await page.getByTestId('import-commit').click();
  const answer = await started;
  expect(answer.status(), await answer.text()).toBe(200);
  await page.getByTestId('import-dialog').waitFor({ state: 'detached' });
  await page.locator('[data-testid="bulk-progress"][data-state="finished"]').waitFor({ timeout: 60_000 });
};

describe('import', () => {
  it(
    'previews a CSV of cities with its errors in place, remaps a column, imports and undoes',
    { timeout: 180_000 },
    async () => {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
      await visit(page, '/admin/city');
      await page.getByTestId('import-open').click();
      await page.getByTestId('import-dialog').waitFor();
      await choose(
        page,
        'cities.csv',
        'Name (English),Name (Arabic),Country,Active,Town\n' +
          'Import Town One,بلدة واحد,Saudi Arabia,yes,north\n' +
          'Import Town Two,بلدة اثنان,المملكة العربية السعودية,no,south\n' +
          'Import Town Three,بلدة ثلاثة,Atlantis,maybe,east\n',
      );
      expect(await chosenValue(page, 'import-map-countryId')).toBe('Country');
      expect(await page.getByTestId('import-summary').innerText()).toBe(
        '3 rows: 2 valid, 1 refused, 0 update a record.',
      );
      const refused = page.locator('td[data-error="true"]');
      await expect.poll(() => refused.count()).toBe(2);
      expect(await refused.first().innerText()).toContain('No match for “Atlantis”');
      await snap(page, 'import-preview-1440-en', { fullPage: false });

      // The report of the whole file downloads as CSV.
      const download = page.waitForEvent('download');
      await page.getByTestId('import-report').click();
      expect((await download).suggestedFilename()).toBe('city-import-report.csv');

      // "Active" read from another column by hand: every row's cell refused until it is put back.
      await chooseOption(page, 'import-map-active', 'Town');
      expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
      await page.getByTestId('import-check').click();
      await expect
        .poll(() => page.getByTestId('import-summary').innerText(), slow)
        .toMatch(/0 valid, 3 refused/);
      await chooseOption(page, 'import-map-active', 'Active');
      await page.getByTestId('import-check').click();
      await expect
        .poll(() => page.getByTestId('import-summary').innerText(), slow)
        .toMatch(/2 valid, 1 refused/);
      await page.setViewportSize(NARROW);
      await snap(page, 'import-preview-390-en', { fullPage: false });
      await page.setViewportSize(WIDE);

      await commitAndFinish(page);
      await visit(page, '/admin/city?q=Import%20Town');
      await expect.poll(() => page.getByTestId('list-row').count(), slow).toBe(2);
      const notice = page.getByTestId('notice').filter({ hasText: /done/ });
      const undoButton = notice.getByRole('button', { name: 'Undo' });
      await undoButton.waitFor();
      const undone = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/undo');
      await undoButton.click();
      expect((await undone).status()).toBe(200);
      await expect.poll(() => page.getByTestId('list-row').count(), slow).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it(
    'imports categories from an Arabic semicolon CSV on a phone, in Arabic',
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: NARROW, language: 'ar' });
      await visit(page, '/admin/category');
      await page.getByTestId('import-open').click();
      await page.getByTestId('import-dialog').waitFor();
      await choose(
        page,
        'فئات.csv',
        '\uFEFFالاسم (بالإنجليزية);الاسم (بالعربية);الترتيب\n' +
          'Imported Crafts;حِرف مستوردة;٣\n' +
          'Imported Poetry;شعر مستورد;abc\n',
      );
      expect(await chosenValue(page, 'import-map-sortOrder')).toBe('الترتيب');
      await expect.poll(() => page.locator('td[data-error="true"]').count()).toBe(1);
      expect(await page.locator('td[data-error="true"]').innerText()).toContain('ليس رقمًا');
      await snap(page, 'import-preview-390-ar', { fullPage: false });
      await page.setViewportSize(WIDE);
      await snap(page, 'import-preview-1440-ar', { fullPage: false });
      await commitAndFinish(page);
      await visit(page, '/admin/category?q=Imported%20Crafts');
      await expect.poll(() => page.getByTestId('list-row').count(), slow).toBe(1);
      await snap(page, 'import-done-1440-ar', { fullPage: false });
      expect(errors).toEqual([]);
    },
  );
});
