/**
 * Forgotten password end to end (docs/decisions/0062-forgotten-password.md): from the sign-in
 * screen's link, the e-mail, the code read from the mail the real server sent to a real SMTP server
 * on 127.0.0.1 and a new password, then signing in with it; and the mailed link opening the reset
 * screen filled in. English at 1440 px, Arabic (mirrored) at 390 px, a screenshot of each at both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { htmlLangDir, chooseLanguage, waitForShell } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CODE_LINE = /^ {4}([0-9]{6})$/m;

/** The latest reset mail to `email` (its code and link). */
const resetMail = async (email: string) => {
  const mail = await suite.server.smtp.waitFor((m) => m.to.includes(email) && CODE_LINE.test(m.text), 15_000);
  return {
    code: CODE_LINE.exec(mail.text)![1]!,
    link: /https?:\/\/\S+\/admin\/password\/reset#\S+/.exec(mail.text)![0],
  };
};

/** Nothing of the screen runs past its right edge (a phone's width). */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The sign-in screen shows `email` filled in; the new password signs in. */
const signInWith = async (page: Page, email: string, password: string) => {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
  const emailInput = page.locator('input[name="email"]');
  await expect.poll(() => emailInput.inputValue()).toBe(email);
  await page.locator('input[name="password"]').fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login');
  await page.locator('form button[type="submit"]').click();
  expect((await answer).status()).toBe(200);
  await waitForShell(page);
};

describe('forgot password', () => {
  it('in English: from the sign-in screen, the mailed code and a new password, then signing in with it', async () => {
    const email = DEMO.manager;
    const { page, errors } = await suite.open({ viewport: WIDE });
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await snap(page, 'password-login-link-en-1440', { fullPage: false });
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/password/forgot');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await snap(page, 'password-forgot-en-1440');

    // The client's checks first: an address that is not one is refused without a call.
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Please enter a valid email.').waitFor();

    await page.getByLabel('Email', { exact: true }).fill(email);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password/forgot');
    await page.getByRole('button', { name: 'Send code' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByTestId('reset-code-sent').waitFor();
    const { code } = await resetMail(email);

    // The same screen moves on: the code, the new password twice, under the passwords' rules.
    await page.getByLabel('Code from the mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('shorter');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('At least 8 characters', { exact: true }).waitFor();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Forgot-Then-Set-2026!');
    await page.getByLabel('Confirm new password').fill('Forgot-Then-Set-2026!');
    const wrong = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password/reset');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect((await wrong).status()).toBe(422);
    await page.getByText('The code is not correct. 4 tries left.').first().waitFor();
    await snap(page, 'password-forgot-code-en-1440');
    await page.setViewportSize(PHONE);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'password-forgot-code-en-390');
    await page.setViewportSize(WIDE);

    await page.getByLabel('Code from the mail').fill(code);
    const done = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/password/reset');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect((await done).status()).toBe(200);
    await page.getByTestId('reset-done').waitFor();
    expect(await page.getByTestId('reset-done').textContent()).toContain('every session of your account');
    await snap(page, 'password-forgot-done-en-1440');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await signInWith(page, email, 'Forgot-Then-Set-2026!');
    expect((await suite.api('/api/login', null, { email, password: DEMO_PASSWORD })).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('in Arabic: the mailed link opens the reset screen filled in, asking only for the new password', async () => {
    const email = DEMO.provider;
    const { page, errors } = await suite.open({ viewport: PHONE });
    await page.goto('/admin/login');
    await chooseLanguage(page, 'ar');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await page.getByRole('heading', { name: 'هل نسيت كلمة المرور؟' }).waitFor();
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByRole('button', { name: 'إرسال الرمز' }).click();
    await page.getByTestId('reset-code-sent').waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'password-forgot-code-ar-390');

    // The link, opened from the mail: the address and the code come with it and leave the address bar.
    const { link } = await resetMail(email);
    expect(link.startsWith(`${suite.server.origin}/admin/password/reset#`)).toBe(true);
    await page.goto(link);
    await page.getByTestId('reset-email').waitFor();
    expect(await page.getByTestId('reset-email').textContent()).toBe(email);
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(await page.getByLabel('الرمز الوارد في البريد').count()).toBe(0);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // Mirrored: the form's start is on the right.
    const box = (await page.locator('main form').boundingBox())!;
    const label = (await page.getByText('كلمة المرور الجديدة', { exact: true }).boundingBox())!;
    expect(label.x + label.width).toBeGreaterThan(box.x + box.width - 40);
    expect(await fitsWidth(page)).toBe(true);
    await snap(page, 'password-reset-link-ar-390');
    await page.setViewportSize(WIDE);
    await snap(page, 'password-reset-link-ar-1440');

    await page.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('Link-Then-Set-2026!');
    await page.getByLabel('تأكيد كلمة المرور الجديدة').fill('Link-Then-Set-2026!');
    await page.getByRole('button', { name: 'تعيين كلمة المرور الجديدة' }).click();
    await page.getByTestId('reset-done').waitFor();
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await signInWith(page, email, 'Link-Then-Set-2026!');

    // Used: the same link again is refused, with the way to a new code.
    const again = await suite.open({ viewport: PHONE });
    await again.page.goto(link);
    await again.page.getByLabel('New password', { exact: true }).fill('Third-Pass-2026!');
    await again.page.getByLabel('Confirm new password').fill('Third-Pass-2026!');
    await again.page.getByRole('button', { name: 'Set new password' }).click();
    await again.page.getByTestId('reset-code-error').waitFor();
    await again.page.getByRole('link', { name: 'Ask for a new code' }).waitFor();
    expect(errors).toEqual([]);
  });
});
