/**
 * Two-factor sign-in (docs/security.md, "Two-factor sign-in"): the second step of a sign-in and the
 * enrolment a required role makes there; the signed-in user's own factor in My Profile (no
 * parameter names a user); an admin's reset of another account's factor.
 */
import { eq } from 'drizzle-orm';
import { twoFactorApi } from '../../src/contract/two-factor';
import type { Language } from '../../src/contract/common';
import { appendAudit, providerOfUser, resourceOfUser, type AuditContext } from '../audit/trail';
import { giveBackSlot } from '../auth/limits';
import { signInRefusal, type UserRow } from '../auth/sessions';
import { endChallengesOf, liveChallenge, takeChallengeTry, useChallenge } from '../auth/sign-in-challenges';
import {
  acceptSecondFactor,
  acceptTotp,
  confirmedFactorOf,
  recoveryCodesLeft,
  removeSecondFactor,
  renewRecoveryCodes,
  startEnrolment,
  takeCodeTry,
} from '../auth/totp';
import { conflict, fieldError, HttpError, notFound } from '../core/errors';
import { twoFactorResetMail } from '../core/mail';
import { smsg } from '../core/messages';
import type { Db, Executor } from '../db/client';
import { totpFactors, users } from '../db/schema';
import { route, type Handler } from '../http/route';
import type { App, Deps } from '../http/types';
import { completeSignIn } from './sign-in';
import { mustHaveSecondFactor } from './two-factor';

/** A challenge that is unknown, expired, used or out of tries: the sign-in starts again. */
const challengeEnded = () => new HttpError(401, smsg('challengeEnded'));
const codeWrong = () => fieldError('code', smsg('codeWrong'));

/** An entry of the account's own trail about its second factor. */
const factorEntry = (
  db: Executor,
  audit: AuditContext,
  user: UserRow,
  action: string,
  detail?: Record<string, unknown>,
) =>
  appendAudit(db, audit, {
    action,
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
    ...(detail ? { detail } : {}),
  });

/**
 * Judges a code of the account with its per-account limit (takeCodeTry: counted before it is
 * judged, given back when right): `judge` answers how it was accepted, or null for a wrong code.
 */
const withCodeTry = async <T>(db: Db, deps: Deps, userId: number, judge: () => Promise<T | null>) => {
  const slot = await takeCodeTry(db, deps.config, userId);
  const accepted = await judge();
  if (accepted !== null) await giveBackSlot(db, slot);
  return accepted;
};

/* -------------------------------------------------------------- sign-in */

const loginTwoFactor: Handler<typeof twoFactorApi.loginTwoFactor> = async ({ deps, body, ip, c, audit }) => {
  const { db, config } = deps;
  const now = config.now();
  const challenge = await liveChallenge(db, now, body.challenge, ['two-factor', 'enrol']);
  // The try counts before the code is judged: parallel guesses get five judged at most.
  if (!challenge || !(await takeChallengeTry(db, now, challenge.id))) throw challengeEnded();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  if (!user) throw challengeEnded();
  const enrolling = challenge.kind === 'enrol';
  const method = await withCodeTry(db, deps, user.id, async () =>
    enrolling
      ? (await acceptTotp(db, user.id, body.code, now, { confirming: true }))
        ? ('totp' as const)
        : null
      : acceptSecondFactor(db, user.id, body.code, now),
  );
  if (!method) {
    await appendAudit(db, audit, {
      action: 'sign_in_failed',
      resource: resourceOfUser(user),
      recordId: user.id,
      providerId: providerOfUser(user),
      detail: { email: user.email, reason: 'second-factor' },
    });
    throw codeWrong();
  }
  if (!(await useChallenge(db, now, challenge.id))) throw challengeEnded();
  // Blocked (or its provider) since the password was checked: no session.
  const refusal = await signInRefusal(db, user);
  if (refusal) throw new HttpError(403, refusal);
  const recoveryCodes = enrolling ? await renewRecoveryCodes(db, user.id, now) : undefined;
  if (enrolling)
    await factorEntry(
      db,
      { ...audit, actorId: user.id, actorName: user.name, actorRole: user.role },
      user,
      'two_factor_on',
      {
        atSignIn: true,
      },
    );
  const answer = await completeSignIn({ deps, c, ip, audit }, user, { method });
  return recoveryCodes ? { ...answer, recoveryCodes } : answer;
};

const loginTwoFactorEnrol: Handler<typeof twoFactorApi.loginTwoFactorEnrol> = async ({ deps, body }) => {
  const { db, config } = deps;
  const now = config.now();
  const challenge = await liveChallenge(db, now, body.challenge, ['enrol']);
  if (!challenge) throw challengeEnded();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.userId));
  // A factor confirmed meanwhile is never replaced from a sign-in.
  const enrolment = user && (await startEnrolment(db, user, now));
  if (!enrolment) throw challengeEnded();
  return { message: smsg('enrolmentStarted'), data: enrolment };
};

/* -------------------------------------------------------------- profile */

const status: Handler<typeof twoFactorApi.twoFactor> = async ({ deps, requireAuth }) => {
  const { user } = requireAuth();
  const enabledAt = await confirmedFactorOf(deps.db, user.id);
  return {
    message: smsg('twoFactorLoaded'),
    data: {
      enabled: enabledAt !== null,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? await recoveryCodesLeft(deps.db, user.id) : 0,
      required: mustHaveSecondFactor(deps.config, user),
    },
  };
};

const setup: Handler<typeof twoFactorApi.twoFactorSetup> = async ({ deps, requireAuth }) => {
  const { user } = requireAuth();
  const enrolment = await startEnrolment(deps.db, user, deps.config.now());
  if (!enrolment) throw conflict(smsg('twoFactorAlreadyOn'));
  return { message: smsg('enrolmentStarted'), data: enrolment };
};

const confirm: Handler<typeof twoFactorApi.twoFactorConfirm> = async ({ deps, body, requireAuth, audit }) => {
  const { db, config } = deps;
  const { user } = requireAuth();
  const now = config.now();
  const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
  if (!factor) throw conflict(smsg('twoFactorNotStarted'));
  if (factor.confirmedAt) throw conflict(smsg('twoFactorAlreadyOn'));
  const ok = await withCodeTry(db, deps, user.id, async () =>
    (await acceptTotp(db, user.id, body.code, now, { confirming: true })) ? true : null,
  );
  if (!ok) throw codeWrong();
  const recoveryCodes = await renewRecoveryCodes(db, user.id, now);
  await factorEntry(db, audit, user, 'two_factor_on');
  return { message: smsg('twoFactorOn'), data: { recoveryCodes } };
};

/** The caller's confirmed factor, and a current code of it (or a recovery code), or a refusal. */
const checkOwnCode = async (deps: Deps, user: UserRow, code: string) => {
  if (!(await confirmedFactorOf(deps.db, user.id))) throw conflict(smsg('twoFactorIsOff'));
  const method = await withCodeTry(deps.db, deps, user.id, () =>
    acceptSecondFactor(deps.db, user.id, code, deps.config.now()),
  );
  if (!method) throw codeWrong();
  return method;
};

const disable: Handler<typeof twoFactorApi.twoFactorDisable> = async ({ deps, body, requireAuth, audit }) => {
  const { user } = requireAuth();
  if (mustHaveSecondFactor(deps.config, user)) throw conflict(smsg('twoFactorRequired'));
  const method = await checkOwnCode(deps, user, body.code);
  await removeSecondFactor(deps.db, user.id);
  await endChallengesOf(deps.db, deps.config.now(), user.id, ['two-factor', 'enrol']);
  await factorEntry(deps.db, audit, user, 'two_factor_off', { method });
  return { message: smsg('twoFactorOff') };
};

const renew: Handler<typeof twoFactorApi.twoFactorRecoveryCodes> = async ({
  deps,
  body,
  requireAuth,
  audit,
}) => {
  const { user } = requireAuth();
  const method = await checkOwnCode(deps, user, body.code);
  const recoveryCodes = await renewRecoveryCodes(deps.db, user.id, deps.config.now());
  await factorEntry(deps.db, audit, user, 'recovery_codes_renewed', { method });
  return { message: smsg('recoveryCodesRenewed'), data: { recoveryCodes } };
};

/* ---------------------------------------------------------------- admin */

const reset: Handler<typeof twoFactorApi.userTwoFactorReset> = async ({
  deps,
  params,
  requireAuth,
  audit,
}) => {
  const { db, config } = deps;
  const { user: admin } = requireAuth();
  if (params.id === admin.id) throw conflict(smsg('ownTwoFactorReset'));
  const [target] = await db.select().from(users).where(eq(users.id, params.id));
  if (!target) throw notFound();
  if (!(await removeSecondFactor(db, target.id))) throw conflict(smsg('noSecondFactor'));
  await endChallengesOf(db, config.now(), target.id, ['two-factor', 'enrol']);
  await factorEntry(db, audit, target, 'two_factor_reset');
  // After the commit: a mail that cannot be sent does not undo the reset; the trail keeps it.
  const mail = twoFactorResetMail(target.email, target.language as Language, config.now());
  const send = async () => {
    await deps.mailer
      .send(mail)
      .catch((error: Error) => console.warn(`The two-factor reset mail could not be sent: ${error.message}`));
  };
  if (deps.afterCommit) deps.afterCommit(send);
  else await send();
  return { message: smsg('twoFactorReset') };
};

export const registerTwoFactorRoutes = (app: App) => {
  route(app, twoFactorApi.loginTwoFactor, loginTwoFactor);
  route(app, twoFactorApi.loginTwoFactorEnrol, loginTwoFactorEnrol);
  route(app, twoFactorApi.twoFactor, status);
  route(app, twoFactorApi.twoFactorSetup, setup);
  route(app, twoFactorApi.twoFactorConfirm, confirm);
  route(app, twoFactorApi.twoFactorDisable, disable);
  route(app, twoFactorApi.twoFactorRecoveryCodes, renew);
  route(app, twoFactorApi.userTwoFactorReset, reset);
};
