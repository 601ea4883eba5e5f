/**
 * Venues' time zones (docs/decisions/0026-venue-time-zones-and-date-pickers.md): a location has an
 * IANA zone (given, or its country's, else the platform's), the pickers' options carry it, and an
 * event, a booking and the provider's dashboard answer their venue's zone beside the instants the
 * server stores. The migration's backfill gives existing venues their country's zone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, locations } from '../../server/db/schema';
import { createTestServer, type TestServer } from '../setup/server';
import { apiOf, signInAs } from '../support/kit';

type Rec = Record<string, unknown> & { id: number; version: number };
let t: TestServer;
let admin: string;
let provider: string;
let oman: { countryId: number; cityId: number };
let saudi: { countryId: number; cityId: number };
let n = 0;

const call = apiOf(() => t);

const cityOf = async (iso: string, name: string) => {
  const [row] = await t.db.db
    .select({ countryId: countries.id, cityId: cities.id })
    .from(cities)
    .innerJoin(countries, eq(countries.id, cities.countryId))
    .where(sql`${countries.isoCode} = ${iso} and ${cities.name}->>'en' = ${name}`);
  return row!;
};

const addLocation = (place: { countryId: number; cityId: number }, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/master/addlist', admin, {
    type: 'location',
    name: { en: `Zone test venue ${++n}`, ar: `مكان اختبار ${n}` },
    countryId: place.countryId,
    cityId: place.cityId,
    address: null,
    latitude: 23.6,
    longitude: 58.4,
    ...extra,
  });

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
  provider = await signInAs(t, 'provider');
  oman = await cityOf('OM', 'Muscat');
  saudi = await cityOf('SA', 'Riyadh');
});
afterAll(() => t?.close());

describe("a location's time zone", () => {
  it("is its country's when not given, the platform's where the country has several or is unknown", async () => {
    const muscat = await addLocation(oman);
    expect(muscat.status, muscat.text).toBe(201);
    expect(muscat.body.data.timeZone).toBe('Asia/Muscat');
    const riyadh = await addLocation(saudi);
    expect(riyadh.body.data.timeZone).toBe('Asia/Riyadh');
    // A country of no single zone known here: the platform's.
    const country = await call('POST', '/api/master/addlist', admin, {
      type: 'country',
      name: { en: 'Zoneland', ar: 'بلد المناطق' },
      isoCode: 'ZZ',
      dialCode: '+999',
    });
    expect(country.status, country.text).toBe(201);
    const city = await call('POST', '/api/master/addlist', admin, {
      type: 'city',
      name: { en: 'Zone City', ar: 'مدينة المناطق' },
      countryId: country.body.data.id,
    });
    expect(city.status, city.text).toBe(201);
    const other = await addLocation({ countryId: country.body.data.id, cityId: city.body.data.id });
    expect(other.body.data.timeZone).toBe('Asia/Riyadh');
  });

  it('takes the zone given, spelled as the runtime spells it, and keeps it on an edit without one', async () => {
    const res = await addLocation(saudi, { timeZone: 'asia/muscat' });
    expect(res.status, res.text).toBe(201);
    const rec = res.body.data as Rec;
    expect(rec.timeZone).toBe('Asia/Muscat');
    const { id, version, name, countryId, cityId, latitude, longitude } = rec;
    const edited = await call('POST', '/api/master/addlist', admin, {
      type: 'location',
      id,
      version,
      name,
      countryId,
      cityId,
      address: 'Moved desk',
      latitude,
      longitude,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.timeZone).toBe('Asia/Muscat');
    // Moved to another country without a zone: that country's.
    const moved = await call('POST', '/api/master/addlist', admin, {
      type: 'location',
      id,
      version: edited.body.data.version,
      name,
      countryId: oman.countryId,
      cityId: oman.cityId,
      address: null,
      latitude,
      longitude,
    });
    expect(moved.body.data.timeZone).toBe('Asia/Muscat');
    const back = await call('POST', '/api/master/addlist', admin, {
      type: 'location',
      id,
      version: moved.body.data.version,
      name,
      countryId: saudi.countryId,
      cityId: saudi.cityId,
      address: null,
      latitude,
      longitude,
    });
    expect(back.body.data.timeZone).toBe('Asia/Riyadh');
  });

  it('refuses what is not a zone with 422 and a field error, in both languages', async () => {
    for (const timeZone of ['Mars/Olympus', '+04:00', 'GST', '', 'Asia/Muscat; drop table', 'x'.repeat(80)]) {
      const res = await addLocation(oman, { timeZone });
      expect(res.status, `${timeZone}: ${res.text}`).toBe(422);
      expect(res.body.errors.timeZone).toBe('Choose one from the list, e.g. Asia/Muscat');
    }
    const ar = await call(
      'POST',
      '/api/master/addlist',
      admin,
      {
        type: 'location',
        name: { en: 'Bad zone', ar: 'منطقة خاطئة' },
        countryId: oman.countryId,
        cityId: oman.cityId,
        latitude: 1,
        longitude: 1,
        timeZone: 12,
      },
      { lang: 'ar' },
    );
    expect(ar.status).toBe(422);
    expect(ar.body.errors.timeZone).toBe('اختر قيمة من القائمة، مثل Asia/Muscat');
  });

  it("is in the pickers' options, the list and the CSV export", async () => {
    const opts = await call('GET', `/api/master/list?type=location&cityId=${oman.cityId}`, provider);
    expect(opts.status, opts.text).toBe(200);
    const items = opts.body.data as { id: number; timeZone: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const o of items) expect(o.timeZone).toBe('Asia/Muscat');
    const list = await call(
      'GET',
      `/api/master/listwithpagination?type=location&cityId=${oman.cityId}`,
      admin,
    );
    for (const r of list.body.data.items as Rec[]) expect(r.timeZone).toBe('Asia/Muscat');
    const csv = await call('GET', `/api/export/location?cityId=${oman.cityId}`, admin);
    expect(csv.text).toContain('Time zone');
    expect(csv.text).toContain('Asia/Muscat');
  });
});

describe("an event on its venue's clock", () => {
  it("stores the instant entered on the venue's clock and answers the venue's zone everywhere", async () => {
    const venue = await addLocation(oman);
    const template = (await call('GET', '/api/event?pageSize=10', provider)).body.data.items[0] as Rec;
    // 18:00 in Muscat (GMT+4) is 14:00 UTC.
    const res = await call('POST', '/api/event', provider, {
      title: { en: 'Muscat evening', ar: 'أمسية مسقط' },
      description: { en: 'At the venue clock.', ar: 'بتوقيت المكان.' },
      categoryId: template.categoryId,
      countryId: oman.countryId,
      cityId: oman.cityId,
      locationId: venue.body.data.id,
      startsAt: '2027-02-10T18:00:00+04:00',
      endsAt: '2027-02-10T21:30:00+04:00',
      price: 5000,
      capacity: 40,
    });
    expect(res.status, res.text).toBe(201);
    const event = res.body.data as Rec;
    expect([event.timeZone, event.startsAt, event.endsAt]).toEqual([
      'Asia/Muscat',
      '2027-02-10T14:00:00.000Z',
      '2027-02-10T17:30:00.000Z',
    ]);
    // The end is compared as an instant: 17:00 Riyadh time is before 18:00 Muscat time.
    const before = await call('PUT', `/api/event/${event.id}`, provider, {
      ...Object.fromEntries(
        ['title', 'description', 'categoryId', 'countryId', 'cityId', 'locationId', 'price', 'capacity'].map(
          (k) => [k, event[k]],
        ),
      ),
      version: event.version,
      startsAt: '2027-02-10T18:00:00+04:00',
      endsAt: '2027-02-10T17:00:00+03:00',
    });
    expect(before.status, before.text).toBe(422);
    expect(Object.keys(before.body.errors)).toEqual(['endsAt']);
    const got = await call('GET', `/api/event/${event.id}`, admin);
    expect(got.body.data.timeZone).toBe('Asia/Muscat');
    const csv = await call('GET', `/api/export/event?q=${encodeURIComponent('Muscat evening')}`, admin);
    expect(csv.text).toContain('Asia/Muscat');

    // The venue's zone changes: the event follows it (the instant stays).
    const v = venue.body.data as Rec;
    const rezoned = await call('POST', '/api/master/addlist', admin, {
      type: 'location',
      ...Object.fromEntries(
        ['id', 'version', 'name', 'countryId', 'cityId', 'address', 'latitude', 'longitude'].map((k) => [
          k,
          v[k],
        ]),
      ),
      timeZone: 'Asia/Dubai',
    });
    expect(rezoned.status, rezoned.text).toBe(200);
    const after = await call('GET', `/api/event/${event.id}`, admin);
    expect([after.body.data.timeZone, after.body.data.startsAt]).toEqual(['Asia/Dubai', event.startsAt]);
  });

  it("bookings, their details and the provider's dashboard carry the event's venue zone", async () => {
    const bookings = (await call('GET', '/api/booking?pageSize=25', admin)).body.data.items as Rec[];
    expect(bookings.length).toBeGreaterThan(0);
    for (const b of bookings) {
      const event = (await call('GET', `/api/event/${b.eventId}`, admin)).body.data as Rec;
      expect(b.eventTimeZone).toBe(event.timeZone);
    }
    const details = await call('GET', `/api/booking/details/${bookings[0]!.id}`, admin);
    expect(details.status, details.text).toBe(200);
    expect(details.body.data.event.timeZone).toBe(bookings[0]!.eventTimeZone);
    const dashboard = await call('GET', '/api/serviceproviderDashboard', provider);
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.data.upcomingEvents.length).toBeGreaterThan(0);
    for (const e of dashboard.body.data.upcomingEvents as Rec[]) {
      const event = (await call('GET', `/api/event/${e.id}`, provider)).body.data as Rec;
      expect(e.timeZone).toBe(event.timeZone);
    }
  });
});

describe('the migration', () => {
  it("gives existing venues their country's zone, and leaves the others on the platform's", async () => {
    const file = path.resolve(__dirname, '../../server/db/migrations/0015_venue_time_zones.sql');
    const handWritten = readFileSync(file, 'utf8').split('-- hand-written')[1]!;
    const statement = handWritten
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n');
    // As before the migration: every venue on the column's default.
    await t.db.db.update(locations).set({ timeZone: 'Asia/Riyadh' });
    await t.db.db.execute(sql.raw(statement));
    const rows = await t.db.db
      .select({ iso: countries.isoCode, zone: locations.timeZone })
      .from(locations)
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .innerJoin(countries, eq(countries.id, cities.countryId));
    const expected: Record<string, string> = {
      OM: 'Asia/Muscat',
      SA: 'Asia/Riyadh',
      AE: 'Asia/Dubai',
      ZZ: 'Asia/Riyadh',
    };
    const seen = new Set<string>();
    for (const r of rows) {
      if (expected[r.iso]) expect(`${r.iso} ${r.zone}`).toBe(`${r.iso} ${expected[r.iso]}`);
      seen.add(r.iso);
    }
    expect([...seen]).toEqual(expect.arrayContaining(['OM', 'SA', 'AE']));
  });
});
