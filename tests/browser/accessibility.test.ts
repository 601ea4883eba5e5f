/**
 * Accessibility and phone widths (docs/product.md §2): axe-core finds no serious or critical
 * violation on login, registration and the signed-in shell, in English and Arabic; at 360 px wide the
 * sidebar is a drawer. Screenshots go to tests/.artifacts/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/app-server';
import { PHONE, snap } from '../support/browser';
import { formatViolations, runAxe } from '../support/axe';
import { chooseLanguage, htmlLangDir, sidebarToggle, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const expectNoSeriousViolations = async (page: Page, what: string) => {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${formatViolations(violations)}`).toEqual([]);
};

/** Sets the language before the app starts, the way a returning user has it stored. */
const storeLanguage = (page: Page, language: 'en' | 'ar') =>
  page.evaluate(
    (lang) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(lang, 'language');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        };
      }),
    language,
  );

describe.each(['en', 'ar'] as const)('accessibility in %s', (language) => {
  it(`login and registration have no serious violation (${language})`, async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    if (language === 'ar') {
      await storeLanguage(page, 'ar');
      await page.reload();
    }
    await page.getByRole('button').first().waitFor();
    await expect
      .poll(() => htmlLangDir(page))
      .toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    await expectNoSeriousViolations(page, `login (${language})`);
    await snap(page, `a11y-login-${language}-desktop`);

    await page.goto('/admin/registration');
    await page.getByRole('button').first().waitFor();
    await expectNoSeriousViolations(page, `registration (${language})`);
    await snap(page, `a11y-registration-${language}-desktop`);

    await page.setViewportSize(PHONE);
    await page.goto('/admin/login');
    await page.getByRole('button').first().waitFor();
    await expectNoSeriousViolations(page, `login at 360 px (${language})`);
    await snap(page, `login-${language}-phone`);
  });

  it(`the signed-in shell has no serious violation and a drawer sidebar at 360 px (${language})`, async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    if (language === 'ar') {
      const reloaded = page.waitForEvent('load');
      await chooseLanguage(page, 'ar');
      await reloaded;
      await waitForShell(page);
    }
    await expect
      .poll(() => htmlLangDir(page))
      .toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
    await expectNoSeriousViolations(page, `shell (${language})`);
    await snap(page, `shell-${language}-desktop`);

    // Profile menu open.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menu').first().waitFor();
    await expectNoSeriousViolations(page, `profile menu (${language})`);
    await snap(page, `profile-menu-${language}-desktop`);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // Phone width: the sidebar is a drawer — hidden at first, opened by the toggle over the content.
    await page.setViewportSize(PHONE);
    await page.reload();
    await waitForShell(page);
    const sidebar = page.getByTestId('sidebar');
    const inView = async () => {
      if (!(await sidebar.isVisible())) return false;
      const box = await sidebar.boundingBox();
      return !!box && box.x < PHONE.width - 1 && box.x + box.width > 1 && box.width > 0;
    };
    expect(await inView()).toBe(false);
    const noHorizontalScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
    expect(await noHorizontalScroll()).toBe(true);
    await snap(page, `shell-${language}-phone`);

    const toggle = sidebarToggle(page);
    await toggle.click();
    await expect.poll(inView).toBe(true);
    await expectNoSeriousViolations(page, `drawer open at 360 px (${language})`);
    await snap(page, `drawer-${language}-phone`, { fullPage: false });

    // Choosing an entry navigates and closes the drawer.
    const first = sidebar.locator('a[href]').first();
    await first.click();
    await expect.poll(inView).toBe(false);
    expect(await noHorizontalScroll()).toBe(true);
  });
});
