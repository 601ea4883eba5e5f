/**
 * `POST /api/<key>/import` (docs/decisions/0073-import-from-files.md): the file read row by row
 * (./import-read.ts), each row mapped, read and its references found (./import-rows.ts) and validated
 * by the schema of the area's create (or update, when the chosen key finds its record). A dry run
 * answers the report; a commit also records a bulk job (server/resources/bulk.ts) whose rows are the
 * valid rows' bodies, each then run through the area's create or update (`importRow`): the same
 * rules, permissions, ownership checks, audit trail and live events as the form. The job, rows and
 * kept mapping are written in one transaction: a file found broken at its last line writes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  IMPORT_ACTION,
  IMPORT_PREVIEW_ROWS,
  IMPORT_REFUSALS_MAX,
  importEndpoints,
  importFieldsOf,
  importKeysOf,
  type ImportReport,
} from '../../src/contract/import';
import { localizeMessage, msg } from '../../src/contract/messages';
import type { Resource } from '../../src/contract/resource';
import type { AuthInfo } from '../auth/sessions';
import { HttpError, fieldError, tooLarge } from '../core/errors';
import { smsg } from '../core/messages';
import type { Db, Executor } from '../db/client';
import { bulkJobRows, bulkJobs, importMappings } from '../db/schema';
import { allOrNothing } from '../http/idempotency';
import { route } from '../http/route';
import { validate } from '../http/route-validate';
import type { App, Deps } from '../http/types';
import { jobAnswer, takeRunningSlot } from './bulk';
import { enqueue, type BulkRowActions } from './bulk-jobs';
import { byKey, col } from './bulk-rows';
import type { ResourceImpls } from './impl';
import { fileRows } from './import-read';
import { cellsOf, finder, inputOf, matchMapping, resolveRefs, type Finder } from './import-rows';

/** The body a row's update gets: the update schema's fields, with the record's id and version. */
export const updateBodyOf = (
  resource: Resource,
  body: Record<string, unknown>,
  id: number,
  version: number,
) => {
  const shape = resource.updateBody.shape as Record<string, unknown>;
  const out = Object.fromEntries(Object.entries(body).filter(([k]) => k in shape));
  return { ...out, ...('id' in shape ? { id } : {}), version };
};

const withDiscriminator = (resource: Resource, body: Record<string, unknown>) =>
  resource.discriminator ? { ...body, [resource.discriminator.field]: resource.discriminator.value } : body;

interface Row {
  line: number;
  cells: Record<string, string>;
  body: Record<string, unknown>;
  /** The record it updates. */
  target: number | null;
  errors: Record<string, string>;
}

/** One row read, its references and key found, validated as its create or update would be. */
const checkRow = async (
  resource: Resource,
  find: Finder,
  mapping: Record<string, string>,
  headers: string[],
  key: string | null,
  line: number,
  raw: string[],
): Promise<Row> => {
  const fields = importFieldsOf(resource)!;
  const cells = cellsOf(mapping, headers, raw);
  const { body, errors } = inputOf(fields, cells);
  await resolveRefs(find, fields, cells, body, errors);
  let target: { id: number; version: number } | null = null;
  if (key && cells[key]) {
    const found = await find(resource, key, cells[key]);
    if (found.id !== undefined) target = { id: found.id, version: found.version! };
    else if (found.ambiguous) errors[key] = found.error!;
  }
  const full = withDiscriminator(resource, body);
  try {
    validate(
      target ? resource.updateBody : resource.createBody,
      target ? updateBodyOf(resource, full, target.id, target.version) : full,
    );
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    for (const [k, m] of Object.entries(err.errors ?? { _row: err.message }))
      errors[fields.some((f) => f.key === k) ? k : '_row'] ??= m;
  }
  return { line, cells, body: full, target: target?.id ?? null, errors };
};

const localized = (errors: Record<string, string>, lang: 'en' | 'ar') =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, localizeMessage(m, lang)]));

/** The mapping sent (checked against the fields and headers), else the kept or matched one. */
const mappingOf = (
  resource: Resource,
  sent: string | undefined,
  headers: string[],
  kept: Record<string, string> | null,
) => {
  const fields = importFieldsOf(resource)!;
  if (sent === undefined) return matchMapping(fields, headers, kept);
  let parsed: unknown;
  try {
    parsed = JSON.parse(sent);
  } catch {
    throw fieldError('mapping', msg('invalidValue'));
  }
  const keys = fields.map((f) => f.key) as [string, ...string[]];
  const mapping = validate(z.partialRecord(z.enum(keys), z.string().max(500)), parsed, 'mapping') as Record<
    string,
    string
  >;
  for (const [k, header] of Object.entries(mapping))
    if (!headers.includes(header)) throw fieldError(`mapping.${k}`, smsg('importNoSuchColumn', { header }));
  return mapping;
};

const keptOf = async (db: Executor, userId: number, resource: string) => {
  const [row] = await db
    .select()
    .from(importMappings)
    .where(sql`${importMappings.userId} = ${userId} and ${importMappings.resource} = ${resource}`);
  return row ?? null;
};

interface Run {
  deps: Deps;
  auth: AuthInfo;
  lang: 'en' | 'ar';
  resource: Resource;
  file: File;
  sent: { mapping?: string; key?: string };
  /** Called with each valid row, in file order (the commit's rows). */
  keep?: (row: Row) => Promise<void>;
  impls: ResourceImpls;
}

/** Reads the whole file and makes its report. */
const reportOf = async (run: Run, db: Executor): Promise<ImportReport> => {
  const { deps, auth, lang, resource, file, sent, impls } = run;
  const rows = fileRows(file, deps.config.importMaxRows);
  const first = await rows.next();
  if (first.done) throw fieldError('file', smsg('importEmpty'));
  const headers = first.value.cells.map((h) => h.replace(/^\uFEFF/, '').trim());
  const kept = await keptOf(db, auth.user.id, resource.key);
  const mapping = mappingOf(resource, sent.mapping, headers, kept?.mapping ?? null);
  const keys = importKeysOf(resource);
  const key = sent.key !== undefined ? sent.key || null : (kept?.key ?? null);
  if (key !== null && (!keys.includes(key) || mapping[key] === undefined))
    throw fieldError('key', smsg('importBadKey', { keys: keys.join(', ') || '-' }));
  const find = finder({ ...deps, db: db as Db }, impls, auth, lang);
  const report: ImportReport = {
    headers,
    mapping,
    key,
    total: 0,
    valid: 0,
    refused: 0,
    updates: 0,
    preview: [],
    refusals: [],
  };
  for await (const { line, cells } of rows) {
    const row = await checkRow(resource, find, mapping, headers, key, line, cells);
    report.total++;
    const ok = Object.keys(row.errors).length === 0;
    if (report.preview.length < IMPORT_PREVIEW_ROWS)
      report.preview.push({
        line,
        values: row.cells,
        update: row.target !== null,
        errors: localized(row.errors, lang),
      });
    if (ok) {
      report.valid++;
      if (row.target !== null) report.updates++;
      await run.keep?.(row);
    } else {
      report.refused++;
      if (report.refusals.length < IMPORT_REFUSALS_MAX)
        report.refusals.push({ line, errors: localized(row.errors, lang) });
    }
  }
  return report;
};

/** An import of this many rows or more brings the statistics of the jobs' rows up to date. */
const ANALYZE_FROM_ROWS = 1000;

/**
 * The commit: the job, its rows (the valid rows' bodies) and the kept mapping, in one transaction
 * with the count of the caller's running jobs (a file found broken at its end writes nothing).
 */
const commitImport = (run: Run, key: string) => {
  const { deps, auth } = run;
  return allOrNothing(deps, async (tx) => {
    const now = deps.config.now();
    await takeRunningSlot(tx, auth.user.id, now);
    const [created] = await tx
      .insert(bulkJobs)
      .values({
        userId: auth.user.id,
        resource: key,
        action: IMPORT_ACTION,
        params: {},
        total: 0,
        createdAt: now,
      })
      .returning();
    const batch: { seq: number; record_id: number; data: { body: Record<string, unknown>; line: number } }[] =
      [];
    // A batch of rows as one JSON parameter: one statement, nothing built per row on this thread.
    const flush = async () => {
      if (batch.length)
        await tx.execute(sql`
          insert into ${bulkJobRows} (${col(bulkJobRows.jobId)}, ${col(bulkJobRows.seq)}, ${col(bulkJobRows.recordId)}, ${col(bulkJobRows.data)})
          select ${created!.id}, r.seq, r.record_id, r.data
          from jsonb_to_recordset(${JSON.stringify(batch.splice(0))}::jsonb)
            as r(seq integer, record_id integer, data jsonb)`);
    };
    let seq = 0;
    const report = await reportOf(
      {
        ...run,
        keep: async (row) => {
          batch.push({ seq: seq++, record_id: row.target ?? 0, data: { body: row.body, line: row.line } });
          if (batch.length >= 1000) await flush();
        },
      },
      tx,
    );
    await flush();
    if (!report.valid)
      throw new HttpError(422, smsg('importNothingValid'), { file: smsg('importNothingValid') });
    // Statistics that know the rows just kept, so that each chunk's statements read their own rows
    // by the primary key (PGlite runs no autovacuum): docs/decisions/0078-imports-commit-in-chunks.md.
    if (report.valid >= ANALYZE_FROM_ROWS) await tx.execute(sql`analyze ${bulkJobRows}`);
    const [job] = await tx
      .update(bulkJobs)
      .set({ total: report.valid })
      .where(eq(bulkJobs.id, created!.id))
      .returning();
    await tx
      .insert(importMappings)
      .values({
        userId: auth.user.id,
        resource: key,
        mapping: report.mapping,
        key: report.key,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [importMappings.userId, importMappings.resource],
        set: { mapping: report.mapping, key: report.key, updatedAt: now },
      });
    return { report, job: job! };
  });
};

/** Routes `POST /api/<key>/import` of every area that can create. */
export const registerImportRoutes = (app: App, impls: ResourceImpls, actions: BulkRowActions) => {
  for (const [key, endpoint] of Object.entries(importEndpoints)) {
    const resource = byKey.get(key)!;
    route(app, endpoint!, async ({ deps, body, files, requireAuth, lang }) => {
      const auth = requireAuth();
      const {
        mapping,
        key: keyField,
        dryRun,
      } = body as { mapping?: string; key?: string; dryRun: 'true' | 'false' };
      const file = files.file?.[0];
      if (!file) throw fieldError('file', msg('required'));
      if (file.size > deps.config.importMaxBytes)
        throw tooLarge(smsg('importTooLarge', { mb: Math.round(deps.config.importMaxBytes / 1048576) }), {
          file: smsg('importTooLarge', { mb: Math.round(deps.config.importMaxBytes / 1048576) }),
        });
      const sent = {
        ...(mapping !== undefined ? { mapping } : {}),
        ...(keyField !== undefined ? { key: keyField } : {}),
      };
      const run: Run = { deps, auth, lang, resource, file, sent, impls };
      if (dryRun === 'true')
        return { message: smsg('loaded'), data: { report: await reportOf(run, deps.db), job: null } };
      const { report, job } = await commitImport(run, key);
      const start = (d: Deps) => enqueue({ deps: d, impls, actions, jobId: job.id });
      if (deps.afterCommit) deps.afterCommit(start);
      else start(deps);
      return {
        message: smsg('importStarted', { n: job.total }),
        data: { report, job: await jobAnswer(deps, job, lang, 0) },
      };
    });
  }
};
