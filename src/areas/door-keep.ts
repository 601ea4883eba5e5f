/**
 * Whether this device keeps an event's door list for offline use
 * (docs/decisions/0059-door-list-accounts-and-leases.md): on by default (a door device is meant to
 * outlive a lost connection), switched per event on the device and remembered in localStorage
 * (`ebo.door.keep`, the events switched off). On, the door state (tickets' keys, every booking, the
 * counters) is in the device's copy of the user's data (docs/decisions/0008-offline-outbox-and-cache.md);
 * off, it is left out of that copy and removed from it, and the door does not judge offline.
 */
import { queryOptions } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { useSyncExternalStore } from 'react';
import { persistOptions, queryClient } from '@/app/query';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';

const KEY = 'ebo.door.keep';

const readOff = (): ReadonlySet<number> => {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '{}') as { off?: unknown };
    return new Set(
      Array.isArray(kept.off) ? kept.off.filter((id): id is number => Number.isInteger(id)) : [],
    );
  } catch {
    return new Set();
  }
};

let off: ReadonlySet<number> | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the device keeps this event's door list (on unless switched off here). */
export const keepsOffline = (eventId: number): boolean => !(off ??= readOff()).has(eventId);

/** The switch, as the door screen shows it. */
export const useKeepOffline = (eventId: number): boolean =>
  useSyncExternalStore(
    subscribe,
    () => keepsOffline(eventId),
    () => keepsOffline(eventId),
  );

/**
 * The door state of an event (under `door` and `details`: the live stream refetches it when the door
 * changes, src/app/live.ts), kept in the device's copy while the switch is on: `persist` is read
 * each time the copy is written (src/app/query.ts `shouldDehydrateQuery`).
 */
export const doorQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['door', 'details', eventId] as const,
    queryFn: async ({ signal }) => (await call(routes.doorState, { params: { id: eventId }, signal })).data,
    meta: {
      get persist() {
        return keepsOffline(eventId);
      },
    },
  });

// The persister's package types the client with its own copy of query-core's types (same client).
const persistence = { ...persistOptions, queryClient } as unknown as Parameters<
  typeof persistQueryClientSave
>[0];

/**
 * Switches keeping the event's list on or off, and writes the device's copy again at once: off, the
 * list leaves it (within the persister's second); on, it goes in.
 */
export async function setKeepOffline(eventId: number, keep: boolean): Promise<void> {
  const next = new Set((off ??= readOff()));
  if (keep) next.delete(eventId);
  else next.add(eventId);
  off = next;
  if (next.size) localStorage.setItem(KEY, JSON.stringify({ off: [...next] }));
  else localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
  await persistQueryClientSave(persistence);
}
