/** Door sales and seat leases (docs/decisions/0055-the-door.md): their endpoints. */
import { doorSalesApi } from '../../src/contract/door-sales';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { allOrNothing } from '../http/idempotency';
import { activeLeases, returnLease, sellAtDoor, takeLease } from './door-sales';

const leaseTake: Handler<typeof doorSalesApi.leaseTake> = async ({
  deps,
  params,
  body,
  requireAuth,
  audit,
}) => {
  const request = { auth: requireAuth(), eventId: params.id, now: deps.config.now(), audit };
  const lease = await allOrNothing(deps, (tx) => takeLease(tx, request, body));
  return { message: smsg('leaseTaken', { n: lease.remaining }), data: lease };
};

const leaseList: Handler<typeof doorSalesApi.leaseList> = async ({ deps, params, query, requireAuth }) => {
  const request = { auth: requireAuth(), eventId: params.id, now: deps.config.now() };
  return { message: smsg('loaded'), data: await activeLeases(deps.db, request, query.deviceId) };
};

const leaseReturn: Handler<typeof doorSalesApi.leaseReturn> = async ({
  deps,
  params,
  requireAuth,
  audit,
}) => {
  const request = { auth: requireAuth(), eventId: params.id, now: deps.config.now(), audit };
  const lease = await allOrNothing(deps, (tx) => returnLease(tx, request, params.leaseId));
  return { message: smsg('leaseReturned'), data: lease };
};

const doorSale: Handler<typeof doorSalesApi.doorSale> = async ({ deps, params, body, requireAuth }) => {
  const request = { auth: requireAuth(), eventId: params.id, now: deps.config.now() };
  const sale = await allOrNothing(deps, (tx) => sellAtDoor(tx, request, body));
  return { message: smsg('doorSold', { code: sale.code }), data: sale };
};

export const registerDoorSalesRoutes = (app: App) => {
  route(app, doorSalesApi.leaseTake, leaseTake);
  route(app, doorSalesApi.leaseList, leaseList);
  route(app, doorSalesApi.leaseReturn, leaseReturn);
  route(app, doorSalesApi.doorSale, doorSale);
};
