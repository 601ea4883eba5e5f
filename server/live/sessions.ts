/**
 * The live streams end with their session (docs/decisions/0035-hostile-user-review-views-audit-streams.md,
 * docs/security.md "Live streams"): a sign-out, password change, block, deletion or anything else
 * that ends a session, on any process, ends its streams on every process within a second, and no
 * stream carries a change committed after its session ended.
 *
 * - A write of a table the session check reads (the sessions, the users, the roles' permissions)
 *   is seen by the write clock of server/db/changes.ts: in process on PGlite, through every
 *   process's `ebo_writes` notifications on PostgreSQL. It starts a check of the session of every
 *   stream open on the process, in one query (`sessionsInUse`); those whose session ended end, the
 *   others get their user's current rights. While the process cannot listen, it checks every second.
 * - The hub hands a batch of changes on only after a check that began once the batch was read, and
 *   a new stream sends nothing before a check that began once it was counted: a change committed
 *   after a session ended therefore always meets a check that sees the end (even when the
 *   session's notification comes after the change's, on another connection).
 */
import { getTableName } from 'drizzle-orm';
import { sessionsInUse, type AuthInfo } from '../auth/sessions';
import type { Config } from '../core/config';
import type { Database } from '../db/client';
import { rolePermissions, sessions, users } from '../db/schema';
import type { LiveHub } from './hub';

/** While writes may go unseen (PostgreSQL: not listening), the sessions are checked this often. */
const UNHEARD_CHECK_MS = 1_000;
/**
 * Checks started by writes of the session tables are this far apart at least (a busy server's
 * sign-ins and last-use updates come many a second; one check covers them all).
 */
const WRITE_CHECK_GAP_MS = 200;

export interface SessionWatch {
  /** The sessions among `ids` still in use, with their user's current rights. */
  check(ids: readonly number[]): Promise<Map<number, AuthInfo>>;
  /** Calls `onChange` after every write that may end a session or change its rights; returns the stop. */
  watch(onChange: () => void): () => void;
  /** False while writes may go unseen (PostgreSQL: the listening connection is down). */
  readonly listening: boolean;
}

/** The tables `sessionsInUse` (and `authenticate`) read. */
const SESSION_TABLES: ReadonlySet<string> = new Set([sessions, users, rolePermissions].map(getTableName));

export const watchSessions = (database: Pick<Database, 'db' | 'changes'>, config: Config): SessionWatch => ({
  check: (ids) => sessionsInUse(database.db, config, ids),
  watch: (onChange) =>
    database.changes.onWrite((table) => {
      if (table === null || SESSION_TABLES.has(table)) onChange();
    }),
  get listening() {
    return database.changes.live;
  },
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
 * follows the writes and gates the hub (streams are open), `stop()` no longer (none is).
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
    let soon: NodeJS.Timeout | null = null;
    let last = 0;
    const unwatch = sessions.watch(() => {
      soon ??= setTimeout(
        () => {
          soon = null;
          last = performance.now();
          void check();
        },
        Math.max(0, last + WRITE_CHECK_GAP_MS - performance.now()),
      );
    });
    const ungate = hub.gate(check);
    const unheard = setInterval(() => {
      if (!sessions.listening) void check();
    }, UNHEARD_CHECK_MS);
    unheard.unref();
    stop = () => {
      unwatch();
      ungate();
      clearInterval(unheard);
      if (soon) clearTimeout(soon);
      stop = null;
    };
  };
  return { check, start, stop: () => stop?.() };
};
