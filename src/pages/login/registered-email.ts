/**
 * The e-mail a registration (or a forgotten password set again) just used, handed to the sign-in
 * screen in this tab (session storage: it goes with the tab), so that the user types only the password.
 */
const KEY = 'ebo.registeredEmail';

export function rememberRegisteredEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // No session storage: the user types the e-mail.
  }
}

export function registeredEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function forgetRegisteredEmail(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
