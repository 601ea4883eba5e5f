/**
 * The request's context in the database, set at the start of each transaction of a signed-in write:
 * who writes, when (the injected `config.now()`), from where (server/audit/trail.ts `setAuditContext`).
 * The audit trail's and the live change log's triggers read it (docs/decisions/0017-audit-trail.md,
 * docs/decisions/0019-live-updates-and-many-processes.md). Settings made with `set_config(…, true)`
 * end with their transaction, so a pooled connection never carries them over.
 */
import type { Db, Executor } from './client';

/** The database, whose every transaction starts with `setup` (statements outside one carry none). */
export const withTransactionSetup = (db: Db, setup: (tx: Executor) => Promise<unknown>): Db =>
  new Proxy(db, {
    get(target, prop) {
      if (prop !== 'transaction') {
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      }
      const transaction: Db['transaction'] = (work, config) =>
        target.transaction(async (tx) => {
          await setup(tx);
          return work(tx);
        }, config);
      return transaction;
    },
  });
