import './zod-config';
import { z } from 'zod';
import { msg } from './messages';
import { LANGUAGES } from './plain';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './plain';
export const language = z.enum(LANGUAGES);

/** Localised texts are stored and served as `{ en, ar }` (docs/architecture.md §3). */
export const localized = (max = 200) =>
  z.strictObject({
    en: z
      .string()
      .trim()
      .min(1, msg('required'))
      .max(max, msg('maxChars', { n: max })),
    ar: z
      .string()
      .trim()
      .min(1, msg('required'))
      .max(max, msg('maxChars', { n: max })),
  });
export type Localized = { en: string; ar: string };

export const email = z
  .string({ error: msg('required') })
  .trim()
  .toLowerCase()
  .min(1, msg('required'))
  .max(254, msg('maxChars', { n: 254 }))
  .pipe(z.email({ error: msg('invalidEmail') }));

/** Phone numbers: digits with an optional leading +, spaces and dashes allowed while typing. */
export const phone = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, msg('invalidPhone'))
  .transform((v) => v.replace(/[ -]/g, ''));

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
export const password = z
  .string({ error: msg('required') })
  .min(PASSWORD_MIN, msg('minChars', { n: PASSWORD_MIN }))
  .max(PASSWORD_MAX, msg('maxChars', { n: PASSWORD_MAX }));

const OTP_LENGTH = 6;
export const otp = z
  .string({ error: msg('invalidOtp') })
  .trim()
  .regex(new RegExp(`^[0-9]{${OTP_LENGTH}}$`), msg('invalidOtp'));

/** The largest id or version: they are int4 columns. A larger one can match no row: it is refused, not sent to the database. */
export const INT4_MAX = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(INT4_MAX);
export const version = z.number().int().nonnegative().max(INT4_MAX);
