/**
 * Idempotency keys (docs/architecture.md §5): a write replayed from the app's offline outbox carries an
 * `Idempotency-Key`; the first answer for (user, key) is stored in the database and replayed for any
 * repeat, so a replay never applies a change twice, whichever server process receives it.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../db/schema';
import { smsg } from '../messages';
import { HttpError, badRequest } from './errors';
import type { Answer } from './route';
import type { AppEnv, Deps } from './types';

const KEY = /^[A-Za-z0-9_-]{8,200}$/;
const KEEP_MS = 24 * 60 * 60 * 1000;
/** A first request that has not finished after this long is taken as dead (its process stopped). */
const ABANDONED_MS = 60_000;

export const withIdempotency = async (
  deps: Deps,
  c: Context<AppEnv>,
  userId: number,
  raw: Uint8Array,
  run: () => Promise<Answer>,
): Promise<Answer> => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return run();
  if (!KEY.test(key)) throw badRequest(smsg('idempotencyKeyInvalid'));
  const { db, config } = deps;
  const now = config.now();
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(raw)
    .digest('base64url');

  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS)));
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, method: c.req.method, path: c.req.path, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) break;
    const [row] = await db.select().from(idempotencyKeys).where(where);
    if (!row) continue; // removed meanwhile: try to claim it again
    if (row.requestHash !== requestHash) throw new HttpError(422, smsg('idempotencyKeyReused'));
    if (row.statusCode !== null && row.response) {
      c.header('Idempotent-Replayed', 'true');
      return { status: row.statusCode, body: row.response as Record<string, unknown> };
    }
    if (now.getTime() - row.createdAt.getTime() < ABANDONED_MS)
      throw new HttpError(409, smsg('idempotencyInProgress'), undefined, { 'Retry-After': '1' });
    await db.delete(idempotencyKeys).where(where);
  }

  let answer: Answer;
  try {
    answer = await run();
  } catch (err) {
    // Client errors are final answers too (a replay gets the same one), except throttling.
    if (err instanceof HttpError && err.status < 500 && err.status !== 429) {
      answer = {
        status: err.status,
        body: { status: err.status, message: err.message, ...(err.errors ? { errors: err.errors } : {}) },
      };
    } else {
      await db.delete(idempotencyKeys).where(where);
      throw err;
    }
  }
  await db.update(idempotencyKeys).set({ statusCode: answer.status, response: answer.body }).where(where);
  return answer;
};
