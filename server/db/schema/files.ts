/** Uploaded files and their bytes. */
import { index, integer, pgTable, primaryKey, text, customType } from 'drizzle-orm/pg-core';
import { time } from './columns';
import { users } from './accounts';

/** Raw bytes (`bytea`): a Uint8Array on PGlite, a Buffer (a Uint8Array too) on node-postgres. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (ADR 0018): one row per file, whatever store holds its bytes. The owner is the
 * user who uploaded it (quota, docs/security.md); null for demo and imported files. A file no record
 * refers to is removed with the record's change, or by the sweeper after a grace period.
 */
export const files = pgTable(
  'files',
  {
    /** `<folder>/<name>.<ext>`, served as `/uploads/<key>` (documents only through the API). */
    key: text('key').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    /** SHA-256 of the content (base64url): the strong ETag. */
    sha256: text('sha256').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    createdAt: time('created_at').notNull(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId), index('files_created_idx').on(t.createdAt)],
);

/** The contents of `files`, in chunks of `files.chunk_size` bytes (the last may be shorter). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    key: text('key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.seq] })],
);
