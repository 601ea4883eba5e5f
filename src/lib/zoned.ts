/**
 * Wall-clock times of one time zone (an event's venue's, docs/decisions/0026-venue-time-zones-and-date-pickers.md,
 * or the viewer's for a moment), for the date-time inputs: what the input shows is the venue's time whatever the zone of the
 * device, and what is sent is an ISO instant with that zone's offset.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The names browsers and Node still report for some devices' zones (ICU keeps IANA's old names)
 * → today's: a viewer's clock is named as IANA names it now.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

/** A zone as IANA names it today ("Asia/Calcutta" → "Asia/Kolkata"). */
const currentZoneName = (zone: string): string => RENAMED[zone] ?? zone;

/**
 * The viewer's clock: the device's zone (a moment such as a notification's send time is entered
 * and shown on it, docs/decisions/0031-venue-days-and-viewer-moments.md); UTC if the runtime names none.
 */
export function viewerTimeZone(): string {
  return currentZoneName(new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** The zone's offset at an instant, in minutes east of UTC (+180 for Riyadh). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** An ISO instant → `YYYY-MM-DDTHH:mm` on the zone's clock ('' for nothing or an invalid value). */
export function toZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * `YYYY-MM-DDTHH:mm` on the zone's clock → `YYYY-MM-DDTHH:mm:00+03:00`. Anything else is returned
 * as it is, for the schema to refuse with its own message.
 */
export function fromZonedInput(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // The offset of the instant itself (zones with daylight saving change it during the year).
  const guess = zoneOffsetMinutes(new Date(asUtc), timeZone);
  const offset = zoneOffsetMinutes(new Date(asUtc - guess * 60_000), timeZone);
  return `${value}:00${offsetText(offset)}`;
}
