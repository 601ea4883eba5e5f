/**
 * The browser's side of a passkey ceremony (docs/security.md, "Account lifecycle"), shared by the
 * profile's passkeys and "Sign in with a passkey": the WebAuthn library loads only when a user starts
 * one, a prompt the user closed or cancelled is no error, and any other failure says what happened.
 */
import { t } from '@lingui/core/macro';
import type * as WebAuthnBrowser from '@simplewebauthn/browser';

type Library = typeof WebAuthnBrowser;

/** Whether this browser can use passkeys at all. */
export const webAuthnAvailable = () => typeof window.PublicKeyCredential === 'function';

/** The user closed the prompt, cancelled it, or let it time out. */
const cancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/**
 * Runs `step` with the library: its answer, or null when the user cancelled; other failures throw an
 * Error whose message the screen shows.
 */
export async function ceremony<T>(step: (library: Library) => Promise<T>): Promise<T | null> {
  const library = await import('@simplewebauthn/browser');
  try {
    return await step(library);
  } catch (error) {
    if (cancelled(error)) return null;
    if (error instanceof Error && error.name === 'InvalidStateError')
      throw new Error(t`This device already has a passkey for your account.`, { cause: error });
    throw new Error(t`This device could not use a passkey here. Try again, or use another device.`, {
      cause: error,
    });
  }
}
