/**
 * Forgotten password: the codes and their limits (docs/security.md, "Account lifecycle";
 * docs/decisions/0062-forgotten-password.md). A code is 6 digits, only a salted hash kept
 * (`password_resets`), valid 30 minutes, one use; a newer request voids the older ones.
 *
 * No answer tells whether an address has an account, so every limit and count is the address's,
 * not the account's: kept in the sign-in throttle's table under reserved keys (no "@") with the
 * address in its `ip` column, and taken for an unknown address exactly as for a known one. Under the
 * address's lock (otp.ts `withEmailLock`):
 *
 * - a request takes a slot of one per 60 s and one of five per hour (otp.ts's values), then, for an
 *   account that has a password, voids its live codes and records a new one;
 * - a try takes a slot of ten per hour, then is judged: the tries counted since the address's
 *   latest request within 30 minutes say how many are left (5 wrong void the code), for a known
 *   address as for an unknown one, which never has a right code.
 */
import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { loginFailures, passwordResets, users } from '../db/schema';
import { tooManyRequests } from '../core/errors';
import { smsg } from '../core/messages';
import { giveBackSlot, takeSlot, type IpLimit } from './limits';
import {
  HOUR,
  OTP_HOURLY_MAX,
  OTP_MAX_TRIES,
  OTP_SEND_GAP_MS,
  sentTooOften,
  sentTooSoon,
  wrongCodeRefusal,
} from './otp';
import type { UserRow } from './sessions';
import { hashOtp, newOtpCode, otpMatches } from './tokens';

/** How long a code (and its link) works. */
const RESET_CODE_TTL_MS = 30 * 60 * 1000;

/** The limits of one address (its `ip` column holds the address). */
const BY_ADDRESS = {
  gap: { key: '#reset-gap', max: 1, windowMs: OTP_SEND_GAP_MS },
  sends: { key: '#reset-sends', max: OTP_HOURLY_MAX, windowMs: HOUR },
  /** Twice a code's tries: a user who voided one code can still use the next. */
  tries: { key: '#reset-tries', max: 2 * OTP_MAX_TRIES, windowMs: HOUR },
} as const satisfies Record<string, IpLimit>;

const tooManyTries = (wait: number) =>
  tooManyRequests(smsg('resetTooManyTries', { minutes: Math.max(1, Math.ceil(wait / 60_000)) }), wait, {
    max: BY_ADDRESS.tries.max,
    windowMs: BY_ADDRESS.tries.windowMs,
  });

/** Rows of `limit` for `email`. */
const of = (limit: IpLimit, email: string) =>
  and(eq(loginFailures.email, limit.key), eq(loginFailures.ip, email));

/**
 * Inside the address's lock: counts a request for `email` against its limits (429 past them) and,
 * when an account with a password uses the address, voids its live codes and records a new one.
 * Returns that account and the code to mail, or null (no account, or an invited one whose way in is
 * its invitation).
 */
export const newResetCode = async (tx: Tx, now: Date, email: string) => {
  await takeSlot(tx, now, BY_ADDRESS.gap, email, sentTooSoon);
  await takeSlot(tx, now, BY_ADDRESS.sends, email, sentTooOften);
  const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.passwordHash === null) return null;
  await tx
    .update(passwordResets)
    .set({ voidedAt: now })
    .where(
      and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), isNull(passwordResets.voidedAt)),
    );
  const code = newOtpCode();
  await tx.insert(passwordResets).values({
    userId: user.id,
    codeHash: hashOtp(email, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
  });
  return { user, code };
};

/**
 * Inside the address's lock: counts a try of `code` for `email` (429 past the address's limit) and
 * judges it. A right code is marked used and its account returned (the try given back); otherwise
 * the refusal to show on the code, the same for a known address as for an unknown one.
 */
export const judgeResetCode = async (
  tx: Tx,
  now: Date,
  email: string,
  code: string,
): Promise<{ refusal: string } | { user: UserRow }> => {
  const tryId = await takeSlot(tx, now, BY_ADDRESS.tries, email, tooManyTries);
  const [request] = await tx
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(
      and(of(BY_ADDRESS.sends, email), gt(loginFailures.at, new Date(now.getTime() - RESET_CODE_TTL_MS))),
    )
    .orderBy(desc(loginFailures.id))
    .limit(1);
  if (!request) return { refusal: smsg('resetCodeInvalid') };
  const [{ tried } = { tried: 0 }] = await tx
    .select({ tried: count() })
    .from(loginFailures)
    .where(and(of(BY_ADDRESS.tries, email), gt(loginFailures.id, request.id), lt(loginFailures.id, tryId)));
  if (tried >= OTP_MAX_TRIES) return { refusal: smsg('resetCodeInvalid') };
  const [live] = await tx
    .select({ reset: passwordResets, user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(users.email, email),
        isNull(passwordResets.usedAt),
        isNull(passwordResets.voidedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  if (live && otpMatches(email, code, live.reset.codeHash)) {
    await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, live.reset.id));
    await giveBackSlot(tx, tryId);
    return { user: live.user };
  }
  const attempts = tried + 1;
  if (live)
    await tx
      .update(passwordResets)
      .set({ attempts, ...(attempts >= OTP_MAX_TRIES ? { voidedAt: now } : {}) })
      .where(eq(passwordResets.id, live.reset.id));
  return { refusal: wrongCodeRefusal(attempts) };
};
