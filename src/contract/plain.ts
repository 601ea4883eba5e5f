/**
 * The zod-free part of the contract: constants, path building and the method and path of the calls
 * the sign-in screens make. The app's first load (the login page, issue 8) imports this module
 * instead of the whole contract, so that zod and the schemas load only once they are needed. The
 * schemas' modules import these values, so there is still one description of each.
 */

/** Languages of the product (SPEC §9): English is the default and the source language. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const ROLES = ['admin', 'manager', 'serviceprovider'] as const;
export type Role = (typeof ROLES)[number];

/** Section permissions (SPEC §6); the database holds the role → permission table. */
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Fills `:name` segments of a path. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  // An absent parameter drops its segment with its slash; the path's own trailing slash stays
  // (SPEC paths such as /api/dashboard/ and /api/users/approve/ differ from their slashless twins).
  path.replace(/\/:([A-Za-z_]+)\??/g, (_, name: string) => {
    const value = params?.[name];
    return value === undefined ? '' : `/${encodeURIComponent(String(value))}`;
  }) || '/';

/** Method, path and access of the calls of the sign-in screens (the endpoints in auth.ts spread them). */
export const plainRoutes = {
  login: { method: 'POST', path: '/api/login', access: { kind: 'public' } },
  setLanguage: { method: 'POST', path: '/api/set-language', access: { kind: 'session', permission: null } },
} as const;
