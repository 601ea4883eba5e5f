/**
 * Passkeys (docs/security.md, "Account lifecycle", docs/decisions/0065-passkeys.md): the signed-in
 * user's own (no parameter names a user: another account's passkey is unknown here), and signing in
 * with one, which judges the account as a password's sign-in does and ends the same way
 * (`completeSignIn`). The ceremonies themselves: server/auth/passkeys.ts.
 */
import { and, asc, count, eq, lt } from 'drizzle-orm';
import { passkeyApi } from '../../src/contract/passkeys';
import { appendAudit, providerOfUser, resourceOfUser, type AuditContext } from '../audit/trail';
import { giveBackSlot, IP_LIMITS, takeIpSlot } from '../auth/limits';
import {
  findChallenge,
  MAX_PASSKEYS,
  openChallenge,
  registrationOptions,
  signInOptions,
  useChallenge,
  verifyRegistration,
  verifySignIn,
} from '../auth/passkeys';
import { signInRefusal, type UserRow } from '../auth/sessions';
import { conflict, fieldError, HttpError, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import type { Executor } from '../db/client';
import { passkeys, users } from '../db/schema';
import { route, type Handler } from '../http/route';
import type { App, Deps } from '../http/types';
import { completeSignIn } from './sign-in';

type PasskeyRow = typeof passkeys.$inferSelect;

const toPasskey = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  deviceType: row.deviceType === 'multiDevice' ? ('multiDevice' as const) : ('singleDevice' as const),
  backedUp: row.backedUp,
});

/** An entry on the account's trail: which passkey, and its name. */
const audited = (db: Executor, audit: AuditContext, user: UserRow, action: string, row: PasskeyRow) =>
  appendAudit(db, audit, {
    action,
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
    detail: { passkey: row.id, name: row.name },
  });

const own = (userId: number, id: number) => and(eq(passkeys.id, id), eq(passkeys.userId, userId));

/* ---------------------------------------------------------------- profile */

const list: Handler<typeof passkeyApi.passkeys> = async ({ deps, requireAuth }) => {
  const rows = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, requireAuth().user.id))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return { message: smsg('passkeysLoaded'), data: rows.map(toPasskey) };
};

const passkeysFull = () => new HttpError(422, smsg('passkeysFull', { n: MAX_PASSKEYS }));

const options: Handler<typeof passkeyApi.passkeyOptions> = async ({ deps, requireAuth, ip, c }) => {
  const { db, config } = deps;
  const { user } = requireAuth();
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS) throw passkeysFull();
  const made = await registrationOptions(config, user, existing);
  const handle = await openChallenge(db, config, {
    kind: 'passkey-register',
    challenge: made.challenge,
    userId: user.id,
    ip,
    userAgent: c.req.header('user-agent'),
  });
  return { message: smsg('passkeyOptions'), data: { handle, options: made } };
};

const add: Handler<typeof passkeyApi.addPasskey> = async ({ deps, body, requireAuth, audit }) => {
  const { db, config } = deps;
  const { user } = requireAuth();
  const challenge = await findChallenge(db, config, body.handle, 'passkey-register', user.id);
  if (!challenge) throw fieldError('handle', smsg('passkeyChallengeGone'));
  const info = await verifyRegistration(config, body.response, challenge.challenge);
  if (!info) throw fieldError('response', smsg('passkeyNotVerified'));
  const [held] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
  if ((held?.n ?? 0) >= MAX_PASSKEYS) throw passkeysFull();
  if (!(await useChallenge(db, config, challenge.id)))
    throw fieldError('handle', smsg('passkeyChallengeGone'));
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: body.name,
      createdAt: config.now(),
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(smsg('passkeyTaken'));
  await audited(db, audit, user, 'passkey_add', row);
  return { message: smsg('passkeyAdded'), data: toPasskey(row) };
};

const rename: Handler<typeof passkeyApi.renamePasskey> = async ({
  deps,
  params,
  body,
  requireAuth,
  audit,
}) => {
  const { user } = requireAuth();
  const [row] = await deps.db
    .update(passkeys)
    .set({ name: body.name })
    .where(own(user.id, params.id))
    .returning();
  if (!row) throw notFound();
  await audited(deps.db, audit, user, 'passkey_rename', row);
  return { message: smsg('passkeyRenamed'), data: toPasskey(row) };
};

const remove: Handler<typeof passkeyApi.removePasskey> = async ({ deps, params, requireAuth, audit }) => {
  const { user } = requireAuth();
  const [row] = await deps.db.delete(passkeys).where(own(user.id, params.id)).returning();
  if (!row) throw notFound();
  await audited(deps.db, audit, user, 'passkey_remove', row);
  return { message: smsg('passkeyRemoved') };
};

/* ---------------------------------------------------------------- sign-in */

const signInStart: Handler<typeof passkeyApi.passkeySignInOptions> = async ({ deps, ip, c }) => {
  const { db, config } = deps;
  await takeIpSlot(db, config, IP_LIMITS.passkeyOptions, ip);
  const made = await signInOptions(config);
  const handle = await openChallenge(db, config, {
    kind: 'passkey',
    challenge: made.challenge,
    userId: null,
    ip,
    userAgent: c.req.header('user-agent'),
  });
  return { message: smsg('passkeyOptions'), data: { handle, options: made } };
};

/**
 * The account of the passkey that answered the challenge of `handle`, or 401: the challenge used (once)
 * and the passkey's counter and last use moved on.
 */
const passkeyAccount = async (
  { db, config }: Deps,
  { handle, response }: { handle: string; response: { id: string } },
): Promise<UserRow> => {
  const challenge = await findChallenge(db, config, handle, 'passkey', null);
  if (!challenge) throw new HttpError(401, smsg('passkeyChallengeGone'));
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key) throw new HttpError(401, smsg('passkeyUnknown'));
  const counter = await verifySignIn(config, response, challenge.challenge, key);
  if (counter === null) throw new HttpError(401, smsg('passkeyNotVerified'));
  if (!(await useChallenge(db, config, challenge.id))) throw new HttpError(401, smsg('passkeyChallengeGone'));
  // Forward only (0 stays 0 on an authenticator that keeps no counter): a copied key shows itself.
  const [moved] = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: config.now() })
    .where(
      and(eq(passkeys.id, key.id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)),
    )
    .returning({ userId: passkeys.userId });
  const [user] = moved ? await db.select().from(users).where(eq(users.id, moved.userId)) : [];
  if (!user) throw new HttpError(401, smsg(moved ? 'passkeyUnknown' : 'passkeyNotVerified'));
  return user;
};

const signIn: Handler<typeof passkeyApi.passkeySignIn> = async ({ deps, body, ip, c, audit }) => {
  const { db, config } = deps;
  // The try counts before it is judged (limits.ts); a passkey that signs in gives its slot back.
  const slot = await takeIpSlot(db, config, IP_LIMITS.passkeyFailures, ip);
  const user = await passkeyAccount(deps, body);
  await giveBackSlot(db, slot);
  // The account is judged as POST /api/login judges it (blocked, rejected, pending, a provider's standing).
  const refusal = await signInRefusal(db, user);
  if (refusal) {
    await appendAudit(db, audit, {
      action: 'sign_in_failed',
      resource: resourceOfUser(user),
      recordId: user.id,
      providerId: providerOfUser(user),
      detail: { email: user.email, method: 'passkey', reason: 'status' },
    });
    throw new HttpError(403, refusal);
  }
  return completeSignIn({ deps, c, ip, audit }, user, { method: 'passkey' });
};

export const registerPasskeyRoutes = (app: App) => {
  route(app, passkeyApi.passkeys, list);

  route(app, passkeyApi.passkeyOptions, options);

  route(app, passkeyApi.addPasskey, add);

  route(app, passkeyApi.renamePasskey, rename);

  route(app, passkeyApi.removePasskey, remove);

  route(app, passkeyApi.passkeySignInOptions, signInStart);

  route(app, passkeyApi.passkeySignIn, signIn);
};
