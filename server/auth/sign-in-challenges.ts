/**
 * Sign-in challenges (docs/security.md, "Two-factor sign-in"): what the server hands out after a
 * right password when the sign-in needs a second step. The server mints the handle (256 random
 * bits) and keeps only its SHA-256; a challenge belongs to one account, lasts 5 minutes, ends after
 * 5 wrong codes and is used once. None of it is chosen by the client.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../core/config';
import type { Executor } from '../db/client';
import { signInChallenges } from '../db/schema';
import { hashToken, newToken } from './tokens';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_TRIES = 5;

/** The second step of a password sign-in, or the enrolment a required role makes first. */
export type ChallengeKind = 'two-factor' | 'enrol';

type Challenge = typeof signInChallenges.$inferSelect;

/**
 * Opens a challenge for `userId` and answers its handle (given to the client once). The account's
 * spent challenges (expired, used or out of tries) go.
 */
export const openChallenge = async (
  db: Executor,
  config: Config,
  kind: ChallengeKind,
  userId: number,
  meta: { ip: string; userAgent: string | undefined },
) => {
  const now = config.now();
  await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.userId, userId),
        or(
          lte(signInChallenges.expiresAt, now),
          isNotNull(signInChallenges.usedAt),
          sql`${signInChallenges.attempts} >= ${CHALLENGE_MAX_TRIES}`,
        ),
      ),
    );
  const handle = newToken();
  await db.insert(signInChallenges).values({
    tokenHash: hashToken(handle),
    kind,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
  });
  return handle;
};

/** The live challenge of `handle` among `kinds` (not expired, not used, tries left), or null. */
export const liveChallenge = async (
  db: Executor,
  now: Date,
  handle: string,
  kinds: readonly ChallengeKind[],
): Promise<(Challenge & { kind: ChallengeKind; userId: number }) | null> => {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(handle)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.attempts, CHALLENGE_MAX_TRIES),
      ),
    );
  if (!row || row.userId === null || !kinds.includes(row.kind as ChallengeKind)) return null;
  return row as Challenge & { kind: ChallengeKind; userId: number };
};

/**
 * Counts one code try of the challenge before it is judged, in one conditional update: false when
 * it has none left (or has expired, or was used). So parallel guesses get CHALLENGE_MAX_TRIES
 * judged at most.
 */
export const takeChallengeTry = async (db: Executor, now: Date, challengeId: number) =>
  (
    await db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(
        and(
          eq(signInChallenges.id, challengeId),
          isNull(signInChallenges.usedAt),
          gt(signInChallenges.expiresAt, now),
          lt(signInChallenges.attempts, CHALLENGE_MAX_TRIES),
        ),
      )
      .returning({ id: signInChallenges.id })
  ).length === 1;

/** Uses the challenge, once: false when another request used it first. */
export const useChallenge = async (db: Executor, now: Date, challengeId: number) =>
  (
    await db
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.id, challengeId), isNull(signInChallenges.usedAt)))
      .returning({ id: signInChallenges.id })
  ).length === 1;

/** Ends the account's open challenges of `kinds` (its second factor was reset or turned off). */
export const endChallengesOf = (db: Executor, now: Date, userId: number, kinds: readonly ChallengeKind[]) =>
  db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(signInChallenges.userId, userId),
        inArray(signInChallenges.kind, [...kinds]),
        isNull(signInChallenges.usedAt),
      ),
    );
