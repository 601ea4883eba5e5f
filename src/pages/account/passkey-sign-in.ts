/**
 * "Sign in with a passkey" (src/pages/login/LoginPage.tsx), loaded when it is pressed: the server's
 * options, the browser's prompt, and the answer, which signs in exactly as a password's does
 * (src/app/sign-in.ts). A passkey is both factors: no second step follows.
 */
import { loadScreenCatalog } from '@/app/i18n';
import { completeSignIn } from '@/app/sign-in';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { ceremony } from './passkey-ceremony';

/** True once signed in, false when the user cancelled the prompt; throws a failure to show. */
export async function signInWithPasskey(): Promise<boolean> {
  // Its messages (a device's failure) are in the account catalog.
  await loadScreenCatalog('account');
  const { data } = await call(routes.passkeySignInOptions);
  const response = await ceremony((library) => library.startAuthentication({ optionsJSON: data.options }));
  if (!response) return false;
  await completeSignIn(await call(routes.passkeySignIn, { body: { handle: data.handle, response } }));
  return true;
}
