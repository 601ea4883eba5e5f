/**
 * Forgotten password (docs/security.md, "Account lifecycle"; docs/decisions/0062-forgotten-password.md):
 * `POST /api/password/forgot` mails a known address a code and a link and answers every address
 * alike; `POST /api/password/reset` sets the new password with the code, ends every session of the
 * account and mails a notice. Both are public and limited per address (server/auth/password-reset.ts)
 * and per IP (server/auth/limits.ts).
 */
import { eq } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import { passwordResetApi } from '../../src/contract/password-reset';
import {
  appendAudit,
  providerOfUser,
  resourceOfUser,
  setAuditContext,
  type AuditContext,
} from '../audit/trail';
import { giveBackSlot, IP_LIMITS, takeIpSlot } from '../auth/limits';
import { withEmailLock } from '../auth/otp';
import { judgeResetCode, newResetCode } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { forgetPushDevices, revokeOtherSessions, type UserRow } from '../auth/sessions';
import { clearLoginFailures } from '../auth/throttle';
import type { Tx } from '../db/client';
import { users } from '../db/schema';
import { fieldError } from '../core/errors';
import { passwordChangedMail, passwordResetMail } from '../core/mail';
import { smsg } from '../core/messages';
import { route, type Handler } from '../http/route';
import type { App, Deps } from '../http/types';

/** Where the mailed link opens the app: the reset screen, the address and code in the fragment (never sent to a server). */
const resetLink = (deps: Deps, email: string, code: string) =>
  `${deps.config.publicUrl}/admin/password/reset#${new URLSearchParams({ email, code }).toString()}`;

const forgot: Handler<typeof passwordResetApi.passwordForgot> = async ({ deps, body, ip }) => {
  const { db, config, mailer } = deps;
  const { email } = body;
  await takeIpSlot(db, config, IP_LIMITS.resetSend, ip);
  const now = config.now();
  const issued = await withEmailLock(db, email, (tx) => newResetCode(tx, now, email));
  if (issued) {
    const { user, code } = issued;
    // Not awaited: the answer leaves as soon as for an address without an account, which gets no
    // mail (no enumeration by time). A mail that fails is logged; the user asks again after 60 s.
    void mailer
      .send(
        passwordResetMail(user.email, user.language as Language, {
          code,
          link: resetLink(deps, email, code),
        }),
      )
      .catch((error: Error) => console.warn(`The password reset mail could not be sent: ${error.message}`));
  }
  return { message: smsg('resetCodeSent', { email }) };
};

/**
 * In the judging transaction, the account's row locked: the new password, every session ended (their
 * tokens answer 401 at once, their live streams end within a second, their devices get no more
 * pushes), the address's sign-in failures cleared, and the trail's entries under the account's name.
 * A sign-in that judged the old password commits its session before this (and it is ended here) or
 * after (and it is refused: server/auth/sessions.ts `createSessionOnDevice`).
 */
const setNewPassword = async (
  tx: Tx,
  deps: Deps,
  user: UserRow,
  newPassword: string,
  audit: AuditContext,
) => {
  const now = deps.config.now();
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  const passwordHash = await hashPassword(newPassword);
  const actor: AuditContext = {
    ...audit,
    actorId: user.id,
    actorName: user.name,
    actorRole: user.role,
    actingFor: user.providerId,
  };
  await setAuditContext(tx, actor);
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
  const ended = (await revokeOtherSessions(tx, deps.config, user.id, null)).map((s) => s.id);
  await forgetPushDevices(tx, ended);
  await clearLoginFailures(tx, user.email);
  // Neither the code nor the password: the sessions it ended.
  await appendAudit(tx, actor, {
    action: 'password_reset',
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
    detail: { sessions: ended },
  });
};

const reset: Handler<typeof passwordResetApi.passwordReset> = async ({ deps, body, ip, audit }) => {
  const { db, config } = deps;
  const { email, code, newPassword } = body;
  // The try counts before it is judged (limits.ts); only a wrong code keeps its slot.
  const slot = await takeIpSlot(db, config, IP_LIMITS.resetFailures, ip);
  const now = config.now();
  let outcome: { refusal: string } | { user: UserRow };
  try {
    // The transaction returns the refusal instead of throwing it, so the counted try is committed.
    outcome = await withEmailLock(db, email, async (tx) => {
      const judged = await judgeResetCode(tx, now, email, code);
      if ('user' in judged) await setNewPassword(tx, deps, judged.user, newPassword, audit);
      return judged;
    });
  } catch (error) {
    await giveBackSlot(db, slot);
    throw error;
  }
  if ('refusal' in outcome) throw fieldError('code', outcome.refusal);
  await giveBackSlot(db, slot);
  const { user } = outcome;
  await deps.mailer
    .send(passwordChangedMail(user.email, user.language as Language, { ip, at: now }))
    .catch((error: Error) => console.warn(`The password changed mail could not be sent: ${error.message}`));
  return { message: smsg('passwordWasReset') };
};

export const registerPasswordResetRoutes = (app: App) => {
  route(app, passwordResetApi.passwordForgot, forgot);

  route(app, passwordResetApi.passwordReset, reset);
};
