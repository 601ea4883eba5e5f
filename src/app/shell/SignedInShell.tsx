/**
 * The signed-in part of the app: the query cache (restored from IndexedDB, DESIGN.md §5), the
 * connection watch and the outbox start here, with the shell, and not in the first load of the login
 * page, which needs none of them (issue 8).
 */
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { watchConnection } from '@/app/connection';
import { loadOutbox, startOutbox } from '@/app/outbox';
import { persistOptions, queryClient } from '@/app/query';
import { AppShell } from './AppShell';

// Once per page load, when the signed-in part first loads.
watchConnection(queryClient);
startOutbox(queryClient);

export function SignedInShell() {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => {
        void queryClient.resumePausedMutations();
        // The queued writes show over the restored data, then go out when they can.
        void loadOutbox();
      }}
    >
      <AppShell />
    </PersistQueryClientProvider>
  );
}
