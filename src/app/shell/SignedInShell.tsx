/**
 * The signed-in part of the app: the query cache (restored from IndexedDB, DESIGN.md §5), the
 * connection watch and the outbox start here, with the shell, and not in the first load of the login
 * page, which needs none of them (issue 8).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { Suspense, use, type ReactNode } from 'react';
import { watchConnection } from '@/app/connection';
import { loadOutbox, startOutbox } from '@/app/outbox';
import { persistOptions, queryClient } from '@/app/query';
import { FullPageSpinner } from '@/components/ui';
import { AppShell } from './AppShell';

// Once per page load, when the signed-in part first loads (beside the catalog, see main.tsx).
watchConnection(queryClient);
startOutbox(queryClient);

/**
 * The device's copy of the user's data is read as soon as this module loads, and the shell renders
 * once it is in: pages open with their cached data (offline too) instead of a placeholder that the
 * data then pushes down. Changes are saved from then on.
 */
// The persister package types the client with its own copy of query-core's types (same client).
const persistence = { ...persistOptions, queryClient } as unknown as Parameters<
  typeof persistQueryClientRestore
>[0];
const restored: Promise<void> = persistQueryClientRestore(persistence)
  .catch(() => undefined) // An unreadable copy has been discarded: the pages fetch afresh.
  .then(() => {
    persistQueryClientSubscribe(persistence);
    void queryClient.resumePausedMutations();
    // The queued writes show over the restored data, then go out when they can.
    void loadOutbox();
  });

function Restored({ children }: { children: ReactNode }) {
  use(restored);
  return children;
}

export function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<FullPageSpinner />}>
        <Restored>
          <AppShell />
        </Restored>
      </Suspense>
    </QueryClientProvider>
  );
}
