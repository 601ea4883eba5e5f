/**
 * Sign-in throttling (docs/architecture.md §4): 5 failures within 15 minutes for one (e-mail, IP) pair block
 * further attempts of that pair until the oldest of those failures is 15 minutes old. Counted in
 * the database, so every server process sees the same numbers.
 *
 * Every attempt first takes a slot in one atomic step (limits.ts `takeSlot`: count, judge and record
 * under a lock of the pair), and only then is the password checked; a right password gives the slot
 * back and clears the pair. So 100 parallel guesses get 5 judged and 95 answers 429
 * (docs/security.md, "Abuse limits").
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Db, Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { tooManyRequests } from '../core/errors';
import { smsg } from '../core/messages';
import { takeSlot } from './limits';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;

const key = (email: string, ip: string) => and(eq(loginFailures.email, email), eq(loginFailures.ip, ip));

const refuse = (wait: number) =>
  tooManyRequests(smsg('tooManyLogins', { minutes: Math.ceil(wait / 60_000) }), wait, {
    max: LOGIN_MAX_FAILURES,
    windowMs: LOGIN_WINDOW_MS,
  });

/**
 * Counts one attempt of the pair as a failure before it is judged, or throws 429 (with
 * Retry-After) while the pair is blocked. Call `clearLoginFailures` when the attempt succeeds.
 */
export const takeLoginAttempt = (db: Db, config: Config, email: string, ip: string) =>
  takeSlot(
    db,
    config.now(),
    // E-mail addresses hold an "@", the reserved keys of the IP limits do not: they never mix.
    { key: email, max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS },
    ip,
    refuse,
  );

/** Clears the failures of the pair, or of the address from every IP when `ip` is not given. */
export const clearLoginFailures = (db: Executor, email: string, ip?: string) =>
  db.delete(loginFailures).where(ip === undefined ? eq(loginFailures.email, email) : key(email, ip));
