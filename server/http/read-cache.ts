/**
 * Answers that skip the database when nothing has changed (ADR 0009): an entry is served while the
 * database's write generation is the one it was computed under (server/db/changes.ts: PGlite's
 * own writes, or PostgreSQL's notifications of every process's writes) and, because some answers
 * depend on the time (today's figures, expiries), for at most `ttlMs` of the server's clock. While
 * the generation is not live (PostgreSQL's listening connection is down) nothing is kept.
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
import type { ResolvedSession } from '../auth/sessions';
import type { Changes } from '../db/changes';

export interface ReadCacheOptions {
  /** Answers kept at most (default 2,000). */
  maxAnswers?: number;
  /** Bytes of answer text kept at most (default 32 MB). */
  maxBytes?: number;
  /** Sessions kept at most (default 1,000). */
  maxSessions?: number;
  /** How long an answer may be served on the server's clock (default 5 s). */
  ttlMs?: number;
}

export interface CachedAnswer {
  status: number;
  /** The JSON text of the answer. */
  text: string;
}

interface Entry<T> {
  generation: number;
  /** The clock when it was made. */
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

export class ReadCache {
  readonly #changes: Changes;
  readonly #answers: Lru<CachedAnswer>;
  readonly #sessions: Lru<ResolvedSession>;
  readonly #making = new Map<string, Promise<CachedAnswer>>();
  readonly #ttlMs: number;
  /** Writes this process finished (requests that may write), on top of the database's generation. */
  #local = 0;
  /** Answers served from the cache, made and kept, and made without keeping (not live). */
  readonly stats = { hits: 0, misses: 0, bypassed: 0 };

  constructor(changes: Changes, options: ReadCacheOptions = {}) {
    this.#changes = changes;
    this.#answers = new Lru(options.maxAnswers ?? 2_000, options.maxBytes ?? 32 * 1024 * 1024);
    this.#sessions = new Lru(options.maxSessions ?? 1_000, Number.POSITIVE_INFINITY);
    this.#ttlMs = options.ttlMs ?? 5_000;
  }

  get generation() {
    return this.#changes.generation + this.#local;
  }

  /**
   * A request that may have written has finished: forget everything now, without waiting for the
   * database's notification (so the writer's next read shows its write).
   */
  wrote() {
    this.#local++;
  }

  #fresh<T>(entry: Entry<T> | undefined, now: number): entry is Entry<T> {
    return (
      entry !== undefined &&
      this.#changes.live &&
      entry.generation === this.generation &&
      now >= entry.at &&
      now - entry.at < this.#ttlMs
    );
  }

  /**
   * The answer kept for `key`, or the one `make` gives (kept when no write happened meanwhile).
   * A failure of `make` is not kept.
   */
  async answer(key: string, now: number, make: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const kept = this.#answers.get(key);
    if (this.#fresh(kept, now)) {
      this.stats.hits++;
      return kept.value;
    }
    if (!this.#changes.live) {
      this.stats.bypassed++;
      return make();
    }
    const generation = this.generation;
    const pendingKey = `${generation}\n${key}`;
    const pending = this.#making.get(pendingKey);
    if (pending) {
      this.stats.hits++;
      return pending;
    }
    this.stats.misses++;
    const making = make();
    this.#making.set(pendingKey, making);
    try {
      const value = await making;
      if (this.generation === generation && this.#changes.live)
        this.#answers.set(key, { generation, at: now, value, bytes: value.text.length * 2 });
      return value;
    } finally {
      this.#making.delete(pendingKey);
    }
  }

  /** The session kept under this token hash, while no write has happened since it was read. */
  session(tokenHash: string): ResolvedSession | undefined {
    const entry = this.#sessions.get(tokenHash);
    if (entry && this.#changes.live && entry.generation === this.generation) return entry.value;
    return undefined;
  }

  /** Keeps a session read under `generation` (taken before the read began). */
  keepSession(tokenHash: string, generation: number, session: ResolvedSession) {
    if (generation === this.generation && this.#changes.live)
      this.#sessions.set(tokenHash, { generation, at: 0, value: session, bytes: 0 });
  }
}
