/**
 * Passkeys (WebAuthn, by @simplewebauthn/server; docs/security.md, "Account lifecycle",
 * docs/decisions/0065-passkeys.md):
 *
 * - the relying party is the configured public URL (`Config.publicUrl`): its host name is the rp id
 *   and its origin the only one a ceremony is accepted from, never a value the client sends;
 * - each ceremony's challenge is minted here and kept in `sign_in_challenges` under a handle given
 *   to the client (only the handle's SHA-256 stored), valid five minutes, used once: the use is one
 *   conditional update, so of any number of parallel answers to one challenge exactly one gets it;
 * - user verification is required on both ceremonies (a PIN, a fingerprint, a face), so a passkey
 *   is both factors: something the user has, unlocked by something they know or are;
 * - an authenticator's signature counter only moves forward (or stays 0 on those that keep none).
 *
 * @simplewebauthn/server (with its ASN.1 and certificate parsers, some 300 files) is loaded at the
 * first ceremony, not when the server starts
 * (docs/decisions/0092-rare-libraries-load-when-first-used.md).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Config } from '../core/config';
import type { Executor } from '../db/client';
import { signInChallenges, type passkeys } from '../db/schema';
import { hashToken, newToken } from './tokens';
import type { UserRow } from './sessions';

/** How long a ceremony's challenge may be answered (the browser's prompt times out with it). */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** Most passkeys one account may keep. */
export const MAX_PASSKEYS = 20;
/** EdDSA, ES256, RS256: what authenticators make; the same list for options and verification. */
const ALGORITHMS = [-8, -7, -257];
const RP_NAME = 'Events Back Office';

type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeKind = 'passkey' | 'passkey-register';

/** The relying party of `config`: the public URL's host name and its origin. */
const relyingParty = (config: Config) => {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

/**
 * The account's WebAuthn user handle: the same for every passkey of the account (an authenticator
 * replaces its own passkey of the account instead of keeping two), and no database id in clear.
 */
const userHandleOf = (userId: number) =>
  createHash('sha256').update(`passkey-user:${userId}`, 'utf8').digest().subarray(0, 16);

/* ------------------------------------------------------------ challenges */

/** Opens a challenge of `kind` (for `userId`, or for whoever answers it) and returns its handle. */
export const openChallenge = async (
  db: Executor,
  config: Config,
  open: { kind: ChallengeKind; challenge: string; userId: number | null; ip: string; userAgent?: string },
): Promise<string> => {
  const handle = newToken();
  const now = config.now();
  // The kinds' expired challenges go as new ones come: the table holds minutes of them.
  await db
    .delete(signInChallenges)
    .where(
      and(
        inArray(signInChallenges.kind, ['passkey', 'passkey-register']),
        lt(signInChallenges.expiresAt, now),
      ),
    );
  await db.insert(signInChallenges).values({
    tokenHash: hashToken(handle),
    kind: open.kind,
    userId: open.userId,
    challenge: open.challenge,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MS),
    ip: open.ip,
    userAgent: open.userAgent?.slice(0, 300) ?? null,
  });
  return handle;
};

/** The open challenge of `handle`: its kind and user, not used, not expired; else null. */
export const findChallenge = async (
  db: Executor,
  config: Config,
  handle: string,
  kind: ChallengeKind,
  userId: number | null,
) => {
  const hash = hashToken(handle);
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hash),
        eq(signInChallenges.kind, kind),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, config.now()),
      ),
    );
  const same = row && timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash));
  return same && row.userId === userId && row.challenge ? { id: row.id, challenge: row.challenge } : null;
};

/** Uses the challenge once: true for exactly one of any number of parallel calls. */
export const useChallenge = async (db: Executor, config: Config, id: number): Promise<boolean> => {
  const now = config.now();
  const used = await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(
      and(eq(signInChallenges.id, id), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)),
    )
    .returning({ id: signInChallenges.id });
  return used.length === 1;
};

/* ------------------------------------------------------------ ceremonies */

const webauthn = () => import('@simplewebauthn/server');

/** The options of `navigator.credentials.create()` for `user`, their passkeys excluded. */
export const registrationOptions = async (
  config: Config,
  user: UserRow,
  existing: Pick<PasskeyRow, 'credentialId' | 'transports'>[],
) => {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(config).rpID,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: user.name.en,
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
};

/**
 * The new credential when `response` answers `challenge` from the configured origin and rp id, with
 * the user verified; else null (whatever the client sent: a malformed answer is a refusal, not a fault).
 */
export const verifyRegistration = async (config: Config, response: unknown, challenge: string) => {
  const { rpID, origin } = relyingParty(config);
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    return verified.verified ? verified.registrationInfo : null;
  } catch {
    return null;
  }
};

/** The options of `navigator.credentials.get()`: any passkey of this site (discoverable), verified. */
export const signInOptions = async (config: Config) => {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
  });
};

/**
 * The new counter when `response` is `key`'s signature of `challenge`, from the configured origin and
 * rp id, the user verified, its counter ahead of the stored one and its user handle `key`'s
 * account's; else null.
 */
export const verifySignIn = async (
  config: Config,
  response: unknown,
  challenge: string,
  key: PasskeyRow,
): Promise<number | null> => {
  const { rpID, origin } = relyingParty(config);
  const answer = response as AuthenticationResponseJSON;
  const handle = answer.response.userHandle;
  if (handle !== undefined && handle !== userHandleOf(key.userId).toString('base64url')) return null;
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: key.transports,
      },
    });
    return verified.verified ? verified.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
};
