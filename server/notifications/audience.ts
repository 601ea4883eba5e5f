/**
 * Whom a written notification reaches (docs/decisions/0007-notifications-and-push.md): the one
 * resolution used by sending (./notify.ts) and by the count shown before it (server/areas/notification.audience.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { USER_STATUS } from '../../src/contract/roles';
import { SUPERVISOR_ROLES } from '../../src/contract/areas/supervisor';
import type { Executor } from '../db/client';
import type { notifications } from '../db/schema';
import { users } from '../db/schema';

type NotificationRow = typeof notifications.$inferSelect;

/** A written notification's audience, as stored (docs/decisions/0007-notifications-and-push.md). */
export type Audience = Pick<
  NotificationRow,
  'providerId' | 'audienceType' | 'audienceRoles' | 'audienceUserIds'
>;

/**
 * Who a written notification reaches: active accounts of its audience (a provider's: its supervisors
 * and door accounts). The count shown before sending (/api/notification/audience) is this list's length.
 */
export async function recipientsOf(db: Executor, n: Audience): Promise<number[]> {
  const active = eq(users.status, USER_STATUS.active);
  const scope =
    n.providerId === null
      ? undefined
      : and(inArray(users.role, [...SUPERVISOR_ROLES]), eq(users.providerId, n.providerId));
  const audience =
    n.audienceType === 'roles'
      ? inArray(users.role, n.audienceRoles.length ? n.audienceRoles : ['-'])
      : n.audienceType === 'users'
        ? inArray(users.id, n.audienceUserIds.length ? n.audienceUserIds : [0])
        : undefined;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(active, scope, audience));
  return rows.map((r) => r.id);
}
