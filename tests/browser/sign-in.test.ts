/** Sign-in (docs/product.md §2): right, wrong, throttled, pending and blocked accounts. */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { idbValue, snap } from '../support/browser';
import { messageRe, signIn, submitLogin, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

describe('sign-in', () => {
  it('shows the login screen at /admin/login and /login, without header or sidebar', async () => {
    const { page, errors } = await suite.open();
    for (const path of ['/admin/login', '/login']) {
      await page.goto(path);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
      await page.getByLabel('Email Id').waitFor();
      await page.getByLabel('Password', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Login', exact: true }).isEnabled()).toBe(true);
      expect(await page.getByTestId('sidebar').count()).toBe(0);
      expect(await page.getByTestId('profile-menu').count()).toBe(0);
    }
    await snap(page, 'login-en-desktop');
    expect(errors).toEqual([]);
  });

  it('signs in with the right password: the shell with its sidebar, the token stored', async () => {
    const { page, errors } = await suite.open();
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).toBe('/admin/');
    await page.getByTestId('profile-menu').waitFor();
    expect(typeof (await idbValue(page, 'loginToken'))).toBe('string');
    expect(await idbValue(page, 'email')).toBe(DEMO.admin);
    expect(await idbValue(page, 'role')).toBe('admin');

    // A stored token sends the login screen on to the app (docs/product.md §2).
    await page.goto('/admin/login');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/');
    await waitForShell(page);
    expect(errors).toEqual([]);
  });

  it('refuses a wrong password with the server message and stays on the login screen', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    const answer = await submitLogin(page, DEMO.admin, 'Wrong-Pass-2026!');
    expect(answer.status()).toBe(401);
    await page.getByText(messageRe('badCredentials')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await idbValue(page, 'loginToken')).toBeUndefined();
    await snap(page, 'login-wrong-password');
    // Said once: above the form, no notice repeating it; it goes when the input changes.
    await page.waitForTimeout(500);
    expect(await page.getByText(messageRe('badCredentials')).count()).toBe(1);
    await page.getByLabel('Password').fill('Another-Try-2026!');
    await expect.poll(() => page.getByTestId('login-error').count()).toBe(0);
  });

  it('throttles after 5 wrong tries: the next try answers 429 with a clear message', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    for (let i = 0; i < 5; i++) {
      const answer = await submitLogin(page, DEMO.manager, `Wrong-Pass-${i}`);
      expect(answer.status()).toBe(401);
    }
    // Even the right password is refused now.
    const answer = await submitLogin(page, DEMO.manager, DEMO_PASSWORD);
    expect(answer.status()).toBe(429);
    await page.getByText(messageRe('tooManyLogins')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await idbValue(page, 'loginToken')).toBeUndefined();
  });

  it('tells a pending account that it waits for approval, and a blocked one that it is blocked', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    let answer = await submitLogin(page, DEMO.pending, DEMO_PASSWORD);
    expect(answer.status()).toBe(403);
    await page.getByText(messageRe('accountPending')).first().waitFor();
    expect(await idbValue(page, 'loginToken')).toBeUndefined();

    answer = await submitLogin(page, DEMO.blocked, DEMO_PASSWORD);
    expect(answer.status()).toBe(403);
    await page.getByText(messageRe('accountBlocked')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('requires e-mail and password before calling the server', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    let called = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/login') called = true;
    });
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForTimeout(500);
    expect(called).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });
});
