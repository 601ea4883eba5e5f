/**
 * The list filters' pickers search the server and page as the form pickers do
 * (docs/decisions/0026-venue-time-zones-and-date-pickers.md §5): with 150 more events, the bookings
 * list's Event filter loads the first 100 by name (pageSize=100, never every event); the search box
 * in its list finds an event beyond them, which filters the list and goes in the address; after a reload the
 * filter still shows that event's name (asked of the server by id, or kept from before). At 1440 × 900 (the bar) and
 * 390 × 844 (the phone's sheet), English and Arabic; screenshots go to tests/.artifacts (gitignored).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { choicesOf, chosenValue, listRows as rows, signIn, toArabic } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const slow = { timeout: 30_000 };

const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

type Named = { id: number; title: { en: string; ar: string } };

const api = (path: string, token: string | null, body?: unknown) =>
  suite.api<{ data: Record<string, unknown>; token?: string }>(path, token, body);

/**
 * 150 events whose names sort first in both languages (digits before letters), so that the demo
 * events, which have bookings, are all beyond the first page; answers a booked demo event.
 */
let seeded: Promise<Named> | null = null;
const manyEvents = () =>
  (seeded ??= (async () => {
    const token = (await api('/api/login', null, { email: DEMO.admin, password: DEMO_PASSWORD })).body.token!;
    const booking = (await api('/api/booking?pageSize=10', token)).body.data as {
      items: { eventId: number }[];
    };
    const booked = (await api(`/api/event/${booking.items[0]!.eventId}`, token)).body.data as Named &
      Record<string, unknown>;
    const copy = Object.fromEntries(
      [
        'description',
        'categoryId',
        'providerId',
        'countryId',
        'cityId',
        'locationId',
        'price',
        'capacity',
      ].map((k) => [k, booked[k]]),
    );
    const made = await Promise.all(
      Array.from({ length: 150 }, (_, i) => {
        const n = String(i + 1).padStart(3, '0');
        return api('/api/event', token, {
          ...copy,
          title: { en: `0 Filter event ${n}`, ar: `0 فعالية تصفية ${n}` },
          startsAt: '2027-05-01T16:00:00Z',
          endsAt: '2027-05-01T20:00:00Z',
        });
      }),
    );
    expect(made.map((m) => m.status)).toEqual(made.map(() => 201));
    return { id: booked.id, title: booked.title };
  })());

/** The requests for the events' options the page made, as their query. */
const optionRequests = (page: Page) => {
  const seen: URLSearchParams[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/event/get-all-event') seen.push(url.searchParams);
  });
  return seen;
};

/**
 * The Event filter: in the bar on a desktop (or behind "More filters" when the bar has no room for
 * it), in the "Filters" sheet on a phone. Answers whether it is in a sheet.
 */
const openFilters = async (page: Page, phone: boolean) => {
  await page.getByTestId('list-controls').waitFor();
  const inBar = !phone && (await page.getByTestId('filter-eventId').count()) > 0;
  if (!inBar) {
    await page.getByTestId(phone ? 'filters-open' : 'filters-more').click();
    await page.getByTestId('filter-sheet').waitFor();
  }
  return { filter: page.getByTestId('filter-eventId'), sheet: !inBar };
};

describe.each(['en', 'ar'] as const)('the bookings list Event filter over 150+ events (%s)', (language) => {
  it('loads the first 100, finds one beyond them, filters by it and names it after a reload', async () => {
    const event = await manyEvents();
    const name = event.title[language];
    for (const [size, viewport] of SIZES) {
      const phone = size === '390';
      const { page, errors } = await suite.open({ viewport });
      const seen = optionRequests(page);
      await signIn(page, DEMO.admin, DEMO_PASSWORD);
      if (language === 'ar') await toArabic(page);
      await page.goto('/admin/booking');
      await rows(page).first().waitFor(slow);
      const { filter, sheet } = await openFilters(page, phone);
      // "All" and the first page of 100 by name; the booked event is not among them.
      await filter.click();
      const options = page.getByTestId('filter-eventId-options');
      const listed = options.locator('[data-choice]');
      await expect.poll(() => listed.count(), slow).toBe(101);
      expect(await listed.allInnerTexts()).not.toContain(name);
      expect(seen.length).toBeGreaterThan(0);
      for (const query of seen) expect(query.get('pageSize'), query.toString()).toBe('100');

      // The list opens with a labelled search box, focused; typing asks the server.
      const box = page.getByTestId('picker-search-eventId');
      expect(await box.getAttribute('aria-label')).toBe(
        language === 'en' ? 'Search Event' : 'ابحث في الفعالية',
      );
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      const asked = page.waitForRequest((r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/event/get-all-event' && url.searchParams.get('q') === name;
      });
      await box.fill(name);
      await asked;
      await expect.poll(() => listed.allInnerTexts(), slow).toContain(name);
      await snap(page, `filter-pickers-search-${size}-${language}`, { fullPage: false });
      await listed.filter({ hasText: name }).first().click();

      // The list is filtered by it and the address holds its id.
      await expect.poll(() => new URL(page.url()).searchParams.get('eventId'), slow).toBe(String(event.id));
      await expect.poll(() => chosenValue(page, filter)).toBe(String(event.id));
      expect(await filter.innerText()).toBe(name);
      if (sheet) await page.getByTestId('filters-done').click();
      await expect
        .poll(async () => {
          const texts = await rows(page).allInnerTexts();
          return texts.length > 0 && texts.every((text) => text.includes(name));
        }, slow)
        .toBe(true);
      await snap(page, `filter-pickers-filtered-${size}-${language}`, { fullPage: false });

      // After a reload the filter names the event, which is not in the first page: asked by id.
      seen.length = 0;
      await page.reload();
      await rows(page).first().waitFor(slow);
      const { filter: again } = await openFilters(page, phone);
      await expect.poll(() => again.innerText(), slow).toBe(name);
      // Named without loading every event: the first page and, unless the app's kept data had it
      // (the query cache persists across reloads), that one event by id.
      for (const query of seen)
        expect(
          query.get('pageSize') === '100' || query.get('id') === String(event.id),
          query.toString(),
        ).toBe(true);
      expect(await choicesOf(page, again)).toHaveLength(102);
      await snap(page, `filter-pickers-reloaded-${size}-${language}`, { fullPage: false });
      expect(errors).toEqual([]);
    }
  }, 240_000);
});
