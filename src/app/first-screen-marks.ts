/**
 * Marks in localStorage of what the first screen will need (the session itself is in IndexedDB,
 * which a page reads only asynchronously): whether the device holds a session, and the reader's
 * language. The first script of index.html reads them to start fetching the signed-in shell and the
 * language's catalog with the page (vite.config.ts, docs/decisions/0010-signed-in-first-load.md). They hold no secret.
 */
export const SIGNED_IN_MARK = 'ebo.signedIn';
export const LANGUAGE_MARK = 'ebo.language';

/** Keeps the marks in step with the session; storage errors (private mode) only cost the head start. */
export function markSession(signedIn: boolean, language: string): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
    localStorage.setItem(LANGUAGE_MARK, language);
  } catch {
    // No storage: the app's parts then load after its entry, as without the marks.
  }
}
