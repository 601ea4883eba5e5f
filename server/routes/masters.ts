/** Dropdown data of the configuration masters, the location defaults and category icon uploads. */
import { randomBytes } from 'node:crypto';
import { and, asc, avg, count, desc, eq, sql } from 'drizzle-orm';
import { categoryApi } from '../../src/contract/areas/category';
import { cityApi } from '../../src/contract/areas/city';
import { countryApi } from '../../src/contract/areas/country';
import { locationApi } from '../../src/contract/areas/location';
import { cities, countries, locations } from '../db/schema';
import { fieldError, tooLarge } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { sniffImage } from './images';
import { MAX_IMAGE_BYTES } from './session';

/** The default country of location forms (when active; else the first active country). */
export const DEFAULT_COUNTRY_ISO = 'SA';

const countryOption = {
  id: countries.id,
  name: countries.name,
  isoCode: countries.isoCode,
  dialCode: countries.dialCode,
};
const cityOption = { id: cities.id, name: cities.name, countryId: cities.countryId };

export const registerMasterRoutes = (app: App) => {
  route(app, countryApi.masterCountry, async ({ deps }) => ({
    message: smsg('loaded'),
    data: await deps.db
      .select(countryOption)
      .from(countries)
      .where(eq(countries.active, true))
      .orderBy(sql`lower(${countries.name}->>'en')`),
  }));

  route(app, cityApi.masterCity, async ({ deps, query }) => ({
    message: smsg('loaded'),
    data: await deps.db
      .select(cityOption)
      .from(cities)
      .innerJoin(countries, eq(countries.id, cities.countryId))
      .where(and(eq(cities.countryId, query.countryId), eq(cities.active, true), eq(countries.active, true)))
      .orderBy(sql`lower(${cities.name}->>'en')`),
  }));

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

  route(app, categoryApi.categoryIcon, async ({ deps, files }) => {
    const list = files.file ?? [];
    const file = list[0];
    if (!file || file.size === 0 || list.length > 1) throw fieldError('file', smsg('fileRequired'));
    if (file.size > MAX_IMAGE_BYTES) throw tooLarge(smsg('imageTooBig'), { file: smsg('imageTooBig') });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) throw fieldError('file', smsg('imageType'));
    const key = `category-icons/${randomBytes(18).toString('base64url')}.${type.ext}`;
    await deps.storage.put(key, bytes);
    return { message: smsg('iconSaved'), data: { path: `uploads/${key}` } };
  });
};
