/**
 * A mark in localStorage that the device holds a session (the session itself is in IndexedDB, which
 * a page can read only asynchronously). The first-screen script of index.html reads it to start
 * fetching the signed-in shell with the page (vite.config.ts, issue 8); it holds no secret.
 */
export const SIGNED_IN_MARK = 'ebo.signedIn';

/** Sets or clears the mark; storage errors (private mode) only cost the head start. */
export function markSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_MARK, '1');
    else localStorage.removeItem(SIGNED_IN_MARK);
  } catch {
    // No storage: the shell then loads after the entry, as without the mark.
  }
}
