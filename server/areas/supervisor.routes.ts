/** Supervisor (de)activation, by staff or by the provider the supervisor acts for. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { supervisorApi } from '../../src/contract/areas/supervisor';
import { OWNER_ROLE } from '../../src/contract/http';
import { setAccountStatus } from '../auth/accounts';
import { users } from '../db/schema';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../messages';
import { supervisorImpl } from './supervisor';

export const registerSupervisorRoutes = (app: App) => {
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
