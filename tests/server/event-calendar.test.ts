/**
 * The events calendar (docs/decisions/0070-the-events-calendar.md): the events whose time overlaps a
 * window of venue days, decided on each venue's clock (an event past midnight in Muscat is on both
 * its days; 22:00 in New York is that day there, the next in UTC), with the list's filters and
 * search, in the caller's scope; a window wider than six weeks, or turned round, answers 422.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MAX_DAYS } from '../../src/contract/areas/event-calendar';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let manager: string;
let provider: string;
let place: { countryId: number; cityId: number; categoryId: number; providerId: number };
const venues: Record<string, number> = {};
const TAG = 'Calrange';

const call = apiOf(() => t, { lang: 'en' });

const addVenue = async (key: string, timeZone: string) => {
  const res = await call('POST', '/api/master/addlist', admin, {
    type: 'location',
    name: { en: `Calendar venue ${key}`, ar: `مكان التقويم ${key}` },
    countryId: place.countryId,
    cityId: place.cityId,
    address: null,
    latitude: 23.6,
    longitude: 58.4,
    timeZone,
  });
  expect(res.status, res.text).toBe(201);
  venues[key] = (res.body.data as Rec).id;
};

const addEvent = async (key: string, venue: string, startsAt: string, endsAt: string) => {
  const res = await call('POST', '/api/event', provider, {
    title: { en: `${TAG} ${key}`, ar: `تقويم ${key}` },
    description: { en: 'On the calendar.', ar: 'في التقويم.' },
    categoryId: place.categoryId,
    countryId: place.countryId,
    cityId: place.cityId,
    locationId: venues[venue],
    startsAt,
    endsAt,
    price: 1000,
    capacity: 10,
  });
  expect(res.status, res.text).toBe(201);
};

/** The calendar's answer for this query, as the caller. */
const calendar = async (query: string, token = provider) => {
  const res = await call('GET', `/api/event/calendar?${query}`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { items: (Rec & { title: { en: string }; timeZone: string })[]; capped: boolean };
};
/** The keys of the test's events in a window of the calendar (earliest first). */
const found = async (from: string, to: string, more = '') =>
  (await calendar(`from=${from}&to=${to}&q=${TAG}${more}`)).items.map((e) =>
    e.title.en.slice(TAG.length + 1),
  );

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  [admin, manager, provider] = await Promise.all([
    signInAs(t, 'admin'),
    signInAs(t, 'manager'),
    signInAs(t, 'provider'),
  ]);
  const template = (await call('GET', '/api/event?pageSize=10', provider)).body.data.items[0] as Rec;
  place = {
    countryId: template.countryId as number,
    cityId: template.cityId as number,
    categoryId: template.categoryId as number,
    providerId: template.providerId as number,
  };
  await addVenue('muscat', 'Asia/Muscat');
  await addVenue('newyork', 'America/New_York');
  // 23:30 on the 14th to 01:30 on the 15th in Muscat (UTC+4): on both its days.
  await addEvent('muscat-night', 'muscat', '2027-03-14T23:30:00+04:00', '2027-03-15T01:30:00+04:00');
  // 00:30 on the 15th in Muscat: still the 14th in Riyadh and in UTC, the 15th at the venue.
  await addEvent('muscat-next', 'muscat', '2027-03-15T00:30:00+04:00', '2027-03-15T02:00:00+04:00');
  // 22:00 on the 14th in New York: 02:00 UTC on the 15th.
  await addEvent('newyork-late', 'newyork', '2027-03-14T22:00:00-04:00', '2027-03-14T23:30:00-04:00');
  // A month-long exhibition, which began long before the window.
  await addEvent('month-long', 'muscat', '2027-03-01T10:00:00+04:00', '2027-03-31T18:00:00+04:00');
  // Ends at midnight at the venue, exactly when the 16th begins: not on the 16th.
  await addEvent('ends-midnight', 'muscat', '2027-03-15T20:00:00+04:00', '2027-03-16T00:00:00+04:00');
});
afterAll(() => t?.close());

describe('the events calendar', () => {
  it("finds the events overlapping the window on each venue's clock, earliest first", async () => {
    expect(await found('2027-03-14', '2027-03-14')).toEqual(['month-long', 'muscat-night', 'newyork-late']);
    expect(await found('2027-03-15', '2027-03-15')).toEqual([
      'month-long',
      'muscat-night',
      'muscat-next',
      'ends-midnight',
    ]);
    expect(await found('2027-03-16', '2027-03-16')).toEqual(['month-long']);
    expect(await found('2027-04-01', '2027-04-30')).toEqual([]);
    // Six weeks, the widest window: every one of them, with its venue's clock.
    const all = await calendar(`from=2027-02-20&to=2027-04-02&q=${TAG}`);
    expect(all.items).toHaveLength(5);
    expect(all.capped).toBe(false);
    expect(new Set(all.items.map((e) => e.timeZone))).toEqual(new Set(['Asia/Muscat', 'America/New_York']));
    expect(Object.keys(all.items[0]!).sort()).toEqual(
      ['id', 'version', 'title', 'status', 'startsAt', 'endsAt', 'timeZone'].sort(),
    );
  });

  it("applies the list's filters and search", async () => {
    const window = 'from=2027-03-14&to=2027-03-15';
    expect(await found('2027-03-14', '2027-03-15', '&status=draft')).toHaveLength(5);
    expect(await found('2027-03-14', '2027-03-15', '&status=approved')).toEqual([]);
    expect(await found('2027-03-14', '2027-03-15', `&cityId=${place.cityId}`)).toHaveLength(5);
    expect(await found('2027-03-14', '2027-03-15', `&categoryId=${place.categoryId}`)).toHaveLength(5);
    expect(await found('2027-03-14', '2027-03-15', '&featured=true')).toEqual([]);
    const searched = await calendar(`${window}&q=${TAG} newyork`);
    expect(searched.items.map((e) => e.title.en)).toEqual([`${TAG} newyork-late`]);
  });

  it("gives a provider its own events only, staff everyone's", async () => {
    // A window of the demo's events (several providers).
    const first = (await call('GET', '/api/event?sort=startsAt&order=asc&pageSize=10', admin)).body.data
      .items[0] as Rec;
    const from = (first.startsAt as string).slice(0, 10);
    const to = new Date(Date.parse(`${from}T00:00:00Z`) + (CALENDAR_MAX_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const window = `from=${from}&to=${to}`;
    const everyone = await calendar(window, admin);
    const own = await calendar(window, provider);
    expect((await calendar(window, manager)).items).toEqual(everyone.items);
    const ofProvider = await calendar(`${window}&providerId=${place.providerId}`, admin);
    expect(own.items.map((e) => e.id)).toEqual(ofProvider.items.map((e) => e.id));
    expect(everyone.items.length).toBeGreaterThan(own.items.length);
    // Another provider's events, asked for by name: none.
    const other = (await call('GET', `/api/event?pageSize=100`, admin)).body.data.items.find(
      (e: Rec) => e.providerId !== place.providerId,
    ) as Rec;
    expect((await calendar(`${window}&providerId=${other.providerId as number}`, provider)).items).toEqual(
      [],
    );
  });

  it('keeps the calendar in a saved view of the events, and refuses it for a list without one', async () => {
    const saved = await call('POST', '/api/views', provider, {
      resource: 'event',
      name: 'My calendar',
      state: { view: 'calendar', filters: { status: 'draft' } },
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data.state).toEqual({ view: 'calendar', filters: { status: 'draft' } });
    const refused = await call('POST', '/api/views', provider, {
      resource: 'booking',
      name: 'No calendar here',
      state: { view: 'calendar' },
    });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors?.['state.view']).toBeTruthy();
  });

  it('refuses a window turned round, wider than six weeks or malformed, with field errors', async () => {
    const bad = async (query: string, field: string) => {
      const res = await call('GET', `/api/event/calendar?${query}`, provider);
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors?.[field], res.text).toBeTruthy();
      return res.body;
    };
    const wide = await bad('from=2027-03-01&to=2027-04-12', 'to');
    expect(wide.message).toBe(`Choose at most ${CALENDAR_MAX_DAYS} days`);
    expect((await calendar('from=2027-03-01&to=2027-04-11')).capped).toBe(false);
    await bad('from=2027-03-15&to=2027-03-14', 'to');
    await bad('from=2027-02-30&to=2027-03-14', 'from');
    await bad('to=2027-03-14', 'from');
    await bad('from=2027-03-01&to=2027-03-14&status=nope', 'status');
    await bad('from=2027-03-01&to=2027-03-14&sort=title', 'sort');
    const anonymous = await call('GET', '/api/event/calendar?from=2027-03-01&to=2027-03-14', '');
    expect(anonymous.status).toBe(401);
  });
});
