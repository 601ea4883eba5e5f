/** The active cities of a country as dropdown options (location forms). */
import { and, eq, sql } from 'drizzle-orm';
import { cityApi } from '../../src/contract/areas/city';
import { cities, countries } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';

export const cityOption = { id: cities.id, name: cities.name, countryId: cities.countryId };

export const registerCityRoutes = (app: App) => {
  route(app, cityApi.masterCity, async ({ deps, query }) => ({
    message: smsg('loaded'),
    data: await deps.db
      .select(cityOption)
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(and(eq(cities.countryId, query.countryId), eq(cities.active, true), eq(countries.active, true)))
      .orderBy(sql`lower(${cities.name}->>'en')`),
  }));
};
