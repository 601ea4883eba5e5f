import { eq, sql } from 'drizzle-orm';
import { locationResource } from '../../src/contract/areas/location';
import { PLATFORM_TIME_ZONE } from '../../src/contract/plain';
import { canonicalTimeZone, countryTimeZone } from '../../src/contract/time-zones';
import { cities, countries, events, locations } from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { locationUsage } from './master-owners';
import { yesNo } from './category';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

export const locationImpl = implement(locationResource, {
  table: locations,
  columns: {
    id: locations.id,
    version: locations.version,
    updatedAt: locations.updatedAt,
    name: locations.name,
    active: locations.active,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({
          l: locations,
          cityName: cities.name,
          countryId: countries.id,
          countryName: countries.name,
          ...extra,
        })
        .from(locations)
        .innerJoin(cities, eq(cities.id, locations.cityId))
        .innerJoin(countries, eq(countries.id, cities.countryId))
        .$dynamic(),
    ),
  toRecord: ({ l, cityName, countryId, countryName }) => ({
    id: l.id,
    version: l.version,
    createdAt: l.createdAt.toISOString(),
    updatedAt: l.updatedAt.toISOString(),
    name: l.name,
    countryId,
    countryName,
    cityId: l.cityId,
    cityName,
    address: l.address,
    latitude: l.latitude,
    longitude: l.longitude,
    timeZone: l.timeZone,
    active: l.active,
  }),
  option: (r) => ({ id: r.id, name: r.name, timeZone: r.timeZone }),
  sort: {
    name: (lang) => textOf(locations.name, lang),
    city: (lang) => textOf(cities.name, lang),
    country: (lang) => textOf(countries.name, lang),
    active: () => locations.active,
    createdAt: () => locations.createdAt,
    updatedAt: () => locations.updatedAt,
  },
  search: [
    enText(locations.name),
    arText(locations.name),
    locations.address,
    enText(cities.name),
    arText(cities.name),
  ],
  filters: (f) => [
    f.countryId === undefined ? undefined : eq(cities.countryId, f.countryId),
    f.cityId === undefined ? undefined : eq(locations.cityId, f.cityId),
    f.active === undefined ? undefined : eq(locations.active, f.active),
  ],
  values: (input) => ({
    name: input.name,
    cityId: input.cityId,
    address: input.address,
    latitude: input.latitude,
    longitude: input.longitude,
    // Always set by `check` (absent: the stored zone or the country's).
    timeZone: canonicalTimeZone(input.timeZone ?? '') ?? PLATFORM_TIME_ZONE,
    active: input.active,
  }),
  async check(tx, input, _ctx, existing) {
    const [city] = await tx
      .select({ countryId: cities.countryId, isoCode: countries.isoCode })
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(eq(cities.id, input.cityId));
    if (!city) throw fieldError('cityId', smsg('unknownCity'));
    // No zone given: an edit in the same country keeps the stored one, else the country's.
    input.timeZone ??=
      existing && existing.countryId === city.countryId ? existing.timeZone : countryTimeZone(city.isoCode);
    if (city.countryId !== input.countryId) {
      const [country] = await tx
        .select({ id: countries.id })
        .from(countries)
        .where(eq(countries.id, input.countryId));
      throw country
        ? fieldError('cityId', smsg('cityNotInCountry'))
        : fieldError('countryId', smsg('unknownCountry'));
    }
  },
  addedBy: { column: locations.createdBy, usedByOthers: locationUsage },
  references: [
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(events)
            .where(eq(events.locationId, id))
        )[0]!.n,
      message: (n) => smsg('usedByEvents', { n }),
    },
  ],
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Country', ar: 'الدولة' }, value: (r, lang) => r.countryName[lang] },
    { header: { en: 'City', ar: 'المدينة' }, value: (r, lang) => r.cityName[lang] },
    { header: { en: 'Address', ar: 'العنوان' }, value: (r) => r.address },
    { header: { en: 'Latitude', ar: 'خط العرض' }, value: (r) => r.latitude },
    { header: { en: 'Longitude', ar: 'خط الطول' }, value: (r) => r.longitude },
    { header: { en: 'Time zone', ar: 'المنطقة الزمنية' }, value: (r) => r.timeZone },
    { header: { en: 'Active', ar: 'نشط' }, value: (r, lang) => yesNo(r.active, lang) },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});
