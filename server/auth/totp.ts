/**
 * The TOTP second factor and its recovery codes (docs/security.md, "Two-factor sign-in").
 *
 * - Codes: RFC 6238 through otpauth: 6 digits, 30-second steps, HMAC-SHA-1 (what authenticator apps
 *   expect), a window of one step either side of the server's clock. The step of the last code
 *   accepted is kept (`totp_factors.last_step`): a code of that step or an earlier one is never
 *   accepted again, and taking a step is one conditional update, so two requests cannot both use it.
 * - Recovery codes: ten, `xxxxx-xxxxx` from an alphabet without look-alikes, only a salted hash kept
 *   (tokens.ts `hashOtp`), compared in constant time, each used once (one conditional update).
 * - Wrong codes are limited per account (`takeCodeTry`), on top of the per-challenge limit of a
 *   sign-in (sign-in-challenges.ts).
 */
import { randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '../../src/contract/two-factor';
import { tooManyRequests } from '../core/errors';
import { smsg } from '../core/messages';
import type { Config } from '../core/config';
import type { Db, Executor } from '../db/client';
import { recoveryCodes, totpFactors } from '../db/schema';
import { takeSlot } from './limits';
import { hashOtp, otpMatches } from './tokens';

/** The issuer authenticator apps show beside the account. */
const ISSUER = 'Events Back Office';
const PERIOD_S = 30;
/** Steps accepted either side of the server's clock (phones drift). */
const TOTP_WINDOW = 1;

/** Wrong codes one account may send (sign-in and profile together) in an hour; then 429. */
export const TWO_FACTOR_MAX_WRONG = 10;
const TWO_FACTOR_WINDOW_MS = 60 * 60 * 1000;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommendation), Base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI authenticator apps read from the QR code. */
export const otpauthUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** What an enrolment shows: the URI (its QR code) and the secret for typing. */
const enrolmentOf = (secret: string, email: string) => ({ secret, uri: otpauthUri(secret, email) });

/**
 * Starts (or starts again) the enrolment of the account's factor: a new secret, not confirmed yet.
 * Null when the account has a confirmed factor already (it is never replaced this way).
 */
export const startEnrolment = async (db: Executor, user: { id: number; email: string }, now: Date) => {
  const secret = newTotpSecret();
  const made = await db
    .insert(totpFactors)
    .values({ userId: user.id, secret, createdAt: now })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret, createdAt: now, lastStep: null },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return made.length === 1 ? enrolmentOf(secret, user.email) : null;
};

/** Removes the account's factor (confirmed or being enrolled) and its recovery codes; answers whether it had one. */
export const removeSecondFactor = async (db: Executor, userId: number) => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const gone = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ userId: totpFactors.userId });
  return gone.length === 1;
};

/** The account's confirmed factor (its confirmation time), or null. */
export const confirmedFactorOf = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ confirmedAt: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  return row?.confirmedAt ?? null;
};

/** The time step of a code of `secret` valid at `now`, or null. */
const stepOf = (secret: string, code: string, now: Date) => {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
};

/**
 * Accepts a TOTP code of the account's factor (confirmed or, with `confirming`, being enrolled) once:
 * its step is recorded, so that step and every earlier one are refused from then on.
 */
export const acceptTotp = async (
  db: Executor,
  userId: number,
  code: string,
  now: Date,
  { confirming = false } = {},
): Promise<boolean> => {
  const [factor] = await db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(totpFactors.userId, userId),
        confirming ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
      ),
    );
  if (!factor) return false;
  const step = stepOf(factor.secret, code, now);
  if (step === null) return false;
  const taken = await db
    .update(totpFactors)
    .set({
      lastStep: step,
      ...(confirming ? { confirmedAt: now } : {}),
    })
    .where(
      and(
        eq(totpFactors.userId, userId),
        eq(totpFactors.secret, factor.secret),
        or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return taken.length === 1;
};

/* ------------------------------------------------------------ recovery codes */

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** A recovery code as typed (any case, with or without its dash or a space), as it was made. */
const normalRecoveryCode = (code: string) => {
  const chars = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** The hashes are bound to the account: a row moved to another account matches nothing. */
const owner = (userId: number) => `user:${userId}`;

/** Replaces the account's recovery codes with ten new ones; answers them (shown once). */
export const renewRecoveryCodes = async (db: Executor, userId: number, now: Date) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashOtp(owner(userId), c), createdAt: now })));
  return codes;
};

/** Uses one of the account's unused recovery codes, once: false when it matches none (or was just used). */
const spendRecoveryCode = async (db: Executor, userId: number, code: string, now: Date) => {
  const typed = normalRecoveryCode(code);
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  // Every hash is compared, so the time taken does not tell which one matched.
  const match = unused.filter((row) => otpMatches(owner(userId), typed, row.codeHash))[0];
  if (!match) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
};

export const recoveryCodesLeft = async (db: Executor, userId: number) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
};

/** A 6-digit code is a TOTP code; anything else the contract lets through is a recovery code. */
const isTotpCode = (code: string) => /^[0-9]{3} ?[0-9]{3}$/.test(code);

/**
 * Judges a code of the account's confirmed factor: a TOTP code (once per step) or an unused recovery
 * code (once). Answers how it was accepted, or null.
 */
export const acceptSecondFactor = async (
  db: Executor,
  userId: number,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery-code' | null> => {
  if (isTotpCode(code)) return (await acceptTotp(db, userId, code.replace(' ', ''), now)) ? 'totp' : null;
  return (await spendRecoveryCode(db, userId, code, now)) ? 'recovery-code' : null;
};

/* ------------------------------------------------------------------ limits */

/**
 * Counts one code try of the account before it is judged (limits.ts `takeSlot`: count, judge and
 * record under a lock), or throws 429 when the account has sent TWO_FACTOR_MAX_WRONG wrong codes
 * within the hour. Returns the slot: a right code gives it back (`giveBackSlot`).
 */
export const takeCodeTry = (db: Db, config: Config, userId: number) =>
  takeSlot(
    db,
    config.now(),
    // A reserved key (no "@"), as the per-IP limits' are: it never mixes with an e-mail's failures.
    { key: '#two-factor', max: TWO_FACTOR_MAX_WRONG, windowMs: TWO_FACTOR_WINDOW_MS },
    `user:${userId}`,
    (wait) =>
      tooManyRequests(smsg('tooManyCodes', { minutes: Math.ceil(wait / 60_000) }), wait, {
        max: TWO_FACTOR_MAX_WRONG,
        windowMs: TWO_FACTOR_WINDOW_MS,
      }),
  );
