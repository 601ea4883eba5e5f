/** Arabic switch (docs/product.md §4, §8): dir=rtl, translated texts, a notice, kept after reload and on the login screen. */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { idbValue, snap } from '../support/browser';
import { chooseLanguage, htmlLangDir, signIn, signOut, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const ARABIC = /[\u0600-\u06FF]/;

/** Which half of the viewport a notice sits in. */
const noticeSide = async (notice: Locator): Promise<'left' | 'right'> => {
  const box = await notice.boundingBox();
  const width = await notice.page().evaluate(() => window.innerWidth);
  if (!box) throw new Error('The notice has no box');
  return box.x + box.width / 2 < width / 2 ? 'left' : 'right';
};

describe('language', () => {
  it('switches to Arabic: saved on the server, right-to-left, translated, kept after reload', async () => {
    const { page, errors } = await suite.open();
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    expect(await htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.innerText()).toContain('Dashboard');

    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/set-language');
    const reloaded = page.waitForEvent('load');
    await chooseLanguage(page, 'ar');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ language: 'ar' });
    await reloaded;
    await waitForShell(page);

    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // The success notice (docs/product.md §8: 'Language changed to' + the Arabic word for Arabic), at the top end:
    // top-left in right-to-left.
    const notice = page.getByTestId('notice').filter({ hasText: 'العربية' }).first();
    await notice.waitFor();
    expect(await notice.innerText()).toContain('تم بنجاح');
    expect(await noticeSide(notice)).toBe('left');
    const text = await sidebar.innerText();
    expect(text).toMatch(ARABIC);
    expect(text).not.toContain('Dashboard');
    expect(text).not.toContain('Configuration');
    expect(await idbValue(page, 'language')).toBe('ar');
    await snap(page, 'shell-ar-desktop');

    // Kept after a reload and after signing out (the language is not part of the session).
    await page.reload();
    await waitForShell(page);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    // In RTL the sidebar sits on the right of the main content.
    const box = await sidebar.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.x + box!.width / 2).toBeGreaterThan(viewport.width / 2);

    await signOut(page, 'تسجيل الخروج');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/login');
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await page.locator('body').innerText()).toMatch(ARABIC);
    await snap(page, 'login-ar-desktop');
    expect(errors).toEqual([]);
  });

  it('switches back to English', async () => {
    const { page } = await suite.open();
    await signIn(page, DEMO.manager, DEMO_PASSWORD);
    const reloadedAr = page.waitForEvent('load');
    await chooseLanguage(page, 'ar');
    await reloadedAr;
    await waitForShell(page);
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });

    const reloadedEn = page.waitForEvent('load');
    await chooseLanguage(page, 'en');
    await reloadedEn;
    await waitForShell(page);
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
    const notice = page.getByTestId('notice').filter({ hasText: 'Language changed to English' }).first();
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Success!');
    expect(await noticeSide(notice)).toBe('right');
    expect(await page.getByTestId('sidebar').innerText()).toContain('Dashboard');
    await signOut(page);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/login');
  });
});
