/**
 * Saved views (docs/decisions/0022-saved-views.md) in a real browser: a view saved from a filtered,
 * sorted list with chosen columns is kept on the server (it is there after a reload and in another
 * browser of the same user), its link opens the same list in a fresh context, and the default view
 * applies when the list opens without parameters; offline the kept views still open and saving says
 * it needs a connection. The menu at 1440 and 390 px, in English and
 * Arabic: screenshots to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { listRows as rows, waitForShell, chosenValue } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite({}, { serviceWorkers: 'allow' });
const WIDE = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

async function openList(page: Page, query = '') {
  await page.goto(`/admin/booking${query}`);
  await waitForShell(page);
  await rows(page).first().waitFor();
}

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const headers = (page: Page) =>
  page
    .locator('[data-testid="table-scroller"] th[data-column]')
    .evaluateAll((cells) =>
      cells.map((c) => c.getAttribute('data-column')).filter((c) => c !== 'actions' && c !== 'select'),
    );

describe('saved views', () => {
  it('saves a view, keeps it after a reload and on another device, opens it from a link, applies the default', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await openList(page, '?status=confirmed&sort=total&order=desc');

    // Show or hide the Phone column, then save the view as the default.
    const before = await headers(page);
    await page.getByTestId('column-menu').click();
    await page.getByRole('menuitemcheckbox', { name: 'Phone' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).not.toEqual(before);
    const chosen = await headers(page);
    expect(chosen.includes('phone')).toBe(!before.includes('phone'));
    await page.getByTestId('views-menu').click();
    expect(await page.getByTestId('views-empty').innerText()).toBe('No saved views yet.');
    await page.getByTestId('view-save-as').click();
    await page.getByTestId('view-name').fill('Confirmed, biggest first');
    await page.getByTestId('view-default').check();
    await snap(page, 'saved-views-save-1440-en', { fullPage: false });
    await page.getByTestId('view-save').click();
    await expect.poll(() => page.getByTestId('views-menu').innerText()).toBe('Confirmed, biggest first');
    const saved = params(page);
    expect(saved).toMatchObject({ status: 'confirmed', sort: 'total', order: 'desc' });
    expect(saved.cols?.split(',')).toEqual(chosen);
    expect(await headers(page)).toEqual(chosen);
    const link = page.url();

    // After a reload: the same view, still named in the menu.
    await page.reload();
    await waitForShell(page);
    await rows(page).first().waitFor();
    await expect.poll(() => page.getByTestId('views-menu').innerText()).toBe('Confirmed, biggest first');
    await page.getByTestId('views-menu').click();
    await page.getByTestId('views-list').waitFor();
    await snap(page, 'saved-views-menu-1440-en', { fullPage: false });
    await page.keyboard.press('Escape');

    // Without parameters the list opens with the default view.
    await openList(page);
    await expect.poll(() => params(page)).toEqual(saved);
    await expect.poll(() => page.getByTestId('views-menu').innerText()).toBe('Confirmed, biggest first');

    // "Show the whole list" leaves the view.
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-reset').click();
    await expect.poll(() => params(page)).toEqual({});
    expect(await page.getByTestId('views-menu').innerText()).toBe('Views');
    expect(errors).toEqual([]);

    // The link in a fresh context, signed in as another user: the same list, no view of theirs.
    const other = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    await other.page.goto(link);
    await waitForShell(other.page);
    await rows(other.page).first().waitFor();
    expect(params(other.page)).toEqual(saved);
    expect(await headers(other.page)).toEqual(saved.cols!.split(','));
    expect(await chosenValue(other.page, 'filter-status')).toBe('confirmed');
    expect(await other.page.getByTestId('views-menu').innerText()).toBe('Views');

    // Another device of the same user: the view is there, and opens the list with it.
    const phone = await suite.signedIn(DEMO.admin, { viewport: PHONE, fresh: true });
    await openList(phone.page);
    await expect.poll(() => params(phone.page)).toEqual(saved);
    await phone.page.getByTestId('views-menu').click();
    await phone.page.getByTestId('views-sheet').waitFor();
    await snap(phone.page, 'saved-views-sheet-390-en', { fullPage: false });

    // Offline: the views kept on the device still open; saving says it needs a connection.
    await phone.page.getByTestId('view-reset').click();
    await expect.poll(() => params(phone.page)).toEqual({});
    await phone.context.setOffline(true);
    await phone.page.getByTestId('views-menu').click();
    await phone.page.getByTestId('views-offline').waitFor();
    expect(await phone.page.getByTestId('view-save-as').isDisabled()).toBe(true);
    await snap(phone.page, 'saved-views-offline-390-en', { fullPage: false });
    await phone.page.getByText('Confirmed, biggest first').click();
    await expect.poll(() => params(phone.page)).toEqual(saved);
    await phone.context.setOffline(false);
    expect(other.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  it('in Arabic, at 1440 and 390 px', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language: 'ar' });
    await openList(page, '?paymentStatus=paid');
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-save-as').click();
    await page.getByTestId('view-name').fill('المدفوعة');
    await page.getByTestId('view-save').click();
    await expect.poll(() => page.getByTestId('views-menu').innerText()).toBe('المدفوعة');
    // The same name again: refused on the field, in Arabic.
    await page.getByTestId('views-menu').click();
    await page.getByTestId('view-save-as').click();
    await page.getByTestId('view-name').fill('المدفوعة');
    await page.getByTestId('view-save').click();
    await page.getByText('لديك بالفعل طريقة عرض بهذا الاسم لهذه القائمة.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('views-menu').click();
    await page.getByTestId('views-list').waitFor();
    await snap(page, 'saved-views-menu-1440-ar', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByTestId('views-menu').click();
    await page.getByTestId('views-sheet').waitFor();
    await snap(page, 'saved-views-sheet-390-ar', { fullPage: false });
    // Delete, with a confirmation.
    await page.getByTestId('view-delete').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'حذف' }).click();
    await expect.poll(() => page.getByTestId('views-menu').innerText()).toBe('طرق العرض');
    expect(errors).toEqual([]);
  });
});
