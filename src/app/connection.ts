/**
 * Is the API reachable? "offline" when the device has no network (TanStack Query's onlineManager,
 * fed by the browser's online/offline events); "unreachable" when the network is there but the
 * server answered 502/503/504 (its database is down, docs/architecture.md §5 / docs/security.md) or no answer came
 * (status 0, not cancelled). Pages keep showing their cached data meanwhile; while unreachable, the
 * active queries are retried every RETRY_MS, and the first success ends the state.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api';

export type Connection = 'online' | 'offline' | 'unreachable';

export const RETRY_MS = 15_000;

let unreachable = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

const setUnreachable = (value: boolean) => {
  if (unreachable === value) return;
  unreachable = value;
  emit();
};

/** An answer that says the server (not the request) is the problem. */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof ApiError &&
  !error.aborted &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

export const connectionState = (): Connection =>
  !onlineManager.isOnline() ? 'offline' : unreachable ? 'unreachable' : 'online';

/** Hears every change of `connectionState()` (the network's and the server's). */
const subscribeConnection = (listener: () => void) => {
  listeners.add(listener);
  const stopOnline = onlineManager.subscribe(listener);
  return () => {
    listeners.delete(listener);
    stopOnline();
  };
};

/** Calls `listener` each time the server can be reached again (the network back, or it answers again). */
export const onServerBack = (listener: () => void): (() => void) => {
  let was = connectionState();
  return subscribeConnection(() => {
    if (was !== (was = connectionState()) && was === 'online') listener();
  });
};

export const useConnection = (): Connection =>
  useSyncExternalStore(subscribeConnection, connectionState, connectionState);

/** Follows the outcome of every query and mutation of `client`; returns the stop function. */
export function watchConnection(client: QueryClient): () => void {
  // TanStack Query assumes "online" until an event says otherwise: a cold start without a network
  // must begin offline.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const seen = (error: unknown) => {
    if (isUnreachable(error) && onlineManager.isOnline()) setUnreachable(true);
  };
  const stopQueries = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') seen(event.action.error);
    if (event.action.type === 'success') setUnreachable(false);
  });
  const stopMutations = client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') seen(event.action.error);
    if (event.action.type === 'success') setUnreachable(false);
  });
  const timer = setInterval(() => {
    if (unreachable && onlineManager.isOnline())
      void client.refetchQueries({ type: 'active' }).catch(() => undefined);
  }, RETRY_MS);
  return () => {
    stopQueries();
    stopMutations();
    clearInterval(timer);
    setUnreachable(false);
  };
}
