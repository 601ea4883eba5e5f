import { z } from 'zod';
import { email, otp, password } from './common';
import { endpoint, okMessage, publicAccess } from './http';

/**
 * Forgotten password (docs/decisions/0062-forgotten-password.md): a code mailed to the account's
 * address, then the new password with that code. Both answer an address without an account exactly
 * as one with an account.
 */
export const forgotPasswordBody = z.strictObject({ email });

export const resetPasswordBody = z.strictObject({ email, code: otp, newPassword: password });

const tag = 'Session';

export const passwordResetApi = {
  passwordForgot: endpoint({
    method: 'POST',
    path: '/api/password/forgot',
    summary:
      'Forgotten password: mails the account of this address a 6-digit code and a link (valid 30 minutes, one use). Answers every address alike.',
    tag,
    access: publicAccess,
    body: forgotPasswordBody,
    response: okMessage,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/password/reset',
    summary:
      'Set a new password with the mailed code: ends every session of the account and mails a notice. A wrong, used or expired code answers 422 on `code`.',
    tag,
    access: publicAccess,
    body: resetPasswordBody,
    response: okMessage,
  }),
} as const;
