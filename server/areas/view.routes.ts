/**
 * Saved views of the lists (docs/decisions/0022-saved-views.md): `GET/POST/PUT/DELETE /api/views`.
 * A user sees its own views and the shared ones of the lists it may open (the list endpoint's own
 * access: permission, or a provider's own records); only admins share, and only a current admin
 * changes what a shared view shows; names are unique per user and list, case-insensitively, and one
 * view per user and list is the default (unique indexes, so parallel requests cannot break either
 * rule); at most `VIEWS_PER_LIST_MAX` per user and list (counted under a lock, see `takeViewSlot`).
 */
import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { resources, type ResourceKey } from '../../src/contract/areas';
import {
  VIEWS_PER_LIST_MAX,
  viewState,
  viewStateErrors,
  viewsApi,
  type SavedView,
  type ViewState,
} from '../../src/contract/views';
import { msg } from '../../src/contract/messages';
import { isUniqueViolation, type Executor } from '../db/client';
import { savedViews, users } from '../db/schema';
import type { AuthInfo } from '../auth/sessions';
import { conflict, forbidden, HttpError, notFound } from '../core/errors';
import { route } from '../http/route';
import { mayCall } from '../http/route-access';
import type { App } from '../http/types';
import { smsg } from '../core/messages';

const ADMIN = 'admin';

/** The lists this session may open (the list endpoint's access of each resource). */
const openableLists = (auth: AuthInfo): ResourceKey[] =>
  resources.filter((r) => mayCall(r.endpoints.list.access, auth)).map((r) => r.key);

const checkList = (auth: AuthInfo, key: ResourceKey) => {
  if (!openableLists(auth).includes(key)) throw forbidden(smsg('viewListNotAllowed'));
};

const checkState = (key: ResourceKey, state: ViewState) => {
  const errors = viewStateErrors(key, state);
  if (Object.keys(errors).length) throw new HttpError(422, msg('validationFailed'), errors);
};

type Row = typeof savedViews.$inferSelect & { ownerName: { en: string; ar: string } };

const toView = (row: Row, userId: number): SavedView => {
  const parsed = viewState.safeParse(row.state);
  return {
    id: row.id,
    resource: row.resource as ResourceKey,
    name: row.name,
    // A stored state that no longer parses (a filter since renamed) opens the list's defaults.
    state: parsed.success ? parsed.data : {},
    shared: row.shared,
    isDefault: row.userId === userId && row.isDefault,
    mine: row.userId === userId,
    ownerName: row.ownerName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const selectViews = (db: Executor, where: SQL | undefined) =>
  db
    .select({ view: savedViews, ownerName: users.name })
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(where)
    .orderBy(asc(savedViews.resource), asc(savedViews.name), asc(savedViews.id))
    .then((rows) => rows.map((r) => ({ ...r.view, ownerName: r.ownerName })));

/** The caller's own views and the shared ones, of these lists. */
const visibleTo = (userId: number, lists: ResourceKey[]) =>
  and(inArray(savedViews.resource, lists), or(eq(savedViews.userId, userId), eq(savedViews.shared, true)));

/** One of the caller's own views; a view shared with it: 403 (read-only); anything else: 404. */
const ownView = async (db: Executor, auth: AuthInfo, id: number) => {
  const [row] = await selectViews(
    db,
    and(eq(savedViews.id, id), visibleTo(auth.user.id, openableLists(auth))),
  );
  if (!row) throw notFound();
  if (row.userId !== auth.user.id) throw forbidden(smsg('viewNotYours'));
  return row;
};

/**
 * The caller's role as the database holds it now, its row locked until the write commits: a
 * session's role was read when the request began, and a demotion committed meanwhile (or racing
 * this write) must still stop an ex-admin from publishing to everyone.
 */
const roleNow = async (tx: Executor, userId: number) => {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('share');
  return row?.role ?? null;
};

/** 403 unless the caller is an admin now (`roleNow`). */
const requireAdminNow = async (tx: Executor, userId: number, refusal: string) => {
  if ((await roleNow(tx, userId)) !== ADMIN) throw forbidden(refusal);
};

/**
 * Takes a place for one more view of this user and list, or refuses (409). The count and the insert
 * that follows hold one advisory lock per user and list until the write commits, so parallel creates
 * are counted one after another: on PostgreSQL each sees the ones committed before it (without the
 * lock, 60 parallel creates from 45 kept left 54–57).
 */
const takeViewSlot = async (tx: Executor, userId: number, resource: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-views:${userId}:${resource}`}))`);
  const [kept] = await tx
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.resource, resource)));
  if ((kept?.n ?? 0) >= VIEWS_PER_LIST_MAX)
    throw new HttpError(409, smsg('viewsTooMany', { n: VIEWS_PER_LIST_MAX }));
};

/**
 * Who may make this change of one of its own views: sharing it needs an admin, and so does changing
 * the name or state of a view that stays shared (what everyone who opens the list sees). Its own
 * default, stopping the sharing and deleting stay with the owner whatever its role now, so a demoted
 * owner can still take its view back (docs/decisions/0022-saved-views.md).
 */
const checkSharing = async (
  tx: Executor,
  userId: number,
  row: { shared: boolean },
  body: { name?: string; state?: ViewState; shared?: boolean },
) => {
  if (body.shared && !row.shared) return requireAdminNow(tx, userId, smsg('viewOnlyAdminsShare'));
  const staysShared = body.shared ?? row.shared;
  if (staysShared && (body.shared || body.name !== undefined || body.state !== undefined))
    await requireAdminNow(tx, userId, smsg('viewSharedOnlyAdmins'));
};

/** A database refusal of a write: the name is taken (409), or the default was taken meanwhile. */
const translate = (err: unknown): never => {
  if (isUniqueViolation(err)) {
    const text = String((err as { constraint?: string; message?: string }).constraint ?? err);
    const cause = (err as { cause?: { constraint?: string } }).cause?.constraint ?? '';
    if (text.includes('saved_views_name_key') || cause.includes('saved_views_name_key'))
      throw new HttpError(409, smsg('viewNameTaken'), { name: smsg('viewNameTaken') });
    throw conflict();
  }
  throw err;
};

/** Clears the caller's other default of this list (one default per user and list). */
const clearDefault = (db: Executor, userId: number, resource: string, except?: number) =>
  db
    .update(savedViews)
    .set({ isDefault: false })
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.resource, resource),
        eq(savedViews.isDefault, true),
        except === undefined ? undefined : ne(savedViews.id, except),
      ),
    );

const registerReadAndCreate = (app: App) => {
  route(app, viewsApi.viewsList, async ({ deps, query, requireAuth }) => {
    const auth = requireAuth();
    if (query.resource) checkList(auth, query.resource);
    const lists = query.resource ? [query.resource] : openableLists(auth);
    const rows = lists.length ? await selectViews(deps.db, visibleTo(auth.user.id, lists)) : [];
    return { message: smsg('loaded'), data: rows.map((r) => toView(r, auth.user.id)) };
  });

  route(app, viewsApi.viewsCreate, async ({ deps, body, requireAuth }) => {
    const auth = requireAuth();
    checkList(auth, body.resource);
    checkState(body.resource, body.state);
    const now = deps.config.now();
    const created = await deps.db
      .transaction(async (tx) => {
        if (body.shared) await requireAdminNow(tx, auth.user.id, smsg('viewOnlyAdminsShare'));
        await takeViewSlot(tx, auth.user.id, body.resource);
        if (body.isDefault) await clearDefault(tx, auth.user.id, body.resource);
        const [row] = await tx
          .insert(savedViews)
          .values({
            userId: auth.user.id,
            resource: body.resource,
            name: body.name,
            state: body.state,
            shared: body.shared ?? false,
            isDefault: body.isDefault ?? false,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        return row!;
      })
      .catch(translate);
    return {
      message: smsg('viewSaved'),
      data: toView({ ...created, ownerName: auth.user.name }, auth.user.id),
    };
  });
};

const registerChanges = (app: App) => {
  route(app, viewsApi.viewsUpdate, async ({ deps, params, body, requireAuth }) => {
    const auth = requireAuth();
    const now = deps.config.now();
    const updated = await deps.db
      .transaction(async (tx) => {
        const row = await ownView(tx, auth, params.id);
        if (body.state) checkState(row.resource as ResourceKey, body.state);
        await checkSharing(tx, auth.user.id, row, body);
        if (body.isDefault) await clearDefault(tx, auth.user.id, row.resource, row.id);
        const [next] = await tx
          .update(savedViews)
          .set({
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.state === undefined ? {} : { state: body.state }),
            ...(body.shared === undefined ? {} : { shared: body.shared }),
            ...(body.isDefault === undefined ? {} : { isDefault: body.isDefault }),
            version: row.version + 1,
            updatedAt: now,
          })
          .where(and(eq(savedViews.id, row.id), eq(savedViews.version, body.version)))
          .returning();
        if (!next) throw conflict();
        return next;
      })
      .catch(translate);
    return {
      message: smsg('viewSaved'),
      data: toView({ ...updated, ownerName: auth.user.name }, auth.user.id),
    };
  });

  route(app, viewsApi.viewsRemove, async ({ deps, params, requireAuth }) => {
    const auth = requireAuth();
    const row = await ownView(deps.db, auth, params.id);
    await deps.db.delete(savedViews).where(eq(savedViews.id, row.id));
    return { message: smsg('viewDeleted') };
  });
};

export const registerViewRoutes = (app: App) => {
  registerReadAndCreate(app);
  registerChanges(app);
};
