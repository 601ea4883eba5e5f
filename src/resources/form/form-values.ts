/** Form values ↔ what the contract's schemas read and what the inputs show. */
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { msg, PLATFORM_TIME_ZONE, type Resource } from '@/contract';
import { fromZonedInput, toZonedInput, viewerTimeZone } from '@/lib/zoned';
import type { AreaField } from '../types';

/** Messages of zod's own checks (a missing value, a wrong type) in the contract's words. */
export const formErrorMap = (issue: { code?: string; input?: unknown }): string => {
  const { input } = issue;
  const empty =
    input === undefined ||
    input === null ||
    input === '' ||
    (typeof input === 'number' && Number.isNaN(input));
  return empty ? msg('required') : msg('invalidValue');
};

/** The schema of the form: create's body (without the discriminator) or the update's input. */
export function formSchema(resource: Resource, mode: 'create' | 'edit'): z.ZodObject {
  if (mode === 'edit') return resource.input;
  const disc = resource.discriminator?.field;
  return disc ? resource.createBody.omit({ [disc]: true } as never) : resource.createBody;
}

/** Form values → what the schema reads: empty inputs become null (nullable) or missing. */
export function normalizeValues(
  fields: readonly AreaField[],
  values: FieldValues,
  /**
   * The clock of a date-time field (src/resources/form/venue-zone.ts): its venue's zone, else the
   * platform's until a venue is chosen; a moment (no venue) on the viewer's clock.
   */
  zoneOf: (field: AreaField) => string = (field) =>
    field.kind === 'datetime' && !field.venue ? viewerTimeZone() : PLATFORM_TIME_ZONE,
): FieldValues {
  const out: FieldValues = { ...values };
  for (const field of fields) {
    const value = out[field.name];
    if (field.when && !field.when(values)) {
      // Not asked: the schema's default (null, an empty list) applies.
      out[field.name] = undefined;
      continue;
    }
    const blank = value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value));
    switch (field.kind) {
      case 'datetime':
        out[field.name] = blank ? undefined : fromZonedInput(String(value), zoneOf(field));
        continue;
      case 'money':
        out[field.name] = blank ? undefined : typeof value === 'number' ? Math.round(value * 100) : value;
        continue;
      case 'gallery':
        if (!out[field.cover]) out[field.cover] = null;
        continue;
      case 'multireference':
        out[field.name] = Array.isArray(value) ? value.map(Number) : [];
        continue;
      case 'multiselect':
        out[field.name] = Array.isArray(value) ? value : [];
        continue;
    }
    if (!blank) continue;
    const nullable = 'nullable' in field && field.nullable;
    if (field.kind === 'image' || nullable) out[field.name] = null;
    else if (
      field.kind === 'reference' ||
      field.kind === 'number' ||
      field.kind === 'select' ||
      field.kind === 'date' ||
      field.kind === 'timezone'
    )
      out[field.name] = undefined;
  }
  return out;
}

/** A field's value when its input is left empty. */
const emptyOf = (field: AreaField): unknown => {
  switch (field.kind) {
    case 'localized':
    case 'richtext':
      return { en: '', ar: '' };
    case 'multireference':
    case 'multiselect':
    case 'gallery':
    case 'links':
      return [];
    default:
      return '';
  }
};

/**
 * The fields marked required before Save (docs/decisions/0081-one-control-family.md §4), derived from
 * what refuses them on Save: the form's schema, given each field left empty as Save would send it
 * (normalizeValues). A yes/no box always has a value, and is never marked.
 */
export function requiredFields(schema: z.ZodObject, fields: readonly AreaField[]): Set<string> {
  const blank = normalizeValues(fields, Object.fromEntries(fields.map((f) => [f.name, emptyOf(f)])));
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  return new Set(
    fields
      .filter((f) => f.kind !== 'boolean' && !('readOnly' in f && f.readOnly))
      .filter((f) => shape[f.name] && !shape[f.name]!.safeParse(blank[f.name]).success)
      .map((f) => f.name),
  );
}

/** The record's values of the schema's keys that no field of the form holds (kept on update). */
export function keptValues(
  schema: z.ZodObject,
  fields: readonly AreaField[],
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!record) return {};
  const held = new Set(fields.flatMap((f) => (f.kind === 'gallery' ? [f.name, f.cover] : [f.name])));
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((key) => !held.has(key) && key in record && key !== 'version')
      .map((key) => [key, record[key]]),
  );
}

/**
 * The input a server field error belongs on: the field itself, one language of a localized field,
 * a row of a link list (`links.2.url`); a gallery's errors (`images.3`, the cover) go on the gallery.
 * Null: no input of this form (shown above the form).
 */
export function errorTarget(fields: readonly AreaField[], name: string): string | null {
  for (const field of fields) {
    if (field.kind === 'gallery' && (name === field.cover || name.startsWith(`${field.name}.`)))
      return field.name;
    if (name === field.name) return name;
    if (!name.startsWith(`${field.name}.`)) continue;
    if (field.kind === 'localized' || field.kind === 'richtext')
      return name === `${field.name}.en` || name === `${field.name}.ar` ? name : field.name;
    if (field.kind === 'links')
      return /^\d+\.(url|name\.(en|ar))$/.test(name.slice(field.name.length + 1)) ? name : field.name;
    return field.name;
  }
  return null;
}

/** Initial values: the record's (edit) or empty ones (create), as the inputs show them. */
export function initialValues(
  fields: readonly AreaField[],
  record: Record<string, unknown> | undefined,
  extra: Record<string, unknown> = {},
): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    const stored = record?.[field.name] ?? extra[field.name];
    switch (field.kind) {
      case 'localized':
      case 'richtext':
        values[field.name] = stored ?? { en: '', ar: '' };
        break;
      case 'boolean':
        values[field.name] = stored ?? true;
        break;
      case 'image':
        values[field.name] = stored ?? null;
        break;
      case 'number':
        values[field.name] = stored ?? '';
        break;
      case 'money':
        values[field.name] = typeof stored === 'number' ? stored / 100 : '';
        break;
      case 'datetime':
        // The record's venue's clock (its `timeZone`), else the platform's; a moment: the viewer's.
        values[field.name] = toZonedInput(
          typeof stored === 'string' ? stored : null,
          !field.venue
            ? viewerTimeZone()
            : typeof record?.timeZone === 'string'
              ? record.timeZone
              : PLATFORM_TIME_ZONE,
        );
        break;
      case 'gallery':
        values[field.name] = Array.isArray(stored) ? stored : [];
        values[field.cover] = record?.[field.cover] ?? null;
        break;
      case 'multireference':
      case 'multiselect':
        values[field.name] = Array.isArray(stored) ? stored.map(String) : [];
        break;
      case 'links':
        values[field.name] = Array.isArray(stored) ? stored : [];
        break;
      case 'reference':
      case 'select':
        values[field.name] = stored === undefined || stored === null ? '' : String(stored);
        break;
      default:
        values[field.name] = stored ?? '';
    }
  }
  return values;
}
