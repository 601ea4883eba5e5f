/**
 * The request's context in the database, set per transaction: who writes (`ebo.actor_id`) and the
 * server's clock (`ebo.at`, the injected `config.now()`). The live change log's triggers read them
 * (migration 0008, docs/decisions/0019-live-updates-and-many-processes.md). Settings made with
 * `set_config(…, true)` end with their transaction, so a pooled connection never carries them over.
 */
import { sql } from 'drizzle-orm';
import type { Db, Executor } from './client';

export interface RequestContext {
  actorId: number | null;
  at: Date;
}

/** Sets the context of the running transaction (one statement). */
const setRequestContext = (tx: Executor, ctx: RequestContext) =>
  tx.execute(
    sql`select set_config('ebo.actor_id', ${ctx.actorId === null ? '' : String(ctx.actorId)}, true), set_config('ebo.at', ${ctx.at.toISOString()}, true)`,
  );

/** The database, whose every transaction starts by setting `ctx` (statements outside one carry none). */
export const withRequestContext = (db: Db, ctx: RequestContext): Db =>
  new Proxy(db, {
    get(target, prop) {
      if (prop !== 'transaction') {
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      const transaction: Db['transaction'] = (work, config) =>
        target.transaction(async (tx) => {
          await setRequestContext(tx, ctx);
          return work(tx);
        }, config);
      return transaction;
    },
  });
