/**
 * The authorization matrix, kept as data: for every routed endpoint (shared paths: every resource
 * operation on them) the expected answer per caller. `matrix.test.ts` calls each cell with a valid
 * request (see tests/server/security-support.ts) and fails on any difference, and on any routed
 * endpoint that has no row here.
 *
 * Cells: '2xx' = allowed and done; 401 / 403 = refused; 404 = refused because the record is not the
 * caller's (provider B acting on provider A's records); 422 = allowed to call, but the sample is not
 * valid for this caller (provider B naming provider A as a supervisor's provider).
 *
 * Callers: anonymous; expired (admin token past its absolute expiry); admin; manager; providerA (the
 * demo provider, owner of the records acted on); providerB (another approved provider); door (the
 * demo door account, provider A's, assigned to the event acted on: docs/decisions/0055-the-door.md);
 * pending and blocked (tokens of accounts that may not sign in).
 */
import type { Caller } from './security-support';

export type Cell = '2xx' | 401 | 403 | 404 | 406 | 409 | 422;
export type Row = Record<Caller, Cell>;

/** Public endpoints: every caller gets the same answer (tokens are ignored). */
const pub = (cell: Cell): Row => ({
  anonymous: cell,
  expired: cell,
  admin: cell,
  manager: cell,
  providerA: cell,
  providerB: cell,
  door: cell,
  pending: cell,
  blocked: cell,
});

/**
 * Signed-in endpoints: no, expired, pending or blocked sessions get 401; the four roles as given; a
 * door account (only `checkin`) 403 unless told.
 */
const signed = (admin: Cell, manager: Cell, providerA: Cell, providerB: Cell, door: Cell = 403): Row => ({
  anonymous: 401,
  expired: 401,
  admin,
  manager,
  providerA,
  providerB,
  door,
  pending: 401,
  blocked: 401,
});

/** Every signed-in account, a door account too. */
const everyone = signed('2xx', '2xx', '2xx', '2xx', '2xx');
/** The four roles, not a door account (it lacks the permission). */
const everyRole = signed('2xx', '2xx', '2xx', '2xx');
/** Admins and providers (the configuration masters: managers lack those permissions). */
const adminAndProviders = signed('2xx', 403, '2xx', '2xx');
/** Admins, and a provider on its own records (B acting on A's: 404). */
const adminAndOwner = signed('2xx', 403, '2xx', 404);
/**
 * Admins, and the provider that added the master (provider A adds the masters acted on; B: 403).
 * A master someone else's record uses: matrix.test.ts, "masters a provider added".
 */
const adminAndAdder = signed('2xx', 403, '2xx', 403);
const adminOnly = signed('2xx', 403, 403, 403);
/** Staff (admin, manager), and a provider on its own records (B acting on A's: 404). */
const staffAndOwner = signed('2xx', '2xx', '2xx', 404);
/** Whoever stands at the event's door: staff, its provider, its door account (provider B: 404). */
const atTheDoor = signed('2xx', '2xx', '2xx', 404, '2xx');
/** Admins and managers only. */
const staff = signed('2xx', '2xx', 403, 403);

/** An area of staff and provider-owned records (events, advertisements, bookings). */
const ownedArea = (list: string, item: string, more: Record<string, Row> = {}): Record<string, Row> => ({
  [`GET ${list}`]: everyRole,
  [`POST ${list}`]: signed('2xx', '2xx', '2xx', 422),
  [`GET ${item}`]: staffAndOwner,
  [`PUT ${item}`]: staffAndOwner,
  ...more,
});

const masterRows = (type: string): Record<string, Row> => ({
  [`GET /api/master/listwithpagination [${type} list]`]: adminAndProviders,
  [`GET /api/master/listSingledata [${type} get]`]: adminAndProviders,
  [`POST /api/master/addlist [${type} create]`]: adminAndProviders,
  [`POST /api/master/addlist [${type} update]`]: adminAndAdder,
  [`POST /api/master/deletelist [${type} remove]`]: adminAndAdder,
  [`GET /api/master/list [${type} options]`]: everyone,
  [`GET /api/export/${type}`]: adminAndProviders,
  [`POST /api/${type}/bulk`]: adminAndProviders,
  [`POST /api/${type}/import`]: adminAndProviders,
});

export const MATRIX: Record<string, Row> = {
  // many processes and live updates (docs/decisions/0019-live-updates-and-many-processes.md)
  'GET /api/health': pub('2xx'),
  'GET /api/ready': pub('2xx'),
  // The matrix asks for JSON: a signed-in caller passes authorization and is then told the stream
  // needs Accept: text/event-stream (the stream itself: tests/server/live.test.ts).
  'GET /api/live': signed(406, 406, 406, 406, 406),
  // session (docs/product.md §2)
  'POST /api/login': pub('2xx'),
  'POST /api/sendEmailOTP': pub('2xx'),
  // a code never sent: refused as invalid for anyone
  'POST /api/verifyEmailOTP': pub(422),
  'POST /api/register': pub(422),
  // forgotten password: every address answered alike; a code never sent is refused for anyone
  'POST /api/password/forgot': pub('2xx'),
  'POST /api/password/reset': pub(422),
  'GET /api/master/role': everyone,
  'POST /api/set-language': everyone,
  'POST /api/logout': everyone,
  'GET /api/profile': everyone,
  'GET /api/profile/outbox-key': everyone,
  'PUT /api/profile': everyone,
  'POST /api/profile/image': everyone,
  'POST /api/profile/password': everyone,
  // sessions and devices: only the caller's own (docs/security.md, "Sessions and devices")
  'GET /api/profile/sessions': everyone,
  'DELETE /api/profile/sessions/:id': everyone,
  'POST /api/profile/sessions/end-others': everyone,
  // the morning digest: staff only, their own setting (docs/decisions/0072-staff-digests.md)
  'GET /api/profile/digest': everyRole,
  'PUT /api/profile/digest': everyRole,
  // display preferences: only the caller's own (docs/decisions/0082-dense-width-aware-tables.md)
  'GET /api/profile/preferences': everyone,
  'PUT /api/profile/preferences': everyone,
  // two-factor sign-in (docs/security.md, "Two-factor sign-in"): the second step and the enrolment
  // are public (their challenge names the account); the profile's is the caller's own factor; only
  // admins reset another account's
  'POST /api/login/2fa': pub('2xx'),
  'POST /api/login/2fa/enrol': pub('2xx'),
  'GET /api/profile/2fa': everyone,
  'POST /api/profile/2fa/setup': everyone,
  'POST /api/profile/2fa/confirm': everyone,
  'POST /api/profile/2fa/disable': everyone,
  'POST /api/profile/2fa/recovery-codes': everyone,
  'POST /api/user/:id/2fa/reset': adminOnly,
  // passkeys: only the caller's own (docs/security.md, "Account lifecycle"); signing in with the
  // admin's passkey, whoever calls (tokens are ignored)
  'GET /api/profile/passkeys': everyone,
  'POST /api/profile/passkeys/options': everyone,
  'POST /api/profile/passkeys': everyone,
  'PATCH /api/profile/passkeys/:id': everyone,
  'DELETE /api/profile/passkeys/:id': everyone,
  'POST /api/login/passkey/options': pub('2xx'),
  'POST /api/login/passkey': pub('2xx'),
  // invitations (docs/decisions/0063-invitations.md): the invitee's page, a token never mailed is
  // refused as invalid for anyone; resend and revoke by whoever may add such an account
  'POST /api/invitation': pub(422),
  'POST /api/invitation/accept': pub(422),
  'POST /api/user/:id/invitation': adminOnly,
  'DELETE /api/user/:id/invitation': adminOnly,
  'POST /api/supervisor/:id/invitation': signed('2xx', 403, '2xx', 404),
  'DELETE /api/supervisor/:id/invitation': signed('2xx', 403, '2xx', 404),
  'POST /api/serviceprovider/:id/invitation': adminOnly,
  'DELETE /api/serviceprovider/:id/invitation': adminOnly,

  // configuration masters (docs/decisions/0005-resource-pattern.md)
  ...masterRows('category'),
  ...masterRows('country'),
  ...masterRows('city'),
  ...masterRows('location'),
  'POST /api/master/category/icon': adminAndProviders,
  'GET /api/master/country': everyone,
  'GET /api/master/city': everyone,
  'GET /api/getInitialLocation': everyone,

  // service providers: staff create, approve and delete; a provider reaches only itself
  'GET /api/serviceprovider': signed('2xx', 403, '2xx', '2xx'),
  'GET /api/serviceprovider/:id': adminAndOwner,
  'POST /api/serviceprovider': adminOnly,
  'PUT /api/serviceprovider/:id': adminAndOwner,
  'DELETE /api/serviceprovider/:id': adminOnly,
  'GET /api/export/serviceprovider': signed('2xx', 403, '2xx', '2xx'),
  'GET /api/service-provider-details': adminAndOwner,
  'POST /api/serviceprovider/approve': adminOnly,
  'POST /api/serviceprovider/:id/documents': adminAndOwner,
  'POST /api/serviceprovider/removeDocuments': adminAndOwner,
  'GET /api/serviceprovider/documents/:id': adminAndOwner,

  // supervisors: staff with `supervisor` (admin) and providers for their own
  'GET /api/event-manager/get-all': signed('2xx', 403, '2xx', '2xx'),
  'GET /api/event-manager/details/:id': adminAndOwner,
  'POST /api/event-manager/add [supervisor create]': signed('2xx', 403, '2xx', 422),
  'POST /api/event-manager/add [supervisor update]': adminAndOwner,
  'DELETE /api/event-manager/:id': adminAndOwner,
  'GET /api/export/supervisor': signed('2xx', 403, '2xx', '2xx'),
  'POST /api/users/approve/': adminAndOwner,

  // users: admins only
  'GET /api/users/get-all': adminOnly,
  'GET /api/users/:id': adminOnly,
  'POST /api/users': adminOnly,
  'PUT /api/users/:id': adminOnly,
  'GET /api/export/user': adminOnly,
  'POST /api/users/approve': adminOnly,

  // events (docs/product.md §2): staff and the owning provider; approving and featuring are for admins
  ...ownedArea('/api/event', '/api/event/:id', { 'DELETE /api/event/:id': staffAndOwner }),
  'GET /api/event/get-all-event': everyRole,
  // the calendar: every role with `event`, a provider its own events (docs/decisions/0070-the-events-calendar.md)
  'GET /api/event/calendar': everyRole,
  'GET /api/export/event': everyRole,
  'GET /api/event/get-details/:id': staffAndOwner,
  'GET /api/event/guests-to-tell/:id': staffAndOwner,
  // messages to the event's guests and its reminder (docs/decisions/0071-messages-reminders-and-unsubscribe.md)
  'POST /api/event/:id/messages': staffAndOwner,
  'GET /api/event/:id/messages': staffAndOwner,
  'POST /api/event/:id/messages/preview': staffAndOwner,
  'GET /api/event/:id/messages/:messageId': staffAndOwner,
  'POST /api/event/:id/messages/:messageId/retry': staffAndOwner,
  'GET /api/event/:id/reminder': staffAndOwner,
  'PUT /api/event/:id/reminder': staffAndOwner,
  'POST /api/event/update-status': staffAndOwner,
  'POST /api/event/approve': adminOnly,
  'POST /api/event/update-featured': adminOnly,
  'POST /api/event/specialist': staffAndOwner,
  'POST /api/event/image': everyRole,

  // advertisements: as events; approval for admins
  ...ownedArea('/api/advertisement', '/api/advertisement/:id', {
    'DELETE /api/advertisement/:id': staffAndOwner,
  }),
  'GET /api/advertisement-get-all': everyone,
  'GET /api/export/advertisement': everyRole,
  'POST /api/adsApprove': adminOnly,
  'POST /api/advertisement/adsApprove': adminOnly,
  'POST /api/advertisement/image': everyRole,

  // bookings: staff, and a provider for the bookings of its own events (never deleted)
  ...ownedArea('/api/booking', '/api/booking/:id'),
  'GET /api/export/booking': everyRole,
  'GET /api/booking/details/:id': staffAndOwner,
  'GET /api/booking/mails/:id': staffAndOwner,
  'POST /api/booking/update-status': staffAndOwner,

  // static pages: admins; the published pages are public
  'GET /api/pages': adminOnly,
  'POST /api/pages': adminOnly,
  'GET /api/pages/:id': adminOnly,
  'PUT /api/pages/:id': adminOnly,
  'DELETE /api/pages/:id': adminOnly,
  'GET /api/export/page': adminOnly,
  'GET /api/master/pages': pub('2xx'),

  // notifications (docs/decisions/0007-notifications-and-push.md): admins and providers (a provider only its own; staff's answer 404 to it,
  // and the staff sample, written to roles, is refused to a provider with 422)
  'GET /api/notification': adminAndProviders,
  'POST /api/notification': signed('2xx', 403, 422, 422),
  'GET /api/notification/:id': signed('2xx', 403, 404, 404),
  'PUT /api/notification/:id': signed('2xx', 403, 404, 404),
  'DELETE /api/notification/:id': signed('2xx', 403, 404, 404),
  'GET /api/export/notification': adminAndProviders,
  'POST /sendNotification': signed('2xx', 403, 404, 404),
  'POST /api/notification/audience': signed('2xx', 403, 422, 422),
  'GET /api/notification/:id/recipients': signed('2xx', 403, 404, 404),
  // every signed-in user: their own devices, entries and settings
  'GET /get-token': everyone,
  'POST /get-token': everyone,
  'DELETE /get-token': everyone,
  'GET /api/notification/inbox': everyone,
  'POST /api/notification/inbox/read': everyone,
  'GET /api/notification/settings': everyone,
  'PUT /api/notification/settings': everyone,

  // bulk actions (docs/decisions/0021-bulk-actions-and-list-keyboard.md): the list's access, then the
  // single-row action's; rows outside the caller's scope are refused one by one inside the job (201);
  // the masters' are in masterRows
  'POST /api/serviceprovider/bulk': adminOnly,
  'POST /api/supervisor/bulk': signed('2xx', 403, '2xx', '2xx'),
  'POST /api/user/bulk': adminOnly,
  'POST /api/event/bulk': everyRole,
  'POST /api/advertisement/bulk': everyRole,
  'POST /api/booking/bulk': everyRole,
  'POST /api/page/bulk': adminOnly,
  'POST /api/notification/bulk': adminAndProviders,
  // import (docs/decisions/0073-import-from-files.md): the create's access; a dry run of a header
  // alone writes nothing (the masters' are in masterRows)
  'POST /api/serviceprovider/import': adminOnly,
  'POST /api/supervisor/import': signed('2xx', 403, '2xx', '2xx'),
  'POST /api/user/import': adminOnly,
  'POST /api/event/import': everyRole,
  'POST /api/advertisement/import': everyRole,
  'POST /api/booking/import': everyRole,
  'POST /api/page/import': adminOnly,
  'POST /api/notification/import': adminAndProviders,
  // a door account starts no jobs: the job asked for is none of its own (404)
  'GET /api/bulk/:id': signed('2xx', '2xx', '2xx', '2xx', 404),
  // undo: any signed-in user, of their own writes only (docs/decisions/0034-undo-tokens-minted-by-the-server.md):
  // the token of provider A's own write undoes it; to anyone else it names nothing (404)
  'POST /api/undo': signed(404, 404, '2xx', 404, 404),

  // the door (docs/decisions/0055-the-door.md): staff at every event's door, a provider at its own
  // events' (provider B at provider A's event: 404), and a door account (provider A's, assigned to
  // the event acted on) at its events' doors; door sales and seat leases at the same doors
  'GET /api/door': everyone,
  'GET /api/event/:id/door': atTheDoor,
  'POST /api/booking/admit': atTheDoor,
  'POST /api/event/:id/leases': atTheDoor,
  'GET /api/event/:id/leases': atTheDoor,
  'DELETE /api/event/:id/leases/:leaseId': atTheDoor,
  'POST /api/event/:id/door-sales': atTheDoor,
  // who opens an event's door (docs/decisions/0059-door-list-accounts-and-leases.md): whoever manages
  // the event (staff, its provider; provider B: 404); a door account lacks `event`
  'GET /api/event/:id/door-accounts': staffAndOwner,
  'PUT /api/event/:id/door-accounts': staffAndOwner,

  // dashboards and the header search
  'GET /api/admin-dashboard-stats': staff,
  'GET /api/dashboard/': staff,
  'GET /api/serviceproviderDashboard': signed(403, 403, '2xx', '2xx'),
  // one event's dashboard: as its details (provider B on provider A's event: 404)
  'GET /api/event/:id/dashboard': staffAndOwner,
  'GET /api/search': everyone,

  // saved views of the lists (every role but a door account can open the bookings list the samples use)
  'GET /api/views': everyRole,
  'POST /api/views': everyRole,
  // a door account's own view of a list it cannot open: none of its to reach (404)
  'PUT /api/views/:id': signed('2xx', '2xx', '2xx', '2xx', 404),
  'DELETE /api/views/:id': signed('2xx', '2xx', '2xx', '2xx', 404),

  // the audit trail (docs/decisions/0017-audit-trail.md): every role reads what it may see
  'GET /api/audit': everyone,
  'GET /api/audit/export': everyone,
  'POST /api/audit/:id/restore': adminOnly,
};
