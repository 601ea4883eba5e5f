/**
 * After a successful login: store the session and the user's outbox key, apply the user's language,
 * drop other users' cached data. The user's queued writes are not opened here: the login page reloads
 * into the signed-in shell, which opens and sends them (src/components/shell/SignedInShell.tsx); a send
 * begun here would be cut by that reload and go out twice. Apart from Sign Out (auth.ts), which
 * needs the query client and the contract: the login page's first load carries neither
 * (docs/decisions/0010-signed-in-first-load.md).
 */
import type { api } from '@/contract';
import { plainRoutes, type Language } from '@/contract/plain';
import { call, endpointRef } from '@/lib/api';
import { purgeOtherUsersCaches } from './cache-keys';
import { activateLanguage } from './i18n';
import { keepDeviceKey, type OutboxKeyAnswer } from './outbox-store';
import { getSession, storeLanguage, storeSignIn, type SignIn } from './session';
import { takeLanguagePicked } from './language-picked';

const setLanguageEndpoint = endpointRef<typeof api.setLanguage>(plainRoutes.setLanguage);

/**
 * The language after sign-in (docs/decisions/0023-screens-for-staff.md): the one saved on the
 * server, so a new device opens in the user's language; but a language the user chose on the sign-in
 * screen just now wins and is saved on the server.
 */
async function applySignedInLanguage(saved: Language | undefined): Promise<void> {
  const device = getSession().language;
  if (takeLanguagePicked()) {
    if (saved !== device)
      await call(setLanguageEndpoint, { body: { language: device } }).catch(() => undefined);
    return;
  }
  if (!saved || saved === device) return;
  await storeLanguage(saved);
  await activateLanguage(saved);
}

export async function completeSignIn(answer: SignIn & { outboxKey: OutboxKeyAnswer }): Promise<void> {
  await storeSignIn(answer);
  // This user's key to their outbox replaces any other's on the device
  // (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
  await keepDeviceKey(getSession().email, answer.outboxKey);
  await applySignedInLanguage(answer.language);
  await purgeOtherUsersCaches(getSession().email);
}
