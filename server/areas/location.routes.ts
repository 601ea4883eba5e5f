/** The defaults of a new location's form: country, city and map centre. */
import { and, asc, avg, count, desc, eq, sql } from 'drizzle-orm';
import { locationApi } from '../../src/contract/areas/location';
import { cities, countries, locations } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { cityOption } from './city.routes';
import { countryOption } from './country.routes';

/** The default country of location forms (when active; else the first active country). */
const DEFAULT_COUNTRY_ISO = 'SA';

export const registerLocationRoutes = (app: App) => {
  route(app, locationApi.initialLocation, async ({ deps }) => {
    const { db } = deps;
    const [country] = await db
      .select(countryOption)
      .from(countries)
      .where(eq(countries.active, true))
      .orderBy(desc(sql`${countries.isoCode} = ${DEFAULT_COUNTRY_ISO}`), asc(countries.id))
      .limit(1);
    const [city] = country
      ? await db
          .select({ ...cityOption, n: count(locations.id) })
          .from(cities)
          .leftJoin(locations, and(eq(locations.cityId, cities.id), eq(locations.active, true)))
          .where(and(eq(cities.countryId, country.id), eq(cities.active, true)))
          .groupBy(cities.id)
          .orderBy(desc(count(locations.id)), asc(cities.id))
          .limit(1)
      : [];
    const [centre] = city
      ? await db
          .select({
            latitude: avg(locations.latitude).mapWith(Number),
            longitude: avg(locations.longitude).mapWith(Number),
          })
          .from(locations)
          .where(and(eq(locations.cityId, city.id), eq(locations.active, true)))
      : [];
    const hasCentre = centre && Number.isFinite(centre.latitude) && city && city.n > 0;
    return {
      message: smsg('loaded'),
      data: {
        country: country ?? null,
        city: city ? { id: city.id, name: city.name, countryId: city.countryId } : null,
        center: hasCentre ? { latitude: centre.latitude, longitude: centre.longitude } : null,
        zoom: hasCentre ? 11 : country ? 5 : 2,
      },
    };
  });
};
