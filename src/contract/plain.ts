/**
 * The zod-free part of the contract: constants, path building, money formatting and the method and
 * path of the calls the sign-in screens make. The app's first loads (the login page and the signed-in
 * dashboard, docs/decisions/0010-signed-in-first-load.md) import this module and `routes.gen.ts` instead of the whole contract, so that
 * zod and the schemas load only once a screen needs them (a form, a list). The schemas' modules
 * import these values, so there is still one description of each.
 */
import type { Access, AnyEndpoint, HttpMethod } from './http';

/** Languages of the product (docs/product.md §9): English is the default and the source language. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * `door`: a door-only account (docs/decisions/0055-the-door.md), with `checkin` alone: it belongs to
 * one service provider (`users.provider_id`, as supervisors do) or to none (staff's own), and reaches
 * the doors of the events it is assigned to.
 */
export const ROLES = ['admin', 'manager', 'serviceprovider', 'door'] as const;
export type Role = (typeof ROLES)[number];

/** The role whose users own records (their profile, documents, supervisors…). */
export const OWNER_ROLE = 'serviceprovider';

/** Section permissions (docs/product.md §6); the database holds the role → permission table. */
export const PERMISSIONS = [
  'dashboard',
  'service_provider',
  'serviceprovider',
  'configuration',
  'country',
  'city',
  'category',
  'location',
  'event_manager',
  'event',
  'advertisement_manager',
  'advertisement',
  'supervisor',
  'user_manager',
  'usermanager',
  'notification',
  'booking',
  'page_manager',
  'pages',
  'checkin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Fills `:name` segments of a path. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  // An absent parameter drops its segment with its slash; the path's own trailing slash stays
  // (product paths such as /api/dashboard/ and /api/users/approve/ differ from their slashless twins).
  path.replace(/\/:([A-Za-z_]+)\??/g, (_, name: string) => {
    const value = params?.[name];
    return value === undefined ? '' : `/${encodeURIComponent(String(value))}`;
  }) || '/';

/** Method, path and access of the calls of the sign-in screens (the endpoints in auth.ts spread them). */
export const plainRoutes = {
  login: { method: 'POST', path: '/api/login', access: { kind: 'public' } },
  setLanguage: { method: 'POST', path: '/api/set-language', access: { kind: 'session', permission: null } },
} as const;

/**
 * What a call needs of an endpoint (method, path, access, idempotency), typed as the contract's
 * endpoint `E` without its schemas: `call(routes.dashboard)` answers the dashboard's response type.
 */
export interface RouteRef<E extends AnyEndpoint = AnyEndpoint> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly idempotent?: boolean;
  /** Type only: never set. */
  readonly endpoint?: E;
}

/* ---------------------------------------------------------------------- money */

/**
 * Money is stored and sent as whole minor units (halalas) with its currency: 15000 is 150.00 SAR.
 */
export const CURRENCY = 'SAR' as const;
export const MINOR_PER_MAJOR = 100;

/**
 * The locales numbers and dates are written in (docs/product.md §1, one digit system per language):
 * Arabic in Arabic-Indic digits on the Gregorian calendar (plain `ar` writes Latin digits in current
 * browsers and in Node, and `ar-SA` alone switches to the Hijri calendar), English as `en`. The app
 * formats with these (src/app/i18n.ts), and so do the server's messages, mails and door verdicts.
 */
export const FORMAT_LOCALE: Record<Language, string> = { en: 'en', ar: 'ar-SA-u-ca-gregory' };

const countFormats = new Map<Language, Intl.NumberFormat>();
/**
 * A count or other number in a sentence, in the language's digits: `formatCount(158, 'ar')` → "١٥٨".
 * Grouped from five digits on (12,345), so that a year or a four-digit number reads as written.
 */
export const formatCount = (n: number, lang: Language): string => {
  let format = countFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(FORMAT_LOCALE[lang], { useGrouping: 'min2', maximumFractionDigits: 2 });
    countFormats.set(lang, format);
  }
  return format.format(n);
};

// Building an Intl formatter costs far more than using one (a dashboard formats dozens of sums).
const moneyFormats = new Map<Language, Intl.NumberFormat>();

/** Formats minor units for people: `formatMoney(15000, 'ar')` → "١٥٠٫٠٠ ر.س.‏". */
export const formatMoney = (minor: number, lang: Language): string => {
  let format = moneyFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'ar' ? FORMAT_LOCALE.ar : 'en-SA', {
      style: 'currency',
      currency: CURRENCY,
    });
    moneyFormats.set(lang, format);
  }
  return format.format(minor / MINOR_PER_MAJOR);
};

/** The header search's shortest query. */
export const SEARCH_MIN = 2;

/** The route of an endpoint: what routes.gen.ts holds of it (scripts/generate-routes.ts). */
export const routeOf = ({ method, path, access, idempotent }: RouteRef): RouteRef => ({
  method,
  path,
  access,
  ...(idempotent ? { idempotent } : {}),
});

/**
 * The platform's time zone: the venues' clock (docs/product.md §9, "One time zone rule" in §2).
 * Event times are entered and shown on it, with its name; calendar figures follow it.
 */
export const PLATFORM_TIME_ZONE = 'Asia/Riyadh';
