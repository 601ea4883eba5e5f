/**
 * Whether the user chose a language on the sign-in or registration screen in this tab
 * (docs/decisions/0023-screens-for-staff.md): then that choice wins over the one saved on the server.
 * Its own module, so the language switcher does not bring the sign-in steps into the first load.
 */
const PICKED_KEY = 'ebo.languagePicked';

export function markLanguagePicked(): void {
  try {
    sessionStorage.setItem(PICKED_KEY, '1');
  } catch {
    // No session storage: the server's language applies after sign-in.
  }
}

export function takeLanguagePicked(): boolean {
  try {
    const picked = sessionStorage.getItem(PICKED_KEY) === '1';
    sessionStorage.removeItem(PICKED_KEY);
    return picked;
  } catch {
    return false;
  }
}
