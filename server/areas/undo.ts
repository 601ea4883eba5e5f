/**
 * Undo (docs/decisions/0025-undo.md, docs/decisions/0034-undo-tokens-minted-by-the-server.md): the
 * user who made a delete, a status move or a bulk action puts the records back as they were, from
 * the audit trail's `before` values (server/resources/restore.ts), as one more write of the request's
 * transaction, recorded as `restore` entries that name the entries they undo (`restoreOf`) with the
 * operation `POST /api/undo`.
 *
 * The write is named by its token, minted by the server: the request id of one undoable write
 * (route.ts puts it on the write's answer; a client's header never names or groups writes), or
 * `bulk-<job id>` for a bulk job of the caller's. Refused as a whole: no entry of the caller has it
 * (404: another's write looks the same as none), the write is older than UNDO_WINDOW_MS (from the
 * write itself; a job's from its last row), its bulk job is still running, any of its entries is
 * not of one UNDOABLE operation, or it was undone already (409). Then each record it changed is put
 * back in a savepoint, or refused with the reason, when:
 * - the caller may no longer run the operation (its current role and permissions);
 * - the record, put back, is not in the caller's scope (the resource's own ownership rule);
 * - the record changed again since (its fields are not what the write left), is gone, or its id is
 *   taken again; its seats are no longer free; a rule of the database refuses it;
 * - a forward write of the values put back would be refused (server/resources/forward-rules.ts).
 * Two undo calls of one write take one lock in turn (an advisory lock on the caller and token); the
 * second finds the first's `restore` entries and is refused: it never applies twice.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { resources } from '../../src/contract/areas';
import type { BookingStatus } from '../../src/contract/areas/booking';
import type { Language } from '../../src/contract/common';
import { localizeMessage } from '../../src/contract/messages';
import { IMPORT_ACTION } from '../../src/contract/import';
import { UNDO_WINDOW_MS, type UndoResult, type UndoRow } from '../../src/contract/undo';
import { setAuditContext, type AuditContext } from '../audit/trail';
import {
  putBack,
  putBackChild,
  takeBack,
  restorableOf,
  restoreRefusal,
  type AuditRow,
  type Restorable,
} from '../resources/restore';
import type { AuthInfo } from '../auth/sessions';
import type { Db } from '../db/client';
import { auditLog, bookingHistory, bulkJobs, eventHistory } from '../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../core/errors';
import { forwardRulesOf, type PutBackRules } from '../resources/forward-rules';
import type { ResourceImpls } from '../resources/impl';
import { inScope } from '../resources/query';
import { allows } from '../http/route-access';
import { rowCtx } from '../resources/row-actions';
import type { Deps } from '../http/types';
import { UNDOABLE, type Undoable } from '../http/undoable';
import { smsg } from '../core/messages';

/** May the caller still run the operation, on the resource it wrote (a master's shared path: its own)? */
const mayStill = (op: Undoable, resourceKey: string, auth: AuthInfo) => {
  const resource = op.resources.find((r) => r.key === resourceKey) ?? op.resources[0]!;
  const { access } = op;
  const permission =
    access.kind === 'session' ? (access.permissionBy ? resource.permission : access.permission) : null;
  return allows(access, auth, permission);
};

/** Messages of a restore refusal, as undo words them. */
const UNDO_WORDING: Record<string, string> = {
  [smsg('restoreChangedSince')]: smsg('undoChangedSince'),
  [smsg('restoreRecordGone')]: smsg('undoRecordGone'),
};

/** A refusal's message, in the reader's language. */
const reasonOf = (err: HttpError, lang: Language) =>
  localizeMessage(UNDO_WORDING[err.message] ?? err.message, lang);

/** The status histories say who moved a booking or an event back, as its screens show them. */
const writeHistory = async (db: Db, entry: AuditRow, auth: AuthInfo, now: Date) => {
  if (entry.action !== 'update' || !entry.before || !entry.after) return;
  const id = Number(entry.recordId);
  if (entry.tableName === 'bookings') {
    const moves = (
      [
        ['status', 'status'],
        ['payment_status', 'payment'],
      ] as const
    ).filter(([column]) => entry.fields.includes(column));
    if (moves.length)
      await db.insert(bookingHistory).values(
        moves.map(([column, field]) => ({
          bookingId: id,
          field,
          fromValue: String(entry.after![column]),
          toValue: String(entry.before![column] as BookingStatus),
          note: null,
          byUserId: auth.user.id,
          at: now,
        })),
      );
  }
  if (entry.tableName === 'events' && entry.fields.includes('status'))
    await db.insert(eventHistory).values({
      eventId: id,
      fromStatus: String(entry.after.status),
      toStatus: String(entry.before.status),
      reason: null,
      byUserId: auth.user.id,
      at: now,
    });
};

interface Group {
  resource: string;
  recordId: string;
  /** Newest first. */
  entries: AuditRow[];
}

/** The records the write changed, most recently changed first, each with its entries newest first. */
const groupsOf = (entries: AuditRow[], tablesOf: Restorable, imported: boolean): Group[] => {
  const groups = new Map<string, Group>();
  for (const entry of entries) {
    // A create (a notice sent after a move) is not what the user asked to undo; an import's is.
    if (entry.action !== 'update' && entry.action !== 'delete' && !(imported && entry.action === 'create'))
      continue;
    if (entry.recordId === null) continue;
    const key = `${entry.resource}\n${entry.recordId}`;
    const group = groups.get(key) ?? { resource: entry.resource, recordId: entry.recordId, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.entries.some((e) => tablesOf.has(e.tableName ?? '')));
};

/** The write's entries (newest first), after the whole-call checks. */
const entriesToUndo = async (db: Db, auth: AuthInfo, token: string, now: Date) => {
  const bulk = /^bulk-([0-9]{1,10})$/.exec(token);
  if (bulk) {
    const [job] = await db
      .select({ state: bulkJobs.state })
      .from(bulkJobs)
      .where(and(eq(bulkJobs.id, Number(bulk[1])), eq(bulkJobs.userId, auth.user.id)));
    if (!job) throw new HttpError(404, smsg('undoNothing'));
    if (job.state === 'running') throw conflict(smsg('undoRunning'));
  }
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, auth.user.id), eq(auditLog.requestId, token)))
    .orderBy(desc(auditLog.id));
  if (!entries.length) throw new HttpError(404, smsg('undoNothing'));
  const newest = entries[0]!;
  // Every entry of the write is of one operation, and that one can be undone.
  const operations = new Set(entries.map((e) => e.operation ?? ''));
  const op = operations.size === 1 ? UNDOABLE.get(newest.operation ?? '') : undefined;
  if (!op) throw conflict(smsg('undoNotUndoable'));
  // The window runs from the write: a request's entries share its time; a job's from its last row.
  const from = bulk ? newest.at : entries.at(-1)!.at;
  if (now.getTime() - from.getTime() > UNDO_WINDOW_MS)
    throw conflict(smsg('undoTooLate', { s: UNDO_WINDOW_MS / 1000 }));
  // Undone already: its restore entries came after the write, from the same caller.
  const ids = entries.map((e) => e.id);
  const [undone] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, auth.user.id),
        gt(auditLog.id, newest.id),
        eq(auditLog.action, 'restore'),
        inArray(auditLog.restoreOf, ids),
      ),
    )
    .limit(1);
  if (undone) throw conflict(smsg('undoAlready'));
  return { entries, op };
};

/** Puts one record back in a savepoint; its refusal (with the reason) changes nothing. */
const undoGroup = async (
  deps: Deps,
  impls: ResourceImpls,
  tablesOf: Restorable,
  rulesOf: (key: string) => PutBackRules | undefined,
  auth: AuthInfo,
  lang: Language,
  audit: AuditContext,
  op: Undoable,
  group: Group,
): Promise<UndoRow> => {
  const row = { resource: group.resource, recordId: group.recordId };
  if (!mayStill(op, group.resource, auth))
    return { ...row, state: 'refused', message: localizeMessage(forbidden().message, lang) };
  const now = deps.config.now();
  // A record first, then the child rows removed with it.
  const whole = group.entries.filter((e) => tablesOf.has(e.tableName ?? ''));
  const children = group.entries.filter((e) => !tablesOf.has(e.tableName ?? ''));
  const created = whole.some((e) => e.action === 'create');
  const rules = rulesOf(group.resource);
  const impl = impls[group.resource];
  const resource = resources.find((r) => r.key === group.resource);
  try {
    await deps.db.transaction(async (tx) => {
      const sp = tx as unknown as Db;
      // A record an import created is removed (its child rows with it), if the caller still reaches it.
      if (created) {
        if (
          impl &&
          resource &&
          !(await inScope(sp, resource, impl, rowCtx(deps, auth, lang), Number(group.recordId)))
        )
          throw notFound();
        for (const entry of whole) {
          await setAuditContext(sp, { ...audit, action: 'restore', restoreOf: entry.id });
          if (entry.action === 'create') await takeBack(sp, entry, tablesOf);
        }
        await setAuditContext(sp, audit);
        return;
      }
      for (const entry of [...whole, ...children]) {
        await setAuditContext(sp, { ...audit, action: 'restore', restoreOf: entry.id });
        if (whole.includes(entry)) {
          await putBack(sp, entry, undefined, now, rules, tablesOf);
          await writeHistory(sp, entry, auth, now);
        } else await putBackChild(sp, entry, tablesOf);
      }
      await setAuditContext(sp, audit);
      if (
        impl &&
        resource &&
        !(await inScope(sp, resource, impl, rowCtx(deps, auth, lang), Number(group.recordId)))
      )
        throw notFound();
    });
    return { ...row, state: 'undone', message: null };
  } catch (err) {
    const refusal = restoreRefusal(err);
    if (!refusal) throw err;
    return { ...row, state: 'refused', message: reasonOf(refusal, lang) };
  }
};

export const undoWrite = async (
  deps: Deps,
  impls: ResourceImpls,
  auth: AuthInfo,
  lang: Language,
  audit: AuditContext,
  token: string,
): Promise<UndoResult> => {
  const { db } = deps;
  // One undo of a write at a time: the next waits, then finds it undone.
  await db.execute(sql`select pg_advisory_xact_lock(${auth.user.id}, hashtext(${token}))`);
  const { entries, op } = await entriesToUndo(db, auth, token, deps.config.now());
  const rows: UndoRow[] = [];
  const rulesOf = forwardRulesOf(impls, rowCtx(deps, auth, lang));
  const tablesOf = restorableOf(impls);
  const imported = entries[0]!.operation?.endsWith(`(${IMPORT_ACTION})`) ?? false;
  for (const group of groupsOf(entries, tablesOf, imported))
    rows.push(await undoGroup(deps, impls, tablesOf, rulesOf, auth, lang, audit, op, group));
  const refused = rows.filter((r) => r.state === 'refused');
  return {
    token,
    undone: rows.length - refused.length,
    refused: refused.length,
    rows: [...refused, ...rows.filter((r) => r.state === 'undone')],
  };
};

/** The answer's message (English; the route localises it). */
export const undoMessage = (result: UndoResult) =>
  result.refused === 0
    ? result.undone === 1
      ? smsg('undoneOne')
      : smsg('undone', { n: result.undone })
    : result.undone === 0
      ? smsg('undoneNone', { n: result.refused })
      : smsg('undoneSome', { n: result.undone, m: result.refused });
