/**
 * TanStack Query: one client, its cache persisted to IndexedDB through idb-keyval, one entry per
 * user (the key carries the user's e-mail), busted by the cache schema (not by every app version),
 * capped in size (docs/architecture.md §5).
 */
import { MutationCache, QueryClient } from '@tanstack/react-query';
import type {
  PersistedClient,
  Persister,
  PersistQueryClientOptions,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { ApiError } from '@/lib/api';
import { cacheKeyFor } from './cache-keys';
import { getSession } from './session';

export { cacheKeyFor, purgeUserCache } from './cache-keys';

/** Persisted data older than this is dropped; `gcTime` is never shorter (docs/architecture.md §5). */
const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The shape of the cached answers: bump it when a change of the contract makes older cached data
 * unreadable. An app update that keeps it keeps the device's data (offline right after updating).
 */
const CACHE_SCHEMA = 'ebo-cache-1';
/** The device's copy is kept under this size; the least recently fetched queries go first. */
const CACHE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * Drops the least recently fetched queries until the copy fits `maxBytes` (sizes measured as JSON
 * text). The queued writes live in the outbox, not here, so nothing unsent is ever dropped.
 */
export function capPersistedClient(client: PersistedClient, maxBytes = CACHE_MAX_BYTES): PersistedClient {
  const queries = client.clientState.queries;
  const sized = queries.map((query) => ({ query, bytes: JSON.stringify(query.state.data ?? null).length }));
  let total = sized.reduce((sum, q) => sum + q.bytes, 0);
  if (total <= maxBytes) return client;
  const keep = new Set(queries);
  for (const { query, bytes } of [...sized].sort(
    (a, b) => a.query.state.dataUpdatedAt - b.query.state.dataUpdatedAt,
  )) {
    if (total <= maxBytes) break;
    keep.delete(query);
    total -= bytes;
  }
  return { ...client, clientState: { ...client.clientState, queries: queries.filter((q) => keep.has(q)) } };
}
const PERSIST_THROTTLE_MS = 1000;

/** The user whose cache may be read or written: only while signed in. */
const currentCacheKey = (): string | null => {
  const { loginToken, email } = getSession();
  return loginToken && email ? cacheKeyFor(email) : null;
};

export function createQueryClient({
  onMutationSettled,
}: { onMutationSettled?: () => unknown } = {}): QueryClient {
  return new QueryClient({
    // Runs once a write's own onSuccess (the record put in the cache, the lists refreshed) is done.
    mutationCache: new MutationCache({ onSettled: () => void onMutationSettled?.() }),
    defaultOptions: {
      queries: {
        gcTime: CACHE_MAX_AGE_MS,
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (failures, error) => {
          // Answers that will not change on a retry (4xx) are not retried.
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failures < 2;
        },
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/**
 * An idb-keyval persister for the signed-in user only. Cache updates are written at most once a
 * second; a change in the queued writes (an edit made offline) is written at once, and so is the
 * cache after a write succeeded (`flush`, called when a mutation settles: a reload right after saving
 * must not reopen the record as it was before, looking fresh); whatever is still waiting is written
 * when the page is hidden or left.
 */
export function createIdbPersister(): Persister & { flush: () => Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { key: string; client: PersistedClient } | null = null;
  let queued = '[]';
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const job = pending;
    pending = null;
    if (!job || currentCacheKey() !== job.key) return;
    try {
      await set(job.key, job.client);
    } catch (error) {
      console.warn('Could not persist the query cache', error);
    }
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }
  return {
    flush,
    persistClient: (client) => {
      const key = currentCacheKey();
      if (!key) return;
      pending = { key, client: capPersistedClient(client) };
      const mutations = JSON.stringify(
        client.clientState.mutations.map((m) => [m.mutationKey, m.state.submittedAt, m.state.status]),
      );
      if (mutations !== queued) {
        queued = mutations;
        void flush();
        return;
      }
      timer ??= setTimeout(() => void flush(), PERSIST_THROTTLE_MS);
    },
    restoreClient: async () => {
      const key = currentCacheKey();
      if (!key) return undefined;
      try {
        return await get<PersistedClient>(key);
      } catch {
        return undefined;
      }
    },
    removeClient: async () => {
      const key = currentCacheKey();
      if (key) await del(key);
    },
  };
}

const persister = createIdbPersister();

export const queryClient = createQueryClient({ onMutationSettled: persister.flush });

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister,
  maxAge: CACHE_MAX_AGE_MS,
  buster: CACHE_SCHEMA,
  dehydrateOptions: {
    // The role and permissions live in the session keys; everything else that succeeded is kept.
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
  },
};
