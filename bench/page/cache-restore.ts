/**
 * Runs in Chromium (bundled by bench/sections/cache.ts): the app's way of persisting React Query
 * (src/app/query.ts: idb-keyval `set`/`get` of the PersistedClient, one key per user, busted by
 * version) with N bookings in list pages of 50, and the timed restore into a fresh QueryClient.
 */
import { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

const KEY = 'query-cache:bench@example.com';
const BUSTER = 'bench';
const MAX_AGE = 7 * 24 * 60 * 60 * 1000;
const PAGE_SIZE = 50;

/**
 * react-query-persist-client 5.104 pins its own query-core beside the app's 5.108 (two copies in
 * the bundle, see docs/performance.md); the client passes between them as the app's does.
 */
type PersistClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];

const persister: Persister = {
  persistClient: (client) => set(KEY, client),
  restoreClient: () => get(KEY),
  removeClient: () => del(KEY),
};

const STATUSES = ['pending', 'confirmed', 'cancelled', 'checked_in', 'completed'] as const;
const PAYMENTS = ['pending', 'paid', 'refunded', 'failed'] as const;

/** A record of the shape of `bookingResource.record` (src/contract/areas/booking.ts). */
const booking = (i: number) => {
  const at = new Date(Date.UTC(2026, 10, 22) - i * 60_000).toISOString();
  return {
    id: i + 1,
    version: i % 3,
    createdAt: at,
    updatedAt: at,
    code: `BK-${(400_000_000 + i).toString(31).toUpperCase().slice(-6)}`,
    eventId: 1 + (i % 500),
    eventTitle: { en: `Bench event ${1 + (i % 500)}`, ar: `فعالية القياس ${1 + (i % 500)}` },
    eventStartsAt: at,
    providerId: 1 + (i % 40),
    providerName: { en: `Provider ${1 + (i % 40)}`, ar: `مقدم الخدمة ${1 + (i % 40)}` },
    customerName: ['Sara Haddad', 'Omar Nasser', 'Lina Saleh', 'Khalid Mansour'][i % 4]!,
    customerEmail: `customer${i}@example.com`,
    customerPhone: `+9665${String(i % 100_000_000).padStart(8, '0')}`,
    tickets: 1 + (i % 4),
    unitPrice: 15_000,
    total: 15_000 * (1 + (i % 4)),
    currency: 'SAR' as const,
    paymentStatus: PAYMENTS[i % PAYMENTS.length]!,
    status: STATUSES[i % STATUSES.length]!,
    notes: i % 5 === 0 ? 'Wheelchair access requested.' : null,
  };
};

/**
 * Persists a cache holding `count` bookings as list pages of 50 (the list answer's shape); answers
 * the size of what was stored (UTF-8 JSON of the cached answers, the bulk of the IndexedDB entry).
 */
async function save(count: number): Promise<number> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: MAX_AGE } } });
  const pages = Math.ceil(count / PAGE_SIZE);
  for (let p = 0; p < pages; p++) {
    const items = Array.from({ length: Math.min(PAGE_SIZE, count - p * PAGE_SIZE) }, (_, k) =>
      booking(p * PAGE_SIZE + k),
    );
    queryClient.setQueryData(
      ['booking', 'list', { page: p + 1, pageSize: PAGE_SIZE, sort: 'createdAt', order: 'desc' }],
      { items, total: count, page: p + 1, pageSize: PAGE_SIZE },
    );
  }
  await persistQueryClientSave({
    queryClient: queryClient as unknown as PersistClient,
    persister,
    buster: BUSTER,
  });
  return queryClient
    .getQueryCache()
    .getAll()
    .reduce((bytes, q) => bytes + new TextEncoder().encode(JSON.stringify(q.state.data)).length, 0);
}

/** Milliseconds to restore the persisted cache into a new client, and the bookings restored. */
async function restore(): Promise<{ ms: number; bookings: number }> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: MAX_AGE } } });
  const t0 = performance.now();
  await persistQueryClientRestore({
    queryClient: queryClient as unknown as PersistClient,
    persister,
    maxAge: MAX_AGE,
    buster: BUSTER,
  });
  const ms = performance.now() - t0;
  const bookings = queryClient
    .getQueryCache()
    .getAll()
    .reduce((n, q) => n + ((q.state.data as { items?: unknown[] } | undefined)?.items?.length ?? 0), 0);
  return { ms, bookings };
}

(globalThis as unknown as { benchCache: unknown }).benchCache = { save, restore, clear: () => del(KEY) };
