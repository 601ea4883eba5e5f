/**
 * The second step of a password sign-in (docs/security.md, "Two-factor sign-in"): after a right
 * password and the account's status, an account with a confirmed TOTP factor gets a challenge
 * instead of a token, and an account whose role must have one (TWO_FACTOR_REQUIRED_ROLES) but has
 * none gets an enrolment challenge. POST /api/login/2fa ends both (two-factor.routes.ts).
 */
import type { Role } from '../../src/contract/roles';
import { openChallenge } from '../auth/sign-in-challenges';
import { confirmedFactorOf } from '../auth/totp';
import type { UserRow } from '../auth/sessions';
import type { Config } from '../core/config';
import { smsg } from '../core/messages';
import type { SignInRequest } from './sign-in';

/** The account's role must sign in with a second factor. */
export const mustHaveSecondFactor = (config: Config, user: UserRow) =>
  config.twoFactorRequiredRoles.includes(user.role as Role);

/** The answer of POST /api/login when the sign-in needs a second step, or null when it does not. */
export const secondStep = async ({ deps, c, ip }: SignInRequest, user: UserRow) => {
  const { db, config } = deps;
  const enrol = (await confirmedFactorOf(db, user.id)) === null;
  if (enrol && !mustHaveSecondFactor(config, user)) return null;
  const challenge = await openChallenge(db, config, enrol ? 'enrol' : 'two-factor', user.id, {
    ip,
    userAgent: c.req.header('user-agent'),
  });
  return {
    message: smsg(enrol ? 'enrolFirst' : 'secondStep'),
    twoFactor: true as const,
    challenge,
    enrol,
  };
};
