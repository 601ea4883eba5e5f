/**
 * Service providers through the UI (docs/decisions/0005-resource-pattern.md): an admin approves a provider who registered through
 * the registration screen, who can then sign in; a provider sees only its own profile, and another
 * provider's details page answers "page not found".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { signIn, signOut, submitLogin, toArabic, waitForShell, visit } from '../support/app';
import { expectFitsWidth, snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const path = (page: Page) => new URL(page.url()).pathname;

const otpOf = async (email: string): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(async () => (code = (await suite.server.smtp.lastOtpFor(email)) ?? undefined), { timeout: 15_000 })
    .toMatch(/^[0-9]{6}$/);
  return code!;
};

/** The API as a signed-in user (to find records the UI should or should not reach). */
async function apiAs(email: string) {
  const login = await fetch(`${suite.server.origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return async <T>(pathAndQuery: string): Promise<T> => {
    const answer = await fetch(`${suite.server.origin}${pathAndQuery}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    return (await answer.json()) as T;
  };
}

describe('service providers', () => {
  it('admin approves a provider registered through the registration screen, who can then sign in', async () => {
    const { page, errors } = await suite.open();
    const email = 'approve.me@example.com';
    const password = 'Provider-Pass-2026!';

    // Registration screen with the e-mailed code.
    await page.goto('/admin/registration');
    await page.getByLabel('Full Name').fill('Rana Khalil');
    await page.getByLabel('Phone').fill('+966 50 765 4321');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').fill(await otpOf(email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByLabel('Enter OTP').waitFor({ state: 'detached' });
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/admin/login');
    expect((await submitLogin(page, email, password)).status()).toBe(403);

    // The admin finds it among the pending providers.
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await visit(page, `/admin/serviceprovider?status=0&q=${encodeURIComponent(email)}`);
    await waitForShell(page);
    const row = page.getByTestId('list-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('status').getAttribute('data-status')).toBe('0');

    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect.poll(() => path(page)).toMatch(/^\/admin\/serviceprovider-details\/\d+$/);
    await page.getByTestId('details-serviceprovider').waitFor();

    // Reject needs a reason: an empty one is refused in the dialog. Reject waits under "More".
    await page.getByTestId('record-more').click();
    await page.getByTestId('action-reject').click();
    const reasonDialog = page.getByTestId('reason-dialog');
    await reasonDialog.getByRole('button', { name: 'Reject' }).click();
    await reasonDialog.getByText('Please give a reason.').waitFor();
    await reasonDialog.getByRole('button', { name: 'Cancel' }).click();

    // One primary (solid) button: the record's next step, Approve; after it, Edit (docs/product.md §2).
    const primary = () =>
      page
        .getByTestId('details-serviceprovider')
        .locator(':is(a, button).bg-indigo-600')
        .evaluateAll((all) => all.map((e) => e.getAttribute('data-testid')));
    expect(await primary()).toEqual(['action-approve']);
    await page.getByTestId('action-approve').click();
    const approved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/serviceprovider/approve',
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    expect((await approved).status()).toBe(200);
    await page.getByTestId('approval-history').getByText('Approved').first().waitFor();
    await expect
      .poll(() => page.locator('main [data-testid="status"]').first().getAttribute('data-status'))
      .toBe('1');
    await expect.poll(primary).toEqual(['record-edit']);
    // An approved provider is blocked from under "More", and a blocked one unblocked: one word a move.
    await page.getByTestId('record-more').click();
    await page.getByTestId('action-block').waitFor();
    await page.keyboard.press('Escape');
    await snap(page, 'areas-provider-details-approved');

    // Now the provider signs in.
    await signOut(page);
    await expect.poll(() => path(page)).toBe('/admin/login');
    await signIn(page, email, password);
    await page.getByTestId('provider-dashboard').waitFor();
    expect(errors).toEqual([]);
  });

  it('a provider sees only its own profile; another provider’s page is not found', async () => {
    const admin = await apiAs(DEMO.admin);
    const mine = await apiAs(DEMO.provider);
    const own = await mine<{ data: { items: { id: number; email: string }[] } }>('/api/serviceprovider');
    expect(own.data.items.map((p) => p.email)).toEqual([DEMO.provider]);
    const all = await admin<{ data: { items: { id: number; email: string; status: string }[] } }>(
      '/api/serviceprovider?pageSize=25&status=1',
    );
    const other = all.data.items.find((p) => p.email !== DEMO.provider)!;
    expect(other).toBeTruthy();

    const { page } = await suite.signedIn(DEMO.provider);

    // Its own list: one row, its own details open.
    await visit(page, '/admin/serviceprovider');
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('list-row').count()).toBe(1);
    await visit(page, `/admin/serviceprovider-details/${own.data.items[0]!.id}`);
    await page.getByTestId('details-serviceprovider').waitFor();
    // Staff-only decisions are not offered to the provider itself.
    expect(await page.getByTestId('action-approve').count()).toBe(0);

    // Another provider's details and edit pages: not found, nothing of it shown.
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/service-provider-details',
    );
    await page.goto(`/admin/serviceprovider-details/${other.id}`);
    expect((await answered).status()).toBe(404);
    // It says the record is not there and offers the area's list.
    const missing = page.getByTestId('record-not-found');
    await missing.waitFor();
    expect(await page.locator('main').innerText()).not.toContain(other.email);
    expect(await missing.getByRole('heading').innerText()).toBe('This record does not exist');
    expect(await missing.getByRole('link').getAttribute('href')).toBe('/admin/serviceprovider');
    await snap(page, 'record-not-found-en-1280');

    await page.goto(`/admin/serviceprovider/update/${other.id}`);
    await missing.waitFor();
    await toArabic(page);
    expect(await missing.getByRole('heading').innerText()).toBe('هذا السجل غير موجود');
    expect(await missing.getByRole('link').innerText()).toMatch(/^العودة إلى /);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await snap(page, 'record-not-found-ar-390');
    await missing.getByRole('link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/serviceprovider');
  });
});
