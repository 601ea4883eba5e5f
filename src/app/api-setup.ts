/**
 * Plugs the app into the API client (src/lib/api.ts) at start: the session's token and language,
 * the first-screen gate, and what a 401 does (the token goes, the sign-in screen shows).
 */
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
    onUnauthorized: async () => {
      await removeToken();
      goToSignIn();
    },
  });
