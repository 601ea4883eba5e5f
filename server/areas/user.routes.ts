/** User account status: approve, block, unblock (never one's own; a block needs a reason). */
import { eq } from 'drizzle-orm';
import { usersApi } from '../../src/contract/areas/user';
import { setAccountStatus } from '../auth/accounts';
import { users } from '../db/schema';
import { fieldError, notFound } from '../core/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { userImpl } from './user';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';

/**
 * Approve, reject, block or unblock a user (a row action: the endpoint and bulk jobs): never one's
 * own status; a block needs a reason; the same status again changes nothing.
 */
export const setUserStatus: RowAction<BodyOf<typeof usersApi.usersApprove>> = async (tx, ctx, body) => {
  if (body.id === ctx.auth.user.id) throw fieldError('id', smsg('ownStatus'));
  if (body.status === '2' && !body.reason) throw fieldError('reason', smsg('reasonNeeded'));
  const [u] = await tx
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, body.id))
    .for('update');
  if (!u) throw notFound();
  if (u.status === body.status) return { changed: false };
  const done = await setAccountStatus(tx, {
    userId: body.id,
    to: body.status,
    reason: body.reason,
    byUserId: ctx.auth.user.id,
    now: ctx.now,
  });
  if (!done) throw notFound();
  return { changed: true };
};

export const registerUserRoutes = (app: App) => {
  route(app, usersApi.usersApprove, async ({ deps, body, requireAuth, lang }) => {
    await runRowAction(setUserStatus, rowCtx(deps, requireAuth(), lang), body);
    const [row] = await userImpl.select(deps.db, {}).where(eq(users.id, body.id)).limit(1);
    return { message: smsg('statusSaved'), data: userImpl.toRecord(row) as never };
  });
};
