import { z } from 'zod';
import { localized } from '../common';
import { endpoint, ok, signedIn } from '../http';
import { msg } from '../messages';
import { boolParam, defineResource, localizedText, recordOf } from '../resource';
import { masterPaths, masterTag } from './master';

export const countryResource = defineResource({
  key: 'country',
  columns: ['name', 'isoCode', 'dialCode', 'active', 'updatedAt'],
  tag: masterTag,
  permission: 'country',
  paths: masterPaths,
  discriminator: { field: 'type', value: 'country' },
  record: recordOf({
    name: localizedText,
    isoCode: z.string(),
    dialCode: z.string(),
    active: z.boolean(),
  }),
  input: z.strictObject({
    name: localized(100),
    isoCode: z
      .string({ error: msg('isoCode') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, msg('isoCode')),
    dialCode: z
      .string({ error: msg('dialCode') })
      .trim()
      .regex(/^\+[1-9][0-9]{0,3}$/, msg('dialCode')),
    active: z.boolean().default(true),
  }),
  filters: z.strictObject({ active: boolParam.optional() }),
  sort: ['name', 'isoCode', 'dialCode', 'active', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'name', order: 'asc' },
  searchIn: 'the English and Arabic names, the ISO code and the dialling code',
});

export const countryOption = z.object({
  id: z.number().int(),
  name: localizedText,
  isoCode: z.string(),
  dialCode: z.string(),
});

export const countryApi = {
  masterCountry: endpoint({
    method: 'GET',
    path: '/api/master/country',
    summary: 'Dropdown data: every active country (id, name, ISO code, dialling code), by English name.',
    tag: masterTag,
    access: signedIn,
    response: ok(z.array(countryOption)),
  }),
} as const;
