/**
 * Events through the UI (docs/product.md §2): a provider adds an event (venue times typed on a device in
 * another time zone, price in riyals, two images with the second as cover), adds a specialist and
 * submits it; an admin approves and features it; the edit form shows what was saved; the events of
 * one provider; Arabic (mirrored, axe) and 360 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gradientPng } from '../../server/seed/demo-events';
import { DEMO } from '../support/app-server';
import {
  listRows as rows,
  pickDate,
  toArabic,
  waitForShell,
  visit,
  choose,
  chosenValue,
} from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { DESKTOP, expectFitsWidth, PHONE, snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const url = (page: Page) => new URL(page.url());
const png = (name: string, from: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(gradientPng(from, [250, 250, 250], 96, 54)),
});

/** Chooses an option by its label once the picker's choices have arrived. */
const chooseLabel = (page: Page, name: string, label: string) => choose(page, `field-${name}`, { label });

describe('events', () => {
  it('a provider adds an event with images and a specialist and submits it; an admin approves and features it', async () => {
    // A device in New York: the form still speaks venue (Riyadh) time.
    const { page, errors } = await suite.signedIn(DEMO.provider, { timezoneId: 'America/New_York' });
    await visit(page, '/admin/event');
    await waitForShell(page);
    await page.getByTestId('add-record').click();
    await page.getByTestId('form-event').waitFor();
    // A provider does not choose the provider.
    expect(await page.getByTestId('field-providerId').count()).toBe(0);

    // Saving an empty form shows field errors and sends nothing.
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/event') posted++;
    });
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByTestId('field-title.en').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('field-startsAt').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);

    const title = `Desert Strings ${Date.now()}`;
    await page.getByTestId('field-title.en').fill(title);
    await page.getByTestId('field-title.ar').fill('أوتار الصحراء');
    await page.getByTestId('field-description.en').fill('An evening of oud and strings under the stars.');
    await page.getByTestId('field-description.ar').fill('أمسية عود وأوتار تحت النجوم.');
    await chooseLabel(page, 'categoryId', 'Entertainment');
    await chooseLabel(page, 'countryId', 'Saudi Arabia');
    await chooseLabel(page, 'cityId', 'Riyadh');
    await choose(page, 'field-locationId', { index: 1 });
    await pickDate(page, 'field-startsAt', '2027-03-10T18:00');
    // An end before the start: the server's field error lands on the end.
    await pickDate(page, 'field-endsAt', '2027-03-10T17:00');
    await page.getByTestId('field-price').fill('150.5');
    await page.getByTestId('field-capacity').fill('120');

    await page
      .getByTestId('field-images')
      .setInputFiles([png('stage.png', [200, 80, 40]), png('crowd.png', [40, 80, 200])]);
    await expect.poll(() => page.getByTestId('gallery-images').locator('li').count()).toBe(2);
    await page
      .getByTestId('gallery-images')
      .locator('li')
      .nth(1)
      .getByRole('radio', { name: 'Cover' })
      .check();

    const refused = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/event',
    );
    await page.getByTestId('form-submit').click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => page.getByTestId('field-endsAt').getAttribute('aria-invalid')).toBe('true');

    await pickDate(page, 'field-endsAt', '2027-03-10T22:30');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/event',
    );
    await page.getByTestId('form-submit').click();
    const createdAnswer = await created;
    const answer = (await createdAnswer.json()) as {
      data: {
        id: number;
        startsAt: string;
        endsAt: string;
        price: number;
        images: string[];
        coverImage: string;
      };
    };
    expect(createdAnswer.status(), JSON.stringify(answer)).toBe(201);
    const event = answer.data;
    // 18:00 in Riyadh is 15:00 UTC, whatever the device's zone.
    expect(new Date(event.startsAt).toISOString()).toBe('2027-03-10T15:00:00.000Z');
    expect(new Date(event.endsAt).toISOString()).toBe('2027-03-10T19:30:00.000Z');
    expect(event.price).toBe(15050);
    expect(event.images).toHaveLength(2);
    expect(event.coverImage).toBe(event.images[1]);
    await expect.poll(() => url(page).pathname).toBe('/admin/event');

    // Details: the cover first in the gallery, a specialist added, submitted for approval.
    await visit(page, `/admin/event/details/${event.id}`);
    await waitForShell(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByTestId('event-status').first().getAttribute('data-status')).toBe('draft');
    const firstImage = await page.getByTestId('event-gallery').locator('img').first().getAttribute('src');
    expect(firstImage).toContain(event.images[1]);

    await page.getByTestId('add-specialist').click();
    const dialog = page.getByTestId('specialist-dialog');
    await dialog.getByTestId('field-name.en').fill('Rana Haddad');
    await dialog.getByTestId('field-name.ar').fill('رنا حداد');
    await dialog.getByTestId('field-role.en').fill('Oud soloist');
    await dialog.getByTestId('field-role.ar').fill('عازفة عود');
    await dialog.getByTestId('field-photo').setInputFiles(png('rana.png', [120, 60, 160]));
    await dialog.getByTestId('preview-photo').waitFor();
    await dialog.getByTestId('specialist-save').click();
    await expect.poll(() => page.getByTestId('event-specialists').innerText()).toContain('Rana Haddad');

    await page.getByTestId('action-status-pending').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Submit for approval' }).click();
    await expect
      .poll(() => page.getByTestId('event-status').first().getAttribute('data-status'))
      .toBe('pending');
    // A provider cannot approve its own event.
    expect(await page.getByTestId('action-status-approved').count()).toBe(0);
    expect(errors).toEqual([]);

    // The admin approves and features it; the history names the admin.
    const admin = await suite.signedIn(DEMO.admin);
    await visit(admin.page, '/admin/event?status=pending');
    await waitForShell(admin.page);
    await expect.poll(() => rows(admin.page).allInnerTexts()).toContainEqual(expect.stringContaining(title));
    await visit(admin.page, `/admin/event/details/${event.id}`);
    await admin.page.getByTestId('action-status-approved').click();
    await admin.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(() => admin.page.getByTestId('event-status').first().getAttribute('data-status'))
      .toBe('approved');
    await admin.page.getByTestId('action-feature').click();
    await expect.poll(() => admin.page.getByTestId('action-unfeature').count()).toBe(1);
    const history = await admin.page.getByTestId('event-history').innerText();
    expect(history).toContain('Approved');

    // The edit form shows what was saved, on the venue's clock, in riyals.
    await admin.page.getByRole('link', { name: 'Edit' }).click();
    await admin.page.getByTestId('form-event').waitFor();
    await expect.poll(() => admin.page.getByTestId('field-startsAt').inputValue()).toBe('2027-03-10T18:00');
    expect(await admin.page.getByTestId('field-endsAt').inputValue()).toBe('2027-03-10T22:30');
    expect(await admin.page.getByTestId('field-price').inputValue()).toBe('150.5');
    expect(await admin.page.getByTestId('gallery-images').locator('li').count()).toBe(2);
    // Staff choose the provider: the event's own is selected.
    await expect.poll(() => chosenValue(admin.page, 'field-providerId')).toMatch(/^\d+$/);
    expect(admin.errors).toEqual([]);
  });

  it('the events of one provider: its own for a provider, any provider’s for staff', async () => {
    const { page } = await suite.signedIn(DEMO.provider);
    await visit(page, '/admin/event/list');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    // A provider sees no provider filter: its list is its own.
    expect(await page.getByTestId('filter-providerId').count()).toBe(0);

    const admin = await suite.signedIn(DEMO.admin);
    // The list's own page (the dashboard's widgets ask /api/event too, without a page).
    const firstList = admin.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/event' && new URL(r.url()).searchParams.has('page'),
    );
    await admin.page.goto('/admin/event');
    const { data } = (await (await firstList).json()) as { data: { items: { providerId: number }[] } };
    const providerId = data.items[0]!.providerId;
    const listed = admin.page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/event' &&
        new URL(r.url()).searchParams.get('providerId') === String(providerId),
    );
    await admin.page.goto(`/admin/event/list/${providerId}`);
    expect((await listed).status()).toBe(200);
    await admin.page.getByRole('heading', { level: 1, name: /^Events of / }).waitFor();
    expect(await admin.page.getByTestId('filter-providerId').count()).toBe(0);
    await expect.poll(() => rows(admin.page).count()).toBeGreaterThan(0);
  });

  it('reads in Arabic, mirrored, and axe finds no serious or critical violation', async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      await visit(page, '/admin/event');
      await waitForShell(page);
      await expect.poll(() => rows(page).count()).toBe(10);
      if (language === 'ar') {
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('الفعاليات');
        expect(await rows(page).first().getByTestId('event-status').innerText()).toMatch(/[\u0600-\u06FF]/);
      }
      const list = await runAxe(page);
      expect(list, `event list (${language}):\n${formatViolations(list)}`).toEqual([]);
      // A free event's price says so, in the list (wide enough to show its prices) as in its details.
      await page.setViewportSize({ width: 1920, height: 900 });
      await visit(page, '/admin/event?sort=price&order=asc');
      await expect.poll(() => rows(page).count()).toBe(10);
      await expect
        .poll(() => rows(page).first().innerText())
        .toContain(language === 'ar' ? 'مجانية' : 'Free');
      await page.setViewportSize(DESKTOP);
      await visit(page, '/admin/event');
      await expect.poll(() => rows(page).count()).toBe(10);

      await rows(page).first().getByTestId('row-actions').click();
      await page.getByRole('menuitem', { name: language === 'ar' ? 'عرض' : 'View' }).click();
      await page.getByTestId('event-bookings').waitFor();
      const details = await runAxe(page);
      expect(details, `event details (${language}):\n${formatViolations(details)}`).toEqual([]);

      await page.getByRole('link', { name: language === 'ar' ? 'تعديل' : 'Edit' }).click();
      await page.getByTestId('form-event').waitFor();
      await expect.poll(() => page.getByTestId('field-startsAt').inputValue()).not.toBe('');
      // The event's form is long: Save stays in view at the foot of the screen before any scroll.
      const save = await page.getByTestId('form-submit').boundingBox();
      expect(save!.y + save!.height).toBeLessThanOrEqual(DESKTOP.height);
      // In sections, each a card under its heading.
      expect(await page.getByTestId('form-section').locator('h2').allInnerTexts()).toEqual(
        language === 'ar'
          ? ['الفعالية', 'المكان والموعد', 'التذاكر', 'الصور والفريق']
          : ['The event', 'Where and when', 'Tickets', 'Images and team'],
      );
      const form = await runAxe(page);
      expect(form, `event form (${language}):\n${formatViolations(form)}`).toEqual([]);
      if (language === 'ar') {
        expect(await page.getByTestId('field-title.ar').getAttribute('dir')).toBe('rtl');
        await snap(page, 'event-form-ar');
      }
    }
  });

  it('at 360 px the list is cards and the details and form fit', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: PHONE });
    await visit(page, '/admin/event');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(10);
    await expectFitsWidth(page);
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByTestId('event-bookings').waitFor();
    await expectFitsWidth(page);
    await snap(page, 'event-details-360');
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByTestId('form-event').waitFor();
    await expectFitsWidth(page);
  });
});
