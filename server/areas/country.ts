import { eq, sql } from 'drizzle-orm';
import { countryResource } from '../../src/contract/areas/country';
import { cities, countries } from '../db/schema';
import { smsg } from '../core/messages';
import { countryUsage } from './master-owners';
import { yesNo } from './category';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';

export const countryImpl = implement(countryResource, {
  table: countries,
  columns: {
    id: countries.id,
    version: countries.version,
    updatedAt: countries.updatedAt,
    name: countries.name,
    active: countries.active,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({ c: countries, ...extra })
        .from(countries)
        .$dynamic(),
    ),
  toRecord: ({ c }) => ({
    id: c.id,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    name: c.name,
    isoCode: c.isoCode,
    dialCode: c.dialCode,
    active: c.active,
  }),
  sort: {
    name: (lang) => textOf(countries.name, lang),
    isoCode: () => countries.isoCode,
    dialCode: () => countries.dialCode,
    active: () => countries.active,
    createdAt: () => countries.createdAt,
    updatedAt: () => countries.updatedAt,
  },
  search: [enText(countries.name), arText(countries.name), countries.isoCode, countries.dialCode],
  filters: (f) => [f.active === undefined ? undefined : eq(countries.active, f.active)],
  values: (input) => ({
    name: input.name,
    isoCode: input.isoCode,
    dialCode: input.dialCode,
    active: input.active,
  }),
  unique: { countries_iso_code_key: { field: 'isoCode', message: smsg('isoTaken') } },
  addedBy: { column: countries.createdBy, usedByOthers: countryUsage },
  references: [
    {
      count: async (tx, id) =>
        (
          await tx
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(cities)
            .where(eq(cities.countryId, id))
        )[0]!.n,
      message: (n) => smsg('usedByCities', { n }),
    },
  ],
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'ISO code', ar: 'رمز ISO' }, value: (r) => r.isoCode },
    { header: { en: 'Dialling code', ar: 'رمز الاتصال' }, value: (r) => r.dialCode },
    { header: { en: 'Active', ar: 'نشط' }, value: (r, lang) => yesNo(r.active, lang) },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});
