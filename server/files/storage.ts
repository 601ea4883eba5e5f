/**
 * File storage for uploads (docs/architecture.md §3, ADR 0018): one small interface, backed by the
 * database. A file is a row of `files` (owner, size, type, SHA-256, time) and its content rows of
 * `file_chunks`, FILE_CHUNK_BYTES each, so every server process on one PostgreSQL serves every file,
 * PGlite and PostgreSQL behave alike, and a file is written, counted against its owner's quota and
 * removed in the same transaction as the record that uses it.
 *
 * Keys are server-generated, like `avatars/Zk3…q.webp`; the site serves them under `/uploads/<key>`.
 */
import { createHash } from 'node:crypto';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { fileChunks, files } from '../db/schema';
import { tooLarge } from '../core/errors';
import { smsg } from '../core/messages';

/** What is known of a stored file without reading it. */
export interface FileInfo {
  key: string;
  size: number;
  contentType: string;
  /** Strong ETag (quoted SHA-256 of the content). */
  etag: string;
  createdAt: Date;
  /** Bytes per content row (FILE_CHUNK_BYTES when it was written). */
  chunkSize: number;
}

export interface PutOptions {
  /** The uploading user: the file counts against their quota. Null/absent: nobody's (demo, import). */
  ownerId?: number | null;
  /** The transaction of the record that uses the file (it commits or rolls back with it). */
  db?: Executor;
}

export interface Storage {
  /** Stores `data` under `key` (replacing a file of that key); 413 when the owner's quota would be exceeded. */
  put(key: string, data: Uint8Array, options?: PutOptions): Promise<void>;
  info(key: string, db?: Executor): Promise<FileInfo | null>;
  /** Bytes `start`…`end` (inclusive) of a file, read chunk by chunk as the stream is consumed. */
  read(info: FileInfo, start?: number, end?: number): ReadableStream<Uint8Array>;
  /** The whole file (small files, tests). */
  get(key: string, db?: Executor): Promise<{ data: Uint8Array; size: number } | null>;
  /** Removes the file; in `db`'s transaction when given. */
  delete(key: string, db?: Executor): Promise<void>;
}

/** Size of a content row: a 10 MB document is 40 rows; a range read fetches only the rows it needs (ADR 0018). */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** Keys are `<folder>/<name>.<ext>` of safe characters only: no traversal is possible. */
const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]{8,128}\.[a-z0-9]{1,8}$/;

export const isValidKey = (key: string) => KEY_PATTERN.test(key);

/** The storage key of a stored path `uploads/<key>` (as records keep them), or null. */
export const keyOfPath = (path: string) => {
  const key = path.startsWith('uploads/') ? path.slice('uploads/'.length) : null;
  return key !== null && isValidKey(key) ? key : null;
};

const CONTENT_TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const asBytes = (b: Uint8Array) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

const mb = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 100) / 100);

/** Chunks a query: fewer round trips, at most 1 MB of a file held per read. */
const READ_BATCH = 4;

const chunkRows = (db: Executor, key: string, first: number, last: number) =>
  db
    .select({ seq: fileChunks.seq, data: fileChunks.data })
    .from(fileChunks)
    .where(and(eq(fileChunks.key, key), between(fileChunks.seq, first, last)))
    .orderBy(asc(fileChunks.seq));

/** Bytes `start`…`end` of `file` as a stream that reads its chunks as it is consumed. */
const readChunks = (db: Executor, file: FileInfo, start: number, end: number) => {
  const size = file.chunkSize;
  let seq = Math.floor(start / size);
  const last = Math.floor(end / size);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (end < start || seq > last) return controller.close();
      const upTo = Math.min(last, seq + READ_BATCH - 1);
      const rows = await chunkRows(db, file.key, seq, upTo);
      if (rows.length !== upTo - seq + 1)
        return controller.error(new Error(`File ${file.key} was removed while it was read`));
      for (const row of rows) {
        const offset = row.seq * size;
        const bytes = asBytes(row.data);
        controller.enqueue(
          bytes.subarray(Math.max(0, start - offset), Math.min(bytes.byteLength, end - offset + 1)),
        );
      }
      seq = upTo + 1;
      if (seq > last) controller.close();
    },
  });
};

export interface DbStorageOptions {
  /** Most bytes one user's files may hold together (UPLOAD_QUOTA_MB). */
  quotaBytes: number;
  now: () => Date;
}

export const createDbStorage = (root: Db, options: DbStorageOptions): Storage => {
  const info = async (key: string, db: Executor = root): Promise<FileInfo | null> => {
    if (!isValidKey(key)) return null;
    const [row] = await db
      .select({
        key: files.key,
        size: files.size,
        contentType: files.contentType,
        sha256: files.sha256,
        createdAt: files.createdAt,
        chunkSize: files.chunkSize,
      })
      .from(files)
      .where(eq(files.key, key));
    return row ? { ...row, etag: `"${row.sha256}"` } : null;
  };

  return {
    async put(key, data, { ownerId = null, db = root } = {}) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
      const ext = key.split('.').pop()!;
      const sha256 = createHash('sha256').update(data).digest('base64url');
      await db.transaction(async (tx) => {
        if (ownerId !== null) {
          // One owner's uploads queue here, so parallel uploads cannot all pass the check (docs/security.md).
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`file-quota:${ownerId}`}))`);
          const [{ used }] = (await tx
            .select({ used: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
            .from(files)
            .where(and(eq(files.ownerId, ownerId), sql`${files.key} <> ${key}`))) as [{ used: number }];
          if (used + data.byteLength > options.quotaBytes) {
            const message = smsg('uploadQuotaExceeded', {
              used: mb(used),
              quota: mb(options.quotaBytes),
              size: mb(data.byteLength),
            });
            throw tooLarge(message, { file: message });
          }
        }
        await tx.delete(files).where(eq(files.key, key));
        await tx.insert(files).values({
          key,
          ownerId,
          size: data.byteLength,
          contentType: CONTENT_TYPE_BY_EXT[ext] ?? 'application/octet-stream',
          sha256,
          chunkSize: FILE_CHUNK_BYTES,
          createdAt: options.now(),
        });
        for (let seq = 0; seq * FILE_CHUNK_BYTES < data.byteLength; seq++)
          await tx.insert(fileChunks).values({
            key,
            seq,
            data: data.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES),
          });
      });
    },

    info,

    read: (file, start = 0, end = file.size - 1) => readChunks(root, file, start, end),

    async get(key, db = root) {
      const file = await info(key, db);
      if (!file) return null;
      const rows = await chunkRows(db, key, 0, Math.ceil(file.size / file.chunkSize));
      const data = new Uint8Array(file.size);
      for (const row of rows) data.set(asBytes(row.data), row.seq * file.chunkSize);
      return { data, size: file.size };
    },

    async delete(key, db = root) {
      if (!isValidKey(key)) return;
      await db.delete(files).where(eq(files.key, key));
    },
  };
};
