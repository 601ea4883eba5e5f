/**
 * My Profile → Morning digest (docs/decisions/0072-staff-digests.md): the signed-in staff member's
 * own setting, read and written; the scheduler's claim (server/areas/digest.ts) sends it.
 */
import { eq } from 'drizzle-orm';
import { PLATFORM_TIME_ZONE } from '../../src/contract/areas/values';
import { digestApi } from '../../src/contract/digests';
import { canonicalTimeZone } from '../../src/contract/time-zones';
import { smsg } from '../core/messages';
import type { Executor } from '../db/client';
import { staffDigests } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';
import { nextDigestAt } from './digest';

const settingsOf = async (db: Executor, userId: number) => {
  const [row] = await db.select().from(staffDigests).where(eq(staffDigests.userId, userId));
  return {
    enabled: row?.enabled ?? false,
    timeZone: row?.timeZone ?? PLATFORM_TIME_ZONE,
    nextAt: row?.enabled ? row.dueAt.toISOString() : null,
  };
};

export const registerDigestRoutes = (app: App) => {
  route(app, digestApi.profileDigest, async ({ deps, requireAuth }) => ({
    message: smsg('loaded'),
    data: await settingsOf(deps.db, requireAuth().user.id),
  }));

  route(app, digestApi.profileDigestUpdate, async ({ deps, body, requireAuth }) => {
    const userId = requireAuth().user.id;
    const now = deps.config.now();
    const current = await settingsOf(deps.db, userId);
    const timeZone = body.timeZone ? canonicalTimeZone(body.timeZone)! : current.timeZone;
    // One statement: parallel saves end as one of them, and `last_day` (today's digest sent) stays.
    const set = { enabled: body.enabled, timeZone, dueAt: nextDigestAt(now, timeZone), updatedAt: now };
    await deps.db
      .insert(staffDigests)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: staffDigests.userId, set });
    return {
      message: smsg(body.enabled ? 'digestOn' : 'digestOff'),
      data: await settingsOf(deps.db, userId),
    };
  });
};
