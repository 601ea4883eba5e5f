import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/contract/plain';

/** Names of the languages in their own script (never translated: a reader looks for their own). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/** The manifest of each language (src/app/manifest.ts MANIFEST_FILES; a copy keeps its words off this bundle). */
export const MANIFEST_HREFS: Record<Language, string> = {
  en: `${import.meta.env.BASE_URL}manifest.webmanifest`,
  ar: `${import.meta.env.BASE_URL}manifest-ar.webmanifest`,
};

/**
 * `<html lang dir>` follow the language (docs/product.md §2, docs/architecture.md §6), and so does the
 * linked manifest: an Arabic reader installs the Arabic app (same id, so never a second app).
 */
export function applyDocumentLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (manifest && manifest.getAttribute('href') !== MANIFEST_HREFS[language])
    manifest.setAttribute('href', MANIFEST_HREFS[language]);
}

/**
 * Formatting locales (numbers, dates): Arabic uses Arabic-Indic digits and the Gregorian calendar
 * (plain `ar` formats with Latin digits in current browsers, `ar-SA` alone switches to the Hijri
 * calendar), the same digits as the money amounts (contract `formatMoney`).
 */
export const FORMAT_LOCALES: Record<Language, string[]> = { en: ['en'], ar: ['ar-SA-u-ca-gregory', 'ar'] };

/**
 * Catalogs of screens that load with those screens, not with the app (lingui.config.ts,
 * docs/decisions/0058-the-door-catalog-loads-with-the-door.md): the door's, and the profile's
 * account parts'.
 */
export type ScreenCatalog = 'door' | 'account';
/** The screens' catalogs asked for so far: every language activated from then on loads them too. */
const screensWanted = new Set<ScreenCatalog>();
const screenMessages = async (name: ScreenCatalog, language: Language) =>
  (await import(`../locales/${language}/${name}.po`)).messages as Messages;
/** The activation under way, if any: a screen's catalog waits for it to know the language. */
let activating: Promise<void> = Promise.resolve();

/** Loads the compiled catalog of `language`, and of the screens' catalogs asked for, and activates it. */
export function activateLanguage(language: Language = DEFAULT_LANGUAGE): Promise<void> {
  const wanted = [...screensWanted];
  activating = (async () => {
    const [{ messages }, ...screens] = await Promise.all([
      import(`../locales/${language}/messages.po`),
      ...wanted.map((name) => screenMessages(name, language)),
    ]);
    i18n.loadAndActivate({
      locale: language,
      locales: FORMAT_LOCALES[language],
      messages: Object.assign({}, messages as Messages, ...screens),
    });
    applyDocumentLanguage(language);
  })();
  return activating;
}

/**
 * Adds a screen's catalog in the language active once any activation under way is done (and in
 * every language activated from now on).
 */
export async function loadScreenCatalog(name: ScreenCatalog): Promise<void> {
  screensWanted.add(name);
  // An activation that began before this asked did not load it: wait for it, then load it.
  await activating.catch(() => undefined);
  const language = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  i18n.load(language, await screenMessages(name, language));
}

export { i18n };
