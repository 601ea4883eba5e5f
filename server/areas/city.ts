import { eq, sql } from 'drizzle-orm';
import { cityResource } from '../../src/contract/areas/city';
import { cities, countries, locations, serviceProviders } from '../db/schema';
import { fieldError } from '../core/errors';
import { smsg } from '../core/messages';
import { cityUsage } from './master-owners';
import { yesNo } from './category';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

export const cityImpl = implement(cityResource, {
  table: cities,
  columns: {
    id: cities.id,
    version: cities.version,
    updatedAt: cities.updatedAt,
    name: cities.name,
    active: cities.active,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({ c: cities, countryName: countries.name, ...extra })
        .from(cities)
        .innerJoin(countries, eq(countries.id, cities.countryId))
        .$dynamic(),
    ),
  toRecord: ({ c, countryName }) => ({
    id: c.id,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    name: c.name,
    countryId: c.countryId,
    countryName,
    active: c.active,
  }),
  sort: {
    name: (lang) => textOf(cities.name, lang),
    country: (lang) => textOf(countries.name, lang),
    active: () => cities.active,
    createdAt: () => cities.createdAt,
    updatedAt: () => cities.updatedAt,
  },
  search: [enText(cities.name), arText(cities.name), enText(countries.name), arText(countries.name)],
  filters: (f) => [
    f.countryId === undefined ? undefined : eq(cities.countryId, f.countryId),
    f.active === undefined ? undefined : eq(cities.active, f.active),
  ],
  values: (input) => ({ name: input.name, countryId: input.countryId, active: input.active }),
  async check(tx, input) {
    const [country] = await tx
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, input.countryId));
    if (!country) throw fieldError('countryId', smsg('unknownCountry'));
  },
  addedBy: { column: cities.createdBy, usedByOthers: cityUsage },
  references: [
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(locations)
            .where(eq(locations.cityId, id))
        )[0]!.n,
      message: (n) => smsg('usedByLocations', { n }),
    },
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(serviceProviders)
            .where(eq(serviceProviders.cityId, id))
        )[0]!.n,
      message: (n) => smsg('cityUsedByProviders', { n }),
    },
  ],
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Country', ar: 'الدولة' }, value: (r, lang) => r.countryName[lang] },
    { header: { en: 'Active', ar: 'نشط' }, value: (r, lang) => yesNo(r.active, lang) },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});
