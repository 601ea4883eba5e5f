import { z } from 'zod';
import { id, localized } from '../common';
import { endpoint, ok, signedIn } from '../http';
import { msg } from '../messages';
import { boolParam, defineResource, idParam, localizedText, recordOf } from '../resource';
import { cityOption } from './city';
import { countryOption } from './country';
import { masterPaths, masterTag } from './master';
import { timeZoneName } from './values';

/** An IANA zone name ("Asia/Muscat"); the server stores it as the runtime spells it. */
const timeZone = timeZoneName;

export const locationResource = defineResource({
  key: 'location',
  columns: ['name', 'city', 'country', 'timeZone', 'address', 'coordinates', 'active', 'updatedAt'],
  tag: masterTag,
  permission: 'location',
  paths: masterPaths,
  discriminator: { field: 'type', value: 'location' },
  record: recordOf({
    name: localizedText,
    countryId: z.number().int(),
    countryName: localizedText,
    cityId: z.number().int(),
    cityName: localizedText,
    address: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    /** The venue's IANA time zone: its events' times are on this clock. */
    timeZone: z.string(),
    active: z.boolean(),
  }),
  input: z.strictObject({
    name: localized(100),
    /** The country picked first in the cascade: the city must belong to it. */
    countryId: id,
    cityId: id,
    address: z
      .string()
      .trim()
      .max(300, msg('maxChars', { n: 300 }))
      .nullable()
      .default(null),
    latitude: z
      .number({ error: msg('latitude') })
      .min(-90, msg('latitude'))
      .max(90, msg('latitude')),
    longitude: z
      .number({ error: msg('longitude') })
      .min(-180, msg('longitude'))
      .max(180, msg('longitude')),
    /** Absent: the country's zone where it has one (COUNTRY_TIME_ZONES), else the platform's. */
    timeZone: timeZone.optional(),
    active: z.boolean().default(true),
  }),
  filters: z.strictObject({
    countryId: idParam.optional(),
    cityId: idParam.optional(),
    active: boolParam.optional(),
  }),
  sort: ['name', 'city', 'country', 'active', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'name', order: 'asc' },
  searchIn: 'the English and Arabic names, the address and the city name',
  notes: {
    create:
      "countryId and cityId must match (the city belongs to the country), else 422. timeZone is an IANA name (Asia/Muscat); absent, the country's zone where it has one, else Asia/Riyadh.",
  },
  optionFields: { timeZone: z.string() },
});

const initialLocation = z.object({
  country: countryOption.nullable(),
  city: cityOption.nullable(),
  /** Map centre: the mean of the default city's locations (null when it has none). */
  center: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  zoom: z.number().int(),
});

export const locationApi = {
  initialLocation: endpoint({
    method: 'GET',
    path: '/api/getInitialLocation',
    summary:
      'Defaults of location forms, from the data: the country (ISO SA when active, else the first active), its city with the most active locations, and the map centre.',
    tag: masterTag,
    access: signedIn,
    response: ok(initialLocation),
  }),
} as const;
