/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): switched to from the list and back
 * (the URL keeps it), month, week and agenda, an event on its venue's clock with its zone named, a
 * drag the server refuses (the event goes back and the reason shows) and one it accepts (saved, on
 * its new day after a reload), the keyboard, Arabic (mirrored, Arabic month names) and 390 px
 * (agenda by default), kept on the device for offline use, in both languages at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { htmlLangDir, toArabic, visit, waitForShell } from '../support/app';
import { expectFitsWidth, readIndexedDb, snap } from '../support/browser';
import { browserSuite } from '../support/suite';
import { apiToken } from '../support/api-events';
import { updateBodyOf } from '../support/bodies';
import { eventResource } from '../../src/contract/areas/event';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 } as const;
const NARROW = { width: 390, height: 844 } as const;
const ARABIC_MONTH = /يناير|فبراير|مارس|أبريل|إبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/;

type Rec = Record<string, unknown> & { id: number; version: number };
const search = (page: Page) => new URL(page.url()).searchParams;
const pad = (n: number) => String(n).padStart(2, '0');
/** A day of this month in Muscat, `d` days from today there. */
const muscatDay = (d: number) => {
  const at = new Date(Date.now() + 4 * 3600_000 + d * 86_400_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
};
const token = (email: string) => apiToken(suite, email);

/** A provider's draft event in a Muscat venue (UTC+4) at 19:00 there, on `day`. */
async function muscatEvent(day: string, title: string) {
  const [admin, provider] = [await token(DEMO.admin), await token(DEMO.provider)];
  const template = (await suite.api<{ data: { items: Rec[] } }>('/api/event?pageSize=10', provider)).body.data
    .items[0]!;
  const venue = await suite.api<{ data: Rec }>('/api/master/addlist', admin, {
    type: 'location',
    name: { en: 'Muscat Opera Garden', ar: 'حديقة دار الأوبرا بمسقط' },
    countryId: template.countryId,
    cityId: template.cityId,
    address: null,
    latitude: 23.6,
    longitude: 58.4,
    timeZone: 'Asia/Muscat',
  });
  expect(venue.status).toBe(201);
  const made = await suite.api<{ data: Rec }>('/api/event', provider, {
    title: { en: title, ar: 'ليلة العود في مسقط' },
    description: { en: 'Oud under the stars.', ar: 'عود تحت النجوم.' },
    categoryId: template.categoryId,
    countryId: template.countryId,
    cityId: template.cityId,
    locationId: venue.body.data.id,
    startsAt: `${day}T19:00:00+04:00`,
    endsAt: `${day}T21:00:00+04:00`,
    price: 5000,
    capacity: 50,
  });
  expect(made.status).toBe(201);
  return { provider, event: made.body.data };
}

/** The calendar's event of this title, in the day cell of `day` (month view). */
const inDay = (page: Page, day: string, title: string) =>
  page.locator(`[data-date="${day}"]`).getByTestId('calendar-event').filter({ hasText: title });

/** Drags the event onto the day cell of `day`, as a mouse does. */
async function dragTo(page: Page, title: string, day: string) {
  // The shown ones: FullCalendar also draws hidden copies to measure a crowded day.
  const event = page.getByTestId('calendar-event').filter({ hasText: title, visible: true }).first();
  await event.scrollIntoViewIfNeeded();
  const from = (await event.boundingBox())!;
  const to = (await page.locator(`[data-date="${day}"]`).filter({ visible: true }).first().boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('the events calendar', () => {
  it('switches from the list and back, month, week and agenda, drags refused and accepted, keyboard, Arabic', async () => {
    // Today (in Muscat) to a day of the same month grid: forward in the first half, back in the second.
    const first = new Date(Date.now() + 4 * 3600_000).getUTCDate() <= 15;
    const day = muscatDay(0);
    const target = muscatDay(first ? 1 : -1);
    const title = `Oud Night ${Date.now()}`;
    const { provider, event } = await muscatEvent(day, title);
    // A viewer in Riyadh (UTC+3): the Muscat venue's clock is named on its events.
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE, timezoneId: 'Asia/Riyadh' });
    await visit(page, '/admin/event');
    await page.getByTestId('layout-calendar').click();
    await expect.poll(() => search(page).get('view')).toBe('calendar');
    await page.getByTestId('event-calendar').waitFor();
    expect(await page.getByTestId('layout-calendar').getAttribute('aria-pressed')).toBe('true');

    // Month: the event on its day, at 19:00 on its venue's clock, the zone named; the legend.
    const shown = inDay(page, day, title);
    await shown.waitFor();
    expect(await shown.innerText()).toMatch(/7(:00)?\s?(PM|pm|p).*Muscat \(GMT\+4\)/s);
    expect(await page.getByTestId('calendar-legend').innerText()).toContain('Pending approval');
    // Screen readers: the event is a focusable element named with its time, zone and status.
    const el = page.locator(`[aria-label*="${title}"]`).first();
    expect(await el.getAttribute('aria-label')).toMatch(/Muscat \(GMT\+4\), Draft$/);
    expect(await el.getAttribute('tabindex')).toBe('0');
    await snap(page, 'events-calendar-1440-en');

    // A drag the server refuses: the event changed since the calendar showed it (another tab).
    const changed = await suite.api<{ data: Rec }>(
      `/api/event/${event.id}`,
      provider,
      { ...editable(event), title: { en: `${title} (changed)`, ar: 'ليلة العود في مسقط' } },
      'PUT',
    );
    expect(changed.status).toBe(200);
    await dragTo(page, title, target);
    await page.getByText('This record was changed by someone else.').first().waitFor();
    // It is back on its day, as it is now.
    await inDay(page, day, `${title} (changed)`).waitFor();
    expect(await inDay(page, target, title).count()).toBe(0);

    // Dragged again, it is saved, with its venue's wall-clock times.
    await dragTo(page, `${title} (changed)`, target);
    await page.locator('[role="status"]').filter({ hasText: 'moved' }).first().waitFor();
    const saved = await suite.api<{ data: Rec }>(`/api/event/${event.id}`, provider);
    expect(saved.body.data.startsAt).toBe(new Date(`${target}T19:00:00+04:00`).toISOString());
    expect(saved.body.data.endsAt).toBe(new Date(`${target}T21:00:00+04:00`).toISOString());
    await page.reload();
    await waitForShell(page);
    await inDay(page, target, title).waitFor();

    // The keyboard: the toolbar's buttons, and an event opens its details with Enter.
    const heading = async () =>
      page.getByTestId('event-calendar').getByRole('heading', { level: 2 }).innerText();
    const month = await heading();
    await page.getByRole('button', { name: 'Next', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(heading).not.toBe(month);
    await page.getByRole('button', { name: 'Go to today' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(heading).toBe(month);

    // Week and agenda.
    await page.getByRole('tab', { name: 'Week view' }).click();
    await expect.poll(() => page.locator('[data-date]').count()).toBeLessThan(30);
    await page.getByRole('tab', { name: 'Agenda view' }).click();
    await page.getByTestId('calendar-event').filter({ hasText: title }).waitFor();
    await page.getByRole('tab', { name: 'Month view' }).click();
    await page.locator(`[data-date="${target}"] [tabindex="0"][aria-label*="${title}"]`).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/admin/event/details/${event.id}`);
    await page.goBack();
    await page.getByTestId('event-calendar').waitFor();

    // In Arabic: still the calendar, mirrored, with Arabic month names.
    await toArabic(page);
    expect(search(page).get('view')).toBe('calendar');
    await page.getByTestId('event-calendar').waitFor();
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await expect.poll(heading).toMatch(ARABIC_MONTH);
    // Its Arabic title, the venue's clock named in Arabic.
    const arabic = inDay(page, target, 'ليلة العود في مسقط').first();
    await arabic.waitFor();
    expect(await arabic.innerText()).toContain('مسقط');
    await snap(page, 'events-calendar-1440-ar');

    // Back to the table: the URL says so.
    await page.getByTestId('layout-table').click();
    await expect.poll(() => search(page).get('view')).toBeNull();
    await page.getByTestId('list-row').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('on a 390 px phone the calendar opens on the agenda, in both languages', async () => {
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: NARROW });
    await visit(page, '/admin/event?view=calendar');
    await page.getByTestId('event-calendar').waitFor();
    expect(await page.getByRole('tab', { name: 'Agenda view' }).getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('calendar-event').first().waitFor();
    await expectFitsWidth(page);
    await snap(page, 'events-calendar-390-en');

    // Kept on the device like the lists: the window's answer is in the user's saved copy, and the
    // calendar shows it without a connection.
    await expect
      .poll(async () =>
        (await readIndexedDb(page)).some(
          (e) =>
            e.key.startsWith('query-cache:') && JSON.stringify(e.value).includes('"event","list","calendar"'),
        ),
      )
      .toBe(true);
    await page.context().setOffline(true);
    await page.getByTestId('layout-table').click();
    await page.getByTestId('layout-calendar').click();
    await page.getByTestId('calendar-event').first().waitFor();
    await page.context().setOffline(false);

    await toArabic(page);
    await page.getByTestId('event-calendar').waitFor();
    const selected = page.getByTestId('event-calendar').locator('[role="tab"][aria-selected="true"]');
    await expect.poll(() => selected.innerText()).toBe('جدول الأعمال');
    expect(await selected.getAttribute('aria-label')).toBe('عرض جدول الأعمال');
    await expectFitsWidth(page);
    await snap(page, 'events-calendar-390-ar');
    expect(errors).toEqual([]);
  });
});

/** What an event's update takes of its record (the form's body). */
const editable = (e: Rec) => updateBodyOf(eventResource, e);
