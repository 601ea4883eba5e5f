import { z } from 'zod';
import { localized } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { boolParam, defineResource, localizedText, recordOf } from '../resource';
import { masterPaths, masterTag } from './master';

/** An uploaded category icon, as answered by POST /api/master/category/icon. */
const CATEGORY_ICON_PATH = /^uploads\/category-icons\/[A-Za-z0-9_-]{8,128}\.(png|jpg|webp)$/;

export const categoryResource = defineResource({
  key: 'category',
  columns: ['name', 'sortOrder', 'active', 'updatedAt'],
  tag: masterTag,
  permission: 'category',
  paths: masterPaths,
  discriminator: { field: 'type', value: 'category' },
  record: recordOf({
    name: localizedText,
    icon: z.string().nullable(),
    active: z.boolean(),
    sortOrder: z.number().int(),
  }),
  input: z.strictObject({
    name: localized(100),
    icon: z.string().regex(CATEGORY_ICON_PATH, msg('invalidImagePath')).nullable().default(null),
    active: z.boolean().default(true),
    sortOrder: z
      .number({ error: msg('sortOrder') })
      .int(msg('sortOrder'))
      .min(0, msg('sortOrder'))
      .max(9999, msg('sortOrder'))
      .default(0),
  }),
  filters: z.strictObject({ active: boolParam.optional() }),
  sort: ['sortOrder', 'name', 'active', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'sortOrder', order: 'asc' },
  searchIn: 'the English and Arabic names',
  notes: {
    create: 'The icon is the `path` answered by POST /api/master/category/icon (or null).',
  },
});

export const categoryApi = {
  categoryIcon: endpoint({
    method: 'POST',
    path: '/api/master/category/icon',
    summary:
      'Upload a category icon (multipart field "file": JPEG, PNG or WebP up to 5 MB, type checked from the content). Answers the `path` to put in the category\'s `icon`.',
    tag: masterTag,
    access: needs('category'),
    multipart: true,
    files: ['file'],
    response: ok(z.object({ path: z.string() })),
    successStatus: 201,
  }),
} as const;
