/**
 * Two-factor sign-in (TOTP, RFC 6238; docs/security.md, "Two-factor sign-in"): the second step of a
 * sign-in, the enrolment a required role makes at its sign-in, the signed-in user's own factor in
 * My Profile (no parameter names a user), and an admin's reset of another account's factor.
 */
import { z } from 'zod';
import { signedInAnswer } from './auth';
import { id } from './common';
import { endpoint, needs, ok, okMessage, publicAccess, signedIn } from './http';
import { msg } from './messages';

/** Recovery codes an enrolment (or a renewal) gives, each usable once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code the user types: the 6 digits of their authenticator app (a space in the middle allowed),
 * or one of their recovery codes (`xxxxx-xxxxx`, the dash optional, any case).
 */
const code = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(32, msg('twoFactorCode'))
  .regex(/^(?:[0-9]{3} ?[0-9]{3}|[A-Za-z0-9]{5}[ -]?[A-Za-z0-9]{5})$/, msg('twoFactorCode'));

/** The handle of a sign-in challenge, as POST /api/login answered it (43 characters, base64url). */
const challenge = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(64, msg('invalidValue'))
  .regex(/^[A-Za-z0-9_-]+$/, msg('invalidValue'));

/**
 * A secret being enrolled, for the authenticator app: the `otpauth://` URI (its QR code) and the
 * secret itself (Base32) for typing. Never in any other answer.
 */
const enrolment = z.object({
  secret: z.string(),
  uri: z.string(),
});

const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** The signed-in user's own second factor. */
const twoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  /** The user's role must keep a second factor (TWO_FACTOR_REQUIRED_ROLES): it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

const tag = 'Two-factor sign-in';

export const twoFactorApi = {
  loginTwoFactor: endpoint({
    method: 'POST',
    path: '/api/login/2fa',
    summary:
      "The second step of a sign-in: the challenge POST /api/login answered and a code of the account's authenticator app or one of its recovery codes; answers as POST /api/login does. For an enrolment's challenge, the code confirms the new factor and the answer carries the ten recovery codes (shown once). Five wrong codes end a challenge; wrong codes are limited per account too (429).",
    tag,
    access: publicAccess,
    body: z.strictObject({ challenge, code }),
    response: signedInAnswer.extend({ recoveryCodes: z.array(z.string()).optional() }),
  }),
  loginTwoFactorEnrol: endpoint({
    method: 'POST',
    path: '/api/login/2fa/enrol',
    summary:
      'For an enrolment challenge (a role that must sign in with a second factor, without one): a new secret for the authenticator app. Confirm it with a code through POST /api/login/2fa.',
    tag,
    access: publicAccess,
    body: z.strictObject({ challenge }),
    response: ok(enrolment),
  }),
  twoFactor: endpoint({
    method: 'GET',
    path: '/api/profile/2fa',
    summary: "The signed-in user's second factor: on or off, since when, recovery codes left.",
    tag,
    access: signedIn,
    response: ok(twoFactorStatus),
  }),
  twoFactorSetup: endpoint({
    method: 'POST',
    path: '/api/profile/2fa/setup',
    summary:
      'Start turning on two-factor sign-in: a new secret for the authenticator app (replacing one not confirmed yet). 409 when it is on already.',
    tag,
    access: signedIn,
    response: ok(enrolment),
  }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/api/profile/2fa/confirm',
    summary:
      'Turn two-factor sign-in on with a code of the new secret; answers the ten recovery codes, shown this once.',
    tag,
    access: signedIn,
    body: z.strictObject({ code }),
    response: ok(recoveryCodes),
  }),
  twoFactorDisable: endpoint({
    method: 'POST',
    path: '/api/profile/2fa/disable',
    summary:
      'Turn two-factor sign-in off with a current code (or a recovery code). 409 when the role must keep it.',
    tag,
    access: signedIn,
    body: z.strictObject({ code }),
    response: okMessage,
  }),
  twoFactorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/profile/2fa/recovery-codes',
    summary: 'New recovery codes (the old ones stop working) with a current code; shown this once.',
    tag,
    access: signedIn,
    body: z.strictObject({ code }),
    response: ok(recoveryCodes),
  }),
  userTwoFactorReset: endpoint({
    method: 'POST',
    path: '/api/user/:id/2fa/reset',
    summary:
      "Admins: remove another account's second factor and recovery codes (it signs in with its password again, or enrols if its role must); audited, and the account is mailed. One's own: from My Profile (409).",
    tag,
    access: needs('usermanager', { roles: ['admin'] }),
    params: z.strictObject({ id }),
    response: okMessage,
  }),
} as const;
