/**
 * A recorded value of the audit trail as the reader reads it (src/resources/AuditTrail.tsx): money as
 * money, times on the reader's clock, numbers in the language's digits, a fixed value by its word.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FORMAT_LOCALE, formatMoney } from '@/contract/plain';
import { dateTime, localizedText } from './cells';
import type { RenderContext } from './types';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
/** Amounts recorded in minor units (halalas), shown as money. */
const MONEY_FIELDS = new Set(['price', 'unitPrice', 'total']);

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
