/**
 * After a successful login: store the session, drop other users' cached data, show this user's
 * queued writes. Apart from Sign Out (auth.ts), which needs the query client and the contract: the
 * login page's first load carries neither (docs/decisions/0010-signed-in-first-load.md).
 */
import { purgeOtherUsersCaches } from './cache-keys';
import { getSession, storeSignIn, type SignIn } from './session';

export async function completeSignIn(answer: SignIn): Promise<void> {
  await storeSignIn(answer);
  await purgeOtherUsersCaches(getSession().email);
  // The outbox is not part of the login page's first load.
  await (await import('./outbox')).loadOutbox();
}
