import { i18n } from '@lingui/core';
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

/** Loads the compiled catalog of `language` and activates it. */
export async function activateLanguage(language: Language = DEFAULT_LANGUAGE): Promise<void> {
  const { messages } = await import(`../locales/${language}/messages.po`);
  i18n.loadAndActivate({ locale: language, locales: FORMAT_LOCALES[language], messages });
  applyDocumentLanguage(language);
}

export { i18n };
