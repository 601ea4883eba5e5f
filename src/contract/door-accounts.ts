import { z } from 'zod';
import { endpoint, ok } from './http';
import { id } from './common';
import { localizedText } from './resource-config';
import { userStatus } from './roles';
import { msg } from './messages';

/**
 * Who opens an event's door (docs/decisions/0059-door-list-accounts-and-leases.md): the door
 * accounts (role `door`, docs/decisions/0055-the-door.md) assigned to the event. Staff assign their
 * own door accounts (no provider) to any event and the event's provider's; a service provider (and
 * its supervisors) assigns its own door accounts to its own events, never another provider's nor
 * staff's. Accounts the caller may not change are listed when assigned, and left as they are.
 *
 * Who: the `event` permission and the event in the caller's reach (staff every event, a provider and
 * its supervisors their provider's); anything else answers 404.
 */

/** At most this many door accounts are assigned in one call (a door has a handful). */
const DOOR_ACCOUNTS_MAX = 100;

const doorAccount = z.object({
  id: z.number().int(),
  name: localizedText,
  email: z.string(),
  /** The service provider it belongs to; null: staff's own. */
  providerId: z.number().int().nullable(),
  status: userStatus,
  /** Assigned to this event: it opens this event's door. */
  assigned: z.boolean(),
  /** Whether you may assign it here or take it off (else it is listed because it is assigned). */
  yours: z.boolean(),
});
export type DoorAccount = z.infer<typeof doorAccount>;

const doorAccounts = z.object({ items: z.array(doorAccount) });

const params = z.strictObject({ id });
const tag = 'Door';
const access = { kind: 'session', permission: 'event' } as const;

export const doorAccountsApi = {
  doorAccountList: endpoint({
    method: 'GET',
    path: '/api/event/:id/door-accounts',
    summary:
      "The door accounts of an event: those you may assign to it (staff: staff's own and the event's provider's; a provider: its own), and those assigned to it, each with `assigned` and `yours` (you may change it), by name. 404 for an event outside your reach.",
    tag,
    access,
    params,
    response: ok(doorAccounts),
  }),
  doorAccountAssign: endpoint({
    method: 'PUT',
    path: '/api/event/:id/door-accounts',
    summary:
      'Assign door accounts to an event ({ userIds }): of the door accounts you may change here, those named are assigned and the others taken off; accounts you may not change stay as they are. 422 naming `userIds` when one is not a door account you may assign (another provider’s, staff’s for a provider, unknown), and nothing changes. Answers the list as GET does.',
    tag,
    access,
    params,
    body: z.strictObject({
      userIds: z.array(id).max(DOOR_ACCOUNTS_MAX, msg('invalidValue')),
    }),
    response: ok(doorAccounts),
  }),
} as const;
