/**
 * Bearer-token sessions (docs/architecture.md §4): opaque 256-bit tokens, only their SHA-256 in the database,
 * idle expiry (default 7 days) and absolute expiry (default 30 days), `last_used_at` written at most
 * once a minute, revocation on sign-out and password change.
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { USER_STATUS } from '../../src/contract/roles';
import type { Db, Executor } from '../db/client';
import { pushSubscriptions, rolePermissions, sessions, users } from '../db/schema';
import type { Config } from '../core/config';
import { HttpError, unauthorized } from '../core/errors';
import { smsg } from '../core/messages';
import { hashToken, newToken } from './tokens';
import { parseUserAgent } from './user-agent';

export type UserRow = typeof users.$inferSelect;

export interface AuthInfo {
  user: UserRow;
  sessionId: number;
  permissions: string[];
}

const TOUCH_EVERY_MS = 60_000;

export const createSession = async (
  db: Executor,
  config: Config,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
): Promise<string> => {
  const token = newToken();
  const now = config.now();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + config.sessionAbsoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
};

/** The message that tells a user with this status why they cannot sign in (null when active). */
const statusRefusal = (status: string): string | null => {
  switch (status) {
    case USER_STATUS.active:
      return null;
    case USER_STATUS.pending:
      return smsg('accountPending');
    case USER_STATUS.rejected:
      return smsg('accountRejected');
    case USER_STATUS.blocked:
      return smsg('accountBlocked');
    default:
      return smsg('accountBlocked');
  }
};

/** A role's permissions in their order. */
export const permissionsOf = async (db: Db, role: string): Promise<string[]> =>
  (
    await db
      .select({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(eq(rolePermissions.role, role))
      .orderBy(asc(rolePermissions.position), asc(rolePermissions.permission))
  ).map((r) => r.permission);

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** What a bearer token resolves to: the session, its user, their permissions and provider's standing. */
interface ResolvedSession {
  session: typeof sessions.$inferSelect;
  user: UserRow;
  permissions: string[];
  providerStatus: string | null;
}

/** The role's permissions in their order, as `permissionsOf` lists them. */
const permissionsOfUser = sql<
  string[]
>`array(select ${rolePermissions.permission} from ${rolePermissions} where ${rolePermissions.role} = ${users.role} order by ${rolePermissions.position}, ${rolePermissions.permission})`;

/**
 * The status of the user's service provider (a supervisor's employer; null for everyone else, and
 * "deleted" when the provider no longer exists): a supervisor works only while its provider is
 * active (docs/product.md §3, docs/security.md).
 */
export const providerStatusOfUser = sql<
  string | null
>`case when ${users.providerId} is null then null else coalesce((select p.status from users p where p.id = ${users.providerId}), 'deleted') end`;

/** Why a supervisor of a provider with this status cannot work (null when the provider is active). */
export const providerRefusal = (providerStatus: string | null): string | null =>
  providerStatus === null || providerStatus === USER_STATUS.active ? null : smsg('providerInactive');

/**
 * Why `user` may not sign in, or null: its own status, then a supervisor's provider's. Every way of
 * signing in (a password, a passkey) judges the account with it (docs/security.md, "Account lifecycle").
 */
export const signInRefusal = async (db: Executor, user: UserRow): Promise<string | null> => {
  const refusal = statusRefusal(user.status);
  if (refusal || user.providerId === null) return refusal;
  const [provider] = await db
    .select({ status: users.status })
    .from(users)
    .where(eq(users.id, user.providerId));
  return providerRefusal(provider?.status ?? 'deleted');
};

/** What a session's check reads: the session, its user, the user's permissions and provider's standing. */
const sessionColumns = {
  session: sessions,
  user: users,
  permissions: permissionsOfUser,
  providerStatus: providerStatusOfUser,
};

/** The sessions of these token hashes, with their users, permissions and providers' standing, in one query. */
const sessionsByTokenHash = (db: Db, tokenHashes: string[]) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.tokenHash, tokenHashes));

interface Asked {
  resolve(row: ResolvedSession | null): void;
  reject(error: unknown): void;
}

/**
 * Every signed-in request reads its session from the database (docs/decisions/0054-the-read-cache-goes.md).
 * The reads asked while one is running go together in the next one: one statement for all of them,
 * each asked after its request arrived, so none answers from before it. On the embedded database,
 * where a statement waits while another caller's transaction runs, ten requests that arrived during
 * a transaction were ten statements after it (docs/decisions/0085-writes-prepared-on-the-embedded-database.md).
 */
class SessionReads {
  readonly #asked = new Map<string, Asked[]>();
  #running = false;
  constructor(private readonly db: Db) {}

  read(tokenHash: string): Promise<ResolvedSession | null> {
    return new Promise((resolve, reject) => {
      const asked = this.#asked.get(tokenHash);
      if (asked) asked.push({ resolve, reject });
      else this.#asked.set(tokenHash, [{ resolve, reject }]);
      if (!this.#running) void this.#run();
    });
  }

  async #run() {
    this.#running = true;
    while (this.#asked.size) {
      const batch = new Map(this.#asked);
      this.#asked.clear();
      try {
        const rows = await sessionsByTokenHash(this.db, [...batch.keys()]);
        const found = new Map(rows.map((row) => [row.session.tokenHash, row]));
        for (const [tokenHash, asked] of batch) {
          const row = found.get(tokenHash) ?? null;
          // Each request its own copy: one request's changes to its user never reach another's.
          for (const a of asked)
            a.resolve(
              row && {
                ...row,
                session: { ...row.session },
                user: { ...row.user },
                permissions: [...row.permissions],
              },
            );
        }
      } catch (error) {
        for (const asked of batch.values()) for (const a of asked) a.reject(error);
      }
    }
    this.#running = false;
  }
}

const sessionReads = new WeakMap<Db, SessionReads>();
const resolve = (db: Db, tokenHash: string): Promise<ResolvedSession | null> => {
  let reads = sessionReads.get(db);
  if (!reads) sessionReads.set(db, (reads = new SessionReads(db)));
  return reads.read(tokenHash);
};

/** Has the session ended: signed out or revoked, past its absolute expiry, or idle too long? */
const hasEnded = (session: ResolvedSession['session'], now: Date, config: Config) =>
  session.revokedAt !== null ||
  now.getTime() >= session.expiresAt.getTime() ||
  now.getTime() - session.lastUsedAt.getTime() >= config.sessionIdleMs;

/**
 * Resolves the Authorization header to a live session, or throws 401. The session, its user and
 * their permissions are read from the database on every request (one prepared query; nothing is
 * kept between requests since docs/decisions/0054-the-read-cache-goes.md), so a sign-out, a block or
 * a changed role counts at once, on every process.
 */
export const authenticate = async (
  db: Db,
  config: Config,
  authorization: string | undefined,
): Promise<AuthInfo> => {
  const token = authorization ? BEARER.exec(authorization.trim())?.[1] : undefined;
  if (!token) throw unauthorized();
  const resolved = await resolve(db, hashToken(token));
  if (!resolved) throw unauthorized();
  const { session, user, permissions, providerStatus } = resolved;
  const now = config.now();
  // An account (or its provider) that may not work is told why, even when its sessions were
  // already ended by the status change.
  const refusal = statusRefusal(user.status) ?? providerRefusal(providerStatus);
  if (refusal) {
    if (!session.revokedAt)
      await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, session.id));
    throw new HttpError(401, refusal);
  }
  if (hasEnded(session, now, config)) throw unauthorized(smsg('sessionExpired'));
  if (now.getTime() - session.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, session.id));
  return { user, sessionId: session.id, permissions };
};

/**
 * The sessions among `ids` that `authenticate` would still accept, with their user's current
 * rights, read from the database in one query and without writing: for the live streams
 * (server/live/sessions.ts), which end the others at once.
 */
export const sessionsInUse = async (db: Db, config: Config, ids: readonly number[]) => {
  const out = new Map<number, AuthInfo>();
  if (!ids.length) return out;
  const rows = await db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.id, [...ids]));
  const now = config.now();
  for (const { session, user, permissions, providerStatus } of rows)
    if (!statusRefusal(user.status) && !providerRefusal(providerStatus) && !hasEnded(session, now, config))
      out.set(session.id, { user, sessionId: session.id, permissions });
  return out;
};

export const revokeSession = (db: Db, config: Config, sessionId: number) =>
  db
    .update(sessions)
    .set({ revokedAt: config.now() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Revokes every live session of a user except `keepSessionId` (null: every one of them). */
export const revokeOtherSessions = (
  db: Executor,
  config: Config,
  userId: number,
  keepSessionId: number | null,
) =>
  db
    .update(sessions)
    .set({ revokedAt: config.now() })
    .where(
      and(
        eq(sessions.userId, userId),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });

/** The ended sessions' devices get no more pushes for their account, as after a sign-out. */
export const forgetPushDevices = (db: Executor, sessionIds: number[]) =>
  sessionIds.length
    ? db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionId, sessionIds))
    : Promise.resolve();

/**
 * Is a sign-in with this user agent from a device the account has not used before? The server
 * compares the browser family, system family and kind of device it reads from the user agents it
 * recorded for the account's earlier sessions, ended ones included (docs/security.md, "Sessions and
 * devices"). An account with no earlier session has nothing to compare with: false.
 */
const isNewDevice = async (db: Executor, userId: number, userAgent: string | undefined) => {
  const seen = await db
    .selectDistinct({ userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  if (!seen.length) return false;
  const family = parseUserAgent(userAgent).family;
  return !seen.some((s) => parseUserAgent(s.userAgent).family === family);
};

/**
 * The user's sessions that `authenticate` would still accept, newest first (the profile's
 * "Sessions and devices").
 */
export const liveSessionsOf = async (db: Executor, config: Config, userId: number) => {
  const now = config.now();
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, new Date(now.getTime() - config.sessionIdleMs)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows;
};

/**
 * Ends one of the user's own sessions; true when it was live and is now ended, false when it is
 * unknown, another user's or already ended (nothing is changed then).
 */
export const endOwnSession = async (db: Executor, config: Config, userId: number, sessionId: number) => {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: config.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
};

/**
 * Records a new session and says whether it is the account's first from its device (`isNewDevice`):
 * the account's row is locked while both happen, so parallel sign-ins from one new device count it
 * new once. `passwordHash` is the account's password as the sign-in judged it: when it has changed
 * since (a reset or a change committed meanwhile, which ends every session it does not keep), the
 * sign-in is refused like a wrong password, so no session made with an old password outlives the
 * change (docs/decisions/0062-forgotten-password.md).
 */
export const createSessionOnDevice = (
  db: Db,
  config: Config,
  user: { id: number; passwordHash: string | null },
  meta: { ip: string; userAgent: string | undefined },
) =>
  db.transaction(async (tx) => {
    const userId = user.id;
    const [now] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!now || now.passwordHash !== user.passwordHash) throw new HttpError(401, smsg('badCredentials'));
    const newDevice = await isNewDevice(tx, userId, meta.userAgent);
    return { token: await createSession(tx, config, userId, meta), newDevice };
  });
