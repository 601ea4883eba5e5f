/**
 * Where each user's persisted query cache lives in IndexedDB, and its removal. Apart from
 * `query.ts` (TanStack Query) so that a sign-in can purge other users' data without loading the
 * query client on the login page (docs/decisions/0010-signed-in-first-load.md).
 */
import { del, keys } from 'idb-keyval';

export const CACHE_KEY_PREFIX = 'query-cache:';

export const cacheKeyFor = (email: string) => `${CACHE_KEY_PREFIX}${email.trim().toLowerCase()}`;

/** Sign Out: drops that user's persisted cache. */
export async function purgeUserCache(email: string): Promise<void> {
  if (!email) return;
  try {
    await del(cacheKeyFor(email));
  } catch (error) {
    console.warn('Could not remove the query cache', error);
  }
}

/** A sign-in: the caches of any other user on this device go. */
export async function purgeOtherUsersCaches(email: string): Promise<void> {
  const keep = cacheKeyFor(email);
  try {
    const stale = (await keys()).filter(
      (key): key is string => typeof key === 'string' && key.startsWith(CACHE_KEY_PREFIX) && key !== keep,
    );
    await Promise.all(stale.map((key) => del(key)));
  } catch (error) {
    console.warn('Could not remove other users’ query caches', error);
  }
}
