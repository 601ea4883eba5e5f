import { z } from 'zod';
import { id, localized } from '../common';
import { endpoint, ok, signedIn } from '../http';
import { boolParam, defineResource, idParam, localizedText, recordOf } from '../resource';
import { masterPaths, masterTag } from './master';

export const cityResource = defineResource({
  key: 'city',
  columns: ['name', 'country', 'active', 'updatedAt'],
  tag: masterTag,
  permission: 'city',
  paths: masterPaths,
  discriminator: { field: 'type', value: 'city' },
  record: recordOf({
    name: localizedText,
    countryId: z.number().int(),
    countryName: localizedText,
    active: z.boolean(),
  }),
  input: z.strictObject({
    name: localized(100),
    countryId: id,
    active: z.boolean().default(true),
  }),
  filters: z.strictObject({ countryId: idParam.optional(), active: boolParam.optional() }),
  sort: ['name', 'country', 'active', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'name', order: 'asc' },
  searchIn: 'the English and Arabic names of the city and of its country',
});

export const cityOption = z.object({
  id: z.number().int(),
  name: localizedText,
  countryId: z.number().int(),
});

export const cityApi = {
  masterCity: endpoint({
    method: 'GET',
    path: '/api/master/city',
    summary: 'Dropdown data: the active cities of an active country (`countryId` required), by English name.',
    tag: masterTag,
    access: signedIn,
    query: z.strictObject({ countryId: id }),
    response: ok(z.array(cityOption)),
  }),
} as const;
