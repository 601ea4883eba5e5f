/** Who opens an event's door (docs/decisions/0059-door-list-accounts-and-leases.md): its door accounts. */
import { doorAccountsApi } from '../../src/contract/door-accounts';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { allOrNothing } from '../http/idempotency';
import { assignDoorAccounts, doorAccountsOf } from './door-accounts';

const doorAccountList: Handler<typeof doorAccountsApi.doorAccountList> = async ({
  deps,
  params,
  requireAuth,
}) => ({
  message: smsg('loaded'),
  data: { items: await doorAccountsOf(deps.db, requireAuth(), params.id) },
});

const doorAccountAssign: Handler<typeof doorAccountsApi.doorAccountAssign> = async ({
  deps,
  params,
  body,
  requireAuth,
}) => {
  const auth = requireAuth();
  const items = await allOrNothing(deps, (tx) => assignDoorAccounts(tx, auth, params.id, body.userIds));
  return { message: smsg('doorAccountsSaved'), data: { items } };
};

export const registerDoorAccountRoutes = (app: App) => {
  route(app, doorAccountsApi.doorAccountList, doorAccountList);
  route(app, doorAccountsApi.doorAccountAssign, doorAccountAssign);
};
