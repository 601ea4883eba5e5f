import { z } from 'zod';
import { email, id, localized, phone } from '../common';
import { endpoint, needs, ok } from '../http';
import { accountInvitation } from '../invitations';
import { defineResource, idParam, localizedText, recordOf } from '../resource';
import { userStatus } from '../roles';

/**
 * Supervisors (event managers): accounts with role `manager` that belong to a service provider
 * (`providerId`), and the provider's door-only accounts (role `door`: they open the doors of the
 * events they are assigned to and nothing else, docs/decisions/0055-the-door.md). Staff with
 * `supervisor` manage all of them; a service provider manages its own (owner access: its token
 * lists, reads, adds, edits and (de)activates only its supervisors, and `providerId` is itself).
 * The account is invited by mail and its owner sets the password (docs/decisions/0063-invitations.md).
 */
const tag = 'Supervisors';

/** A supervisor's access: a full supervisor (`manager`) or door only (`door`). */
export const SUPERVISOR_ROLES = ['manager', 'door'] as const;
const supervisorRole = z.enum(SUPERVISOR_ROLES);

export const supervisorResource = defineResource({
  key: 'supervisor',
  columns: ['name', 'email', 'phone', 'provider', 'role', 'status', 'createdAt'],
  tag,
  permission: 'supervisor',
  ownerOps: ['list', 'get', 'create', 'update', 'remove', 'export'],
  paths: {
    list: { method: 'GET', path: '/api/event-manager/get-all' },
    create: { method: 'POST', path: '/api/event-manager/add' },
    update: { method: 'POST', path: '/api/event-manager/add' },
    get: { method: 'GET', path: '/api/event-manager/details/:id' },
    remove: { method: 'DELETE', path: '/api/event-manager/:id' },
  },
  record: recordOf({
    name: localizedText,
    email: z.string(),
    phone: z.string().nullable(),
    providerId: z.number().int(),
    providerName: localizedText,
    role: supervisorRole,
    status: userStatus,
    /** While the account has no password (docs/decisions/0063-invitations.md). */
    invitation: accountInvitation,
  }),
  input: z.strictObject({
    name: localized(100),
    email,
    phone: phone.nullable(),
    /** Staff choose the provider; a provider's own calls may omit it (it is always itself). */
    providerId: id.optional(),
    /** Full supervisor (`manager`, when omitted on create) or door only (`door`); omitted on update: unchanged. */
    role: supervisorRole.optional(),
  }),
  filters: z.strictObject({
    providerId: idParam.optional(),
    role: supervisorRole.optional(),
    status: userStatus.optional(),
  }),
  sort: ['name', 'email', 'provider', 'role', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'names (English and Arabic), e-mail, phone and the provider’s business name',
  notes: {
    create:
      'No password: the supervisor is invited by mail to set one (docs/decisions/0063-invitations.md). The answer says whether the mail went.',
  },
});

/** A supervisor as its event's details list it: a full supervisor (`manager`) or door only (`door`). */
export const eventSupervisor = z.object({
  id: z.number().int(),
  name: localizedText,
  email: z.string(),
  phone: z.string().nullable(),
  status: z.string(),
  role: z.string(),
});

export const supervisorApi = {
  supervisorStatus: endpoint({
    method: 'POST',
    path: '/api/users/approve/',
    summary:
      'Supervisor status (note the trailing slash, docs/product.md §7): { id, status: "1" active | "3" inactive }. Deactivating signs the supervisor out.',
    tag,
    access: needs('supervisor', { owner: true }),
    body: z.strictObject({ id, status: z.enum(['1', '3']) }),
    response: ok(supervisorResource.record),
    idempotent: true,
  }),
} as const;
