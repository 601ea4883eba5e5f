/**
 * Account rules shared by service providers, supervisors and users: status changes (with the
 * provider approval history and session revocation), the last-admin rule and count helpers.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { USER_STATUS, type UserStatus } from '../../src/contract/roles';
import type { Executor, Tx } from '../db/client';
import { providerApprovals, serviceProviders, sessions, users } from '../db/schema';
import { conflict } from '../core/errors';
import { smsg } from '../core/messages';

/** 409 when `userId` is the last active admin and would stop being one. */
export const assertNotLastAdmin = async (tx: Executor, userId: number) => {
  const [others] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, USER_STATUS.active), ne(users.id, userId)));
  if ((others?.n ?? 0) === 0) throw conflict(smsg('lastAdmin'));
};

const revokeAllSessions = (tx: Executor, userId: number, now: Date) =>
  tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** Signs out every supervisor of the provider `providerId`. */
const revokeSupervisorSessions = (tx: Executor, providerId: number, now: Date) =>
  tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(
          sessions.userId,
          tx.select({ id: users.id }).from(users).where(eq(users.providerId, providerId)),
        ),
      ),
    );

/**
 * Sets an account's status in the caller's transaction: bumps its version, signs it out unless it
 * becomes active, and for a service provider records the change in the approval history (and
 * keeps the rejection reason on the profile).
 */
export const setAccountStatus = async (
  tx: Tx,
  opts: { userId: number; to: UserStatus; reason: string | null; byUserId: number; now: Date },
) => {
  const { userId, to, reason, byUserId, now } = opts;
  const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!before) return null;
  if (before.role === 'admin' && before.status === USER_STATUS.active && to !== USER_STATUS.active)
    await assertNotLastAdmin(tx, userId);
  const [after] = await tx
    .update(users)
    .set({ status: to, version: sql`${users.version} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (to !== USER_STATUS.active) {
    await revokeAllSessions(tx, userId, now);
    // A provider that stops being active takes its supervisors with it (sessions.ts refuses their
    // calls and sign-in until it is active again).
    if (before.role === 'serviceprovider') await revokeSupervisorSessions(tx, userId, now);
  }
  if (before.role === 'serviceprovider') {
    await tx
      .update(serviceProviders)
      .set({
        rejectionReason: to === USER_STATUS.active ? null : reason,
        version: sql`${serviceProviders.version} + 1`,
        updatedAt: now,
      })
      .where(eq(serviceProviders.userId, userId));
    if (before.status !== to)
      await tx.insert(providerApprovals).values({
        providerId: userId,
        fromStatus: before.status,
        toStatus: to,
        reason,
        byUserId,
        at: now,
      });
  }
  return { before, after: after! };
};
