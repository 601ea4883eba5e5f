/**
 * Undo (docs/decisions/0025-undo.md): on a filtered bookings list, select all matching, confirm them
 * with the progress bar, then Undo in the notice that says how it ended: they are pending again and
 * the list shows them all. One booking confirmed on its details page, on a phone in Arabic, is put
 * back the same way. Screenshots at 1440 and 390 px in English and Arabic.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { listRows as rows, toArabic, visit } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const slow = { timeout: 30_000 };

const undoResponse = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/undo' && r.request().method() === 'POST');

describe('undo', () => {
  it(
    'confirms all matching pending bookings with the progress bar, then undoes them from the notice',
    { timeout: 300_000 },
    async () => {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
      await visit(page, '/admin/booking?status=pending');
      await expect.poll(() => rows(page).count(), slow).toBe(10);
      await page.getByTestId('select-page').check();
      await page.getByTestId('select-all-matching').click();
      const total = Number((await page.getByTestId('bulk-count').innerText()).match(/\d+/)![0]);
      expect(total).toBeGreaterThan(10);

      await page.getByTestId('bulk-actions').click();
      await page.getByTestId('bulk-action-status-confirmed').click();
      const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/booking/bulk');
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
      expect((await started).status()).toBe(201);
      await page.getByTestId('bulk-progress').waitFor();
      await snap(page, 'undo-bulk-progress-1440-en', { fullPage: false });
      await page
        .locator('[data-testid="bulk-progress"][data-state="finished"]')
        .waitFor({ timeout: 200_000 });
      const [done] = (await page.getByTestId('bulk-progress-text').innerText()).match(/\d+/g)!.map(Number);
      expect(done).toBeGreaterThan(0);

      // The notice that says how it ended offers Undo: a button, announced with the notice.
      const notice = page.getByTestId('notice').filter({ hasText: /done,.*already so,.*refused/ });
      const undoButton = notice.getByRole('button', { name: 'Undo' });
      await undoButton.waitFor();
      expect(await notice.getAttribute('aria-live')).toMatch(/polite|assertive/);
      // Some done and some refused (the demo's bookings of events that no longer take them): the
      // notice is "Partly done", a polite status, not "Error!" (docs/decisions/0030-partly-done-notices.md).
      const [, , refused] = (await notice.innerText()).match(/(\d+) done,.*?(\d+) refused/s)!.map(Number);
      expect(refused, await notice.innerText()).toBeGreaterThan(0);
      expect(await notice.getAttribute('data-kind')).toBe('warning');
      expect(await notice.getAttribute('role')).toBe('status');
      expect(await notice.getAttribute('aria-live')).toBe('polite');
      expect(await notice.innerText()).toMatch(/^Partly done\n/);
      await notice.hover(); // it stays while the pointer is on it
      await snap(page, 'undo-bulk-notice-1440-en', { fullPage: false });
      const undone = undoResponse(page);
      await undoButton.click();
      const answer = await undone;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ token: expect.stringMatching(/^bulk-\d+$/) });
      const result = (await answer.json()) as { data: { undone: number; refused: number } };
      expect(result.data).toMatchObject({ undone: done, refused: 0 });
      await page.getByText(`Undone: ${done} records are back as they were.`).first().waitFor();
      // The list refreshed: every one of them is pending again.
      await expect
        .poll(async () => (await page.locator('caption').innerText()).includes(`of ${total}`), slow)
        .toBe(true);
      await snap(page, 'undo-bulk-undone-1440-en', { fullPage: false });
      expect(errors).toEqual([]);
    },
  );

  it(
    'undoes one booking confirmed on its details page, on a phone, in Arabic and English',
    { timeout: 180_000 },
    async () => {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: NARROW });
      for (const [i, language] of (['en', 'ar'] as const).entries()) {
        if (language === 'ar') await toArabic(page);
        await visit(page, '/admin/booking?status=pending');
        await expect.poll(() => rows(page).count(), slow).toBeGreaterThan(1);
        // Another booking each time (the one undone before may still show its old version here).
        const href = await rows(page)
          .nth(i)
          .locator('a[href*="booking-details"]')
          .first()
          .getAttribute('href');
        await visit(page, href!);
        // A payment move (a status move: confirming could meet a full event).
        const changed = page.waitForResponse((r) => r.url().endsWith('/api/booking/update-status'));
        await page.getByTestId('action-payment-paid').click();
        const sent = await changed;
        expect(sent.status(), await sent.text()).toBe(200);
        // The undo token is the one the server minted on the write's answer, not a client header.
        const key = ((await sent.json()) as { undo?: string }).undo;
        expect(key).toMatch(/^[0-9a-f-]{36}$/);
        expect(sent.request().headers()['x-request-id']).toBeUndefined();
        const status = () =>
          page.locator('dl').first().getByTestId('payment-status').getAttribute('data-status');
        await expect.poll(status, slow).toBe('paid');
        const undoButton = page
          .getByTestId('notice')
          .getByRole('button', { name: language === 'ar' ? 'تراجع' : 'Undo' });
        await undoButton.waitFor();
        await undoButton.focus(); // it stays while focused
        await snap(page, `undo-one-notice-390-${language}`, { fullPage: false });
        await page.setViewportSize(WIDE);
        await snap(page, `undo-one-notice-1440-${language}`, { fullPage: false });
        await page.setViewportSize(NARROW);
        const undone = undoResponse(page);
        await undoButton.click();
        const answer = await undone;
        expect(answer.status()).toBe(200);
        expect(answer.request().postDataJSON()).toEqual({ token: key });
        await expect.poll(status, slow).toBe('pending');
        await page
          .getByText(
            language === 'ar' ? 'تم التراجع: عاد السجل كما كان.' : 'Undone: the record is back as it was.',
          )
          .first()
          .waitFor();
        await snap(page, `undo-one-undone-390-${language}`, { fullPage: false });
        // The pointer rests where Undo was: notices under it stay (they pause while hovered).
        await page.mouse.move(5, 600);
        await page.getByTestId('notice').first().waitFor({ state: 'detached', timeout: 15_000 });
      }
      expect(errors).toEqual([]);
    },
  );
});
