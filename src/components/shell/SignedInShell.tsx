/**
 * The signed-in part of the app: the query cache (restored from IndexedDB, docs/architecture.md §5), the
 * connection watch and the outbox start here, with the shell, and not in the first load of the login
 * page, which needs none of them (docs/decisions/0010-signed-in-first-load.md).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { watchConnection } from '@/app/connection';
import { afterFirstScreen } from '@/app/first-screen';
import { loadOutbox, startOutbox } from '@/app/outbox';
import { persistOptions, queryClient } from '@/app/query';
import { AppShell } from './AppShell';

// Once per page load, when the signed-in part first loads (beside the catalog, see main.tsx).
watchConnection(queryClient);
startOutbox(queryClient);
// Live updates (docs/decisions/0019-live-updates-and-many-processes.md), after the first screen.
void afterFirstScreen()
  .then(() => import('@/app/live'))
  .then(({ startLive }) => startLive(queryClient));

/**
 * The device's copy of the user's data is read as soon as this module loads, and the shell renders
 * once it is in: pages open with their cached data (offline too) instead of a placeholder that the
 * data then pushes down. Changes are saved from then on.
 *
 * The route waits for it with the module (routes/_app.tsx), not through a Suspense boundary: a
 * boundary that has shown its fallback holds the content back for React's 300 ms fallback throttle,
 * and `use` suspends once even on a settled promise, so the first screen painted 300 ms late (docs/decisions/0010-signed-in-first-load.md).
 */
// The persister package types the client with its own copy of query-core's types (same client).
const persistence = { ...persistOptions, queryClient } as unknown as Parameters<
  typeof persistQueryClientRestore
>[0];
export const restored: Promise<void> = persistQueryClientRestore(persistence)
  .catch(() => undefined) // An unreadable copy has been discarded: the pages fetch afresh.
  .then(() => {
    persistQueryClientSubscribe(persistence);
    void queryClient.resumePausedMutations();
    // The queued writes show over the restored data, then go out when they can.
    void loadOutbox();
  });

/**
 * Rendered once `restored` has settled.
 * @public Loaded by name through lazyPage (src/routes/_app.tsx).
 */
export function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
    </QueryClientProvider>
  );
}
