import { z } from 'zod';
import { email, id, localized, phone } from '../common';
import { endpoint, needs, ok } from '../http';
import { msg } from '../messages';
import { accountInvitation } from '../invitations';
import { defineResource, localizedText, recordOf } from '../resource';
import { role, userStatus } from '../roles';

/**
 * Users: every account. Only staff with `usermanager` (admins) reach these endpoints, so only
 * admins change roles. Nobody changes their own role or status; the last active admin cannot be
 * blocked or demoted; service provider accounts are created in their own area.
 */
const tag = 'Users';

export const userResource = defineResource({
  key: 'user',
  columns: ['name', 'email', 'phone', 'role', 'status', 'createdAt'],
  tag,
  permission: 'usermanager',
  paths: {
    list: { method: 'GET', path: '/api/users/get-all' },
    create: { method: 'POST', path: '/api/users' },
    get: { method: 'GET', path: '/api/users/:id' },
    update: { method: 'PUT', path: '/api/users/:id' },
  },
  record: recordOf({
    name: localizedText,
    email: z.string(),
    phone: z.string().nullable(),
    role,
    status: userStatus,
    /** While the account has no password (docs/decisions/0063-invitations.md). */
    invitation: accountInvitation,
    language: z.string(),
    profileImage: z.string().nullable(),
    providerId: z.number().int().nullable(),
  }),
  input: z.strictObject({
    name: localized(100),
    email,
    phone: phone.nullable(),
    role,
  }),
  filters: z.strictObject({ role: role.optional(), status: userStatus.optional() }),
  sort: ['name', 'email', 'role', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'createdAt', order: 'desc' },
  searchIn: 'names (English and Arabic), e-mail and phone',
  notes: {
    create:
      'Role admin or manager (providers register or are added as service providers); active at once, without a password: the user is invited by mail to set one (docs/decisions/0063-invitations.md). The answer says whether the mail went.',
    update: 'Changing your own role, or a provider’s or supervisor’s role, answers 422.',
  },
});

export const usersApi = {
  usersApprove: endpoint({
    method: 'POST',
    path: '/api/users/approve',
    summary:
      'Approve ("1"), reject ("2") or block ("3") a user, or unblock ("1"): { id, status, reason? }. Blocking signs the user out; the last active admin cannot be blocked (409); nobody changes their own status.',
    tag,
    access: needs('usermanager'),
    body: z.strictObject({
      id,
      status: z.enum(['1', '2', '3']),
      reason: z
        .string()
        .trim()
        .max(500, msg('maxChars', { n: 500 }))
        .nullable()
        .default(null),
    }),
    response: ok(userResource.record),
    idempotent: true,
  }),
} as const;
