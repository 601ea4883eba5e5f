/**
 * The one time zone rule, its last three parts (docs/decisions/0031-venue-days-and-viewer-moments.md),
 * from a device in India (UTC+5:30) at 1440 × 900 and 390 × 844, in English and Arabic: the events
 * list's date filter finds an event at a Muscat venue (UTC+4) on the venue's day (00:30 on 16 March
 * there is still 15 March in Riyadh, the platform's clock), a notification's send time is typed and
 * shown on the device's clock, named, and saved as that instant, and the dashboard names the clock
 * of its figures. Screenshots go to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { pickDate, waitForShell, visit, choose } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

/** The API as this file calls it: the method first. */
const api = (method: string, path: string, token: string | null, body?: unknown) =>
  suite.api(path, token, body, method);
const tokenOf = async (email: string) =>
  (await api('POST', '/api/login', null, { email, password: DEMO_PASSWORD })).body.token as string;

/** Two events at a Muscat venue: 23:30 on 15 March 2028 and 00:30 on 16 March on its clock. */
async function muscatEvents(token: string, tag: string) {
  const venues = await api('GET', '/api/master/list?type=location&q=Muscat', token);
  const venue = (venues.body.data as { id: number; timeZone: string }[]).find(
    (v) => v.timeZone === 'Asia/Muscat',
  )!;
  const full = (await api('GET', `/api/master/listSingledata?type=location&id=${venue.id}`, token)).body
    .data as { countryId: number; cityId: number };
  const template = (await api('GET', '/api/event?pageSize=10', token)).body.data as {
    items: { categoryId: number; providerId: number }[];
  };
  for (const [key, startsAt, endsAt] of [
    ['late', '2028-03-15T23:30:00+04:00', '2028-03-16T01:00:00+04:00'],
    ['next', '2028-03-16T00:30:00+04:00', '2028-03-16T02:00:00+04:00'],
  ] as const) {
    const created = await api('POST', '/api/event', token, {
      title: { en: `${tag} ${key}`, ar: `${tag} ${key === 'late' ? 'متأخرة' : 'التالية'}` },
      description: { en: 'At the edge of a day.', ar: 'على حد اليوم.' },
      categoryId: template.items[0]!.categoryId,
      providerId: template.items[0]!.providerId,
      countryId: full.countryId,
      cityId: full.cityId,
      locationId: venue.id,
      startsAt,
      endsAt,
      price: 5000,
      capacity: 40,
    });
    expect(created.status).toBe(201);
  }
}

/** The events list's rows' English titles (the list searched for `tag`). */
const rowTitles = (page: Page) => page.getByTestId('list-row').allInnerTexts();

/** Opens the date filters: on a phone in a sheet, on a desktop perhaps behind "More filters". */
async function openDateFilters(page: Page, phone: boolean) {
  if ((await page.getByTestId('filter-from-day').count()) > 0) return;
  await page.getByTestId(phone ? 'filters-open' : 'filters-more').click();
  await page.getByTestId('filter-from-day').waitFor();
}

describe.each(['en', 'ar'] as const)('one time zone rule, days and moments (%s)', (language) => {
  it.each(SIZES)(
    "a device in India: the venue's day in the events filter, its own clock for a send time, the figures' clock named (%s px)",
    async (size, viewport) => {
      const token = await tokenOf(DEMO.admin);
      const tag = `Dayedge ${language} ${Date.now()}`;
      await muscatEvents(token, tag);
      const late = language === 'en' ? 'Mar 15, 2028, 11:30 PM Muscat (GMT+4)' : 'مسقط (غرينتش+٤)';
      const phone = size === '390';
      const { page, errors } = await suite.signedIn(DEMO.admin, {
        viewport,
        timezoneId: 'Asia/Kolkata',
        language,
      });

      // The dashboard names the clock of its days once, below the figures.
      await visit(page, '/admin/');
      await page.getByTestId('figures-clock').waitFor();
      expect(await page.getByTestId('figures-clock').innerText()).toBe(
        language === 'en'
          ? 'Days are counted on the platform’s clock: Riyadh (GMT+3).'
          : 'تُحسب الأيام بتوقيت المنصة: الرياض (غرينتش+٣).',
      );
      await snap(page, `timezone-dashboard-clock-${size}-${language}`, { fullPage: false });

      // "From 16 March to 16 March": the event at 00:30 on the 16th in Muscat (23:30 on the 15th in
      // Riyadh, 02:00 on the 16th in India), not the one at 23:30 on the 15th.
      await visit(page, `/admin/event?q=${encodeURIComponent(tag)}&sort=startsAt&order=asc`);
      await expect.poll(() => page.getByTestId('list-row').count()).toBe(2);
      await openDateFilters(page, phone);
      await pickDate(page, 'filter-from', '2028-03-16');
      await pickDate(page, 'filter-to', '2028-03-16');
      await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe('2028-03-16');
      const done = page.getByTestId('filters-done');
      if ((await done.count()) > 0 && (await done.isVisible())) await done.click();
      await expect.poll(() => page.getByTestId('list-row').count()).toBe(1);
      const next = (await rowTitles(page))[0]!;
      expect(next).toContain(language === 'en' ? `${tag} next` : `${tag} التالية`);
      expect(next).toContain(language === 'en' ? 'Mar 16, 2028, 12:30 AM Muscat (GMT+4)' : 'مسقط (غرينتش+٤)');
      await snap(page, `timezone-event-filter-${size}-${language}`, { fullPage: false });
      // The 15th on the venue's clock: the other one.
      await visit(page, `/admin/event?q=${encodeURIComponent(tag)}&from=2028-03-15&to=2028-03-15`);
      await expect.poll(() => rowTitles(page)).toHaveLength(1);
      const other = (await rowTitles(page))[0]!;
      expect(other).toContain(language === 'en' ? `${tag} late` : `${tag} متأخرة`);
      expect(other).toContain(late);

      // A notification's send time: typed on the device's clock (09:00 in India is 03:30 UTC), named.
      const title = `Clock check ${language} ${size} ${Date.now()}`;
      await visit(page, '/admin/notification/add/');
      await waitForShell(page);
      await page.getByTestId('form-notification').waitFor();
      await page.getByTestId('field-title.en').fill(title);
      await page.getByTestId('field-title.ar').fill(`فحص الساعة ${size}`);
      await page.getByTestId('field-body.en').fill('The doors open at nine.');
      await page.getByTestId('field-body.ar').fill('تفتح الأبواب في التاسعة.');
      await choose(page, 'field-audienceType', 'all');
      await pickDate(page, 'field-sendAt', '2028-02-01T09:00');
      const form = page.getByTestId('form-notification');
      await expect
        .poll(() => form.innerText())
        .toContain(language === 'en' ? 'Your time: Kolkata (GMT+5:30).' : 'بتوقيتك: كولكاتا (غرينتش+٥:٣٠).');
      await snap(page, `timezone-notification-form-${size}-${language}`, { fullPage: false });
      const saved = page.waitForResponse(
        (r) => r.url().includes('/api/notification') && r.request().method() === 'POST',
      );
      await page.getByTestId('form-submit').click();
      expect((await saved).status()).toBe(201);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/notification');
      const stored = await api('GET', `/api/notification?q=${encodeURIComponent(title)}`, token);
      const item = (stored.body.data as { items: { id: number; sendAt: string }[] }).items[0]!;
      expect(item.sendAt).toBe('2028-02-01T03:30:00.000Z');
      // The list shows it on the same clock, labelled.
      const row = page.getByTestId('list-row').filter({ hasText: title });
      await row.waitFor();
      expect(await row.innerText()).toMatch(
        language === 'en' ? /Feb 1, 2028,? 9:00\sAM GMT\+5:30/ : /٩:٠٠.*(غرينتش\+٥:٣٠|GMT\+5:30)/,
      );
      await snap(page, `timezone-notification-list-${size}-${language}`, { fullPage: false });
      // And the form opens it as it was typed.
      await visit(page, `/admin/notification/update/${item.id}`);
      await page.getByTestId('form-notification').waitFor();
      await page
        .locator('[data-testid="field-sendAt"][value="2028-02-01T09:00"]')
        .waitFor({ state: 'attached' });
      expect(errors).toEqual([]);
    },
  );

  it.each(SIZES)(
    "a device in India: the bookings list's and the activity's days on its own clock, named (%s px)",
    async (size, viewport) => {
      const token = await tokenOf(DEMO.admin);
      const booking = await eveningBooking(token);
      // Its day in India (the next day) and in Riyadh (the day before it there).
      const day = dayIn(booking.createdAt, 'Asia/Kolkata');
      expect(dayIn(booking.createdAt, 'Asia/Riyadh')).not.toBe(day);
      const clock =
        language === 'en'
          ? 'Days on your clock: Kolkata (GMT+5:30).'
          : 'الأيام بتوقيتك: كولكاتا (غرينتش+٥:٣٠).';
      const phone = size === '390';
      const { page, errors } = await suite.signedIn(DEMO.admin, {
        viewport,
        timezoneId: 'Asia/Kolkata',
        language,
      });
      const asked: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/booking') asked.push(r.url());
      });

      // "Booked from D until D" (D: its day in India) finds it; on Riyadh's clock it is the day before.
      await visit(page, `/admin/booking?q=${booking.code}`);
      await page.getByTestId('list-row').first().waitFor();
      await expect.poll(() => page.getByTestId('list-row').count()).toBe(1);
      await openDateFilters(page, phone);
      expect(await page.getByTestId('filter-from-clock').textContent()).toBe(clock);
      await pickDate(page, 'filter-from', day);
      await pickDate(page, 'filter-to', day);
      await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe(day);
      await snap(page, `timezone-booking-filter-open-${size}-${language}`, { fullPage: false });
      const done = page.getByTestId('filters-done');
      if ((await done.count()) > 0 && (await done.isVisible())) await done.click();
      await expect.poll(() => asked.some((u) => new URL(u).searchParams.get('to') === day)).toBe(true);
      const sent = new URL(asked.findLast((u) => new URL(u).searchParams.get('to') === day)!).searchParams;
      expect([sent.get('from'), sent.get('to'), sent.get('tz')]).toEqual([day, day, 'Asia/Kolkata']);
      await expect.poll(() => page.getByTestId('list-row').allInnerTexts()).toHaveLength(1);
      expect((await page.getByTestId('list-row').allInnerTexts())[0]).toContain(booking.code);
      // The clock is the device's: never in the address (nor in a saved view).
      expect(new URL(page.url()).searchParams.has('tz')).toBe(false);
      await snap(page, `timezone-booking-filter-${size}-${language}`, { fullPage: false });
      // The same filter on Riyadh's clock would not find it.
      const riyadh = await api('GET', `/api/booking?q=${booking.code}&from=${day}&to=${day}`, token);
      expect((riyadh.body.data as { items: unknown[] }).items).toHaveLength(0);

      // The activity's days: the same clock, named, sent with the days.
      await visit(page, '/admin/activity');
      await page.getByTestId('activity').waitFor();
      expect(await page.locator('#activity-clock').innerText()).toBe(clock);
      const audit = page.waitForRequest((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/audit' && url.searchParams.get('from') === day;
      });
      await pickDate(page, 'activity-from', day);
      await page
        .getByTestId('activity')
        .getByRole('button', { name: language === 'en' ? 'Apply' : 'تطبيق' })
        .click();
      expect(new URL((await audit).url()).searchParams.get('tz')).toBe('Asia/Kolkata');
      await snap(page, `timezone-activity-clock-${size}-${language}`, { fullPage: false });
      expect(errors).toEqual([]);
    },
  );
});

/** `YYYY-MM-DD` of an instant on a zone's clock. */
const dayIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(iso));

/**
 * A demo booking made between 18:30 and 20:30 UTC: the next day in India (UTC+5:30), the same day in
 * Riyadh (UTC+3). The demo data's bookings are made at any minute of months of days.
 */
async function eveningBooking(token: string) {
  for (let page = 1; page <= 20; page++) {
    const res = await api('GET', `/api/booking?pageSize=100&page=${page}`, token);
    const items = (res.body.data as { items: { code: string; createdAt: string }[] }).items;
    const found = items.find((b) => {
      const at = new Date(b.createdAt);
      const minutes = at.getUTCHours() * 60 + at.getUTCMinutes();
      return minutes >= 18 * 60 + 35 && minutes < 20 * 60 + 30;
    });
    if (found) return found;
  }
  throw new Error('no demo booking made between 18:30 and 20:30 UTC');
}
