/** The door's endpoints (docs/decisions/0055-the-door.md): the caller's doors, an event's door state, and admitting guests. */
import { doorApi } from '../../src/contract/door';
import { doorEventsApi } from '../../src/contract/door-events';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { ticketKeyRing } from '../tickets/keys';
import { admit, admitReply } from './door.admit';
import { admitTogether } from './door.admit-together';
import { doorEventOf, doorStateOf } from './door';
import { doorEventsOf } from './door.events';
import { allOrNothing } from '../http/idempotency';

const doorState: Handler<typeof doorApi.doorState> = async ({ deps, params, requireAuth }) => {
  const auth = requireAuth();
  const now = deps.config.now();
  const { event } = await doorEventOf(deps.db, auth, params.id);
  const [state, ring] = await Promise.all([
    doorStateOf(deps.db, event, now),
    ticketKeyRing(deps.db, now, deps.config),
  ]);
  return {
    message: smsg('loaded'),
    data: { ...state, keys: ring.published.map(({ id, key }) => ({ id, publicKey: key })) },
  };
};

/** An admission served alone (no group: see `admitTogether`), in the request's transaction. */
const bookingAdmit: Handler<typeof doorApi.bookingAdmit> = async ({
  deps,
  body,
  requireAuth,
  audit,
  lang,
}) => {
  const auth = requireAuth();
  const now = deps.config.now();
  const ring = await ticketKeyRing(deps.db, now, deps.config);
  return admitReply(
    await allOrNothing(deps, (tx) =>
      admit(tx, { body, auth, audit, ring, now, check: deps.config.checkAnswers }),
    ),
    lang,
  );
};

const doorEvents: Handler<typeof doorEventsApi.doorEvents> = async ({ deps, requireAuth }) => ({
  message: smsg('loaded'),
  data: await doorEventsOf(deps.db, requireAuth(), deps.config.now()),
});

export const registerDoorRoutes = (app: App) => {
  route(app, doorEventsApi.doorEvents, doorEvents);
  route(app, doorApi.doorState, doorState);
  route(app, doorApi.bookingAdmit, bookingAdmit, { group: admitTogether });
};
