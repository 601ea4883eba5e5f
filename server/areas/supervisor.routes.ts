/** Supervisor (de)activation, by staff or by the provider the supervisor acts for. */
import { and, eq } from 'drizzle-orm';
import { supervisorApi } from '../../src/contract/areas/supervisor';
import { OWNER_ROLE } from '../../src/contract/http';
import { setAccountStatus } from '../auth/accounts';
import { users } from '../db/schema';
import { notFound } from '../core/errors';
import { route } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { supervisorAccount, supervisorImpl } from './supervisor';
import type { AuthInfo } from '../auth/sessions';
import { rowCtx, runRowAction, type BodyOf, type RowAction } from '../resources/row-actions';

const supervisorWhere = (id: number, owner: number | null) =>
  and(eq(users.id, id), supervisorAccount, owner === null ? undefined : eq(users.providerId, owner));

/** A provider acting on its own supervisors (staff with the permission: any). */
const ownerOf = (auth: AuthInfo) =>
  auth.user.role === OWNER_ROLE && !auth.permissions.includes('supervisor') ? auth.user.id : null;

/** (De)activate a supervisor (a row action: the endpoint and bulk jobs); the same status: no change. */
export const setSupervisorStatus: RowAction<BodyOf<typeof supervisorApi.supervisorStatus>> = async (
  tx,
  ctx,
  body,
) => {
  const [s] = await tx
    .select({ status: users.status })
    .from(users)
    .where(supervisorWhere(body.id, ownerOf(ctx.auth)))
    .for('update');
  if (!s) throw notFound();
  if (s.status === body.status) return { changed: false };
  await setAccountStatus(tx, {
    userId: body.id,
    to: body.status,
    reason: null,
    byUserId: ctx.auth.user.id,
    now: ctx.now,
  });
  return { changed: true };
};

export const registerSupervisorRoutes = (app: App) => {
  route(app, supervisorApi.supervisorStatus, async ({ deps, body, requireAuth, lang }) => {
    const auth = requireAuth();
    await runRowAction(setSupervisorStatus, rowCtx(deps, auth, lang), body);
    const [row] = await supervisorImpl
      .select(deps.db, {})
      .where(supervisorWhere(body.id, ownerOf(auth)))
      .limit(1);
    return { message: smsg('statusSaved'), data: supervisorImpl.toRecord(row) as never };
  });
};
