/**
 * The live streams end with their session (docs/decisions/0035-hostile-user-review-views-audit-streams.md,
 * docs/security.md "Live streams"): a sign-out, password change, block, deletion or anything else
 * that ends a session, on any process, ends its streams on every process within a second, and no
 * stream carries a change committed after its session ended.
 *
 * - While streams are open, each process checks the sessions of all of them in one query
 *   (`sessionsInUse`) every `SESSION_CHECK_MS`: those whose session ended end, the others get their
 *   user's current rights. The database is the one truth every process reads, so a session ended
 *   through any process is seen at the next check (since docs/decisions/0054-the-read-cache-goes.md
 *   no notification of the session tables' writes exists to start one sooner).
 * - The hub hands a batch of changes on only after a check that began once the batch was read, and
 *   a new stream sends nothing before a check that began once it was counted: a change committed
 *   after a session ended therefore always meets a check that sees the end.
 */
import { sessionsInUse, type AuthInfo } from '../auth/sessions';
import type { Config } from '../core/config';
import type { Database } from '../db/client';
import type { LiveHub } from './hub';

/** How often the sessions of a process's open streams are checked. */
const SESSION_CHECK_MS = 500;

export interface SessionWatch {
  /** The sessions among `ids` still in use, with their user's current rights. */
  check(ids: readonly number[]): Promise<Map<number, AuthInfo>>;
  /** How often the open streams' sessions are checked (ms). */
  readonly everyMs: number;
}

export const watchSessions = (
  database: Pick<Database, 'db'>,
  config: Config,
  everyMs = SESSION_CHECK_MS,
): SessionWatch => ({
  check: (ids) => sessionsInUse(database.db, config, ids),
  everyMs,
});

/** An open stream, as the session checks see it. */
export interface WatchedStream {
  sessionId: number;
  /** The session is still in use: its user's current rights. */
  renew(auth: AuthInfo): void;
  finish(): void;
}

/**
 * The session checks of a process's open `streams`. `check()` resolves after a check that began
 * after the call (one at a time; the calls made during a check share the next one). `start()`
 * checks every `everyMs` and gates the hub (streams are open), `stop()` no longer (none is).
 */
export const followSessions = (hub: LiveHub, sessions: SessionWatch, streams: ReadonlySet<WatchedStream>) => {
  /** One check of every open stream's session; ends them all when the database cannot tell. */
  const verify = async () => {
    const now = [...streams];
    if (!now.length) return;
    let inUse: Map<number, AuthInfo>;
    try {
      inUse = await sessions.check([...new Set(now.map((s) => s.sessionId))]);
    } catch (err) {
      console.error('Checking the sessions of the live streams failed:', (err as Error).message);
      for (const s of now) s.finish();
      return;
    }
    for (const s of now) {
      const auth = inUse.get(s.sessionId);
      if (auth) s.renew(auth);
      else s.finish();
    }
  };
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const run = () => {
    const current: Promise<void> = verify().finally(() => {
      if (running === current) running = null;
    });
    running = current;
    return current;
  };
  const check = (): Promise<void> => {
    if (queued) return queued;
    if (!running) return run();
    const next: Promise<void> = running.then(() => {
      if (queued === next) queued = null;
      return run();
    });
    queued = next;
    return next;
  };

  let stop: (() => void) | null = null;
  const start = () => {
    if (stop) return;
    const ungate = hub.gate(check);
    const every = setInterval(() => void check(), sessions.everyMs);
    every.unref();
    stop = () => {
      ungate();
      clearInterval(every);
      stop = null;
    };
  };
  return { check, start, stop: () => stop?.() };
};
