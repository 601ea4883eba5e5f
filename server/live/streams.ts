/**
 * The open live streams of one process (`GET /api/live`, docs/decisions/0019-live-updates-and-many-processes.md):
 * one Server-Sent Events stream per signed-in tab, fed by the process's hub with the changes its
 * user may see (visibility.ts). A stream starts with `ready` (or the changes after Last-Event-ID,
 * or `reset` when the log no longer reaches back that far), sends a `ping` every 20 s (which also
 * renews the session's last use) and ends when the client goes, the session ends or the process
 * stops (clients then reconnect, to another process behind the proxy).
 *
 * A session's end (sign-out, password change, block, deletion, its provider stopping, expiry) ends
 * its streams within a second on every process, and a stream never carries a change committed
 * after it (sessions.ts; docs/security.md, "Live streams"): nothing is sent on a new stream until
 * its session has been checked once more.
 */
import type { AuthInfo } from '../auth/sessions';
import type { HubChange, LiveHub } from './hub';
import { followSessions, type SessionWatch, type WatchedStream } from './sessions';
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

/**
 * What the streams of one process share: its hub, the open streams and their count per user, the
 * session checks, and the limits.
 */
interface Streams {
  hub: LiveHub;
  streams: Set<WatchedStream>;
  perUser: Map<number, number>;
  checks: ReturnType<typeof followSessions>;
  maxPerUser: number;
  heartbeatMs: number;
}

/** `Live.open` on the streams of one process. */
const openStream = (
  { hub, streams, perUser, checks, maxPerUser, heartbeatMs }: Streams,
  ...[first, lastEventId, reauth]: Parameters<Live['open']>
): ReturnType<Live['open']> => {
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
    streams.delete(self);
    if (!streams.size) checks.stop();
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
  const self: WatchedStream = { sessionId: first.sessionId, renew: (fresh) => (auth = fresh), finish };
  streams.add(self);
  checks.start();

  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      c.enqueue(encoder.encode(`retry: ${RETRY_MS}\n\n`));
      // The session was read before this stream was counted: nothing is sent until a check that
      // counts it (and began after the missed changes were read) has found it still in use.
      const missed = lastEventId === null ? [] : await hub.since(lastEventId).catch(() => null);
      await checks.check();
      if (done) return;
      if (lastEventId === null) c.enqueue(frame('ready', sent, { head: sent, userId }));
      else if (missed === null) {
        sent = Math.max(hub.head, ...pending.map((p) => p.seq));
        c.enqueue(frame('reset', sent, { head: sent, userId }));
      } else send(missed);
      ready = true;
      send(pending.splice(0));
    },
    cancel() {
      finish();
    },
  });
  return { stream, close: finish };
};

export const createLive = (
  hub: LiveHub,
  sessions: SessionWatch,
  { maxPerUser = MAX_STREAMS_PER_USER, heartbeatMs = HEARTBEAT_MS } = {},
): Live => {
  const streams = new Set<WatchedStream>();
  const perUser = new Map<number, number>();
  const checks = followSessions(hub, sessions, streams);

  const shared: Streams = { hub, streams, perUser, checks, maxPerUser, heartbeatMs };
  const open: Live['open'] = (...args) => openStream(shared, ...args);

  return {
    hub,
    maxPerUser,
    stopping: false,
    perUser,
    open,
    get size() {
      return streams.size;
    },
    closeAll() {
      for (const s of [...streams]) s.finish();
    },
  };
};
