import { z } from 'zod';
import { msg } from '../messages';
import { canonicalTimeZone } from '../time-zones';

export { CURRENCY, MINOR_PER_MAJOR, PLATFORM_TIME_ZONE } from '../plain';

/**
 * Values shared by the event, advertisement, booking and dashboard areas.
 *
 * Money is stored and sent as whole minor units (halalas) with its currency (plain.ts). Calendar figures (today, this week, this month, per day) follow the platform's time zone; the
 * week starts on Sunday.
 */
/** 0 = Sunday. */
export const WEEK_STARTS_ON = 0;

/**
 * An instant with its offset: `2026-12-01T18:00:00+03:00` or `…Z`; at most 40 characters (the
 * format allows any number of fractional digits).
 */
export const dateTime = z.iso
  .datetime({ offset: true, error: msg('invalidDateTime') })
  .max(40, msg('invalidDateTime'));
/**
 * A calendar date `YYYY-MM-DD`; as a list's `from` / `to` filter, inclusive days in the platform's
 * time zone.
 */
export const dateOnly = z.iso.date({ error: msg('invalidDate') });

/**
 * An IANA zone name ("Asia/Muscat"): a location's zone, or a list's `tz`, the viewer's clock on
 * which its `from` / `to` days are counted (docs/decisions/0031-venue-days-and-viewer-moments.md).
 * Offsets ("+05:30") and names the runtime does not know are refused (422).
 */
export const timeZoneName = z
  .string({ error: msg('timeZone') })
  .trim()
  .max(64, msg('timeZone'))
  .refine((name) => canonicalTimeZone(name) !== null, msg('timeZone'));

/** An `https://` address (no other scheme, no credentials), at most 500 characters. */
export const httpsUrl = z
  .string()
  .trim()
  .max(500, msg('maxChars', { n: 500 }))
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' && !!u.hostname && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: msg('httpsUrl') },
  );

/** An uploaded image of an area, as answered by its upload endpoint (`uploads/<folder>/<key>.<ext>`). */
export const imagePath = (folder: string) =>
  z
    .string()
    .regex(new RegExp(`^uploads/${folder}/[A-Za-z0-9_-]{8,128}\\.(png|jpg|webp)$`), msg('invalidImagePath'));

/** The answer of an image upload. */
export const uploadedImage = z.object({ path: z.string() });
