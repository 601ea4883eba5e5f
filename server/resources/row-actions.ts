/**
 * Row actions: the one shape of the code behind a single-row action endpoint (a status move, a
 * featured flag, a delete), so that the endpoint and a bulk job (server/resources/bulk.ts) run the very
 * same permission, ownership and transition rules (docs/decisions/0021-bulk-actions-and-list-keyboard.md).
 *
 * An action runs in the caller's transaction (a bulk job gives each row a savepoint), throws an
 * HttpError to refuse, and returns whether it changed anything and the work to do once the change
 * has committed (notifications, stored files).
 */
import type { z } from 'zod';
import type { Language } from '../../src/contract/common';
import type { AuditContext } from '../audit/trail';
import type { AuthInfo } from '../auth/sessions';
import type { Tx } from '../db/client';
import { allOrNothing } from '../http/idempotency';
import type { Deps } from '../http/types';

export interface RowCtx {
  deps: Deps;
  auth: AuthInfo;
  lang: Language;
  now: Date;
  /** Who writes, as a bulk job's row names it (an import's create appends entries with it). */
  audit?: AuditContext;
}

interface RowResult {
  /** False when the row already was as asked (a replay, or another job got there first). */
  changed: boolean;
  /** The record it created (an import's row), when it created one. */
  id?: number;
  /** Work after the commit, given the database's deps. */
  after?: (deps: Deps) => Promise<void>;
}

/** `body` is the single-row endpoint's validated body (`id` and the action's fields). */
export type RowAction<B extends { id: number } = { id: number }> = (
  tx: Tx,
  ctx: RowCtx,
  body: B,
) => Promise<RowResult>;

export const rowCtx = (deps: Deps, auth: AuthInfo, lang: Language): RowCtx => ({
  deps,
  auth,
  lang,
  now: deps.config.now(),
});

/** Runs a row action as its single-row endpoint does: all or nothing, then its after-work. */
export const runRowAction = async <B extends { id: number }>(
  action: RowAction<B>,
  ctx: RowCtx,
  body: B,
): Promise<boolean> => {
  const result = await allOrNothing(ctx.deps, (tx) => action(tx, ctx, body));
  await result.after?.(ctx.deps);
  return result.changed;
};

/** The validated body of an endpoint (what its row action receives). */
export type BodyOf<E extends { body?: unknown }> = z.output<Extract<NonNullable<E['body']>, z.ZodType>>;
