import { z } from 'zod';
import { id, password } from './common';
import { endpoint, ok, okMessage, publicAccess, type Access } from './http';
import { msg } from './messages';
import { localizedText } from './resource-config';

/**
 * Invitations (docs/decisions/0063-invitations.md): staff add users, supervisors and service
 * providers without a password; the account is invited by mail (a link valid
 * INVITATION_VALID_DAYS days) and the invitee sets their own password. While invited, an account's
 * record carries `invitation`; who may add such an account resends or revokes it.
 */
export const INVITATION_VALID_DAYS = 7;

/**
 * An account's invitation as its record shows it: null once the account has a password; else its
 * latest invitation's expiry (null: it has none) and whether it was revoked. Expired is
 * `expiresAt` in the past (the reader's clock says "Invitation expired").
 */
export const accountInvitation = z
  .strictObject({ expiresAt: z.string().nullable(), revoked: z.boolean() })
  .nullable();
export type AccountInvitation = z.infer<typeof accountInvitation>;

/** The link's token as the invitee's page sends it (the server knows only its SHA-256). */
const token = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(200, msg('maxChars', { n: 200 }));

const tag = 'Invitations';

/** The two endpoints of an invitable area (`/api/<key>/:id/invitation`), from one definition. */
export const invitationEndpoints = (key: string, area: string, access: Access) => ({
  resend: endpoint({
    method: 'POST',
    path: `/api/${key}/:id/invitation`,
    summary: `Invite a ${area} again: a new link valid ${INVITATION_VALID_DAYS} days is mailed, the former one stops working. Only while the account has no password (else 409); who may add such an account may do it (another provider's answers 404).`,
    tag,
    access,
    params: z.strictObject({ id }),
    /** `mailed` false: the new link was made (the former one no longer works) but the mail failed. */
    response: ok(z.object({ mailed: z.boolean(), expiresAt: z.string() })),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: `/api/${key}/:id/invitation`,
    summary: `Revoke a ${area}'s pending invitation: its link stops working; the account stays, without a password, and can be invited again. No pending invitation: 409.`,
    tag,
    access,
    params: z.strictObject({ id }),
    response: okMessage,
  }),
});

/** The invitee's page: who is invited, and setting the password (no sign-in; throttled per IP). */
export const invitationApi = {
  invitationLookup: endpoint({
    method: 'POST',
    path: '/api/invitation',
    summary:
      "The invited account's name and e-mail, by the link's token (in the body, never in a URL the server logs). An unknown, expired, revoked or used token answers 422 saying which.",
    tag,
    access: publicAccess,
    body: z.strictObject({ token }),
    response: ok(z.object({ name: localizedText, email: z.string(), expiresAt: z.string() })),
  }),
  invitationAccept: endpoint({
    method: 'POST',
    path: '/api/invitation/accept',
    summary:
      "Set the invited account's password (the app's password rules) and end the invitation: the token works once. The invitee then signs in.",
    tag,
    access: publicAccess,
    body: z.strictObject({ token, password }),
    response: ok(z.object({ email: z.string() })),
  }),
} as const;
