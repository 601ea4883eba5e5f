/** Bulk jobs and their rows. */
import { index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './accounts';

/**
 * A bulk action on many rows (docs/decisions/0021-bulk-actions-and-list-keyboard.md): kept in the
 * database so that any server process can report its progress, and its rows processed in batches
 * claimed with `FOR UPDATE SKIP LOCKED`, so two processes never process one row twice.
 */
export const bulkJobs = pgTable(
  'bulk_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    /** 'running' | 'finished' */
    state: text('state').notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    createdAt: time('created_at').notNull(),
    finishedAt: time('finished_at'),
  },
  (t) => [index('bulk_jobs_user_idx').on(t.userId, t.createdAt), index('bulk_jobs_state_idx').on(t.state)],
);

export const bulkJobRows = pgTable(
  'bulk_job_rows',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => bulkJobs.id, { onDelete: 'cascade' }),
    /** The row's place in the selection (0…). */
    seq: integer('seq').notNull(),
    recordId: integer('record_id').notNull(),
    /** 'pending' | 'done' | 'unchanged' | 'refused' */
    state: text('state').notNull().default('pending'),
    /** The version the change produced (done) or found (unchanged). */
    version: integer('version'),
    /** Why it was refused: an English wire message, localised when answered. */
    message: text('message'),
    /**
     * An import's row (docs/decisions/0073-import-from-files.md): the body its create or update gets,
     * and its line in the file; `record_id` is the record it updates, or 0 until it creates one.
     */
    data: jsonb('data').$type<{ body: Record<string, unknown>; line: number }>(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] }), index('bulk_job_rows_pending_idx').on(t.jobId, t.state)],
);

/** The mapping of an import each user last committed for each area, offered at their next import. */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    /** Field key → the header it was read from. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    key: text('key'),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.resource] })],
);
