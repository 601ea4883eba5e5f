/**
 * Registration end to end (docs/product.md §2, §4, §5): the OTP is read from the mail that the real server sent
 * to a real SMTP server on 127.0.0.1; the new account waits for approval and cannot sign in yet.
 */
import { describe, expect, it } from 'vitest';
import { idbValue, snap } from '../support/browser';
import { messageRe, submitLogin } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const otpOf = async (email: string): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await suite.server.smtp.lastOtpFor(email)) ?? undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^[0-9]{6}$/);
  return code!;
};

describe('registration', () => {
  it('links login and registration both ways', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/login');
    await page
      .getByRole('link', { name: /register|sign up|create/i })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/registration');
    await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('checks the client rules: empty e-mail, empty OTP, Register disabled until verified', async () => {
    const { page } = await suite.open();
    await page.goto('/admin/registration');
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await register.waitFor();
    expect(await register.isDisabled()).toBe(true);
    expect(await page.getByLabel('Enter OTP').count()).toBe(0);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('Please enter a valid email.').first().waitFor();
    await snap(page, 'registration-en-desktop');
  });

  it('registers a service provider with the e-mailed code, who then waits for approval', async () => {
    const { page, errors } = await suite.open();
    const email = 'new.provider@example.com';
    await page.goto('/admin/registration');
    await page.getByLabel('Full Name').fill('Nadia Haddad');
    await page.getByLabel('Phone').fill('+971 50 123 4567');
    await page.getByLabel('Email', { exact: true }).fill(email);

    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sendEmailOTP');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    expect((await sent).status()).toBe(200);
    await page.getByText(messageRe('otpSent')).first().waitFor();

    // The OTP field appears only now; an empty code is refused on the client.
    const otpInput = page.getByLabel('Enter OTP');
    await otpInput.waitFor();
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('Please enter a valid OTP.').first().waitFor();

    // Submitting before verification is refused (docs/product.md §5) — Register stays disabled.
    await page.getByLabel('Password', { exact: true }).fill('Provider-Pass-2026!');
    expect(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true);

    const mail = suite.server.smtp.messages.find((m) => JSON.stringify(m).includes(email));
    expect(mail, 'a mail was captured for the new address').toBeTruthy();
    const code = await otpOf(email);

    await otpInput.fill(code);
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/verifyEmailOTP');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    expect((await verified).status()).toBe(200);

    // Verified: the OTP field and the Send OTP button are gone, Register is enabled.
    await otpInput.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Send OTP' }).waitFor({ state: 'detached' });
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await expect.poll(() => register.isEnabled()).toBe(true);

    const registered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/register');
    await register.click();
    const answer = await registered;
    expect([200, 201]).toContain(answer.status());
    const sentBody = answer.request().postDataJSON() as Record<string, unknown>;
    expect(sentBody).toMatchObject({ email, role: 'serviceprovider', status: '0', otp: code });

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/admin/login');
    await page.getByText(messageRe('registered')).first().waitFor();
    // The e-mail just registered is filled in; the password is not.
    expect(await page.getByLabel('Email Id').inputValue()).toBe(email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');

    // The pending provider cannot sign in yet, and is told why.
    const login = await submitLogin(page, email, 'Provider-Pass-2026!');
    expect(login.status()).toBe(403);
    await page.getByText(messageRe('accountPending')).first().waitFor();
    expect(await idbValue(page, 'loginToken')).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('refuses a wrong code with the server message and keeps Register disabled', async () => {
    const { page } = await suite.open();
    const email = 'second.provider@example.com';
    await page.goto('/admin/registration');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const code = await otpOf(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Enter OTP').fill(wrong);
    const verified = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/verifyEmailOTP');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    expect((await verified).status()).toBe(422);
    await page.getByText(messageRe('otpWrong')).first().waitFor();
    expect(await page.getByRole('button', { name: 'Register', exact: true }).isDisabled()).toBe(true);
  });
});
