/** Accounts: roles and their permissions, users, sign-in sessions and what signing in keeps (outbox keys, failures, one-time codes), and the idempotency keys of users' writes. */
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { time } from './columns';

/** Roles (docs/product.md §6). */
export const roles = pgTable('roles', {
  name: text('name').primaryKey(),
});

/** The role → permission table; `position` keeps the order of docs/product.md §6. */
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
    /** A supervisor's service provider (role manager); null for everyone else. */
    providerId: integer('provider_id').references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(0),
    createdAt: time('created_at').notNull(),
    updatedAt: time('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_provider_idx').on(t.providerId),
    // The users list: every sort with the id tie-breaker, and its filters before the default sort
    // (docs/decisions/0020-every-list-on-an-index.md).
    index('users_email_id_idx').on(t.email, t.id),
    index('users_name_en_idx').on(sql`lower(${t.name}->>'en')`, t.id),
    index('users_name_ar_idx').on(sql`lower(${t.name}->>'ar')`, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_role_id_idx').on(t.role, t.id),
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    index('users_status_id_idx').on(t.status, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_updated_idx').on(t.updatedAt, t.id),
    index('users_search_trgm_idx').using(
      'gin',
      sql`((${t.name}->>'en') || ' ' || (${t.name}->>'ar') || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
  ],
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

/**
 * Each user's key for the changes their app keeps on a device until they are sent (the offline
 * outbox, docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): handed only to that user's
 * own sessions, so another user of the device can neither read nor open them. `keyId` names the
 * sealed copy on the device without naming the user. Made at the user's first sign-in after this
 * table came, never changed; no audit trigger (the trail must never hold a key).
 */
export const outboxKeys = pgTable('outbox_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 16 random bytes, base64url. */
  keyId: text('key_id').notNull(),
  /**
   * 32 random bytes (an AES-256-GCM key), base64url. Not named as a secret column
   * (tests/server/security-support.ts): its owner's sessions are given it, no one else's.
   */
  key: text('aes_key').notNull(),
  createdAt: time('created_at').notNull(),
});

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
 * Idempotency keys of replayable writes (docs/architecture.md §5): the first answer is stored and replayed for
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
