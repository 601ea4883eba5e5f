/**
 * How the audit trail reads (src/resources/AuditTrail.tsx): a field by its label, a recorded value as
 * the reader reads it (money as money, times on the reader's clock, numbers in the language's digits,
 * a fixed value by its word), and each area's words for both.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FORMAT_LOCALE, formatMoney } from '@/contract/plain';
import { dateTime, localizedText } from './cells';
import type { AreaConfig, RenderContext } from './types';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** Amounts recorded in minor units (halalas), shown as money. */
const MONEY_FIELDS = new Set(['price', 'unitPrice', 'total']);

/** Labels of fields every area shares, and of the trail's own (areas add theirs). */
const COMMON_LABELS: Record<string, MessageDescriptor> = {
  id: msg`ID`,
  name: msg`Name`,
  title: msg`Title`,
  description: msg`Description`,
  status: msg`Status`,
  statusReason: msg`Reason`,
  active: msg`Active`,
  featured: msg`Featured`,
  price: msg`Price`,
  capacity: msg`Capacity`,
  email: msg`Email`,
  phone: msg`Phone`,
  role: msg`Role`,
  password: msg`Password`,
  language: msg`Language`,
  createdAt: msg`Created`,
  createdBy: msg`Added by`,
  startsAt: msg`Starts`,
  endsAt: msg`Ends`,
  paymentStatus: msg`Payment status`,
  paidAt: msg`Paid at`,
  tickets: msg`Tickets`,
  total: msg`Total`,
  images: msg`Images`,
  coverImage: msg`Cover image`,
  profileImage: msg`Profile image`,
  businessName: msg`Business name`,
  fileName: msg`Document`,
  providerId: msg`Service provider`,
  userId: msg`User`,
  eventId: msg`Event`,
  sortOrder: msg`Sort order`,
};

/** A field's label: its area's, else one every area shares, else its name. */
export const fieldLabel = (field: string, labels: Record<string, MessageDescriptor>, ctx: RenderContext) => {
  const label = labels[field] ?? COMMON_LABELS[field];
  return label ? ctx.i18n._(label) : field;
};

/** The words of a field's fixed values (a status's "Approved" for `approved`), by field. */
export type ValueLabels = Record<string, Record<string, MessageDescriptor>>;

/** A recorded value as the reader reads it. */
export function shownValue(value: unknown, ctx: RenderContext, field = '', values: ValueLabels = {}): string {
  const { i18n, language } = ctx;
  if (value === null || value === undefined || value === '') return '—';
  const word = typeof value === 'string' ? values[field]?.[value] : undefined;
  if (word) return i18n._(word);
  if (typeof value === 'number' && MONEY_FIELDS.has(field)) return formatMoney(value, language);
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`);
  if (typeof value === 'number') return value.toLocaleString(FORMAT_LOCALE[language]);
  if (typeof value === 'string') return ISO_TIME.test(value) ? dateTime(value, ctx) : value;
  if (Array.isArray(value)) return value.map((v) => shownValue(v, ctx, field, values)).join(', ') || '—';
  if (typeof value === 'object' && value && 'en' in value && 'ar' in value)
    return localizedText(value as { en: string; ar: string }, language) || '—';
  return JSON.stringify(value);
}

/** An area's words for the trail: its fields' labels, and the words of their fixed values. */
export interface AreaWords {
  labels: Record<string, MessageDescriptor>;
  values: ValueLabels;
}

/**
 * The words of an area's fields on its trail: the form's labels, and a fixed value as the form and
 * the filters say it (a status's word, not its code; the filters' for fields the form does not
 * edit, such as an event's status).
 */
export const areaWords = (area: Pick<AreaConfig, 'fields' | 'filters'>): AreaWords => {
  const labels: Record<string, MessageDescriptor> = Object.fromEntries(
    area.fields.filter((field) => !field.createOnly).map((field) => [field.name, field.label]),
  );
  const values: ValueLabels = {};
  for (const { name, options } of [
    ...(area.filters ?? []).flatMap((f) =>
      f.kind === 'select' ? [{ name: f.key, options: f.options }] : [],
    ),
    ...area.fields.flatMap((f) =>
      f.kind === 'select' || f.kind === 'multiselect' ? [{ name: f.name, options: f.options }] : [],
    ),
  ])
    values[name] = Object.fromEntries(options.map((option) => [option.value, option.label]));
  return { labels, values };
};
