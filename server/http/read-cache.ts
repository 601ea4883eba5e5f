/**
 * Answers that skip the database when nothing they read has changed (ADR 0009, per table since
 * docs/decisions/0020-every-list-on-an-index.md): an entry notes the tables its queries named and
 * is served while none of them was written (server/db/changes.ts: the notifications every table's
 * trigger sends, on PGlite and PostgreSQL, of every process's writes) and, because some answers
 * depend on the time (today's figures, expiries), for at most `ttlMs` of the server's clock. While
 * the notifications are not live (PostgreSQL's listening connection is down) nothing is kept.
 *
 * Two kinds of entries:
 * - signed-in sessions by token hash (the session and user rows and the role's permissions), so a
 *   request does not read them again; expiry is still checked against the clock on every use;
 * - read answers of the endpoints that ask for it (`route(…, { cache: true })`: lists, details,
 *   dashboards), by user, method, URL and language, as the JSON text sent.
 *
 * Identical requests that arrive while an answer is being made wait for it instead of making it
 * again. Both maps are bounded (least recently used out first).
 */
import type { ResolvedSession, SessionCache } from '../auth/sessions';
import { tablesRead, type Changes } from '../db/changes';

export interface ReadCacheOptions {
  /** Answers kept at most (default 2,000). */
  maxAnswers?: number;
  /** Bytes of answer text kept at most (default 32 MB). */
  maxBytes?: number;
  /** Sessions kept at most (default 1,000). */
  maxSessions?: number;
  /** How long an answer may be served on the server's clock (default 5 s). */
  ttlMs?: number;
  /**
   * Keep answers (default true). Off (READ_CACHE=off), every answer is read from the database, and
   * only the signed-in sessions are kept until a table they were read from is written.
   */
  answers?: boolean;
}

export interface CachedAnswer {
  status: number;
  /** The JSON text of the answer. */
  text: string;
}

interface Entry<T> {
  /** The write clock when it began to be made. */
  clock: number;
  /** The tables it was read from. */
  tables: ReadonlySet<string>;
  /** The server's clock when it was made. */
  at: number;
  value: T;
  bytes: number;
}

/** A Map used as a least-recently-used list, bounded by entries and bytes. */
class Lru<T> {
  readonly #map = new Map<string, Entry<T>>();
  #bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Entry<T> | undefined {
    const entry = this.#map.get(key);
    if (entry) {
      this.#map.delete(key);
      this.#map.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry<T>) {
    this.delete(key);
    if (entry.bytes > this.maxBytes) return;
    this.#map.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest] of this.#map) {
      if (this.#map.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string) {
    const entry = this.#map.get(key);
    if (!entry) return;
    this.#map.delete(key);
    this.#bytes -= entry.bytes;
  }

  get size() {
    return this.#map.size;
  }
}

export class ReadCache implements SessionCache {
  readonly #changes: Changes;
  readonly #answers: Lru<CachedAnswer>;
  readonly #sessions: Lru<ResolvedSession>;
  /** Answers being made, with the write clock when they began. */
  readonly #making = new Map<string, { clock: number; answer: Promise<CachedAnswer> }>();
  readonly #ttlMs: number;
  readonly #keepAnswers: boolean;
  /** Answers served from the cache, made and kept, and made without keeping (not live). */
  readonly stats = { hits: 0, misses: 0, bypassed: 0 };

  constructor(changes: Changes, options: ReadCacheOptions = {}) {
    this.#changes = changes;
    this.#answers = new Lru(options.maxAnswers ?? 2_000, options.maxBytes ?? 32 * 1024 * 1024);
    this.#sessions = new Lru(options.maxSessions ?? 1_000, Number.POSITIVE_INFINITY);
    this.#ttlMs = options.ttlMs ?? 5_000;
    this.#keepAnswers = options.answers ?? true;
  }

  /** Moves on after every write (of any table). */
  get generation() {
    return this.#changes.generation;
  }

  /** The write clock (server/db/changes.ts), read before a session is read (`keepSession`). */
  get clock() {
    return this.#changes.clock;
  }

  /**
   * A request that may have written has finished: its writes are seen before it answers (on
   * PostgreSQL the notifications of its tables arrive first), so the writer's next read shows them.
   */
  async wrote() {
    await this.#changes.sync();
  }

  /** Still true: no table it read was written since it was read. */
  #unchanged(entry: Entry<unknown>) {
    return this.#changes.live && !this.#changes.changedSince(entry.tables, entry.clock);
  }

  #fresh<T>(entry: Entry<T> | undefined, now: number): entry is Entry<T> {
    return entry !== undefined && this.#unchanged(entry) && now >= entry.at && now - entry.at < this.#ttlMs;
  }

  /**
   * The answer kept for `key`, or the one `make` gives (kept when no table it read was written
   * meanwhile). A failure of `make` is not kept.
   */
  async answer(key: string, now: number, make: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    if (!this.#keepAnswers) {
      this.stats.bypassed++;
      return make();
    }
    const kept = this.#answers.get(key);
    if (this.#fresh(kept, now)) {
      this.stats.hits++;
      return kept.value;
    }
    if (!this.#changes.live) {
      this.stats.bypassed++;
      return make();
    }
    const clock = this.#changes.clock;
    const pending = this.#making.get(key);
    // The same answer already being made since no write at all: wait for it.
    if (pending && pending.clock === clock) {
      this.stats.hits++;
      return pending.answer;
    }
    this.stats.misses++;
    const made = tablesRead(make);
    const answer = made.then((m) => m.value);
    // A refusal (a 404) reaches this caller through `made` and any waiter through `answer`: with no
    // waiter, `answer` must not count as an unhandled rejection.
    answer.catch(() => undefined);
    this.#making.set(key, { clock, answer });
    try {
      const { value, tables } = await made;
      const entry = { clock, tables, at: now, value, bytes: value.text.length * 2 };
      if (this.#unchanged(entry)) this.#answers.set(key, entry);
      return value;
    } finally {
      if (this.#making.get(key)?.answer === answer) this.#making.delete(key);
    }
  }

  /** The session kept under this token hash, while none of the tables it was read from was written. */
  session(tokenHash: string): ResolvedSession | undefined {
    const entry = this.#sessions.get(tokenHash);
    if (entry && this.#unchanged(entry)) return entry.value;
    return undefined;
  }

  /** Keeps a session read from `tables` since the write clock read `clock` (taken before the read). */
  keepSession(tokenHash: string, clock: number, tables: Set<string>, session: ResolvedSession) {
    const entry = { clock, tables, at: 0, value: session, bytes: 0 };
    if (this.#unchanged(entry)) this.#sessions.set(tokenHash, entry);
  }
}
