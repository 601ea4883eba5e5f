/** How the app writes a stored value for a reader: texts in two languages, moments. */
import type { I18n } from '@lingui/core';
import type { Language, Localized } from '@/contract';

/** A `{ en, ar }` text in the reader's language (the other one when empty). */
export const localizedText = (value: Localized | null | undefined, language: Language): string =>
  value ? value[language] || value.en || value.ar : '';

/**
 * A date and time in the UI language, on the viewer's clock, labelled with its zone ("GMT+4"):
 * bookings, history and updates (docs/product.md §2, "One time zone rule").
 */
export const dateTime = (iso: string | null | undefined, ctx: { i18n: I18n }): string =>
  iso
    ? ctx.i18n.date(new Date(iso), {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
    : '—';
