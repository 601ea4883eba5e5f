/**
 * Plugs the app into the API client (src/lib/api.ts) at start: the session's token and language,
 * the first-screen gate, and what a 401 does (the token goes, the sign-in screen shows and says why:
 * the server's reason — session expired, account blocked — or that the session ended, docs/product.md §4).
 */
import { t } from '@lingui/core/macro';
import { configureApi } from '@/lib/api';
import { afterFirstScreen } from './first-screen';
import { getSession, removeToken } from './session';

export const connectApi = (goToSignIn: () => void) =>
  configureApi({
    credentials: () => {
      const { loginToken, language } = getSession();
      return { token: loginToken, language };
    },
    ready: afterFirstScreen,
    // After Sign Out no signed-in call goes out to meet a 401.
    requireToken: true,
    onUnauthorized: async (serverMessage) => {
      await removeToken(serverMessage || t`Your session ended — sign in again`);
      goToSignIn();
    },
  });
