import type { ScreenCatalog } from './i18n';

/**
 * The catalog a signed-in screen needs (docs/decisions/0069-the-shell-catalog.md): the shell's for
 * the dashboard (the app's root, `pathname` as the router reads it, without its base), every
 * screen's for any other.
 */
export const signedInCatalog = (pathname: string): ScreenCatalog =>
  pathname === '/' || pathname === '' ? 'shell' : 'messages';
