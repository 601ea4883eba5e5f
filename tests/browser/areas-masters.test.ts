/**
 * Configuration masters through the UI (docs/decisions/0005-resource-pattern.md): an admin creates, edits and deletes a country and
 * a city; a referenced country cannot be deleted; list views live in the URL; an edit in Arabic shows
 * a mirrored form with Arabic messages; axe finds nothing serious on a list and a form in both
 * languages; the list and the form work at 360 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { follow, listRows as rows, toArabic, waitForShell, visit, choose, chosenValue } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { DESKTOP, expectFitsWidth, PHONE, snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const path = (page: Page) => new URL(page.url()).pathname;

async function searchList(page: Page, text: string) {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/master/listwithpagination') && new URL(r.url()).searchParams.get('q') === text,
  );
  await page.getByTestId('list-search').fill(text);
  await answered;
}

async function openRowAction(page: Page, rowText: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${rowText}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('configuration masters', () => {
  it('admin creates, edits and deletes a country and a city', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin);

    // The sidebar entry, under Configuration, leads to the real list, full of demo rows.
    const sidebar = page.getByTestId('sidebar');
    const configuration = sidebar.locator('button[aria-expanded]', { hasText: 'Configuration' });
    if ((await configuration.getAttribute('aria-expanded')) !== 'true') await configuration.click();
    await follow(page, sidebar.getByRole('link', { name: 'Country Master', exact: true }), '/admin/country');
    await expect.poll(() => rows(page).count()).toBe(10);

    // Create a country.
    await page.getByTestId('add-record').click();
    await expect.poll(() => path(page)).toBe('/admin/country/add');
    await page.getByLabel('Name (English)').fill('Atlantis');
    await page.getByLabel('Name (Arabic)').fill('أتلانتس');
    await page.getByLabel('ISO code').fill('xa');
    await page.getByLabel('Dialling code').fill('+999');
    await page.getByTestId('form-submit').click();
    await page.getByText('Success!').first().waitFor();
    await expect.poll(() => path(page)).toBe('/admin/country');

    // The search is kept in the URL and finds it.
    await searchList(page, 'Atlantis');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Atlantis');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => rows(page).first().innerText()).toContain('XA');

    // Edit it.
    await openRowAction(page, 'Atlantis', 'Edit');
    await expect.poll(() => path(page)).toMatch(/^\/admin\/country\/add\/\d+$/);
    await expect.poll(() => page.getByLabel('Name (English)').inputValue()).toBe('Atlantis');
    await page.getByLabel('Name (English)').fill('Atlantis Island');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => path(page)).toBe('/admin/country');
    await searchList(page, 'Atlantis Island');
    await expect.poll(() => rows(page).count()).toBe(1);

    // A city in it: the country picker offers the new country.
    await visit(page, '/admin/city/add');
    await page.getByLabel('Name (English)').fill('Poseidonia');
    await page.getByLabel('Name (Arabic)').fill('بوسيدونيا');
    await choose(page, page.getByLabel('Country'), { label: 'Atlantis Island' });
    await page.getByTestId('form-submit').click();
    await expect.poll(() => path(page)).toBe('/admin/city');
    await searchList(page, 'Poseidonia');
    await expect.poll(() => rows(page).first().innerText()).toContain('Atlantis Island');

    // The country is still referenced: the dialog shows the server's 409 message and nothing goes.
    await visit(page, '/admin/country?q=Atlantis');
    await expect.poll(() => rows(page).count()).toBe(1);
    await openRowAction(page, 'Atlantis Island', 'Delete');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByTestId('confirm-error').waitFor();
    expect(await dialog.getByTestId('confirm-error').innerText()).toMatch(/cit/i);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Delete the city, then the country.
    await visit(page, '/admin/city?q=Poseidonia');
    await expect.poll(() => rows(page).count()).toBe(1);
    await openRowAction(page, 'Poseidonia', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('list-empty').waitFor();

    await visit(page, '/admin/country?q=Atlantis');
    await expect.poll(() => rows(page).count()).toBe(1);
    await openRowAction(page, 'Atlantis Island', 'Delete');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('list-empty').waitFor();
    expect(errors).toEqual([]);
  });

  it('a shared link reopens the same view (page, size, sort, filter)', async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    await page.goto('/admin/city?pageSize=25&sort=name&order=desc&active=true&page=2');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(await chosenValue(page, 'page-size')).toBe('25');
    expect(await chosenValue(page, 'filter-active')).toBe('true');
    expect(await page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await page.getByTestId('page-of').innerText()).toMatch(/^Page 2 of/);
  });

  it('an edit in Arabic shows a mirrored form with Arabic validation messages', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { language: 'ar' });

    await visit(page, '/admin/country?q=Oman');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'تعديل' }).click();
    await expect.poll(() => path(page)).toMatch(/^\/admin\/country\/add\/\d+$/);
    const en = page.getByTestId('field-name.en');
    const ar = page.getByTestId('field-name.ar');
    await expect.poll(() => en.inputValue()).toBe('Oman');
    expect(await ar.getAttribute('dir')).toBe('rtl');
    expect(await ar.getAttribute('lang')).toBe('ar');

    // Mirrored: the English name comes first, on the right.
    const [enBox, arBox] = [await en.boundingBox(), await ar.boundingBox()];
    expect(enBox!.x).toBeGreaterThan(arBox!.x);

    await en.fill('');
    await page.getByTestId('field-isoCode').fill('S');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByText('هذا الحقل مطلوب').first().waitFor();
    await page.getByText('أدخل رمز ISO المكوّن من حرفين (مثل SA)').waitFor();
    await snap(page, 'areas-country-form-ar-errors');
  });

  it('axe: no serious or critical violation on a list and a form, in English and Arabic', async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      await visit(page, '/admin/location');
      await waitForShell(page);
      await expect.poll(() => rows(page).count()).toBe(10);
      const listViolations = await runAxe(page);
      expect(listViolations, `location list (${language}):\n${formatViolations(listViolations)}`).toEqual([]);

      // A master's name opens its read view, with its History, as every area's does.
      await rows(page).first().getByTestId('record-link').click();
      await expect.poll(() => path(page)).toMatch(/^\/admin\/location\/details\/\d+$/);
      await page.getByTestId('details-location').waitFor();
      // Under its title, the record at a glance: its status and key facts, as its card in a list.
      expect(await page.getByTestId('record-summary').innerText()).toMatch(
        language === 'en' ? /Active/ : /نشط/,
      );
      await page.getByTestId('tab-history').click();
      await page.getByTestId('record-history').waitFor();
      const readViolations = await runAxe(page);
      expect(
        readViolations,
        `location read view (${language}):\n${formatViolations(readViolations)}`,
      ).toEqual([]);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await expectFitsWidth(page);
        await snap(page, `location-details-${language}-${width}`);
      }
      await page.setViewportSize(DESKTOP);

      await visit(page, '/admin/location/add');
      await waitForShell(page);
      await page.getByTestId('field-name.en').waitFor();
      await page.getByTestId('form-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      const formViolations = await runAxe(page);
      expect(formViolations, `location form (${language}):\n${formatViolations(formViolations)}`).toEqual([]);
    }
  });

  it('at 360 px the list is cards and the form fits', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: PHONE });
    await visit(page, '/admin/serviceprovider');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(10);
    // On a phone the records are cards (docs/product.md §2): no table to scroll sideways.
    expect(await page.getByTestId('table-scroller').count()).toBe(0);
    expect(await rows(page).first().getAttribute('data-layout')).toBe('card');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await snap(page, 'areas-serviceprovider-list-360');

    await visit(page, '/admin/location/add');
    await waitForShell(page);
    await page.getByTestId('field-name.en').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'areas-location-form-360');
  });
});
