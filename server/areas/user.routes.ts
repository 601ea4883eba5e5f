/** User account status: approve, block, unblock (never one's own; a block needs a reason). */
import { eq } from 'drizzle-orm';
import { usersApi } from '../../src/contract/areas/user';
import { setAccountStatus } from '../auth/accounts';
import { users } from '../db/schema';
import { fieldError, notFound } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { userImpl } from './user';

export const registerUserRoutes = (app: App) => {
  route(app, usersApi.usersApprove, async ({ deps, body, requireAuth }) => {
    const auth = requireAuth();
    if (body.id === auth.user.id) throw fieldError('id', smsg('ownStatus'));
    if (body.status === '2' && !body.reason) throw fieldError('reason', smsg('reasonNeeded'));
    const { db, config } = deps;
    const done = await db.transaction((tx) =>
      setAccountStatus(tx, {
        userId: body.id,
        to: body.status,
        reason: body.reason,
        byUserId: auth.user.id,
        now: config.now(),
      }),
    );
    if (!done) throw notFound();
    const [row] = await userImpl.select(db, {}).where(eq(users.id, body.id)).limit(1);
    return { message: smsg('statusSaved'), data: userImpl.toRecord(row) as never };
  });
};
