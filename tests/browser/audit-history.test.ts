/**
 * The audit trail in the app (docs/decisions/0017-audit-trail.md): an admin changes an event's
 * price in its form, opens the event's History and sees the old → new price with the field's label,
 * in English and Arabic (mirrored), at 1440 and 390 px; then restores the old price from the
 * History, and the Activity screen lists what this admin did.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/contract/plain';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { toArabic, waitForShell, visit, choose, choicesOf } from '../support/app';
import { expectFitsWidth, snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

type Ev = { id: number; price: number; version: number; title: { en: string; ar: string } };

/** An approved event of the demo data, read through the API as the admin. */
const anEvent = async (): Promise<Ev> => {
  const origin = suite.server.origin;
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${origin}/api/event?status=approved&pageSize=10`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const items = ((await list.json()) as { data: { items: Ev[] } }).data.items;
  const ev = items.find((e) => e.price > 0);
  if (!ev) throw new Error('The demo data has no approved event with a price');
  return ev;
};

const openHistory = async (page: Page, id: number) => {
  await visit(page, `/admin/event/details/${id}`);
  await waitForShell(page);
  await page.getByTestId('tab-history').click();
  await page.getByTestId('audit-timeline').waitFor();
};

/** The newest entry that changed the price. */
const priceChange = (page: Page) => page.locator('[data-field="price"]').first();

describe('history and restore', () => {
  it('an admin changes a price, sees old → new in both languages, and restores it', async () => {
    const ev = await anEvent();
    const newPrice = ev.price + 2_500;
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });

    // Change the price in the event's form (riyals).
    await visit(page, `/admin/event/add/${ev.id}`);
    await waitForShell(page);
    await page.getByTestId('form-event').waitFor();
    await expect.poll(() => page.getByTestId('field-price').inputValue()).toBe(String(ev.price / 100));
    await page.getByTestId('field-price').fill(String(newPrice / 100));
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/event/${ev.id}`,
    );
    await page.getByTestId('form-submit').click();
    expect((await saved).status()).toBe(200);
    // The form closes after the save, as the user sees it do, before the next screen is opened.
    await page.getByTestId('form-event').waitFor({ state: 'detached' });

    // English: label, old → new, who.
    await openHistory(page, ev.id);
    const change = priceChange(page);
    await expect.poll(() => change.innerText()).toContain('Ticket price');
    expect(await change.getByTestId('audit-before').innerText()).toBe(formatMoney(ev.price, 'en'));
    expect(await change.getByTestId('audit-after').innerText()).toBe(formatMoney(newPrice, 'en'));
    expect(await page.getByTestId('audit-timeline').innerText()).toContain('Changed');
    await snap(page, 'audit-history-en-1440');
    await page.setViewportSize(NARROW);
    await snap(page, 'audit-history-en-390');

    // Arabic: the same change, its label and amounts in Arabic, mirrored.
    await page.setViewportSize(WIDE);
    await toArabic(page);
    await openHistory(page, ev.id);
    const arabic = priceChange(page);
    await expect.poll(() => arabic.innerText()).toContain('سعر');
    expect(await arabic.getByTestId('audit-before').innerText()).toBe(formatMoney(ev.price, 'ar'));
    expect(await arabic.getByTestId('audit-after').innerText()).toBe(formatMoney(newPrice, 'ar'));
    expect(await page.getByTestId('tab-history').innerText()).toBe('السجل');
    await snap(page, 'audit-history-ar-1440');
    await page.setViewportSize(NARROW);
    await snap(page, 'audit-history-ar-390');
    await page.setViewportSize(WIDE);

    // Restore the old price from the newest price change.
    const entry = page
      .locator('li[data-testid^="audit-entry-"]')
      .filter({ has: page.locator('[data-field="price"]') })
      .first();
    await entry.locator('button[data-testid^="restore-"]').click();
    await page.getByTestId('confirm-dialog').waitFor();
    const restored = page.waitForResponse((r) =>
      /\/api\/audit\/\d+\/restore$/.test(new URL(r.url()).pathname),
    );
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'استعادة' }).click();
    expect((await restored).status()).toBe(200);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    // The newest entry is the restore: new → old.
    const newest = page.locator('li[data-testid^="audit-entry-"]').first();
    await expect.poll(() => newest.innerText()).toContain('استُعيد');
    expect(await newest.getByTestId('audit-after').innerText()).toBe(formatMoney(ev.price, 'ar'));
    await snap(page, 'audit-restored-ar-1440');

    // The details show the old price again.
    await page.getByRole('tab', { name: 'التفاصيل' }).click();
    await expect
      .poll(() => page.getByTestId('details-event').innerText())
      .toContain(formatMoney(ev.price, 'ar'));

    // Activity: what this admin did, newest first (the restore).
    await visit(page, '/admin/activity?action=restore');
    await waitForShell(page);
    await page.getByTestId('audit-timeline').waitFor();
    // Each entry names its record in words, by name, linked to it: "الفعالية: <its Arabic title>".
    const record = page.locator('li[data-testid^="audit-entry-"]').first().getByTestId('activity-record');
    expect(await record.innerText()).toBe(`الفعالية: ${ev.title.ar}`);
    expect(await record.getAttribute('href')).toBe(`/admin/event/details/${ev.id}`);
    await snap(page, 'audit-activity-ar-1440');
    await page.setViewportSize(NARROW);
    await expectFitsWidth(page, 'Activity, Arabic, 390 px');
    await snap(page, 'audit-activity-ar-390');
    await record.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/event/details/${ev.id}`);
    expect(errors).toEqual([]);

    // In English, on another device of the admin's.
    const english = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    await visit(english.page, '/admin/activity?action=restore');
    await waitForShell(english.page);
    const named = english.page
      .locator('li[data-testid^="audit-entry-"]')
      .first()
      .getByTestId('activity-record');
    await expect.poll(() => named.innerText()).toBe(`Event: ${ev.title.en}`);
    // The filters choose records and people by name: a link with an event's id shows its title.
    await visit(english.page, `/admin/activity?resource=event&recordId=${ev.id}`);
    await waitForShell(english.page);
    const chosen = english.page.getByTestId('filter-recordId');
    await expect.poll(() => chosen.innerText()).toBe(ev.title.en);
    // Its entries say fields and values as the event's own History does: "Ticket price", "Approved".
    await english.page.getByTestId('audit-timeline').waitFor();
    expect(await english.page.locator('[data-field="price"]').first().innerText()).toContain('Ticket price');
    const status = english.page.locator('[data-field="status"]').first().getByTestId('audit-after');
    expect(await status.innerText()).toBe('Approved');
    await expect
      .poll(async () => (await choicesOf(english.page, 'filter-actorId')).length)
      .toBeGreaterThan(1);
    await choose(english.page, 'activity-resource', 'booking');
    // Bookings have no picker: their record is typed by number.
    await english.page.locator('input[name="recordId"]').waitFor();
    await snap(english.page, 'audit-activity-en-1440');
    await english.page.setViewportSize(NARROW);
    await expectFitsWidth(english.page, 'Activity, English, 390 px');
    await snap(english.page, 'audit-activity-en-390');
    expect(english.errors).toEqual([]);
  });
});
