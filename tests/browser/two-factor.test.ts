/**
 * Two-factor sign-in (docs/security.md, "Two-factor sign-in"): a user turns it on in My Profile (the
 * secret read from the page, its codes computed here with otpauth, as an authenticator app does),
 * gets ten recovery codes, signs out, and signs in again with a code on /login/two-factor; then with
 * a recovery code. In English at 1440 px and in Arabic at 390 px (the QR code and the recovery codes
 * on a phone), with screenshots.
 */
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { chooseLanguage, htmlLangDir, signOut, waitForShell } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const pathname = (page: Page) => new URL(page.url()).pathname;

/** Turns two-factor sign-in on in My Profile; answers the secret and the recovery codes shown. */
async function turnOn(page: Page, language: 'en' | 'ar', width: number) {
  await page.goto('/admin/profile');
  const section = page.getByTestId('profile-two-factor');
  await section.getByTestId('two-factor-start').click();
  const secretText = section.getByTestId('totp-secret');
  await secretText.waitFor();
  const secret = (await secretText.getAttribute('data-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code is large enough to scan from the screen, on a phone too.
  const qr = section.getByRole('img');
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(180);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const code = section.locator('input[name="code"]');
  expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
  expect(await code.getAttribute('inputmode')).toBe('numeric');
  await section.scrollIntoViewIfNeeded();
  await snap(page, `two-factor-enrol-${language}-${width}`, { fullPage: false });
  // A wrong code is said at the field; the right one turns it on.
  await code.fill(codeOf(secret, 5));
  await section.locator('button[type="submit"]').click();
  await section.locator('[role="alert"]').waitFor();
  await code.fill(codeOf(secret));
  await section.locator('button[type="submit"]').click();
  const shown = section.getByTestId('recovery-code');
  await expect.poll(() => shown.count()).toBe(10);
  const codes = await shown.allTextContents();
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  // Every code readable: none cut off or wrapped on the screen.
  for (const item of await shown.all()) {
    const b = (await item.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(width);
    expect(b.height).toBeLessThan(40);
  }
  await section.getByTestId('recovery-codes').scrollIntoViewIfNeeded();
  await snap(page, `two-factor-codes-${language}-${width}`, { fullPage: false });
  await section.getByTestId('recovery-codes-done').click();
  await section.getByTestId('two-factor-on').waitFor();
  return { secret, codes };
}

/** Signs in with the password on the login screen, whatever its language: answers the second step's page. */
async function password(page: Page, email: string) {
  await page.goto('/admin/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/admin/login/two-factor');
  await page.locator('input[name="code"]').waitFor();
}

async function submitCode(page: Page, code: string) {
  await page.locator('input[name="code"]').fill(code);
  await page.locator('form button[type="submit"]').click();
  await waitForShell(page);
}

describe('two-factor sign-in', () => {
  it('in English at 1440 px: turned on in the profile, then signing in takes a code, or a recovery code', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    const { secret, codes } = await turnOn(page, 'en', WIDE.width);
    expect(await page.getByTestId('two-factor-on').textContent()).toContain('Recovery codes left: 10');

    await signOut(page);
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/admin/login');
    await password(page, DEMO.manager);
    // The challenge stays in the tab's memory: not in the address, nor in storage.
    expect(page.url()).not.toContain('challenge');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/[A-Za-z0-9_-]{43}/);
    const code = page.locator('input[name="code"]');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await snap(page, 'two-factor-sign-in-en-1440');
    // The confirming code's step is spent: the app's next code (one step ahead is accepted).
    await submitCode(page, codeOf(secret, 1));

    // Again, with a recovery code this time.
    await signOut(page);
    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/admin/login');
    await password(page, DEMO.manager);
    await page.getByTestId('use-recovery-code').click();
    expect(await code.getAttribute('inputmode')).toBe('text');
    await submitCode(page, codes[0]!);
    await page.goto('/admin/profile');
    await expect
      .poll(() => page.getByTestId('two-factor-on').textContent())
      .toContain('Recovery codes left: 9');
    expect(errors).toEqual([]);
  });

  it('in Arabic at 390 px: the QR code and the recovery codes fit a phone, and a recovery code signs in', async () => {
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: PHONE, language: 'ar' });
    const { codes } = await turnOn(page, 'ar', PHONE.width);
    expect(await page.getByTestId('two-factor-on').textContent()).toContain('رموز الاسترداد المتبقية');

    // Another browser, in Arabic: the second step's screen mirrored, with a recovery code.
    const other = await suite.open({ viewport: PHONE });
    await other.page.goto('/admin/login');
    await chooseLanguage(other.page, 'ar');
    await password(other.page, DEMO.provider);
    await page.close();
    await other.page.getByTestId('use-recovery-code').click();
    await expect.poll(() => htmlLangDir(other.page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await other.page.locator('input[name="code"]').fill('zzzzz-zzzzz');
    await other.page.locator('form button[type="submit"]').click();
    await other.page.locator('[role="alert"]').waitFor();
    await snap(other.page, 'two-factor-sign-in-ar-390');
    await submitCode(other.page, codes[9]!);
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
