/** Account status actions: users approve / block / unblock, supervisor (de)activation. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { supervisorApi } from '../../src/contract/areas/supervisor';
import { usersApi } from '../../src/contract/areas/user';
import { OWNER_ROLE } from '../../src/contract/http';
import { users } from '../db/schema';
import { fieldError, notFound } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { setAccountStatus } from '../resources/accounts';
import { supervisorImpl } from '../resources/supervisor';
import { userImpl } from '../resources/user';

export const registerAccountRoutes = (app: App) => {
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

  route(app, supervisorApi.supervisorStatus, async ({ deps, body, requireAuth }) => {
    const auth = requireAuth();
    const owner =
      auth.user.role === OWNER_ROLE && !auth.permissions.includes('supervisor') ? auth.user.id : null;
    const { db, config } = deps;
    const where = and(
      eq(users.id, body.id),
      eq(users.role, 'manager'),
      isNotNull(users.providerId),
      owner === null ? undefined : eq(users.providerId, owner),
    );
    await db.transaction(async (tx) => {
      const [s] = await tx.select({ id: users.id }).from(users).where(where);
      if (!s) throw notFound();
      await setAccountStatus(tx, {
        userId: body.id,
        to: body.status,
        reason: null,
        byUserId: auth.user.id,
        now: config.now(),
      });
    });
    const [row] = await supervisorImpl.select(db, {}).where(where).limit(1);
    return { message: smsg('statusSaved'), data: supervisorImpl.toRecord(row) as never };
  });
};
