/**
 * My own display preferences (docs/decisions/0082-dense-width-aware-tables.md): the signed-in user
 * reads and writes their own row only; no row reads as the defaults.
 */
import { eq } from 'drizzle-orm';
import { listDensityOf } from '../../src/contract/densities';
import { preferencesApi, type Preferences } from '../../src/contract/preferences';
import { smsg } from '../core/messages';
import type { Executor } from '../db/client';
import { userPreferences } from '../db/schema';
import { route } from '../http/route';
import type { App } from '../http/types';

const preferencesOf = async (db: Executor, userId: number): Promise<Preferences> => {
  const [row] = await db
    .select({ listDensity: userPreferences.listDensity })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return { listDensity: listDensityOf(row?.listDensity) };
};

export const registerPreferencesRoutes = (app: App) => {
  route(app, preferencesApi.profilePreferences, async ({ deps, requireAuth }) => ({
    message: smsg('loaded'),
    data: await preferencesOf(deps.db, requireAuth().user.id),
  }));

  route(app, preferencesApi.profilePreferencesUpdate, async ({ deps, body, requireAuth }) => {
    const userId = requireAuth().user.id;
    // One statement: parallel saves end as one of them.
    const set = { listDensity: body.listDensity, updatedAt: deps.config.now() };
    await deps.db
      .insert(userPreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userPreferences.userId, set });
    return { message: smsg('saved'), data: await preferencesOf(deps.db, userId) };
  });
};
