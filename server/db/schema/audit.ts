/** The audit trail. */
import { bigint, bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { time, type Loc } from './columns';

/**
 * The audit trail (docs/decisions/0017-audit-trail.md): one entry per changed row of a business
 * table, written by row triggers in the writing transaction (migration 0011), plus explicit entries
 * for events that change no row (sign-in, sign-out, notification sends). Append-only: a trigger
 * refuses UPDATE and DELETE except the retention purge. No foreign keys: an entry outlives its
 * actor and its record.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: time('at').notNull(),
    actorId: integer('actor_id'),
    actorName: jsonb('actor_name').$type<Loc>(),
    actorRole: text('actor_role'),
    /** A supervisor's service provider, for whom it acts. */
    actingFor: integer('acting_for'),
    /**
     * create, update, delete, restore, sign_in, sign_in_failed, sign_out, notification_send, admit,
     * lease_take, lease_return, invite, invite_resend, invite_revoke, invite_accept.
     */
    action: text('action').notNull(),
    /** The area key (`event`, `booking`, `user`…) of the record's details screen, or `session`. */
    resource: text('resource').notNull(),
    recordId: text('record_id'),
    /** The table the row is in (a child row names its parent record in resource/recordId). */
    tableName: text('table_name'),
    /** The endpoint that made the change (`PATCH /api/events/:id`). */
    operation: text('operation'),
    /** Changed fields (update), or every recorded field (create, delete). */
    fields: text('fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    /** The service provider whose record it is (visibility: a provider sees its own). */
    providerId: integer('provider_id'),
    /** The event the record belongs to (visibility: a supervisor sees its events'). */
    eventId: integer('event_id'),
    /** The entry a restore put back. */
    restoreOf: bigint('restore_of', { mode: 'number' }),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When an offline edit was made on the device (its replay's `Device-Time`). */
    deviceAt: time('device_at'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.recordId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_provider_idx').on(t.providerId, t.id),
    index('audit_log_event_idx').on(t.eventId, t.id),
    index('audit_log_at_idx').on(t.at),
    // Undo finds a write's entries by its request id (docs/decisions/0025-undo.md).
    index('audit_log_request_idx').on(t.actorId, t.requestId),
  ],
);
