import { i18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, FORMAT_LOCALE, formatCount, LANGUAGES, type Language } from '@/contract/plain';

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
 * Formatting locales (numbers, dates): the contract's (`FORMAT_LOCALE`, Arabic-Indic digits on the
 * Gregorian calendar in Arabic), the same as the money amounts and the server's messages.
 */
export const FORMAT_LOCALES: Record<Language, string[]> = {
  en: [FORMAT_LOCALE.en],
  ar: [FORMAT_LOCALE.ar, 'ar'],
};

/**
 * A number given to a message's plain placeholder (`t\`${done} done\``) is written in the language's
 * digits, as plurals and the server's messages write theirs (docs/product.md §1, one digit system):
 * Lingui prints such a value as it is. It stays a number to plural, select-ordinal and number
 * formats, which read it as one.
 */
const inDigits = (value: number): unknown => ({
  [Symbol.toPrimitive]: (hint: string) =>
    hint === 'number' ? value : formatCount(value, isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE),
});
const withDigits = (values: Record<string, unknown> | undefined) =>
  values &&
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'number' ? inDigits(value) : value,
    ]),
  );
const translate = i18n._.bind(i18n);
i18n._ = ((id: string | MessageDescriptor, values?: Record<string, unknown>, options?: MessageOptions) =>
  typeof id === 'string'
    ? translate(id, withDigits(values), options)
    : translate({ ...id, values: withDigits(id.values) })) as typeof i18n._;

/**
 * The catalogs (lingui.config.ts, docs/decisions/0066-the-sign-in-catalog.md,
 * docs/decisions/0069-the-shell-catalog.md): the app loads `signin`, the signed-out screens'
 * messages, until it is signed in; then `shell`, the signed-in shell's and the dashboard's, for the
 * dashboard, and `messages`, every screen's (it holds all of `signin`'s and `shell`'s), for any other
 * screen; the door's and the profile's account parts' load with those screens
 * (docs/decisions/0058-the-door-catalog-loads-with-the-door.md).
 */
export type ScreenCatalog = 'signin' | 'shell' | 'messages' | 'door' | 'account';
/** Every screen's catalog holds the sign-in screens' and the shell's: with it they are not fetched. */
const coveredByAll = (name: ScreenCatalog) => name === 'signin' || name === 'shell';
/** The catalogs asked for so far: every language activated from then on loads them too. */
const wanted = new Set<ScreenCatalog>();
/** The catalogs loading or loaded, by language and name: each is fetched and added once. */
const loads = new Map<string, Promise<void>>();
const loadCatalog = (name: ScreenCatalog, language: Language): Promise<void> => {
  const key = `${language}/${name}`;
  let load = loads.get(key);
  if (!load) {
    load = import(`../locales/${language}/${name}.po`).then(({ messages }: { messages: Messages }) =>
      i18n.load(language, messages),
    );
    // A catalog that failed to arrive is fetched again when next asked for.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
};
/** The activation under way, if any: a screen's catalog waits for it to know the language. */
let activating: Promise<void> = Promise.resolve();

/**
 * Asks for `name` with every language activated from now on, without loading it yet: main.tsx asks
 * for every screen's catalog before the first activation of a signed-in visit.
 */
export const wantCatalog = (name: ScreenCatalog): void => void wanted.add(name);

/**
 * Loads the catalogs of `language` (the signed-out screens', or every screen's once asked for, and
 * the screens' catalogs asked for so far) and activates it.
 */
export function activateLanguage(language: Language = DEFAULT_LANGUAGE): Promise<void> {
  // The sign-in screens' unless a catalog of the signed-in screens is asked for.
  const asked = [...wanted].some((name) => name === 'shell' || name === 'messages')
    ? []
    : ['signin' as const];
  const names = [...new Set([...asked, ...wanted])].filter(
    (name) => !(coveredByAll(name) && wanted.has('messages')),
  );
  activating = (async () => {
    await Promise.all(names.map((name) => loadCatalog(name, language)));
    i18n.activate(language, FORMAT_LOCALES[language]);
    applyDocumentLanguage(language);
  })();
  return activating;
}

/** Fetches a catalog of the active language ahead of its use, without adding it yet. */
export const prefetchCatalog = (name: ScreenCatalog): void => {
  const language = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  import(`../locales/${language}/${name}.po`).catch(() => undefined); // asked for again when used
};

/**
 * Adds a catalog in the language active once any activation under way is done (and in every language
 * activated from now on); at once when it is already there.
 */
export async function loadScreenCatalog(name: ScreenCatalog): Promise<void> {
  wanted.add(name);
  // An activation that began before this asked did not load it: wait for it, then load it.
  await activating.catch(() => undefined);
  const language = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  const whole = loads.get(`${language}/messages`);
  await (coveredByAll(name) && whole ? whole : loadCatalog(name, language));
}

export { i18n };
