/**
 * E-mail one-time codes (docs/architecture.md §4): 6 digits, only a salted hash stored, valid 10 minutes,
 * single use, 5 wrong tries void the code, at most one send per 60 s and 5 per hour per address.
 * Each step runs in a transaction holding an advisory lock on the address, so that concurrent
 * requests (even on several processes) cannot slip past the limits.
 */
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import type { Config } from '../core/config';
import type { Db, Tx } from '../db/client';
import { emailOtps, users } from '../db/schema';
import { HttpError, fieldError, tooManyRequests } from '../core/errors';
import { accountExistsMail, otpMail } from '../core/mail';
import type { Mailer } from '../core/mailer';
import { smsg } from '../core/messages';
import { hashOtp, newOtpCode, otpMatches } from './tokens';

const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_SEND_GAP_MS = 60 * 1000;
export const OTP_HOURLY_MAX = 5;
export const OTP_MAX_TRIES = 5;
/** How long after verification the verified code can still complete a registration. */
const OTP_REGISTER_WINDOW_MS = 30 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;

/** The refusal of a code sent to the address less than `OTP_SEND_GAP_MS` ago (`wait`: ms until the next). */
export const sentTooSoon = (wait: number) =>
  tooManyRequests(smsg('otpWait', { seconds: Math.ceil(wait / 1000) }), wait, {
    max: 1,
    windowMs: OTP_SEND_GAP_MS,
  });

/** The refusal of a code beyond `OTP_HOURLY_MAX` sent to the address within the hour. */
export const sentTooOften = (wait: number) =>
  tooManyRequests(smsg('otpHourly', { minutes: Math.ceil(wait / 60_000) }), wait, {
    max: OTP_HOURLY_MAX,
    windowMs: HOUR,
  });

/** What a wrong code's `attempts`-th try is told: the tries left, or that the code is now void. */
export const wrongCodeRefusal = (attempts: number) =>
  attempts >= OTP_MAX_TRIES ? smsg('otpVoided') : smsg('otpWrong', { n: OTP_MAX_TRIES - attempts });

/** Runs `fn` in a transaction that holds the lock of `email`. */
export const withEmailLock = <T>(db: Db, email: string, fn: (tx: Tx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'otp:' + email}))`);
    return fn(tx);
  });

export const emailRegistered = async (db: Db | Tx, email: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)).length > 0;

/** What the OTP steps use of the app's services (server/http/types.ts `Deps` has them). */
interface OtpDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

export const sendOtp = async ({ db, config, mailer }: OtpDeps, email: string, lang: Language) => {
  const code = newOtpCode();
  const now = config.now();
  let known = false;
  const id = await withEmailLock(db, email, async (tx) => {
    // A known address goes through the same limits and records a code nobody receives: the answer
    // is the same as for a new address (no account enumeration, docs/security.md).
    known = await emailRegistered(tx, email);
    const recent = await tx
      .select({ createdAt: emailOtps.createdAt })
      .from(emailOtps)
      .where(and(eq(emailOtps.email, email), gt(emailOtps.createdAt, new Date(now.getTime() - HOUR))))
      .orderBy(desc(emailOtps.createdAt));
    const last = recent[0];
    if (last && now.getTime() - last.createdAt.getTime() < OTP_SEND_GAP_MS)
      throw sentTooSoon(last.createdAt.getTime() + OTP_SEND_GAP_MS - now.getTime());
    if (recent.length >= OTP_HOURLY_MAX)
      throw sentTooOften(recent[OTP_HOURLY_MAX - 1]!.createdAt.getTime() + HOUR - now.getTime());
    await tx
      .update(emailOtps)
      .set({ voidedAt: now })
      .where(and(eq(emailOtps.email, email), isNull(emailOtps.voidedAt), isNull(emailOtps.consumedAt)));
    const [row] = await tx
      .insert(emailOtps)
      .values({
        email,
        codeHash: hashOtp(email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      })
      .returning({ id: emailOtps.id });
    return row!.id;
  });
  try {
    await mailer.send(known ? accountExistsMail(email, lang) : otpMail(email, code, lang));
  } catch (err) {
    console.error('Sending the OTP mail failed:', err instanceof Error ? err.message : err);
    await db.delete(emailOtps).where(eq(emailOtps.id, id));
    throw new HttpError(503, smsg('mailFailed'));
  }
};

export const verifyOtp = async (
  { db, config }: Pick<OtpDeps, 'db' | 'config'>,
  email: string,
  code: string,
) => {
  const now = config.now();
  // The transaction returns the refusal instead of throwing it, so the counted try is committed.
  const refusal = await withEmailLock(db, email, async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOtps)
      .where(and(eq(emailOtps.email, email), isNull(emailOtps.voidedAt), isNull(emailOtps.consumedAt)))
      .orderBy(desc(emailOtps.createdAt))
      .limit(1);
    if (!row || now.getTime() >= row.expiresAt.getTime()) return smsg('otpMissing');
    if (otpMatches(email, code, row.codeHash)) {
      if (!row.verifiedAt)
        await tx.update(emailOtps).set({ verifiedAt: now }).where(eq(emailOtps.id, row.id));
      return null;
    }
    const attempts = row.attempts + 1;
    await tx
      .update(emailOtps)
      .set({ attempts, ...(attempts >= OTP_MAX_TRIES ? { voidedAt: now } : {}) })
      .where(eq(emailOtps.id, row.id));
    return wrongCodeRefusal(attempts);
  });
  if (refusal) throw fieldError('otp', refusal);
};

/**
 * Inside a registration transaction: consumes the verified code of `email`, or returns false when
 * there is none matching `code` (never verified, voided, used, or verified too long ago).
 */
export const consumeVerifiedOtp = async (tx: Tx, now: Date, email: string, code: string) => {
  const [row] = await tx
    .select()
    .from(emailOtps)
    .where(
      and(
        eq(emailOtps.email, email),
        isNull(emailOtps.voidedAt),
        isNull(emailOtps.consumedAt),
        isNotNull(emailOtps.verifiedAt),
      ),
    )
    .orderBy(desc(emailOtps.createdAt))
    .limit(1);
  if (!row?.verifiedAt || now.getTime() - row.verifiedAt.getTime() > OTP_REGISTER_WINDOW_MS) return false;
  if (!otpMatches(email, code, row.codeHash)) return false;
  await tx.update(emailOtps).set({ consumedAt: now }).where(eq(emailOtps.id, row.id));
  return true;
};
