/**
 * Per-IP abuse limits of the public sign-up endpoints (docs/security.md), on top of the per-address OTP
 * rules (otp.ts) and the per (e-mail, IP) sign-in throttle (throttle.ts):
 *
 * - OTP sends: at most 30 per hour from one IP (mail bombing of many addresses);
 * - OTP verification: at most 30 wrong codes per hour from one IP (guessing across addresses);
 * - registration: at most 10 attempts per hour from one IP (each costs a password hash);
 * - passkey sign-in: at most 60 challenges opened and 30 failed verifications per hour from one IP.
 * - password reset codes (docs/decisions/0062-forgotten-password.md): at most 30 requests and 30
 *   wrong codes per hour from one IP.
 * - invitation links: at most 30 lookups or accepts per hour from one IP whose token is not a
 *   pending invitation's (a good one gives its slot back).
 *
 * Counted in the database, in the sign-in throttle's table under reserved keys that cannot be
 * e-mail addresses (they hold no "@"), so the limits hold across restarts and processes. A request
 * takes its slot before any slow work, in one transaction holding an advisory lock on (limit, IP)
 * (`takeSlot`), so concurrent requests cannot slip past; one that does not count (a right code)
 * gives its slot back. Over the limit: 429 with Retry-After.
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { messageOf, registerMessages } from '../../src/contract/messages';
import type { Config } from '../core/config';
import type { Db, Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { tooManyRequests } from '../core/errors';

const HOUR = 60 * 60 * 1000;

export interface IpLimit {
  /** Reserved key (no "@"): stored in the e-mail column of the throttle table. */
  key: string;
  max: number;
  windowMs: number;
}

export const IP_LIMITS = {
  otpSend: { key: '#otp-send', max: 30, windowMs: HOUR },
  otpVerifyFailures: { key: '#otp-verify-failure', max: 30, windowMs: HOUR },
  register: { key: '#register', max: 10, windowMs: HOUR },
  passkeyOptions: { key: '#passkey-options', max: 60, windowMs: HOUR },
  passkeyFailures: { key: '#passkey-failure', max: 30, windowMs: HOUR },
  resetSend: { key: '#reset-send', max: 30, windowMs: HOUR },
  resetFailures: { key: '#reset-failure', max: 30, windowMs: HOUR },
  /** Invitation links looked up or accepted with a token that is not a pending one (docs/decisions/0063-invitations.md). */
  invitation: { key: '#invitation', max: 30, windowMs: HOUR },
} as const satisfies Record<string, IpLimit>;

const LIMIT_MESSAGES = {
  tooManyFromIp: {
    en: 'Too many requests from your network. Try again in {minutes} minutes.',
    ar: 'طلبات كثيرة جدًا من شبكتك. حاول مرة أخرى بعد {minutes} دقيقة.',
  },
};
registerMessages(LIMIT_MESSAGES);

const tooMany = (limit: IpLimit, waitMs: number) =>
  tooManyRequests(
    messageOf('tooManyFromIp' satisfies keyof typeof LIMIT_MESSAGES, {
      minutes: Math.max(1, Math.ceil(waitMs / 60_000)),
    }),
    waitMs,
    limit,
  );

const where = (limit: IpLimit, ip: string) =>
  and(eq(loginFailures.email, limit.key), eq(loginFailures.ip, ip));

const check = async (
  tx: Pick<Db, 'select'>,
  limit: IpLimit,
  ip: string,
  now: number,
  refuse: (waitMs: number) => Error,
) => {
  const recent = await tx
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(where(limit, ip), gt(loginFailures.at, new Date(now - limit.windowMs))))
    .orderBy(asc(loginFailures.at));
  if (recent.length < limit.max) return;
  const freeAt = recent[recent.length - limit.max]!.at.getTime() + limit.windowMs;
  throw refuse(Math.max(1000, freeAt - now));
};

const lock = (tx: Pick<Db, 'execute'>, limit: IpLimit, ip: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${limit.key}:${ip}`}))`);

/**
 * Takes one slot of `limit` for `ip` in one atomic step (a transaction holding the advisory lock of
 * (limit, ip): count, judge, record), or throws `refuse(wait)` when none is left. Returns the slot's
 * id, so that a request that turns out not to count (a right password) can give it back.
 * Taking the slot *before* the slow work (hashing, mail) is what keeps concurrent requests from
 * all passing the check before any of them is counted (docs/security.md, "Abuse limits"). In a
 * transaction already (`db` a transaction), the slot is taken in a savepoint of it.
 */
export const takeSlot = async (
  db: Executor,
  now: Date,
  limit: IpLimit,
  ip: string,
  refuse: (waitMs: number) => Error = (waitMs) => tooMany(limit, waitMs),
): Promise<number> =>
  db.transaction(async (tx) => {
    await lock(tx, limit, ip);
    await check(tx, limit, ip, now.getTime(), refuse);
    await tx
      .delete(loginFailures)
      .where(and(where(limit, ip), lte(loginFailures.at, new Date(now.getTime() - limit.windowMs))));
    const [row] = await tx
      .insert(loginFailures)
      .values({ email: limit.key, ip, at: now })
      .returning({ id: loginFailures.id });
    return row!.id;
  });

/** Gives back a slot taken by `takeSlot` (the request did not count against the limit). */
export const giveBackSlot = (db: Executor, id: number) =>
  db.delete(loginFailures).where(eq(loginFailures.id, id));

/** Takes one slot of `limit` for `ip`, or throws 429 (Retry-After) when none is left. */
export const takeIpSlot = (db: Db, config: Config, limit: IpLimit, ip: string) =>
  takeSlot(db, config.now(), limit, ip);
