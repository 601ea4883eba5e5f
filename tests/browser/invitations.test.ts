/**
 * Invitations (docs/security.md, "Account lifecycle"; docs/decisions/0063-invitations.md): staff add
 * an account without a password, the list shows it "Invited", the edit form offers Resend and
 * Revoke; the invitee opens the link of the captured mail, sets a password and signs in with it.
 * In English at 1440 px (an admin adds a user) and in Arabic at 390 px (a provider adds a supervisor).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/app-server';
import { snap } from '../support/browser';
import {
  chooseLanguage,
  htmlLangDir,
  listRows,
  loginResponse,
  messageRe,
  visit,
  waitForShell,
  choose,
} from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The link of the invitation mailed to `email`, as the mail gives it. */
const linkOf = async (email: string) => {
  const mail = await suite.server.smtp.waitFor((m) => m.to.includes(email) && m.text.includes('?token='));
  return /(http:\/\/\S+\/admin\/invitation\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};

/** Fills the generic form's name, e-mail and phone, and saves. */
const addAccount = async (page: Page, path: string, email: string) => {
  await visit(page, path);
  await page.getByTestId('field-name.en').fill('Salma Haddad');
  await page.getByTestId('field-name.ar').fill('سلمى حداد');
  await page.getByTestId('field-email').fill(email);
  if (path.startsWith('/user')) await choose(page, 'field-role', 'manager');
  expect(await page.locator('input[type="password"]').count()).toBe(0);
  await page.getByTestId('form-submit').click();
};

/** The invitee, in a browser of their own: opens the link, sets a password, signs in with it. */
const acceptAndSignIn = async (link: string, email: string, language: 'en' | 'ar', viewport = WIDE) => {
  const { page, errors } = await suite.open({ viewport });
  await page.goto(link);
  await page.getByTestId('invitation-form').or(page.getByTestId('invitation-problem')).waitFor();
  expect(errors).toEqual([]);
  if (language === 'ar') {
    await chooseLanguage(page, 'ar');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
  }
  const form = page.getByTestId('invitation-form');
  await form.waitFor();
  expect(await page.getByTestId('invitation-email').textContent()).toBe(email);
  expect(await page.getByTestId('invitation-name').textContent()).toBe(
    language === 'ar' ? 'سلمى حداد' : 'Salma Haddad',
  );
  await snap(page, `invitation-page-${language}-${viewport.width}`);
  const other = viewport.width === WIDE.width ? PHONE : WIDE;
  await page.setViewportSize(other);
  await snap(page, `invitation-page-${language}-${other.width}`);
  await page.setViewportSize(viewport);
  // The app's password rules, before anything is sent.
  const field = form.locator('input[name="password"]');
  await field.fill('short');
  await page.getByTestId('invitation-submit').click();
  expect(await form.getByRole('alert').textContent()).toMatch(language === 'ar' ? /٨|8/ : /at least 8/i);
  await field.fill('Invited-Pass-2026!');
  await page.getByTestId('invitation-submit').click();
  await page.getByTestId('invitation-done').waitFor();
  await snap(page, `invitation-done-${language}-${viewport.width}`);
  await page.getByTestId('invitation-sign-in').click();
  await page.waitForURL('**/admin/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('Invited-Pass-2026!');
  const answer = loginResponse(page);
  await page.locator('form button[type="submit"]').click();
  expect((await answer).status()).toBe(200);
  await waitForShell(page);
  // The link works once: opened again, it says so and asks for a new invitation.
  await page.goto(link);
  const problem = page.getByTestId('invitation-problem');
  await problem.waitFor();
  expect(await problem.textContent()).toMatch(messageRe('invitationUsed', language));
  if (language === 'ar') await snap(page, `invitation-used-${language}-${viewport.width}`);
  expect(errors).toEqual([]);
};

describe('invitations', () => {
  it('in English at 1440 px: an admin invites a user, who sets a password and signs in', async () => {
    const email = `salma.invited.${Date.now()}@test.example.com`;
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await addAccount(page, '/user/add', email);
    await page.getByText(messageRe('invitationMailed')).waitFor();
    await page.waitForURL('**/admin/users');
    const row = listRows(page).filter({ hasText: email });
    await row.getByTestId('invitation').waitFor();
    expect(await row.getByTestId('invitation').textContent()).toBe('Invited');
    await snap(page, 'invitation-list-en-1440', { fullPage: false });

    // The details page has Resend and Revoke; the edit form says where the invitation stands, with both.
    await row.getByRole('link').first().click();
    await page.getByTestId('action-resend-invitation').waitFor();
    // Revoke undoes something: it waits under "More", never beside the main action in red.
    expect(await page.getByTestId('action-revoke-invitation').count()).toBe(0);
    await page.getByTestId('record-more').click();
    await page.getByTestId('action-revoke-invitation').waitFor();
    await snap(page, 'invitation-details-en-1440');
    await page.keyboard.press('Escape');
    await visit(page, `/user/update/${new URL(page.url()).searchParams.get('id')}`);
    await page.getByTestId('invitation-notice').waitFor();
    await page.getByTestId('notice-resend-invitation').click();
    await page.getByText(messageRe('invitationResent')).waitFor();
    await snap(page, 'invitation-form-en-1440');
    expect(errors).toEqual([]);

    // The resent link is the one that works (the first: tests/server/invitations.test.ts).
    await expect.poll(() => suite.server.smtp.messages.filter((m) => m.to.includes(email)).length).toBe(2);
    const last = suite.server.smtp.messages.filter((m) => m.to.includes(email)).at(-1)!;
    await acceptAndSignIn(/(http:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(last.text)![1]!, email, 'en');
  });

  it('in Arabic at 390 px: a provider invites a supervisor, who sets a password and signs in', async () => {
    const email = `salma.supervisor.${Date.now()}@test.example.com`;
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: PHONE, language: 'ar' });
    await addAccount(page, '/supervisor/add/new', email);
    await page.getByText(messageRe('invitationMailed', 'ar')).waitFor();
    const invited = page.getByTestId('invitation').first();
    await invited.waitFor();
    expect(await invited.textContent()).toBe('مدعو');
    await snap(page, 'invitation-list-ar-390');
    expect(errors).toEqual([]);
    await acceptAndSignIn(await linkOf(email), email, 'ar', PHONE);
  });
});
