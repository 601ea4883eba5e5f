/**
 * An event's status history, read from the audit trail (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md):
 * the Status history card of the event's page and its History tab show the same entries, so they
 * can never disagree. Each entry of the `events` row that set or changed `status` (its create, an
 * update, a restore or an undo) is one move; the reason is the row's `status_reason` after it.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventStatus } from '../../src/contract/areas/event';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

/** The moves shown; older ones stay in the History tab (its "Load more"). */
const MOST_MOVES = 200;

const statusOf = (values: Record<string, unknown> | null): EventStatus | null =>
  typeof values?.status === 'string' ? (values.status as EventStatus) : null;

export async function statusHistoryOf(db: Executor, eventId: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resource, 'event'),
        eq(auditLog.recordId, String(eventId)),
        eq(auditLog.tableName, 'events'),
        inArray(auditLog.action, ['create', 'update', 'restore']),
        sql`'status' = any(${auditLog.fields})`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(MOST_MOVES);
  return rows.flatMap((row) => {
    const to = statusOf(row.after);
    if (!to) return [];
    const reason = row.after?.status_reason;
    return [
      {
        id: row.id,
        fromStatus: statusOf(row.before),
        toStatus: to,
        reason: typeof reason === 'string' && reason !== '' ? reason : null,
        by: row.actorId !== null && row.actorName ? { id: row.actorId, name: row.actorName } : null,
        at: row.at.toISOString(),
      },
    ];
  });
}
