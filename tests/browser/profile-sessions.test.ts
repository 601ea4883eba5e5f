/**
 * Sessions and devices in My Profile (docs/security.md, "Sessions and devices"): two browsers signed
 * in as the same user; the first signs the second out from its profile, after a confirmation, and
 * the second is sent to the sign-in screen (English and Arabic, at 1440 and 390 px); and "Sign out all
 * other devices" signs out every other browser of the user.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { idbValue, snap } from '../support/browser';
import { signIn } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('sessions and devices', () => {
  it.each([
    ['en', DEMO.manager],
    ['ar', DEMO.provider],
  ] as const)('in %s: one browser signs the other out from the profile', async (language, email) => {
    // The second browser: its own sign-in, so its own session.
    const other = await suite.open({ viewport: WIDE });
    await signIn(other.page, email, DEMO_PASSWORD);
    const otherToken = (await idbValue(other.page, 'loginToken')) as string;
    const listed = await suite.api<{ data: { id: number; current: boolean }[] }>(
      '/api/profile/sessions',
      otherToken,
    );
    const otherId = listed.body.data.find((s) => s.current)!.id;

    const { page, errors } = await suite.signedIn(email, { viewport: WIDE, language });
    await page.goto('/admin/profile');
    const section = page.getByTestId('profile-sessions');
    const otherItem = section.locator(`[data-session="${otherId}"]`);
    await otherItem.waitFor();
    // This browser's own session is marked and has no Sign out of its own.
    const mine = section.locator('[data-current="true"]');
    await expect.poll(() => mine.count()).toBe(1);
    await expect.poll(() => mine.getByTestId('session-end').count()).toBe(0);
    expect(await mine.textContent()).toContain(language === 'ar' ? 'هذا الجهاز' : 'This device');
    expect(await otherItem.textContent()).toMatch(/Chrome \d+/);
    expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await snap(page, `profile-sessions-${language}-1440`);

    await otherItem.getByTestId('session-end').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Chrome');
    await snap(page, `profile-sessions-confirm-${language}-1440`, { fullPage: false });
    await dialog.getByRole('button', { name: language === 'ar' ? 'تسجيل الخروج' : 'Sign out' }).click();
    await dialog.waitFor({ state: 'detached' });
    await otherItem.waitFor({ state: 'detached' });

    // The ended session stops working at once: its next call is refused and the app signs out.
    expect((await suite.api('/api/profile', otherToken)).status).toBe(401);
    await other.page.goto('/admin/profile');
    await expect.poll(() => new URL(other.page.url()).pathname, { timeout: 20_000 }).toBe('/admin/login');
    await expect.poll(() => idbValue(other.page, 'loginToken'), { timeout: 10_000 }).toBeUndefined();

    // The caller's own session goes on.
    await page.reload();
    await section.getByTestId('sessions-list').waitFor();
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `profile-sessions-${language}-390`);
    expect(errors).toEqual([]);
  });

  it('signs out all other devices at once, after a confirmation', async () => {
    const others = [await suite.open({ viewport: WIDE }), await suite.open({ viewport: WIDE })];
    for (const other of others) await signIn(other.page, DEMO.admin, DEMO_PASSWORD);
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await page.goto('/admin/profile');
    const section = page.getByTestId('profile-sessions');
    await expect.poll(() => section.getByTestId('session-item').count()).toBeGreaterThanOrEqual(3);
    await section.getByTestId('sessions-end-others').click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => section.getByTestId('session-item').count()).toBe(1);
    await expect.poll(() => section.locator('[data-current="true"]').count()).toBe(1);
    await expect.poll(() => section.getByTestId('sessions-end-others').count()).toBe(0);
    for (const other of others) {
      await other.page.goto('/admin/profile');
      await expect.poll(() => new URL(other.page.url()).pathname, { timeout: 20_000 }).toBe('/admin/login');
    }
    expect(errors).toEqual([]);
  });
});
