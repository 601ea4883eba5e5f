/** Sign-in, registration with e-mail OTP, role, language, sign-out and My Profile (docs/product.md §2). */
import { and, eq, sql } from 'drizzle-orm';
import { authApi } from '../../src/contract/auth';
import { msg } from '../../src/contract/messages';
import type { Profile } from '../../src/contract/auth';
import { USER_STATUS, type Permission, type Role, type UserStatus } from '../../src/contract/roles';
import type { Language } from '../../src/contract/common';
import { appendAudit, providerOfUser, resourceOfUser, setAuditContext } from '../audit/trail';
import { isUniqueViolation } from '../db/client';
import { pushSubscriptions, serviceProviders, users } from '../db/schema';
import { conflict, fieldError, HttpError, notFound } from '../core/errors';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import { smsg } from '../core/messages';
import { notices } from '../notifications/notices';
import { notifyAdmins } from '../notifications/notify';
import { consumeVerifiedOtp, emailRegistered, sendOtp, verifyOtp, withEmailLock } from '../auth/otp';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords';
import { revokeOtherSessions, revokeSession, signInRefusal, type UserRow } from '../auth/sessions';
import { clearLoginFailures, takeLoginAttempt } from '../auth/throttle';
import { outboxKeyOf } from '../auth/outbox-keys';
import { completeSignIn } from './sign-in';
import { secondStep } from './two-factor';
import { giveBackSlot, IP_LIMITS, takeIpSlot } from '../auth/limits';
import { MAX_IMAGE_BYTES, newKey, readUploadedImage } from '../http/uploads';
import { removeUnusedFiles } from '../files/references';
import { keyOfPath } from '../files/storage';

const toProfile = (user: UserRow): Profile => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  role: user.role as Role,
  status: user.status as UserStatus,
  language: user.language as Language,
  profileImage: user.profileImage,
  createdAt: user.createdAt.toISOString(),
  version: user.version,
});

const login: Handler<typeof authApi.login> = async ({ deps, body, ip, c, audit }) => {
  const { db, config } = deps;
  const { email, password } = body;
  await takeLoginAttempt(db, config, email, ip);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : (await burnPasswordCheck(password), false);
  // On the trail (server/audit/trail.ts): the account tried, if there is one; never the password.
  const failed = (reason: string) =>
    appendAudit(db, audit, {
      action: 'sign_in_failed',
      resource: user ? resourceOfUser(user) : 'session',
      recordId: user?.id ?? null,
      providerId: user ? providerOfUser(user) : null,
      detail: { email, reason },
    });
  // the attempt already counts as a failure (throttle.ts)
  if (!user || !ok) {
    await failed('credentials');
    throw new HttpError(401, smsg('badCredentials'));
  }
  await clearLoginFailures(db, email, ip);
  const refusal = await signInRefusal(db, user);
  if (refusal) {
    await failed('status');
    throw new HttpError(403, refusal);
  }
  // An account with a second factor (or whose role must have one) goes on to a second step.
  return (await secondStep({ deps, c, ip, audit }, user)) ?? completeSignIn({ deps, c, ip, audit }, user);
};

const sendEmailOtp: Handler<typeof authApi.sendEmailOtp> = async ({ deps, body, lang, ip }) => {
  await takeIpSlot(deps.db, deps.config, IP_LIMITS.otpSend, ip);
  await sendOtp(deps, body.email, lang);
  return { message: smsg('otpSent', { email: body.email }) };
};

const verifyEmailOtp: Handler<typeof authApi.verifyEmailOtp> = async ({ deps, body, ip }) => {
  // The try counts before it is judged (limits.ts); only a wrong code keeps its slot.
  const slot = await takeIpSlot(deps.db, deps.config, IP_LIMITS.otpVerifyFailures, ip);
  try {
    await verifyOtp(deps, body.email, body.otp);
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 422)) await giveBackSlot(deps.db, slot);
    throw err;
  }
  await giveBackSlot(deps.db, slot);
  return { message: smsg('otpVerified') };
};

const register: Handler<typeof authApi.register> = async ({ deps, body, lang, ip, audit }) => {
  const { db, config } = deps;
  await takeIpSlot(db, config, IP_LIMITS.register, ip);
  const passwordHash = await hashPassword(body.password);
  const now = config.now();
  try {
    const user = await withEmailLock(db, body.email, async (tx) => {
      await setAuditContext(tx, audit);
      // The code first: only the mailbox's owner can learn that the address is taken (a known
      // address never receives a code, otp.ts), everyone else gets the same answer.
      if (!(await consumeVerifiedOtp(tx, now, body.email, body.otp)))
        throw fieldError('otp', msg('verifyFirst'));
      if (await emailRegistered(tx, body.email)) throw fieldError('email', smsg('emailTaken'), 409);
      const [row] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          name: { en: body.name, ar: body.name },
          phone: body.phone,
          // Forced by the server whatever the contract allows (docs/product.md §3, docs/architecture.md §4).
          role: 'serviceprovider',
          status: USER_STATUS.pending,
          language: lang,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // The business profile starts with the person's name; the provider completes it later.
      await tx.insert(serviceProviders).values({
        userId: row!.id,
        businessName: { en: body.name, ar: body.name },
        description: { en: '', ar: '' },
        createdAt: now,
        updatedAt: now,
      });
      return row!;
    });
    await notifyAdmins(deps, notices.providerRegistered(body.name, user.id));
    return {
      message: smsg('registered'),
      data: { id: user.id, email: user.email, role: user.role as Role, status: user.status as UserStatus },
    };
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('email', smsg('emailTaken'), 409);
    throw err;
  }
};

const role: Handler<typeof authApi.role> = async ({ requireAuth }) => {
  const { user, permissions } = requireAuth();
  return {
    message: smsg('roleLoaded'),
    data: user.role as Role,
    // Checked against the contract's permission list by the route's response validation.
    permissions: permissions as Permission[],
  };
};

const setLanguage: Handler<typeof authApi.setLanguage> = async ({ deps, body, requireAuth }) => {
  const { user } = requireAuth();
  await deps.db
    .update(users)
    .set({ language: body.language, updatedAt: deps.config.now() })
    .where(eq(users.id, user.id));
  return { message: smsg('languageSaved') };
};

const logout: Handler<typeof authApi.logout> = async ({ deps, requireAuth, audit }) => {
  const { sessionId, user } = requireAuth();
  await appendAudit(deps.db, audit, {
    action: 'sign_out',
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
  });
  await revokeSession(deps.db, deps.config, sessionId);
  // The device of this session gets no more pushes for this account.
  await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
  return { message: smsg('signedOut') };
};

const profile: Handler<typeof authApi.profile> = async ({ requireAuth }) => ({
  message: smsg('profileLoaded'),
  data: toProfile(requireAuth().user),
});

const outboxKey: Handler<typeof authApi.outboxKey> = async ({ deps, requireAuth }) => ({
  message: smsg('outboxKeyLoaded'),
  data: await outboxKeyOf(deps.db, requireAuth().user.id, deps.config.now()),
});

const updateProfile: Handler<typeof authApi.updateProfile> = async ({ deps, body, requireAuth }) => {
  const { user } = requireAuth();
  const [row] = await deps.db
    .update(users)
    .set({
      name: body.name,
      phone: body.phone,
      version: sql`${users.version} + 1`,
      updatedAt: deps.config.now(),
    })
    .where(and(eq(users.id, user.id), eq(users.version, body.version)))
    .returning();
  if (!row) throw conflict();
  return { message: smsg('profileSaved'), data: toProfile(row) };
};

const uploadProfileImage: Handler<typeof authApi.uploadProfileImage> = async ({
  deps,
  files,
  requireAuth,
}) => {
  const { user } = requireAuth();
  const { bytes, type } = await readUploadedImage(files, MAX_IMAGE_BYTES);
  const key = newKey('avatars', type.ext);
  // The new picture, the account and the old picture's removal commit together (docs/security.md, "Uploads").
  const row = await deps.db.transaction(async (tx) => {
    await deps.storage.put(key, bytes, { ownerId: user.id, db: tx });
    const [before] = await tx
      .select({ image: users.profileImage })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!before) throw notFound();
    const [updated] = await tx
      .update(users)
      .set({
        profileImage: `uploads/${key}`,
        version: sql`${users.version} + 1`,
        updatedAt: deps.config.now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    await removeUnusedFiles(tx, deps.storage, [before.image && keyOfPath(before.image)]);
    return updated!;
  });
  return { message: smsg('imageSaved'), data: toProfile(row) };
};

const changePassword: Handler<typeof authApi.changePassword> = async ({ deps, body, ip, requireAuth }) => {
  const { db, config } = deps;
  const { user, sessionId } = requireAuth();
  await takeLoginAttempt(db, config, user.email, ip);
  if (!(await verifyPassword(body.currentPassword, user.passwordHash)))
    throw fieldError('currentPassword', smsg('passwordWrong'));
  await clearLoginFailures(db, user.email, ip);
  if (body.newPassword === body.currentPassword) throw fieldError('newPassword', smsg('passwordSame'));
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: config.now() }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, config, user.id, sessionId);
  });
  return { message: smsg('passwordChanged') };
};

export const registerSessionRoutes = (app: App) => {
  route(app, authApi.login, login);

  route(app, authApi.sendEmailOtp, sendEmailOtp);

  route(app, authApi.verifyEmailOtp, verifyEmailOtp);

  route(app, authApi.register, register);

  route(app, authApi.role, role);

  route(app, authApi.setLanguage, setLanguage);

  route(app, authApi.logout, logout);

  route(app, authApi.profile, profile);

  // Only the caller's own key: no parameter names another user (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
  route(app, authApi.outboxKey, outboxKey);

  route(app, authApi.updateProfile, updateProfile);

  route(app, authApi.uploadProfileImage, uploadProfileImage);

  route(app, authApi.changePassword, changePassword);
};
