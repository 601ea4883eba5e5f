/**
 * The database schema (PostgreSQL semantics; the same migrations run on PGlite and PostgreSQL).
 * Every time column is written from the server's injectable clock (`config.now()`), never from the
 * database's `now()`, so that tests can move time and several processes agree.
 */
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Roles (SPEC §6). */
export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
});

/** The role → permission table; `position` keeps the order of SPEC §6. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    role: text('role')
      .notNull()
      .references(() => roles.name, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored trimmed and lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: jsonb('name').$type<{ en: string; ar: string }>().notNull(),
    phone: text('phone'),
    role: text('role')
      .notNull()
      .references(() => roles.name),
    /** "0" pending, "1" active, "2" rejected, "3" blocked (src/contract/roles.ts). */
    status: text('status').notNull().default('0'),
    language: text('language').notNull().default('en'),
    /** Storage key relative to the site root, e.g. `uploads/avatars/abc.webp`. */
    profileImage: text('profile_image'),
    version: integer('version').notNull().default(0),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_role_idx').on(t.role)],
);

/** Sign-in sessions: only the SHA-256 of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at').notNull(),
    /** Absolute expiry (created + 30 days by default). */
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, one row per failure, for the per (e-mail, IP) throttle. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: time('at').notNull(),
  },
  (t) => [index('login_failures_key_idx').on(t.email, t.ip, t.at)],
);

/** E-mail one-time codes: only a salted hash of the code is kept. */
export const emailOtps = pgTable(
  'email_otps',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: time('verified_at'),
    consumedAt: time('consumed_at'),
    voidedAt: time('voided_at'),
  },
  (t) => [index('email_otps_email_idx').on(t.email, t.createdAt)],
);

/**
 * Idempotency keys of replayable writes (DESIGN.md §5): the first answer is stored and replayed for
 * the same key; `statusCode` stays null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: time('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const schema = { roles, rolePermissions, users, sessions, loginFailures, emailOtps, idempotencyKeys };
