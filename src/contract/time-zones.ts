/**
 * Venues' time zones (docs/decisions/0026-venue-time-zones-and-date-pickers.md): each location has an
 * IANA zone; an event's times are entered and shown on its venue's clock, with the zone named
 * ("18:00 Muscat (GMT+4)"). No dependency: the server, the contract's schemas and the screens share it.
 */
import { PLATFORM_TIME_ZONE } from './plain';

/**
 * The zone of a new location by its country's ISO code, where the country has one zone (the
 * platform's region); any other country starts from PLATFORM_TIME_ZONE and the zone is chosen.
 * The migration that added `locations.time_zone` filled existing rows from this same table.
 */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  SA: 'Asia/Riyadh',
  AE: 'Asia/Dubai',
  QA: 'Asia/Qatar',
  KW: 'Asia/Kuwait',
  BH: 'Asia/Bahrain',
  OM: 'Asia/Muscat',
  YE: 'Asia/Aden',
  IQ: 'Asia/Baghdad',
  JO: 'Asia/Amman',
  SY: 'Asia/Damascus',
  LB: 'Asia/Beirut',
  PS: 'Asia/Gaza',
  EG: 'Africa/Cairo',
  SD: 'Africa/Khartoum',
  LY: 'Africa/Tripoli',
  TN: 'Africa/Tunis',
  DZ: 'Africa/Algiers',
  MA: 'Africa/Casablanca',
  TR: 'Europe/Istanbul',
  IR: 'Asia/Tehran',
  PK: 'Asia/Karachi',
  IN: 'Asia/Kolkata',
  GB: 'Europe/London',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
};

/** The default zone of a location in the country with this ISO code. */
export const countryTimeZone = (isoCode: string | null | undefined): string =>
  (isoCode && COUNTRY_TIME_ZONES[isoCode.toUpperCase()]) || PLATFORM_TIME_ZONE;

/**
 * The canonical spelling of an IANA zone name ("asia/muscat" → "Asia/Muscat"), or null when this
 * runtime does not know the zone. Offsets such as "+04:00" and abbreviations are refused: a venue's
 * clock follows its region's rules (daylight saving included).
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(trimmed) && trimmed !== 'UTC') return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
    // An alias stays as written (runtimes differ on "Asia/Kolkata" and "Asia/Calcutta").
    return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
  } catch {
    return null;
  }
}
