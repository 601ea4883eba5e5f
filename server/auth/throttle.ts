/**
 * Sign-in throttling (docs/architecture.md §4): 5 failures within 15 minutes for one (e-mail, IP) pair block
 * further attempts of that pair until the oldest of those failures is 15 minutes old. Counted in
 * the database, so every server process sees the same numbers.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loginFailures } from '../db/schema';
import { tooManyRequests } from '../http/errors';
import { smsg } from '../messages';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 5;

const key = (email: string, ip: string) => and(eq(loginFailures.email, email), eq(loginFailures.ip, ip));

/** Throws 429 (with Retry-After) while the pair is blocked. */
export const assertNotThrottled = async (db: Db, config: Config, email: string, ip: string) => {
  const now = config.now().getTime();
  const recent = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(key(email, ip), gt(loginFailures.at, new Date(now - LOGIN_WINDOW_MS))))
    .orderBy(asc(loginFailures.at));
  if (recent.length < LOGIN_MAX_FAILURES) return;
  const freeAt = recent[recent.length - LOGIN_MAX_FAILURES]!.at.getTime() + LOGIN_WINDOW_MS;
  const wait = Math.max(1000, freeAt - now);
  throw tooManyRequests(smsg('tooManyLogins', { minutes: Math.ceil(wait / 60_000) }), wait, {
    max: LOGIN_MAX_FAILURES,
    windowMs: LOGIN_WINDOW_MS,
  });
};

export const recordLoginFailure = async (db: Db, config: Config, email: string, ip: string) => {
  const now = config.now();
  await db
    .delete(loginFailures)
    .where(and(key(email, ip), lte(loginFailures.at, new Date(now.getTime() - LOGIN_WINDOW_MS))));
  await db.insert(loginFailures).values({ email, ip, at: now });
};

export const clearLoginFailures = (db: Db, email: string, ip: string) =>
  db.delete(loginFailures).where(key(email, ip));
