/**
 * The demo's masters (server/seed/demo-data.ts): categories, countries, their cities and the
 * locations in them, from the tables of demo-places.ts.
 */
import { countryTimeZone } from '../../src/contract/time-zones';
import type { Tx } from '../db/client';
import { categories, cities, countries, locations } from '../db/schema';
import { l, type Ago } from './demo-basics';
import { CATEGORIES, COUNTRIES, LOCATIONS_PER_CITY, STREETS, VENUES } from './demo-places';

/** The demo's cities in COUNTRIES' order, with their country's index and dial code. */
const citySeedsOf = () =>
  COUNTRIES.flatMap((c, ci) =>
    c.cities.map(([en, ar, lat, lng]) => ({ name: l(en, ar), countryIdx: ci, lat, lng, dial: c.dial })),
  );
export type CitySeed = ReturnType<typeof citySeedsOf>[number];

/** The locations of each city: LOCATIONS_PER_CITY of them, after its venues and streets. */
const locationsOf = (citySeeds: CitySeed[], cts: { id: number }[], ago: Ago) =>
  citySeeds.flatMap((c, ci) =>
    Array.from({ length: LOCATIONS_PER_CITY[ci] ?? 0 }, (_, k) => {
      const venue = VENUES[(ci + k) % VENUES.length]!;
      const street = STREETS[(ci * 3 + k) % STREETS.length]!;
      return {
        name: l(`${c.name.en} ${venue.en}`, `${venue.ar} - ${c.name.ar}`),
        cityId: cts[ci]!.id,
        address: `${street.en} ${10 + ((ci * 7 + k * 13) % 90)}, ${c.name.en}`,
        latitude: Math.round((c.lat + ((k % 3) - 1) * 0.021 + k * 0.004) * 1e6) / 1e6,
        longitude: Math.round((c.lng + ((k % 4) - 1.5) * 0.017) * 1e6) / 1e6,
        // The country's zone: Oman's venues are on Muscat's clock (GMT+4), Saudi ones on Riyadh's.
        timeZone: countryTimeZone(COUNTRIES[c.countryIdx]!.iso),
        active: (ci + k) % 11 !== 5,
        createdAt: ago(180 - ci - k),
        updatedAt: ago(60 - (ci % 30)),
      };
    }),
  );

/** Inserts the masters; the categories' and cities' ids, and the cities as seeded. */
export const insertMasters = async (tx: Tx, ago: Ago) => {
  const cats = await tx
    .insert(categories)
    .values(
      CATEGORIES.map((name, i) => ({
        name,
        active: i !== 11,
        sortOrder: (i + 1) * 10,
        createdAt: ago(200 - i),
        updatedAt: ago(100 - i),
      })),
    )
    .returning({ id: categories.id });
  const ctrs = await tx
    .insert(countries)
    .values(
      COUNTRIES.map((c, i) => ({
        name: c.name,
        isoCode: c.iso,
        dialCode: c.dial,
        active: c.active,
        createdAt: ago(210 - i),
        updatedAt: ago(150 - i),
      })),
    )
    .returning({ id: countries.id });
  const citySeeds = citySeedsOf();
  const cts = await tx
    .insert(cities)
    .values(
      citySeeds.map((c, i) => ({
        name: c.name,
        countryId: ctrs[c.countryIdx]!.id,
        active: COUNTRIES[c.countryIdx]!.active && i !== 9,
        createdAt: ago(205 - i),
        updatedAt: ago(120 - i),
      })),
    )
    .returning({ id: cities.id });
  await tx.insert(locations).values(locationsOf(citySeeds, cts, ago));
  return { cats, cts, citySeeds };
};
