/**
 * The open live streams of one process (`GET /api/live`, docs/decisions/0019-live-updates-and-many-processes.md):
 * one Server-Sent Events stream per signed-in tab, fed by the process's hub with the changes its
 * user may see (visibility.ts). A stream starts with `ready` (or the changes after Last-Event-ID,
 * or `reset` when the log no longer reaches back that far), sends a `ping` every 20 s (which also
 * checks the session is still valid) and ends when the client goes, the session ends or the
 * process stops (clients then reconnect, to another process behind the proxy).
 */
import type { AuthInfo } from '../auth/sessions';
import type { HubChange, LiveHub } from './hub';
import { canSee } from './visibility';

/** Streams one user may hold open on one process (tabs and devices; LIVE_STREAMS_PER_USER). */
export const MAX_STREAMS_PER_USER = 6;
const HEARTBEAT_MS = 20_000;
/** What EventSource-style clients wait before reconnecting (`retry:`). */
const RETRY_MS = 2_000;

export interface Live {
  hub: LiveHub;
  /** Set when the process stops: no new streams, /api/ready answers 503. */
  stopping: boolean;
  /** Streams one user may hold open on this process. */
  readonly maxPerUser: number;
  /** Open streams per user id. */
  readonly perUser: Map<number, number>;
  /** Ends every open stream (the process stops). */
  closeAll(): void;
  /** Opens a stream and returns it with the function that ends it; null when the user has too many. */
  open(
    auth: AuthInfo,
    lastEventId: number | null,
    reauth: () => Promise<AuthInfo | null>,
  ): { stream: ReadableStream<Uint8Array>; close(): void } | null;
  /** How many streams are open. */
  readonly size: number;
}

const encoder = new TextEncoder();
const frame = (event: string, seq: number, data: unknown) =>
  encoder.encode(`id: ${seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

export const createLive = (
  hub: LiveHub,
  { maxPerUser = MAX_STREAMS_PER_USER, heartbeatMs = HEARTBEAT_MS } = {},
): Live => {
  const closers = new Set<() => void>();
  const perUser = new Map<number, number>();

  const open: Live['open'] = (first, lastEventId, reauth) => {
    const userId = first.user.id;
    const count = perUser.get(userId) ?? 0;
    if (count >= maxPerUser) return null;
    perUser.set(userId, count + 1);
    let auth = first;
    let sent = lastEventId ?? hub.head;
    let ready = false;
    const pending: HubChange[] = [];
    let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
    let done = false;

    const send = (changes: HubChange[]) => {
      for (const c of changes) {
        if (c.seq <= sent) continue;
        sent = c.seq;
        if (canSee(auth, c.change.resource, c.ownerId)) controller?.enqueue(frame('change', c.seq, c.change));
      }
    };
    const unsubscribe = hub.subscribe((changes) => {
      if (done) return;
      if (ready) send(changes);
      else pending.push(...changes);
    });
    const finish = () => {
      if (done) return;
      done = true;
      unsubscribe();
      clearInterval(beat);
      closers.delete(finish);
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
      try {
        controller?.close();
      } catch {
        // already closed by the client
      }
    };
    const beat = setInterval(() => {
      void reauth().then(
        (fresh) => {
          if (done) return;
          if (!fresh) return finish();
          auth = fresh;
          controller?.enqueue(frame('ping', sent, {}));
        },
        () => finish(),
      );
    }, heartbeatMs);
    beat.unref();
    closers.add(finish);

    const stream = new ReadableStream<Uint8Array>({
      async start(c) {
        controller = c;
        c.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
        if (lastEventId === null) {
          c.enqueue(frame('ready', sent, { head: sent, userId }));
        } else {
          const missed = await hub.since(lastEventId).catch(() => null);
          if (done) return;
          if (missed === null) {
            sent = Math.max(hub.head, ...pending.map((p) => p.seq));
            c.enqueue(frame('reset', sent, { head: sent, userId }));
          } else send(missed);
        }
        ready = true;
        send(pending.splice(0));
      },
      cancel() {
        finish();
      },
    });
    return { stream, close: finish };
  };

  return {
    hub,
    maxPerUser,
    stopping: false,
    perUser,
    open,
    get size() {
      return closers.size;
    },
    closeAll() {
      for (const close of [...closers]) close();
    },
  };
};
