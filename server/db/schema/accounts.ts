/**
 * Accounts: roles and their permissions, users, sign-in sessions and what signing in keeps (outbox keys,
 * failures, one-time codes), the account lifecycle (password resets, invitations, second factors,
 * passkeys, sign-in challenges: docs/security.md, "Account lifecycle"), and the idempotency keys of
 * users' writes.
 */
import {
  bigint,
  bigserial,
  boolean,
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
    /** Null while the account is invited and its invitee has not set a password (see `invitations`). */
    passwordHash: text('password_hash'),
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

/**
 * Password reset codes: a salted hash of a 6-digit code mailed with a link, valid 30 minutes, one
 * use; wrong tries are counted and void it. A newer request voids the older codes of the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: time('used_at'),
    voidedAt: time('voided_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Invitations: staff create an account without a password and invite it by mail; the invitee sets
 * their own through the link (valid 7 days). Only the SHA-256 of the link's token is kept. While one
 * is pending the account's password is null; resending replaces the token, revoking ends it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    acceptedAt: time('accepted_at'),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_user_idx').on(t.userId),
  ],
);

/**
 * An account's TOTP second factor (RFC 6238): one per account. `confirmedAt` is null while it is
 * being enrolled (the secret shown, no code confirmed yet). `lastStep` is the time step of the last
 * code accepted: a code is never accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32; never in an answer but the enrolment's own. */
  secret: text('secret').notNull(),
  createdAt: time('created_at').notNull(),
  confirmedAt: time('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Recovery codes of the second factor: ten, shown once, only a salted hash kept, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: time('created_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sign-in challenges the server opens and bounds (minutes, a few tries, one use): the second step
 * after a right password (`kind` 'two-factor', or 'enrol' when the role must enrol first), and the
 * WebAuthn ceremonies ('passkey-register' for a signed-in account, 'passkey' for a sign-in, whose
 * account is known only from the credential). Only the SHA-256 of the handle given to the client
 * is kept; `challenge` is the WebAuthn challenge the authenticator signs.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge'),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: time('used_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sign_in_challenges_token_hash_key').on(t.tokenHash),
    index('sign_in_challenges_expires_idx').on(t.expiresAt),
  ],
);

/** Passkeys (WebAuthn credentials) of an account: several, each named by its owner. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the authenticator made it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: time('created_at').notNull(),
    lastUsedAt: time('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);
