/**
 * What waits for a user (docs/decisions/0015-installed-app.md): the approvals they can act on and
 * their unread in-app notifications. The app's icon badge shows the sum: the inbox answer carries
 * both (the app sets the badge) and every push carries the sum (the service worker sets it).
 * Approving events and advertisements is for admins; approving service providers needs `usermanager`.
 */
import { and, count, eq, gte, inArray, isNull } from 'drizzle-orm';
import { USER_STATUS } from '../../src/contract/roles';
import type { Db, Executor } from '../db/client';
import { advertisements, events, userNotifications, users } from '../db/schema';
import { permissionsOf } from '../auth/sessions';
import { periods } from '../core/time';

const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

export const unreadOf = (db: Executor, userId: number) =>
  total(
    db
      .select({ n: count() })
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt))),
  );

/** Pending service providers, events and (not yet ended) advertisements this user may approve. */
export async function approvalsOf(
  db: Executor,
  user: { role: string },
  permissions: readonly string[],
  now: Date,
): Promise<number> {
  const admin = user.role === 'admin';
  const [providers, pendingEvents, ads] = await Promise.all([
    permissions.includes('usermanager')
      ? total(
          db
            .select({ n: count() })
            .from(users)
            .where(and(eq(users.role, 'serviceprovider'), eq(users.status, USER_STATUS.pending))),
        )
      : 0,
    admin && permissions.includes('event')
      ? total(db.select({ n: count() }).from(events).where(eq(events.status, 'pending')))
      : 0,
    admin && permissions.includes('advertisement')
      ? total(
          db
            .select({ n: count() })
            .from(advertisements)
            .where(and(eq(advertisements.status, 'pending'), gte(advertisements.endsOn, periods(now).today))),
        )
      : 0,
  ]);
  return providers + pendingEvents + ads;
}

/**
 * The badge of each of these users: their approvals (the same for every user of a role, so counted
 * once per role) and their unread notifications (one grouped query), summed.
 */
export async function badgesOf(db: Db, userIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const ids = [...new Set(userIds)];
  const [rows, unread] = await Promise.all([
    db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids)),
    db
      .select({ id: userNotifications.userId, n: count() })
      .from(userNotifications)
      .where(and(inArray(userNotifications.userId, ids), isNull(userNotifications.readAt)))
      .groupBy(userNotifications.userId),
  ]);
  const approvals = new Map<string, number>();
  for (const role of new Set(rows.map((r) => r.role)))
    approvals.set(role, await approvalsOf(db, { role }, await permissionsOf(db, role), now));
  const unreadOfUser = new Map(unread.map((u) => [u.id, u.n]));
  for (const row of rows) out.set(row.id, (approvals.get(row.role) ?? 0) + (unreadOfUser.get(row.id) ?? 0));
  return out;
}
