/** The live change log. */
import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { time } from './columns';

/**
 * The live change log (docs/decisions/0019-live-updates-and-many-processes.md): one row per
 * committed write of a business record, written by deferred row triggers (migration 0012) in
 * commit order, read by every process's live hub (server/live/hub.ts) and kept for 15 minutes so a
 * stream resumed with Last-Event-ID misses nothing.
 */
export const liveChanges = pgTable('live_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The contract's resource key (`booking`, `event`…), or `inbox` for a user's in-app entries. */
  resource: text('resource').notNull(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  /** create, update or delete. */
  action: text('action').notNull(),
  version: integer('version'),
  /** The provider (or, for `inbox`, the user) the record belongs to; null: not owned. */
  ownerId: integer('owner_id'),
  /** Who wrote it (`ebo.actor_id` of the transaction); null: the server itself. */
  actorId: integer('actor_id'),
  /** The writer's clock (`ebo.at` of the transaction), else the database's. */
  at: time('at').notNull(),
  /** The database's clock, for pruning. */
  loggedAt: time('logged_at')
    .notNull()
    .default(sql`now()`),
});
