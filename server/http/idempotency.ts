/**
 * Idempotency keys (docs/architecture.md §5): a write replayed from the app's offline outbox carries an
 * `Idempotency-Key`; the first answer for (user, key) is stored in the database and replayed for any
 * repeat, so a replay never applies a change twice, whichever server process receives it.
 *
 * The key is claimed, the write run and its answer stored in one transaction (docs/security.md,
 * "Idempotent writes"): a process that dies anywhere before the commit leaves neither the change nor
 * the key, and a repeat sent meanwhile waits for that transaction (its claim conflicts) and then
 * gets the stored answer. The handler runs in a savepoint, so a refusal it throws undoes its own
 * partial writes while the refusal is stored. Inside the transaction the handler's `deps.db` is the
 * transaction, and so is its storage: files it stores and removes commit or roll back with it; pushes it
 * starts wait for the commit (`afterCommit`).
 *
 * An endpoint whose own state change refuses a repeat, and whose work must survive a failure
 * (a notification's pushes, each device recorded before its push), runs outside it
 * (`ownTransactions`): its key is claimed first and its answer stored after.
 *
 * A key is kept a day. Expired keys are purged by the scheduler (`purgeIdempotencyKeys`), not by
 * each request; until then a claim takes an expired key as absent.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, lt } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { valueOf, type Slots } from '../db/prebuilt';
import { idempotencyKeys } from '../db/schema';
import { smsg } from '../core/messages';
import type { Storage } from '../files/storage';
import { HttpError, badRequest, undoingWrites } from '../core/errors';
import type { Answer } from './route-answer';
import type { AppEnv, Deps } from './types';

const KEY = /^[A-Za-z0-9_-]{8,200}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
/** How often the scheduler purges expired keys (server/main.ts). */
export const IDEMPOTENCY_PURGE_EVERY_MS = 10 * 60 * 1000;
/** A claim of an `ownTransactions` endpoint that has not finished after this long is taken as dead. */
const ABANDONED_MS = 60_000;

type Claim = { kind: 'claimed' } | { kind: 'answer'; answer: Answer };

/** Claims (user, key) in `db`, or returns the stored answer of an earlier request. */
const claim = async (
  db: Executor,
  c: Context<AppEnv>,
  userId: number,
  key: string,
  requestHash: string,
  now: Date,
): Promise<Claim> => {
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method: c.req.method, path: c.req.path, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) continue; // removed meanwhile: try to claim it again
    if (now.getTime() - row.createdAt.getTime() >= KEEP_MS) {
      // Expired, not purged yet: as if it were gone.
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== requestHash) throw new HttpError(422, smsg('idempotencyKeyReused'));
    if (row.statusCode !== null && row.response) {
      c.header('Idempotent-Replayed', 'true');
      return {
        kind: 'answer',
        answer: { status: row.statusCode, body: row.response as Record<string, unknown> },
      };
    }
    if (now.getTime() - row.createdAt.getTime() < ABANDONED_MS)
      throw new HttpError(409, smsg('idempotencyInProgress'), undefined, { 'Retry-After': '1' });
    await db.delete(idempotencyKeys).where(where);
  }
  throw new HttpError(409, smsg('idempotencyInProgress'), undefined, { 'Retry-After': '1' });
};

/** Removes the keys older than a day (a scheduled task); answers how many. */
export const purgeIdempotencyKeys = async (db: Executor, now: Date): Promise<number> =>
  (
    await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS)))
      .returning({ key: idempotencyKeys.key })
  ).length;

/** Runs `run`; a client error (but throttling) is an answer too, stored for a replay. */
const answerOf = async (run: () => Promise<Answer>): Promise<Answer | HttpError> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError && err.status < 500 && err.status !== 429) return err;
    throw err;
  }
};

/** An answer, or a refusal as the answer stored for its key. */
export const asAnswer = (a: Answer | HttpError): Answer =>
  a instanceof HttpError
    ? {
        status: a.status,
        body: { status: a.status, message: a.message, ...(a.errors ? { errors: a.errors } : {}) },
      }
    : a;

/** A keyed request: its Idempotency-Key and the hash of what it sent (method, path, body). */
export interface KeyedRequest {
  key: string;
  requestHash: string;
  method: string;
  path: string;
}

/** The request's Idempotency-Key (400 when malformed) with the hash of what it sent; null without one. */
export const keyOf = (c: Context<AppEnv>, raw: Uint8Array): KeyedRequest | null => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!KEY.test(key)) throw badRequest(smsg('idempotencyKeyInvalid'));
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(raw)
    .digest('base64url');
  return { key, requestHash, method: c.req.method, path: c.req.path };
};

/**
 * Claims the keys of several requests of one user in one statement (requests served together,
 * docs/decisions/0077-admissions-committed-together.md); answers the keys it claimed. A key it did
 * not claim is someone's already: that request is served alone, which finds its stored answer.
 */
export const claimKeys = async (
  db: Executor,
  userId: number,
  keyed: readonly KeyedRequest[],
  now: Date,
): Promise<Set<string>> => {
  if (!keyed.length) return new Set();
  const rows = await db
    .insert(idempotencyKeys)
    .values(
      [...keyed]
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ key, requestHash, method, path }) => ({
          userId,
          key,
          method,
          path,
          requestHash,
          createdAt: now,
        })),
    )
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return new Set(rows.map((row) => row.key));
};

/** A claimed key's answer to store: whose key, which, and the answer. */
export interface StoredAnswer {
  userId: number;
  key: string;
  answer: Answer;
}

/**
 * The statement that stores the answer of a claimed key (alone, or as a part of a larger one); given
 * `Slots`, its values are placeholders of a statement built once (server/db/prebuilt.ts).
 */
export const storeAnswer = (db: Executor, stored: StoredAnswer | Slots<StoredAnswer>) =>
  db
    .update(idempotencyKeys)
    .set({
      statusCode: valueOf(stored, (s) => s.answer.status, idempotencyKeys.statusCode),
      response: valueOf(stored, (s) => s.answer.body, idempotencyKeys.response),
    })
    .where(
      and(
        eq(
          idempotencyKeys.userId,
          valueOf(stored, (s) => s.userId, idempotencyKeys.userId),
        ),
        eq(
          idempotencyKeys.key,
          valueOf(stored, (s) => s.key, idempotencyKeys.key),
        ),
      ),
    );

export const withIdempotency = async (
  deps: Deps,
  c: Context<AppEnv>,
  userId: number,
  raw: Uint8Array,
  run: (deps: Deps) => Promise<Answer>,
  ownTransactions = false,
): Promise<Answer> => {
  const keyed = keyOf(c, raw);
  if (keyed === null) return run(deps);
  const { key, requestHash } = keyed;
  const { db, config } = deps;
  const now = config.now();
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const store = (executor: Executor, answer: Answer) => storeAnswer(executor, { userId, key, answer });

  if (ownTransactions) {
    const claimed = await claim(db, c, userId, key, requestHash, now);
    if (claimed.kind === 'answer') return claimed.answer;
    let answer: Answer;
    try {
      answer = asAnswer(await answerOf(() => run(deps)));
    } catch (err) {
      await db.delete(idempotencyKeys).where(where);
      throw err;
    }
    await store(db, answer);
    return answer;
  }

  const afterCommit: Array<(deps: Deps) => Promise<void> | void> = [];
  const answer = await db.transaction(async (tx) => {
    const claimed = await claim(tx, c, userId, key, requestHash, now);
    if (claimed.kind === 'answer') return claimed.answer;
    const inTx: Deps = {
      ...deps,
      db: tx as unknown as Db,
      afterCommit: (work) => afterCommit.push(work),
    };
    let outcome: Answer | HttpError;
    try {
      // A savepoint: a refusal undoes the handler's own writes; the claim stays, to store it.
      outcome = await tx.transaction((savepoint) =>
        run({ ...inTx, db: savepoint as unknown as Db, storage: inTransaction(deps.storage, savepoint) }),
      );
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.status === 429) throw err;
      afterCommit.length = 0; // its removals and pushes went with the savepoint
      outcome = err;
    }
    const stored = asAnswer(outcome);
    await store(tx, stored);
    return stored;
  });
  for (const work of afterCommit) await work(deps);
  return answer;
};

/**
 * Runs a signed-in write in one transaction (`deps.db` sets its audit context, server/http/route.ts). A
 * refusal (4xx) commits what the handler wrote before it, as a write outside a transaction would
 * (a throttle's slot, a counted try), unless it undoes them (`undoingWrites` in ./errors.ts: a
 * resource's create and update and a row action, all or nothing: `allOrNothing` below); a fault
 * rolls everything back. Files it stores and removes go with the transaction; pushes it starts wait
 * for the commit.
 */
export const inWriteTransaction = async <T>(deps: Deps, run: (deps: Deps) => Promise<T>): Promise<T> => {
  const later: Array<(deps: Deps) => Promise<void> | void> = [];
  let refusal: HttpError | null = null;
  const result = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    try {
      return await run({
        ...deps,
        db,
        storage: inTransaction(deps.storage, db),
        afterCommit: (work) => later.push(work),
      });
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500 || err.undoesWrites) throw err;
      refusal = err;
      return undefined;
    }
  });
  for (const work of later) await work(deps);
  if (refusal) throw refusal;
  return result as T;
};

/**
 * Runs `work` all or nothing. Inside a signed-in write's transaction (`afterCommit` is set there,
 * and in an idempotent write's savepoint) it runs in that transaction, and a refusal takes the
 * request's writes back with it (`undoingWrites`): no savepoint of its own, two round trips fewer
 * per write. Anywhere else it gets a transaction of its own.
 */
export const allOrNothing = async <T>(deps: Deps, work: (tx: Tx) => Promise<T>): Promise<T> => {
  if (!deps.afterCommit) return deps.db.transaction(work);
  try {
    return await work(deps.db as unknown as Tx);
  } catch (err) {
    throw err instanceof HttpError ? undoingWrites(err) : err;
  }
};

/**
 * Storage inside the write's transaction: files it stores and removes go with the transaction (and
 * with its savepoint on a refusal), and what it reads sees the transaction's own writes.
 */
const inTransaction = (storage: Storage, db: Executor): Storage => ({
  ...storage,
  put: (key, data, options = {}) => storage.put(key, data, { ...options, db: options.db ?? db }),
  info: (key, d) => storage.info(key, d ?? db),
  get: (key, d) => storage.get(key, d ?? db),
  delete: (key, d) => storage.delete(key, d ?? db),
});
