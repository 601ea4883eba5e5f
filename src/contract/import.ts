import { z } from 'zod';
import { bulkJob } from './bulk';
import { endpoint, ok, type AnyEndpoint } from './http';
import type { Resource } from './resource';
import { resources, type ResourceKey } from './areas';

/**
 * Import (docs/decisions/0073-import-from-files.md): a CSV or .xlsx file brought into any area that
 * can create, driven by the area's own declaration. The fields a file may fill are derived from the
 * area's create schema (a localised text is two columns, English and Arabic); their labels, the
 * references resolved by name and the keys that make a row an update are named once here, by field
 * name, for every area. `POST /api/<key>/import` answers the dry run's report, or the report and the
 * bulk job that creates (or updates) each valid row through the area's create (or update).
 */

/** The bulk job's action of an import (its rows run the create endpoint's rules). */
export const IMPORT_ACTION = 'import';
/** Rows of the dry run's answer shown as they will be saved. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Refused rows listed in a report at most (the count says how many there are). */
export const IMPORT_REFUSALS_MAX = 1000;

type Label = { en: string; ar: string };

/** The label of each field name the areas' create schemas use, in both languages. */
const LABELS: Record<string, Label> = {
  name: { en: 'Name', ar: 'الاسم' },
  title: { en: 'Title', ar: 'العنوان' },
  description: { en: 'Description', ar: 'الوصف' },
  businessName: { en: 'Business name', ar: 'الاسم التجاري' },
  icon: { en: 'Icon', ar: 'الأيقونة' },
  active: { en: 'Active', ar: 'نشط' },
  sortOrder: { en: 'Order', ar: 'الترتيب' },
  isoCode: { en: 'ISO code', ar: 'رمز ISO' },
  dialCode: { en: 'Dial code', ar: 'رمز الاتصال' },
  countryId: { en: 'Country', ar: 'الدولة' },
  cityId: { en: 'City', ar: 'المدينة' },
  categoryId: { en: 'Category', ar: 'الفئة' },
  locationId: { en: 'Venue', ar: 'المكان' },
  providerId: { en: 'Service provider', ar: 'مقدم الخدمة' },
  eventId: { en: 'Event', ar: 'الفعالية' },
  address: { en: 'Address', ar: 'العنوان التفصيلي' },
  latitude: { en: 'Latitude', ar: 'خط العرض' },
  longitude: { en: 'Longitude', ar: 'خط الطول' },
  timeZone: { en: 'Time zone', ar: 'المنطقة الزمنية' },
  email: { en: 'E-mail', ar: 'البريد الإلكتروني' },
  phone: { en: 'Phone', ar: 'الهاتف' },
  contactPhone: { en: 'Contact phone', ar: 'هاتف التواصل' },
  role: { en: 'Role', ar: 'الدور' },
  startsAt: { en: 'Starts', ar: 'يبدأ' },
  endsAt: { en: 'Ends', ar: 'ينتهي' },
  startsOn: { en: 'Starts on', ar: 'يبدأ في' },
  endsOn: { en: 'Ends on', ar: 'ينتهي في' },
  price: { en: 'Price', ar: 'السعر' },
  capacity: { en: 'Capacity', ar: 'السعة' },
  image: { en: 'Image', ar: 'الصورة' },
  coverImage: { en: 'Cover image', ar: 'صورة الغلاف' },
  notifyGuests: { en: 'Notify guests', ar: 'إشعار الضيوف' },
  targetType: { en: 'Target', ar: 'الهدف' },
  url: { en: 'Link', ar: 'الرابط' },
  placement: { en: 'Placement', ar: 'الموضع' },
  customerName: { en: 'Customer name', ar: 'اسم العميل' },
  customerEmail: { en: 'Customer e-mail', ar: 'بريد العميل' },
  customerPhone: { en: 'Customer phone', ar: 'هاتف العميل' },
  tickets: { en: 'Tickets', ar: 'التذاكر' },
  notes: { en: 'Notes', ar: 'ملاحظات' },
  language: { en: 'Language', ar: 'اللغة' },
};

/** How a reference field names its record in a file: the area it points at and the text that names it. */
export interface ImportReference {
  resource: ResourceKey;
  /** `name`: an English or Arabic name; `email`; `title`: a title, optionally followed by the date (YYYY-MM-DD). */
  by: 'name' | 'email' | 'title';
}

const REFERENCES: Record<string, ImportReference> = {
  countryId: { resource: 'country', by: 'name' },
  cityId: { resource: 'city', by: 'name' },
  categoryId: { resource: 'category', by: 'name' },
  locationId: { resource: 'location', by: 'name' },
  providerId: { resource: 'serviceprovider', by: 'email' },
  eventId: { resource: 'event', by: 'title' },
};

/** Fields that identify an existing record: a row whose key matches one updates it. */
const KEYS = ['isoCode', 'email', 'slug'];

type ImportKind = 'text' | 'number' | 'boolean' | 'enum';

export interface ImportField {
  /** `name.en`, `name.ar`, `countryId`…: the mapping's and the errors' key. */
  key: string;
  /** The create body's field it fills, and its language for a localised text. */
  field: string;
  lang?: 'en' | 'ar';
  label: Label;
  kind: ImportKind;
  required: boolean;
  /** An empty cell is sent as null (a field that may be empty but has no default). */
  nullable?: true;
  options?: readonly string[];
  ref?: ImportReference;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: z.ZodRawShape; entries?: object };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under its wrappers, and whether a value may be left out. */
const unwrap = (schema: z.ZodType): { inner: z.ZodType; required: boolean; nullable: boolean } => {
  let s = schema;
  let required = true;
  let nullable = false;
  for (;;) {
    const def = defOf(s);
    if (['optional', 'default', 'nullable', 'prefault'].includes(def.type)) required = false;
    if (def.type === 'nullable') nullable = true;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return { inner: s, required, nullable };
  }
};

const shapeOf = (schema: z.ZodType) => defOf(unwrap(schema).inner).shape ?? {};

/** The fields a file may fill for a resource, derived from its create schema; null when it cannot create. */
export const importFieldsOf = (resource: Resource): ImportField[] | null => {
  if (!resource.endpoints.create) return null;
  const out: ImportField[] = [];
  for (const [field, schema] of Object.entries(shapeOf(resource.createBody))) {
    if (field === resource.discriminator?.field) continue;
    const { inner, required, nullable } = unwrap(schema as z.ZodType);
    const def = defOf(inner);
    const label = LABELS[field] ?? { en: field, ar: field };
    if (def.type === 'object') {
      for (const lang of ['en', 'ar'] as const)
        out.push({
          key: `${field}.${lang}`,
          field,
          lang,
          label: {
            en: `${label.en} (${lang === 'en' ? 'English' : 'Arabic'})`,
            ar: `${label.ar} (${lang === 'en' ? 'بالإنجليزية' : 'بالعربية'})`,
          },
          kind: 'text',
          required,
        });
      continue;
    }
    if (def.type === 'array') continue;
    const ref = REFERENCES[field];
    const kind: ImportKind = ref
      ? 'text'
      : def.type === 'number'
        ? 'number'
        : def.type === 'boolean'
          ? 'boolean'
          : def.type === 'enum'
            ? 'enum'
            : 'text';
    out.push({
      key: field,
      field,
      label,
      kind,
      required,
      ...(nullable ? { nullable: true as const } : {}),
      ...(kind === 'enum' ? { options: Object.values(def.entries ?? {}) as string[] } : {}),
      ...(ref ? { ref } : {}),
    });
  }
  return out;
};

/** The fields that can identify an existing record of a resource (its update key, chosen in the mapping). */
export const importKeysOf = (resource: Resource) =>
  resource.endpoints.update
    ? (importFieldsOf(resource) ?? []).filter((f) => KEYS.includes(f.key)).map((f) => f.key)
    : [];

/** The area keys that import: every one that can create. */
export const importable = resources.filter((r) => importFieldsOf(r) !== null);

const cellErrors = z.record(z.string(), z.string());

const importReport = z.object({
  /** The file's header row, as written. */
  headers: z.array(z.string()),
  /** Field key → the header it is read from (the kept or matched one unless sent). */
  mapping: z.record(z.string(), z.string()),
  /** The field whose value finds the record a row updates, if any. */
  key: z.string().nullable(),
  total: z.number().int(),
  valid: z.number().int(),
  refused: z.number().int(),
  /** Of the valid rows, how many update a record (found by the key). */
  updates: z.number().int(),
  /** The first rows as they will be saved: each field's text, and each refused cell's reason. */
  preview: z.array(
    z.object({
      line: z.number().int(),
      values: z.record(z.string(), z.string()),
      update: z.boolean(),
      errors: cellErrors,
    }),
  ),
  /** Refused rows (at most IMPORT_REFUSALS_MAX): the file's line and the reason per field (`_row` for the row). */
  refusals: z.array(z.object({ line: z.number().int(), errors: cellErrors })),
});
export type ImportReport = z.infer<typeof importReport>;

const importBody = z.strictObject({
  /** JSON: `{ "<field key>": "<header>" }`; left out, the kept mapping or the headers' labels. */
  mapping: z.string().max(20_000).optional(),
  /** The field key of the update key (`importKeysOf`), or empty for creates only. */
  key: z.string().max(100).optional(),
  dryRun: z.enum(['true', 'false']).default('true'),
});

const importEndpointOf = (resource: Resource): AnyEndpoint => {
  const keys = importKeysOf(resource);
  return endpoint({
    method: 'POST',
    path: `/api/${resource.key}/import`,
    summary: `Import ${resource.key} records from a CSV (any of , ; tab |, UTF-8 with or without BOM) or .xlsx file (multipart field "file"; at most IMPORT_MAX_MB, default 20 MB, and IMPORT_MAX_ROWS rows, default 100,000). Fields: ${importFieldsOf(
      resource,
    )!
      .map((f) => f.key)
      .join(
        ', ',
      )}. dryRun=true (default) answers the report: every row mapped, validated and its references resolved, nothing written. dryRun=false answers the report and a bulk job (201) that creates each valid row through the create endpoint's rules${keys.length ? ` (or updates the record whose ${keys.join(' / ')} matches, when that key is chosen)` : ''}; follow it with GET /api/bulk/{id}, undo it with POST /api/undo { token: "bulk-<id>" }. A broken file answers 422 naming the line.`,
    tag: 'Import',
    access: resource.endpoints.create!.access,
    multipart: true,
    files: ['file'],
    bodyLimit: 'import',
    body: importBody,
    response: ok(z.object({ report: importReport, job: bulkJob.nullable() })),
  });
};

export const importEndpoints = Object.fromEntries(
  importable.map((r) => [r.key, importEndpointOf(r)]),
) as Partial<Record<ResourceKey, AnyEndpoint>>;

export const importApi = Object.fromEntries(
  Object.entries(importEndpoints).map(([key, e]) => [`${key}Import`, e]),
) as Record<`${ResourceKey}Import`, AnyEndpoint>;
