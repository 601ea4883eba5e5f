/** Sign Out's side effects (the profile menu); a sign-in's are in sign-in.ts. */
import { clearBadge } from './badge';
import { forgetDevice } from './push';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';
import { purgeUserCache, queryClient } from './query';
import { clearSession, getSession } from './session';

/**
 * Sign Out: the server revokes the token (best effort: offline, the local sign-out still happens),
 * then the token, the user's keys, the permissions and that user's cached data go. The language stays.
 * The unsent changes are discarded, or with `keepUnsent` kept sealed on the device for the user's next
 * sign-in here (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
 */
export async function signOut({ keepUnsent = false }: { keepUnsent?: boolean } = {}): Promise<void> {
  const { email, loginToken } = getSession();
  // First, while the session still names the user: the outbox closes, nothing of it stays on screen.
  const outbox = await import('./outbox');
  await (keepUnsent ? outbox.keepOutboxForNextSignIn() : outbox.discardOutbox(email));
  // Reads under way would meet the revoked token (a 401 each): they stop first, and none starts
  // again once the token is gone (src/lib/api.ts sends no signed-in call without one).
  await queryClient.cancelQueries();
  // The call reads the token before the local sign-out below removes it.
  const revoke = loginToken
    ? call(routes.logout, { ignoreUnauthorized: true }).then(
        () => undefined,
        () => undefined, // Offline or already revoked: nothing more to do on the server side.
      )
    : Promise.resolve();
  // This device stops receiving the user's pushes (the server drops the session's subscription).
  const forget = forgetDevice();
  await clearSession();
  // The icon no longer shows what waited for this user (src/app/badge.ts).
  void clearBadge();
  queryClient.clear();
  await purgeUserCache(email);
  await Promise.race([
    Promise.all([revoke, forget]),
    new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS)),
  ]);
}

/** How long Sign Out waits for the server before going to /login anyway. */
const REVOKE_WAIT_MS = 3000;
