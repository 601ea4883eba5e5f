/**
 * The language change flow (docs/product.md §4, §8): store the choice, call the server, then a success notice and
 * a reload, or an error notice. Without a session (login, registration) only the choice is stored and
 * the screen re-renders in the new language.
 */
import { t } from '@lingui/core/macro';
import type { api } from '@/contract';
import { plainRoutes, type Language } from '@/contract/plain';
import { call, endpointRef } from '@/lib/api';
import { activateLanguage, LANGUAGE_NAMES } from './i18n';
import { notify } from './notify';
import { getSession, storeLanguage } from './session';
import { markLanguagePicked } from './language-picked';

const FLASH_KEY = 'pending-notice';

/** The contract's `api.setLanguage`, without its schemas (the login page can switch language). */
const setLanguageEndpoint = endpointRef<typeof api.setLanguage>(plainRoutes.setLanguage);

interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/** A notice shown after the next page load (the reload would hide it otherwise). */
function setFlashNotice(flash: Flash): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // No session storage: the notice is skipped, the change itself is done.
  }
}

export function showFlashNotice(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const flash = JSON.parse(raw) as Partial<Flash>;
    if (typeof flash.text !== 'string') return;
    if (flash.kind === 'error') notify.error(flash.text);
    else notify.success(flash.text);
  } catch {
    // A broken entry is dropped.
  }
}

export type ChangeResult = 'local' | 'saved' | 'failed';

export async function changeLanguage(
  language: Language,
  reload: () => void = () => window.location.reload(),
): Promise<ChangeResult> {
  const signedIn = Boolean(getSession().loginToken);
  await storeLanguage(language);
  await activateLanguage(language);
  if (!signedIn) {
    markLanguagePicked();
    return 'local';
  }
  try {
    await call(setLanguageEndpoint, { body: { language } });
  } catch {
    notify.error(t`Failed to change language`);
    return 'failed';
  }
  setFlashNotice({ kind: 'success', text: t`Language changed to ${LANGUAGE_NAMES[language]}` });
  reload();
  return 'saved';
}
