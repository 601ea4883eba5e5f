/**
 * The live hub of one process (docs/decisions/0019-live-updates-and-many-processes.md): it follows
 * the change log `live_changes` (written in commit order by migration 0012's triggers), woken by
 * notifications on channel `ebo_live` from every process (PGlite: in process), and hands each new
 * change, in order, to the open streams. It also answers "what changed after id N" for a stream
 * resumed with Last-Event-ID, and prunes the log. Before it hands a batch on, it waits for its
 * gates (server/live/sessions.ts: the open streams' sessions checked after the batch was read).
 */
import { asc, eq, getTableName, gt, lt, sql } from 'drizzle-orm';
import type { LiveChange } from '../../src/contract/live';
import type { Database, Db } from '../db/client';
import { liveChanges, users } from '../db/schema';

/** A change as the hub hands it on: the wire change, its log id and the record's owner. */
export interface HubChange {
  seq: number;
  ownerId: number | null;
  change: LiveChange;
}

/** How long the log keeps a change: a stream resumed within this time misses nothing. */
const LIVE_KEEP_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** Read the log now and then even without a notification (a lost connection, a missed wake-up). */
const POLL_EVERY_MS = 5_000;
/**
 * The least time from one read of the log to the next: a burst of commits (a door's admissions,
 * committed in groups every few milliseconds) is read a few at a time, not once per commit.
 */
const READ_GAP_MS = 50;
const BATCH = 500;

const read = async (db: Db, after: number, limit = BATCH): Promise<HubChange[]> => {
  const rows = await db
    .select({ c: liveChanges, actorName: users.name })
    .from(liveChanges)
    .leftJoin(users, eq(users.id, liveChanges.actorId))
    .where(gt(liveChanges.id, after))
    .orderBy(asc(liveChanges.id))
    .limit(limit);
  return rows.map(({ c, actorName }) => ({
    seq: c.id,
    ownerId: c.ownerId,
    change: {
      resource: c.resource,
      id: c.recordId,
      action: c.action as LiveChange['action'],
      version: c.version,
      actor: c.actorId !== null && actorName ? { id: c.actorId, name: actorName } : null,
      at: c.at.toISOString(),
    },
  }));
};

export interface LiveHub {
  /** The id of the newest change handed on. */
  readonly head: number;
  /** Every change after `head`, in order; returns the function that unsubscribes. */
  subscribe(listener: (changes: HubChange[]) => void): () => void;
  /**
   * Work each batch waits for after it is read and before it is handed on (it should not throw);
   * returns the function that removes it.
   */
  gate(work: () => Promise<void>): () => void;
  /** The changes after `seq` (in order), or null when the log no longer reaches back that far. */
  since(seq: number): Promise<HubChange[] | null>;
  close(): Promise<void>;
}

/** Drops the changes older than the log keeps. */
const prune = (db: Db) =>
  db
    .delete(liveChanges)
    .where(lt(liveChanges.loggedAt, sql`now() - make_interval(secs => ${LIVE_KEEP_MS / 1000})`))
    .catch(() => {});

/** `LiveHub.since`: `head()` is the id of the newest change the hub has handed on. */
const changesSince = async (db: Db, seq: number, head: () => number): Promise<HubChange[] | null> => {
  const [bounds] = await db
    .select({
      lo: sql<string | null>`min(${liveChanges.id})::text`,
      hi: sql<string | null>`max(${liveChanges.id})::text`,
    })
    .from(liveChanges);
  const lo = bounds?.lo == null ? null : Number(bounds.lo);
  const hi = bounds?.hi == null ? null : Number(bounds.hi);
  // Unknown position (from another database, or the log pruned past it): start over.
  if (seq > Math.max(hi ?? 0, head())) return null;
  if (lo === null) {
    // An empty log: its last change is the sequence's last id, which the hub, reading the log at
    // most every READ_GAP_MS, may not have read yet.
    const [last] = await db
      .select({
        n: sql<
          string | null
        >`pg_sequence_last_value(pg_get_serial_sequence(${getTableName(liveChanges)}, ${liveChanges.id.name}))::text`,
      })
      .from(sql`(select 1) as one`);
    return seq === Math.max(Number(last?.n ?? 0), head()) ? [] : null;
  }
  if (seq < lo - 1) return null;
  const out: HubChange[] = [];
  for (let after = seq; ;) {
    const batch = await read(db, after);
    out.push(...batch);
    if (batch.length < BATCH) return out;
    after = batch.at(-1)!.seq;
  }
};

export const startLiveHub = async (database: Pick<Database, 'db' | 'listen'>): Promise<LiveHub> => {
  const { db } = database;
  const [top] = await db
    .select({ n: sql<number>`coalesce(max(${liveChanges.id}), 0)`.mapWith(Number) })
    .from(liveChanges);
  let head = top!.n;
  const listeners = new Set<(changes: HubChange[]) => void>();
  const gates = new Set<() => Promise<void>>();
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const drain = async () => {
    for (;;) {
      const batch = await read(db, head);
      if (!batch.length) return;
      for (const g of gates) await g().catch((err: unknown) => console.error('A live gate failed:', err));
      if (closed) return;
      head = batch.at(-1)!.seq;
      for (const l of listeners) {
        try {
          l(batch);
        } catch (err) {
          console.error('A live stream failed:', err);
        }
      }
      if (batch.length < BATCH) return;
    }
  };
  let lastRead = -READ_GAP_MS;
  /**
   * Reads the log once at a time, at least READ_GAP_MS after the read before; a wake-up during a
   * read reads again after it, and wake-ups while it waits are all read by the read it waits for.
   */
  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        const wait = lastRead + READ_GAP_MS - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (closed) break;
        again = false;
        lastRead = performance.now();
        await drain().catch((err: unknown) => {
          if (!closed) console.error('Reading the live change log failed:', (err as Error).message);
        });
      } while (again && !closed);
      running = null;
    })();
  };

  const unlisten = database.listen('ebo_live', wake);
  const poll = setInterval(wake, POLL_EVERY_MS);
  const pruning = setInterval(() => void prune(db), PRUNE_EVERY_MS);
  poll.unref();
  pruning.unref();

  return {
    get head() {
      return head;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    gate(work) {
      gates.add(work);
      return () => void gates.delete(work);
    },
    since(seq) {
      return changesSince(db, seq, () => head);
    },
    async close() {
      closed = true;
      clearInterval(poll);
      clearInterval(pruning);
      listeners.clear();
      gates.clear();
      await unlisten();
      await running;
    },
  };
};
