/**
 * The live stream of the app (docs/decisions/0019-live-updates-and-many-processes.md): one
 * `GET /api/live` per tab while signed in and online, read with fetch (the token goes in the
 * Authorization header, never in the URL). It stops offline and reconnects when the connection
 * returns, resuming with Last-Event-ID, so the server replays what changed meanwhile. A change:
 *
 * - lists are marked stale but not refetched (an open list shows "N new or changed — show");
 * - a record's read view refetches in place, unless a form holds it (the form says "Changed by …");
 * - the notification bell and the dashboards refetch (their counts stay live).
 *
 * Loaded after the first screen (src/components/shell/SignedInShell.tsx).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { LiveChange } from '@/contract/live';
import { readSse } from '@/lib/sse';
import { clearLiveChanges, isEditing, recordLiveChanges, setLiveUser } from './live-store';
import { getSession, subscribeSession } from './session';

/** Waits before reconnecting: 1 s, doubling to 30 s; reset by a stream that worked. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Areas whose changes move the dashboards' figures. */
const DASHBOARD_SOURCES = new Set(['booking', 'event', 'advertisement', 'serviceprovider', 'user']);

const apply = (client: QueryClient, changes: LiveChange[]) => {
  recordLiveChanges(changes);
  const resources = new Set(changes.map((c) => c.resource));
  for (const resource of resources) {
    if (resource === 'inbox') {
      void client.invalidateQueries({ queryKey: ['inbox'] });
      continue;
    }
    // Lists and pickers: stale, but an open list is not redrawn under the user's cursor.
    void client.invalidateQueries({ queryKey: [resource, 'list'], refetchType: 'none' });
    void client.invalidateQueries({ queryKey: [resource, 'options'], refetchType: 'none' });
    void client.invalidateQueries({ queryKey: ['dropdown'], refetchType: 'none' });
    if (DASHBOARD_SOURCES.has(resource)) void client.invalidateQueries({ queryKey: ['dashboard'] });
  }
  for (const c of changes) {
    if (c.resource === 'inbox' || isEditing(c.resource, c.id)) continue;
    for (const kind of ['detail', 'details'])
      void client.invalidateQueries({ queryKey: [c.resource, kind, c.id] });
  }
};

/** Starts the stream for as long as the page lives; returns the stop function (tests). */
export function startLive(client: QueryClient, baseURL = ''): () => void {
  let lastEventId = '';
  let token: string | null = null;
  let abort: AbortController | null = null;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const connect = async () => {
    timer = null;
    if (stopped || abort || !token || !onlineManager.isOnline()) return;
    const controller = new AbortController();
    abort = controller;
    try {
      const res = await fetch(`${baseURL}/api/live`, {
        headers: {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`live stream: ${res.status}`);
      let batch: LiveChange[] = [];
      for await (const e of readSse(res.body, lastEventId)) {
        lastEventId = e.lastEventId;
        retryMs = FIRST_RETRY_MS;
        const data = JSON.parse(e.data) as Record<string, unknown>;
        if (e.event === 'ready' || e.event === 'reset') setLiveUser(data.userId as number);
        if (e.event === 'reset') void client.invalidateQueries();
        if (e.event === 'change') batch.push(data as unknown as LiveChange);
        // One pass per burst: the events read together are applied together.
        queueMicrotask(() => {
          if (!batch.length) return;
          const now = batch;
          batch = [];
          apply(client, now);
        });
      }
    } catch {
      // The stream failed or was stopped: see below.
    } finally {
      if (abort === controller) abort = null;
    }
    if (!stopped && token && onlineManager.isOnline() && !timer) {
      timer = setTimeout(() => void connect(), retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
  const disconnect = () => {
    abort?.abort();
    abort = null;
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const follow = () => {
    const next = getSession().loginToken;
    if (next !== token) {
      disconnect();
      if (token !== null) {
        lastEventId = '';
        clearLiveChanges();
      }
      token = next;
    }
    if (onlineManager.isOnline()) void connect();
    else disconnect();
  };
  const stopSession = subscribeSession(follow);
  const stopOnline = onlineManager.subscribe(follow);
  follow();
  return () => {
    stopped = true;
    stopSession();
    stopOnline();
    disconnect();
  };
}
