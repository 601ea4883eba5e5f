import { z } from 'zod';
import { endpoint, ok, signedIn } from '../http';
import { id, version } from '../common';
import { dateOnly, timeZoneName } from './values';
import { resources, type ResourceKey } from './registry';

/**
 * The audit trail (docs/decisions/0017-audit-trail.md): every write's entry, read with filters and a
 * cursor, exported as CSV, and restored by an admin. Who sees what: admins every entry; a
 * supervisor (role manager) the entries of the events it supervises and of their bookings and
 * advertisements; a service provider the entries of its own records and of its supervisors.
 */
const tag = 'Audit';

/** What an entry records (row triggers: create, update, delete, restore; the rest explicitly). */
const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'notification_send',
  'admit',
  /** A seat lease taken or given back (docs/decisions/0059-door-list-accounts-and-leases.md). */
  'lease_take',
  'lease_return',
  /** The account's second factor turned on, off, reset by an admin, its recovery codes renewed. */
  'two_factor_on',
  'two_factor_off',
  'two_factor_reset',
  'recovery_codes_renewed',
  /** The account's passkeys (docs/security.md, "Account lifecycle"). */
  'passkey_add',
  'passkey_rename',
  'passkey_remove',
  /** A forgotten password set again with a mailed code (docs/decisions/0062-forgotten-password.md). */
  'password_reset',
  /** An account invited, invited again, its invitation revoked or accepted (docs/decisions/0063-invitations.md). */
  'invite',
  'invite_resend',
  'invite_revoke',
  'invite_accept',
  /** An event's guests not told of its new times or venue (docs/decisions/0067-the-mail-queue.md). */
  'guests_not_told',
  /** A message written to an event's guests, its reminder set (docs/decisions/0071-messages-reminders-and-unsubscribe.md). */
  'guests_messaged',
  'reminder_set',
] as const;
const auditAction = z.enum(AUDIT_ACTIONS);

/** The resources entries name: the areas' keys, and `session` (a sign-in with an unknown e-mail). */
export const AUDIT_RESOURCES = [...resources.map((r) => r.key), 'session'] as [...ResourceKey[], 'session'];
const auditResource = z.enum(AUDIT_RESOURCES);

const AUDIT_PAGE_MAX = 100;

const auditQuery = z.strictObject({
  resource: auditResource.optional(),
  recordId: z
    .string()
    .trim()
    .regex(/^[0-9]{1,10}$/)
    .optional(),
  actorId: id.optional(),
  action: auditAction.optional(),
  /** Days (YYYY-MM-DD) on the clock of `tz`, both included. */
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  /** The clock `from` / `to` count days on: the viewer's IANA zone (Asia/Kolkata); absent, UTC. */
  tz: timeZoneName.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .optional(),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;

const values = z.record(z.string(), z.unknown()).nullable();

/** An entry as the API answers it: the shape other features (live updates, bulk undo) read. @public */
export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO time on the server's clock. */
  at: z.string(),
  /** Null: the system (the scheduler, the seed) or an unknown caller (a failed sign-in). */
  actor: z
    .object({
      id: z.number().int(),
      name: z.object({ en: z.string(), ar: z.string() }).nullable(),
      role: z.string().nullable(),
    })
    .nullable(),
  /** A supervisor's service provider, for whom it acted. */
  actingFor: z.number().int().nullable(),
  action: auditAction,
  resource: auditResource,
  recordId: z.string().nullable(),
  /**
   * The record's name as it is now (an event's title, a booking's code; the same text in both
   * languages where it has one only); null for a record without a name, or gone.
   */
  recordName: z.object({ en: z.string(), ar: z.string() }).nullable(),
  /** The table the change was in (a child row names its parent record). */
  table: z.string().nullable(),
  /** The endpoint (`PATCH /api/event/:id`). */
  operation: z.string().nullable(),
  /** Changed fields (update), or every recorded field (create, delete); camelCase. */
  fields: z.array(z.string()),
  before: values,
  after: values,
  restoreOf: z.number().int().nullable(),
  requestId: z.string().nullable(),
  /** The writer's IP address: admins only (null for everyone else, and when unknown). */
  ip: z.string().nullable(),
  /** The writer's browser (User-Agent): admins only (null for everyone else, and when unknown). */
  userAgent: z.string().nullable(),
  /** When an offline edit was made on the device (ISO), for a replayed one. */
  deviceAt: z.string().nullable(),
  detail: values,
  /** An admin may put the record back as it was before this entry. */
  restorable: z.boolean(),
});
export type AuditEntryRecord = z.infer<typeof auditEntry>;

const auditPage = z.object({
  items: z.array(auditEntry),
  /** Pass as `cursor` for the next (older) page; null: no more. */
  nextCursor: z.string().nullable(),
});

export const auditApi = {
  auditList: endpoint({
    method: 'GET',
    path: '/api/audit',
    summary:
      'The audit trail, newest first, with filters (resource and recordId, actorId, action, from / to days) and a cursor (`nextCursor`). Admins see every entry; a supervisor those of the events it supervises (and their bookings and advertisements); a service provider those of its own records and of its supervisors. `ip` and `userAgent` are for admins only: null for everyone else.',
    tag,
    access: signedIn,
    query: auditQuery,
    response: ok(auditPage),
  }),
  auditExport: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    summary:
      'The audit entries the caller may see, with the same filters, as CSV (UTF-8 with BOM; headers in the language of Accept-Language), newest first, at most 10,000 rows. The IP column is empty for everyone but admins.',
    tag,
    access: signedIn,
    query: auditQuery.omit({ cursor: true, pageSize: true }),
    response: z.string(),
    produces: 'text/csv',
  }),
  auditRestore: endpoint({
    method: 'POST',
    path: '/api/audit/:id/restore',
    summary:
      'Admins: puts the record of an update or delete entry back as it was before it (a new write, itself on the trail as `restore`). `version` is the record’s current version (an update’s restore; 409 when it moved on). Refused (409 with the reason) when the record would break a rule: a reference that is gone, a name or code now taken, seats no longer free.',
    tag,
    access: { kind: 'session', permission: null, roles: ['admin'] },
    params: z.strictObject({ id }),
    body: z.strictObject({ version: version.optional() }),
    idempotent: true,
    response: ok(z.object({ id: z.number().int(), resource: auditResource, recordId: z.string() })),
  }),
} as const;
