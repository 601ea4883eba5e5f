/** The active countries as dropdown options (location and city forms). */
import { eq, sql } from 'drizzle-orm';
import { countryApi } from '../../src/contract/areas/country';
import { countries } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';

export const countryOption = {
  id: countries.id,
  name: countries.name,
  isoCode: countries.isoCode,
  dialCode: countries.dialCode,
};

export const registerCountryRoutes = (app: App) => {
  route(app, countryApi.masterCountry, async ({ deps }) => ({
    message: smsg('loaded'),
    data: await deps.db
      .select(countryOption)
      .from(countries)
      .where(eq(countries.active, true))
      .orderBy(sql`lower(${countries.name}->>'en')`),
  }));
};
