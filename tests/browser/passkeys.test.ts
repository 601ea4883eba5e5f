/**
 * Passkeys in the browser (docs/security.md, "Account lifecycle"), with Chromium's virtual
 * authenticator (the DevTools protocol's WebAuthn domain: a platform authenticator that keeps
 * discoverable credentials and verifies its user): a passkey added and named in the profile, renamed;
 * signed out, "Sign in with a passkey" signs in with no password; a passkey removed in the profile
 * signs in no more and the login screen says why. English and Arabic, at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { idbValue, snap } from '../support/browser';
import { messageRe, signOut, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A virtual platform authenticator on `page`, as a phone's or a laptop's own. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  /** The passkeys the authenticator keeps. */
  const kept = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  /** Whether the user passes the authenticator's check (no: as a user who cancels its prompt). */
  const verifies = (isUserVerified: boolean) =>
    cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
  return { kept, verifies };
}

const TEXT = {
  en: {
    rename: 'Rename',
    save: 'Save',
    remove: 'Remove',
    passkey: 'Sign in with a passkey',
    out: 'Sign Out',
  },
  ar: {
    rename: 'إعادة تسمية',
    save: 'حفظ',
    remove: 'إزالة',
    passkey: 'تسجيل الدخول بمفتاح مرور',
    out: 'تسجيل الخروج',
  },
} as const;

describe('passkeys', () => {
  it.each([
    ['en', DEMO.manager],
    ['ar', DEMO.provider],
  ] as const)(
    'in %s: add one in the profile, then sign in with it and no password',
    async (language, email) => {
      const text = TEXT[language];
      const { page, errors } = await suite.signedIn(email, { viewport: WIDE, language });
      const authenticator = await virtualAuthenticator(page);
      await page.goto('/admin/profile');
      const section = page.getByTestId('profile-passkeys');
      await section.getByTestId('passkeys-none').waitFor();

      // Added, named after this browser unless the user types another name.
      await section.getByTestId('passkey-add').click();
      const name = section.getByTestId('passkey-add-form').getByRole('textbox');
      expect(await name.inputValue()).toMatch(language === 'ar' ? /Chrome على Linux/ : /Chrome on Linux/);
      await name.fill(language === 'ar' ? 'حاسوب العمل' : 'Work laptop');
      await section.getByTestId('passkey-create').click();
      const item = section.getByTestId('passkey-item');
      await expect
        .poll(() => item.getByTestId('passkey-name').textContent())
        .toBe(language === 'ar' ? 'حاسوب العمل' : 'Work laptop');
      // A discoverable passkey: the sign-in needs no e-mail to find it.
      expect((await authenticator.kept()).map((c) => c.isResidentCredential)).toEqual([true]);
      expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      await snap(page, `profile-passkeys-${language}-1440`);

      // Renamed in place.
      await item.getByRole('button', { name: text.rename }).click();
      await item.getByRole('textbox').fill(language === 'ar' ? 'هاتفي' : 'My phone');
      await item.getByRole('button', { name: text.save }).click();
      await expect
        .poll(() => item.getByTestId('passkey-name').textContent())
        .toBe(language === 'ar' ? 'هاتفي' : 'My phone');
      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, `profile-passkeys-${language}-390`);

      // Signed out, the passkey signs in: no e-mail, no password.
      await signOut(page, text.out);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/admin/login');
      const button = page.getByRole('button', { name: text.passkey });
      await button.waitFor();
      await snap(page, `login-passkey-${language}-390`);
      await page.setViewportSize(WIDE);
      // The prompt refused (as a user who cancels it): no error, the screen as it was.
      await authenticator.verifies(false);
      const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login/passkey/options');
      await button.click();
      await started;
      await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
      expect(await page.getByTestId('login-error').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/admin/login');
      await authenticator.verifies(true);
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login/passkey');
      await button.click();
      expect((await answer).status()).toBe(200);
      await waitForShell(page);
      expect(await idbValue(page, 'email')).toBe(email);
      expect(typeof (await idbValue(page, 'loginToken'))).toBe('string');
      await snap(page, `login-passkey-signed-in-${language}-1440`);

      // Removed in the profile (after a confirmation), it signs in no more: the login screen says why.
      await page.goto('/admin/profile');
      await section.getByTestId('passkey-last-used').waitFor();
      await section.getByRole('button', { name: text.remove }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByRole('button', { name: text.remove }).click();
      await section.getByTestId('passkeys-none').waitFor();
      await signOut(page, text.out);
      await button.click();
      await expect
        .poll(() => page.getByTestId('login-error').textContent())
        .toMatch(messageRe('passkeyUnknown', language));
      expect(errors).toEqual([]);
    },
  );
});
