/**
 * Bookings through the UI (docs/product.md §2): a manager filters the bookings, opens one, confirms it and sees
 * the history entry and the new status in the list; the list and the details read in Arabic
 * (mirrored); axe finds nothing serious; the list works at 360 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { follow, listRows as rows, toArabic, waitForShell, visit, choose } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { DESKTOP, expectFitsWidth, PHONE, snap } from '../support/browser';
import { readQrCodes } from '../support/qr';
import { browserSuite } from '../support/suite';
import { parseTicket } from '../../src/contract/tickets';

const suite = browserSuite();

const url = (page: Page) => new URL(page.url());
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

const listAnswer = (page: Page, check: (params: URLSearchParams) => boolean = () => true) =>
  page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/booking' && check(new URL(r.url()).searchParams),
  );

describe('bookings', () => {
  it('a manager filters, opens a booking, confirms it, and sees the history and the list change', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager);

    await follow(page, page.getByTestId('sidebar').getByRole('link', { name: 'Bookings' }), '/admin/booking');
    await expect.poll(() => rows(page).count()).toBe(10);

    // Filter the pending ones: the filter lives in the URL and every row is pending.
    const pending = listAnswer(page, (p) => p.get('status') === 'pending');
    await choose(page, 'filter-status', 'pending');
    await pending;
    await expect.poll(() => url(page).searchParams.get('status')).toBe('pending');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    // The answer has arrived; the rows it replaces may still be on screen for a frame.
    await expect
      .poll(async () =>
        [
          ...new Set(
            await rows(page)
              .getByTestId('booking-status')
              .evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))),
          ),
        ].join(),
      )
      .toBe('pending');

    // Open the first one.
    const code = (await rows(page).first().locator('td').first().innerText()).trim();
    expect(code).toMatch(/^BK-[2-9A-HJKMNP-Z]{6}$/);
    await page.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect.poll(() => url(page).pathname).toBe('/admin/booking-details');
    expect(url(page).searchParams.get('id')).toMatch(/^\d+$/);
    await page.getByRole('heading', { level: 1, name: code }).waitFor();
    await page.getByTestId('booking-event').waitFor();
    const historyBefore = await page.getByTestId('booking-history').locator('li').count();

    // Confirm it: the status changes and the history names the manager.
    await page.getByTestId('action-status-confirmed').click();
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/booking/update-status'));
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
    expect((await changed).status()).toBe(200);
    await page.getByText('Success!').first().waitFor();
    await expect
      .poll(() => page.locator('dl').first().getByTestId('booking-status').getAttribute('data-status'))
      .toBe('confirmed');
    await expect
      .poll(() => page.getByTestId('booking-history').locator('li').count())
      .toBe(historyBefore + 1);
    const entries = await page.getByTestId('booking-history').locator('li').allInnerTexts();
    expect(entries.some((text) => text.includes('Omar Khalil') && text.includes('Confirmed'))).toBe(true);
    // Confirmed bookings can no longer be confirmed; they can be checked in.
    expect(await page.getByTestId('action-status-confirmed').count()).toBe(0);
    await page.getByTestId('action-status-checked_in').waitFor();

    // The list shows the new status: search by the code.
    await visit(page, '/admin/booking');
    await waitForShell(page);
    const searched = listAnswer(page, (p) => p.get('q') === code);
    await page.getByTestId('list-search').fill(code);
    await searched;
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect
      .poll(() => rows(page).first().getByTestId('booking-status').getAttribute('data-status'))
      .toBe('confirmed');

    // The header search finds it by its code (Ctrl+K focuses it) and Enter opens it.
    await visit(page, '/admin/');
    await waitForShell(page);
    await page.keyboard.press('Control+K');
    await expect.poll(() => focused(page)).toBe('header-search');
    const found = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search');
    await page.keyboard.type(code);
    expect((await found).status()).toBe(200);
    await expect.poll(() => page.getByTestId('search-option').first().innerText()).toContain(code);
    expect(await page.getByTestId('header-search').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => url(page).pathname).toBe('/admin/booking-details');
    await page.getByRole('heading', { level: 1, name: code }).waitFor();
    expect(errors).toEqual([]);
  });

  it("a confirmed booking's QR code carries its signed ticket, and its ticket page reads and prints in both languages", async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager);
    await visit(page, '/admin/booking?status=confirmed');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    const card = page.getByTestId('booking-ticket');
    await card.waitFor();
    const id = Number(url(page).searchParams.get('id'));
    const code = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    // What a door's camera reads off the screen: the ticket of this booking and its event.
    const qr = card.getByRole('img', { name: `Ticket ${code}` });
    const [text] = await readQrCodes(await qr.screenshot());
    expect(parseTicket(text ?? '')?.claims.bookingId).toBe(id);

    await card.getByRole('link', { name: 'Print the ticket' }).click();
    await expect.poll(() => url(page).searchParams.get('view')).toBe('ticket');
    const ticket = page.getByTestId('ticket-page');
    await ticket.waitFor();
    expect(await readQrCodes(await ticket.getByRole('img').screenshot())).toEqual([text]);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') {
        await toArabic(page);
        await ticket.waitFor();
        expect(await ticket.getByRole('heading', { level: 1 }).innerText()).toMatch(/[\u0600-\u06FF]/);
      }
      const violations = await runAxe(page);
      expect(violations, `ticket page (${language}):\n${formatViolations(violations)}`).toEqual([]);
      for (const [width, size] of [
        [1440, { width: 1440, height: 900 }],
        [390, { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await snap(page, `ticket-${width}-${language}`);
      }
      await page.setViewportSize(DESKTOP);
    }
    // Printed, the page is the ticket alone: no header, no sidebar, no button.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await ticket.getByRole('button').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });

  it('reads in Arabic, mirrored, and axe finds no serious or critical violation', async () => {
    const { page } = await suite.signedIn(DEMO.manager);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      await visit(page, '/admin/booking');
      await waitForShell(page);
      await expect.poll(() => rows(page).count()).toBe(10);
      if (language === 'ar') {
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('الحجوزات');
        expect(await rows(page).first().getByTestId('booking-status').innerText()).toMatch(/[\u0600-\u06FF]/);
      }
      const listViolations = await runAxe(page);
      expect(listViolations, `booking list (${language}):\n${formatViolations(listViolations)}`).toEqual([]);

      await rows(page).first().getByTestId('row-actions').click();
      await page.getByRole('menuitem', { name: language === 'ar' ? 'عرض' : 'View' }).click();
      await page.getByTestId('booking-event').waitFor();
      await page.getByTestId('booking-history').waitFor();
      const detailViolations = await runAxe(page);
      expect(
        detailViolations,
        `booking details (${language}):\n${formatViolations(detailViolations)}`,
      ).toEqual([]);
      if (language === 'ar') await snap(page, 'booking-details-ar');
    }
  });

  it('at 360 px the list is cards and the details fit', async () => {
    const { page } = await suite.signedIn(DEMO.manager, { viewport: PHONE });
    await visit(page, '/admin/booking');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(10);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await snap(page, 'booking-list-360');
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByTestId('booking-history').waitFor();
    await expectFitsWidth(page);
    await snap(page, 'booking-details-360');

    // The header search sits behind a button on phones and opens over the header.
    expect(await page.getByTestId('header-search').isVisible()).toBe(false);
    await page.getByTestId('header-search-open').click();
    await expect.poll(() => focused(page)).toBe('header-search');
    await page.keyboard.type('BK-');
    await page.getByTestId('search-option').first().waitFor();
    await expectFitsWidth(page);
    await snap(page, 'header-search-360');
    await page.keyboard.press('Enter');
    await expect.poll(() => url(page).pathname).toBe('/admin/booking-details');
  });

  it('the header search opens over the header in English and Arabic, on a desktop and at 390 px', async () => {
    const sizes = [
      ['desktop', DESKTOP],
      ['390', { width: 390, height: 844 }],
    ] as const;
    for (const language of ['en', 'ar'] as const)
      for (const [size, viewport] of sizes) {
        const { page, errors } = await suite.signedIn(DEMO.manager, { language, viewport });
        if (size === 'desktop') await page.keyboard.press('Control+K');
        else await page.getByTestId('header-search-open').click();
        await expect.poll(() => focused(page)).toBe('header-search');
        await page.keyboard.type('BK-');
        await page.getByTestId('search-option').first().waitFor();
        const box = page.getByTestId('header-search');
        expect(await box.getAttribute('aria-expanded')).toBe('true');
        await expectFitsWidth(page);
        await snap(page, `header-search-${size}-${language}`, { fullPage: false });

        // The first hit is highlighted; arrow keys move the highlight, Escape closes the list.
        const options = page.getByTestId('search-option');
        await expect
          .poll(() => box.getAttribute('aria-activedescendant'))
          .toBe(await options.nth(0).getAttribute('id'));
        await page.keyboard.press('ArrowDown');
        await expect
          .poll(() => box.getAttribute('aria-activedescendant'))
          .toBe(await options.nth(1).getAttribute('id'));
        expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
        await page.keyboard.press('Escape');
        await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
        expect(errors).toEqual([]);
      }
  });
});
