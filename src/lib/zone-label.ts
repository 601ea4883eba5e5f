/**
 * A time zone named for people: its city and its offset at an instant ("Muscat (GMT+4)"), in the
 * reader's language (docs/decisions/0026-venue-time-zones-and-date-pickers.md). Apart from zoned.ts
 * (the form's conversions): the lists and dashboards need only this.
 */
import { zoneCity } from '@/contract/zone-names';

/**
 * The zone's offset at an instant as the locale writes it ("GMT+4", "غرينتش+٤"; "GMT" for UTC).
 * `locales`: the formatting locales of the UI language (FORMAT_LOCALES in src/app/i18n.ts).
 */
export function zoneOffsetName(instant: Date, timeZone: string, locales: string | string[]): string {
  try {
    return (
      new Intl.DateTimeFormat(locales, { timeZone, timeZoneName: 'shortOffset' })
        .formatToParts(instant)
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

/** "Muscat (GMT+4)", "مسقط (غرينتش+٤)": the zone named by its city, with its offset at that instant. */
export function zoneLabel(
  instant: Date,
  timeZone: string,
  language: 'en' | 'ar',
  locales: string | string[],
): string {
  const offset = zoneOffsetName(instant, timeZone, locales);
  const city = zoneCity(timeZone, language);
  return offset ? `${city} (${offset})` : city;
}
