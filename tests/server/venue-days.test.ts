/**
 * The events list's date filters are its venues' days (docs/decisions/0031-venue-days-and-viewer-moments.md):
 * "from 14 March" finds an event at 23:30 on 14 March in Muscat (19:30 UTC) and one at 00:15 on
 * 14 March there (13 March on the platform's clock), not one at 00:30 on 15 March in Muscat (still
 * 14 March in Riyadh). The day is kept by the database on every write of an event and when a
 * venue's zone changes, and the database's zone data agree with the server's for the region.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_TIME_ZONES } from '../../src/contract/time-zones';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let provider: string;
let place: { countryId: number; cityId: number; categoryId: number };
const venues: Record<string, Rec> = {};
const made: Record<string, Rec> = {};
const TAG = 'Dayedge';

const call = apiOf(() => t);

const addVenue = async (key: string, timeZone: string) => {
  const res = await call('POST', '/api/master/addlist', admin, {
    type: 'location',
    name: { en: `Day edge venue ${key}`, ar: `مكان حد اليوم ${key}` },
    countryId: place.countryId,
    cityId: place.cityId,
    address: null,
    latitude: 23.6,
    longitude: 58.4,
    timeZone,
  });
  expect(res.status, res.text).toBe(201);
  venues[key] = res.body.data as Rec;
};

const addEvent = async (key: string, venue: string, startsAt: string) => {
  const starts = new Date(startsAt).getTime();
  const res = await call('POST', '/api/event', provider, {
    title: { en: `${TAG} ${key}`, ar: `حد اليوم ${key}` },
    description: { en: 'At the edge of a day.', ar: 'على حد اليوم.' },
    categoryId: place.categoryId,
    countryId: place.countryId,
    cityId: place.cityId,
    locationId: venues[venue]!.id,
    startsAt,
    endsAt: new Date(starts + 2 * 3600_000).toISOString(),
    price: 1000,
    capacity: 10,
  });
  expect(res.status, res.text).toBe(201);
  made[key] = res.body.data as Rec;
};

/** The keys of the test's events the list answers for these filters (ordered by start). */
const found = async (filters: string) => {
  const res = await call(
    'GET',
    `/api/event?q=${TAG}&${filters}&sort=startsAt&order=asc&pageSize=100`,
    provider,
  );
  expect(res.status, res.text).toBe(200);
  return (res.body.data.items as Rec[]).map((e) => (e.title as { en: string }).en.slice(TAG.length + 1));
};

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  const template = (await call('GET', '/api/event?pageSize=10', provider)).body.data.items[0] as Rec;
  place = {
    countryId: template.countryId as number,
    cityId: template.cityId as number,
    categoryId: template.categoryId as number,
  };
  await addVenue('muscat', 'Asia/Muscat');
  await addVenue('newyork', 'America/New_York');
  await addVenue('kiritimati', 'Pacific/Kiritimati');
  // Muscat (UTC+4): the venue's day and the platform's (Riyadh, UTC+3) part at midnight there.
  await addEvent('muscat-late', 'muscat', '2027-03-14T23:30:00+04:00'); // 19:30 UTC, Riyadh 22:30 on the 14th
  await addEvent('muscat-early', 'muscat', '2027-03-14T00:15:00+04:00'); // Riyadh 23:15 on the 13th
  await addEvent('muscat-next', 'muscat', '2027-03-15T00:30:00+04:00'); // Riyadh 23:30 on the 14th
  await addEvent('muscat-before', 'muscat', '2027-03-13T23:59:00+04:00');
  // New York on the day its clocks go forward (UTC−4 from 02:00): 03:30 UTC on the 15th.
  await addEvent('newyork-late', 'newyork', '2027-03-14T23:30:00-04:00');
  // Kiritimati (UTC+14): 10:30 UTC on the 13th.
  await addEvent('kiritimati-early', 'kiritimati', '2027-03-14T00:30:00+14:00');
  await addEvent('kiritimati-before', 'kiritimati', '2027-03-13T23:30:00+14:00');
});
afterAll(() => t?.close());

describe("the events list's date filters", () => {
  it("find the events that start on the venue's day, exactly at its edges", async () => {
    expect(await found('from=2027-03-14&to=2027-03-14')).toEqual([
      'kiritimati-early',
      'muscat-early',
      'muscat-late',
      'newyork-late',
    ]);
    expect(await found('from=2027-03-15')).toEqual(['muscat-next']);
    expect(await found('to=2027-03-13')).toEqual(['kiritimati-before', 'muscat-before']);
    expect(await found('from=2027-03-13&to=2027-03-15')).toHaveLength(7);
    expect(await found('from=2027-03-16')).toEqual([]);
  });

  it('keep the day when the event moves or its venue changes zone', async () => {
    // Moved to 00:10 on the 14th in Muscat: now on the 14th.
    const e = made['muscat-before']!;
    const moved = await call('PUT', `/api/event/${e.id}`, provider, {
      ...Object.fromEntries(
        ['title', 'description', 'categoryId', 'countryId', 'cityId', 'locationId', 'price', 'capacity'].map(
          (k) => [k, e[k]],
        ),
      ),
      version: e.version,
      startsAt: '2027-03-14T00:10:00+04:00',
      endsAt: '2027-03-14T02:00:00+04:00',
    });
    expect(moved.status, moved.text).toBe(200);
    made['muscat-before'] = moved.body.data as Rec;
    expect(await found('to=2027-03-13')).toEqual(['kiritimati-before']);

    // The Muscat venue goes to Riyadh's clock (UTC+3): 00:10, 00:15 and 00:30 Muscat are 23:10,
    // 23:15 and 23:30 the day before in Riyadh.
    const v = venues.muscat!;
    const rezone = (timeZone: string, version: number) =>
      call('POST', '/api/master/addlist', admin, {
        type: 'location',
        ...Object.fromEntries(
          ['id', 'name', 'countryId', 'cityId', 'address', 'latitude', 'longitude'].map((k) => [k, v[k]]),
        ),
        version,
        timeZone,
      });
    const riyadh = await rezone('Asia/Riyadh', v.version);
    expect(riyadh.status, riyadh.text).toBe(200);
    expect(await found('from=2027-03-14&to=2027-03-14')).toEqual([
      'kiritimati-early',
      'muscat-late',
      'muscat-next',
      'newyork-late',
    ]);
    expect(await found('to=2027-03-13')).toEqual(['kiritimati-before', 'muscat-before', 'muscat-early']);
    const back = await rezone('Asia/Muscat', (riyadh.body.data as Rec).version);
    expect(back.status, back.text).toBe(200);
    expect(await found('to=2027-03-13')).toEqual(['kiritimati-before']);
  });

  it('are kept whoever writes an event: a row inserted without the day gets it', async () => {
    const e = made['muscat-late']!;
    const rows = await t.db.db.execute<{ starts_on: string }>(sql`
      insert into events (title, description, category_id, provider_id, city_id, location_id, starts_at, ends_at, price, capacity, created_at, updated_at)
      select title, description, category_id, provider_id, city_id, location_id, starts_at, ends_at, price, capacity, now(), now()
      from events where id = ${e.id}
      returning to_char(starts_on, 'YYYY-MM-DD') as starts_on`);
    const list =
      (rows as unknown as { rows?: { starts_on: string }[] }).rows ??
      (rows as unknown as { starts_on: string }[]);
    expect(list[0]!.starts_on).toBe('2027-03-14');
    // Written by hand, the day is put right again.
    const fixed = await t.db.db.execute<{ starts_on: string }>(sql`
      update events set starts_on = '2000-01-01' where id = ${e.id}
      returning to_char(starts_on, 'YYYY-MM-DD') as starts_on`);
    const fixedRows =
      (fixed as unknown as { rows?: { starts_on: string }[] }).rows ??
      (fixed as unknown as { starts_on: string }[]);
    expect(fixedRows[0]!.starts_on).toBe('2027-03-14');
  });
});

describe("the database's zone data", () => {
  it("agree with the server's on the day of every zone of the region, around the year", async () => {
    const zones = [...new Set(Object.values(COUNTRY_TIME_ZONES)), 'America/New_York', 'Pacific/Kiritimati'];
    const instants = [
      '2027-01-01T20:30:00Z',
      '2027-03-14T19:30:00Z',
      '2027-07-01T21:45:00Z',
      '2027-10-31T22:59:00Z',
    ];
    for (const zone of zones)
      for (const at of instants) {
        const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(
          new Date(at),
        );
        const rows = await t.db.db.execute<{ d: string }>(
          sql`select to_char(venue_day(${at}::timestamptz, ${zone}), 'YYYY-MM-DD') as d`,
        );
        const list =
          (rows as unknown as { rows?: { d: string }[] }).rows ?? (rows as unknown as { d: string }[]);
        expect(`${zone} ${at} ${list[0]!.d}`).toBe(`${zone} ${at} ${day}`);
      }
    // A zone the database does not know: the platform's day, not a failed write.
    const rows = await t.db.db.execute<{ d: string }>(
      sql`select to_char(venue_day('2027-03-14T21:30:00Z'::timestamptz, 'Nowhere/Atlantis'), 'YYYY-MM-DD') as d`,
    );
    const list = (rows as unknown as { rows?: { d: string }[] }).rows ?? (rows as unknown as { d: string }[]);
    expect(list[0]!.d).toBe('2027-03-15');
  });
});
