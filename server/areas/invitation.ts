/**
 * Invitations (docs/decisions/0063-invitations.md, docs/security.md "Account lifecycle"): an account
 * added by staff has no password and one open invitation; its link (a random 32-byte token, of which
 * only the SHA-256 is kept) is mailed after the account is committed, and works 7 days, once.
 * Resending makes a new token in place of the open one (the former link no longer works);
 * revoking ends it (the account stays, without a password, and can be invited again).
 *
 * Lock order, in every write here: the account's row first, then its invitations, so that an
 * accept, a resend and a revoke of one account run one after another.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '../../src/contract/common';
import { INVITATION_VALID_DAYS, type AccountInvitation } from '../../src/contract/invitations';
import {
  appendAudit,
  providerOfUser,
  resourceOfUser,
  setAuditContext,
  type AuditContext,
} from '../audit/trail';
import { hashPassword } from '../auth/passwords';
import { hashToken, newToken } from '../auth/tokens';
import { DAY } from '../core/config';
import { conflict, fieldError, notFound } from '../core/errors';
import { invitationMail } from '../core/mail';
import { smsg } from '../core/messages';
import type { Db, Executor, Tx } from '../db/client';
import { invitations, users } from '../db/schema';
import type { Deps } from '../http/types';
import type { ResourceCtx } from '../resources/impl';

const VALID_MS = INVITATION_VALID_DAYS * DAY;

/**
 * An account's invitation as its record shows it (a column of the users', supervisors' and
 * providers' selects): null once it has a password; else its open invitation (not accepted; the
 * newest), or none at all.
 */
// The account's id named with its table: in a select of `users` alone, drizzle names its columns
// bare, and a bare "id" inside the subquery would be the invitation's.
const accountId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

export const invitationColumn = sql<{
  expiresAt: string | null;
  revoked: boolean;
} | null>`(case when ${users.passwordHash} is null then coalesce((select json_build_object('expiresAt', ${invitations.expiresAt}, 'revoked', ${invitations.revokedAt} is not null) from ${invitations} where ${invitations.userId} = ${accountId} and ${invitations.acceptedAt} is null order by ${invitations.id} desc limit 1), json_build_object('expiresAt', null, 'revoked', true)) end)`;

/** The column's value as the contract's `accountInvitation` (times in ISO form, whatever the database's). */
export const toInvitation = (raw: { expiresAt: string | null; revoked: boolean } | null): AccountInvitation =>
  raw && {
    expiresAt: raw.expiresAt === null ? null : new Date(raw.expiresAt).toISOString(),
    revoked: raw.revoked,
  };

/**
 * The open invitation of an account being added, in its transaction: its token is never told (the
 * link goes out after the commit with a token of its own, `sendInvitation`), so the invitation
 * exists with the account whatever happens to the mail.
 */
export const openInvitation = async (tx: Tx, userId: number, invitedBy: number, now: Date) => {
  await tx.insert(invitations).values({
    userId,
    tokenHash: hashToken(newToken()),
    invitedBy,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VALID_MS),
  });
};

type Account = typeof users.$inferSelect;

/** The account's row, locked; 404 when it is gone. */
const lockAccount = async (tx: Executor, userId: number): Promise<Account> => {
  const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!account) throw notFound();
  return account;
};

const entryOf = (account: Account, action: string, detail: Record<string, unknown>) => ({
  action,
  resource: resourceOfUser(account),
  recordId: account.id,
  providerId: providerOfUser(account),
  detail: { email: account.email, ...detail },
});

/**
 * Mails account `userId` a new link (the first one after it was added, or again): the open
 * invitation gets a new token and 7 days from now (the former link stops working), or a new
 * invitation is opened when the last one was revoked. Commits before mailing; the mail's failure
 * is told (`mailed: false`), not thrown: the link exists, and the sender can send it again.
 * Runs outside the request's transaction (its route has its own), so the answer knows the mail's fate.
 */
export const sendInvitation = async (
  deps: Deps,
  audit: AuditContext,
  userId: number,
  invitedBy: number,
  action: 'invite' | 'invite_resend',
) => {
  const now = deps.config.now();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + VALID_MS);
  const account = await deps.db.transaction(async (tx) => {
    const found = await lockAccount(tx, userId);
    if (found.passwordHash !== null) throw conflict(smsg('invitationNotNeeded'));
    const values = { tokenHash: hashToken(token), invitedBy, createdAt: now, expiresAt };
    const [open] = await tx
      .update(invitations)
      .set(values)
      .where(
        and(eq(invitations.userId, userId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
      )
      .returning({ id: invitations.id });
    if (!open) await tx.insert(invitations).values({ userId, ...values });
    return found;
  });
  const language = account.language as Language;
  const link = `${deps.config.publicUrl}/admin/invitation?token=${token}`;
  const mailed = await deps.mailer
    .send(invitationMail(account.email, language, { name: account.name[language], link, expiresAt }))
    .then(
      () => true,
      (error: Error) => {
        console.warn(`The invitation mail to account ${account.id} could not be sent: ${error.message}`);
        return false;
      },
    );
  await appendAudit(deps.db, audit, entryOf(account, action, { expiresAt: expiresAt.toISOString(), mailed }));
  return { account, mailed, expiresAt };
};

/** After an invitable account was added (its create committed): its link mailed, and the answer's message. */
export const inviteAdded = async (ctx: ResourceCtx, record: { id: number }, audit: AuditContext) => {
  const { account, mailed } = await sendInvitation(ctx.deps, audit, record.id, ctx.auth.user.id, 'invite');
  return smsg(mailed ? 'invitationMailed' : 'invitationNotMailed', { email: account.email });
};

/** Ends account `userId`'s open invitation (409 when it has none), in the request's transaction. */
export const revokeInvitation = async (db: Executor, audit: AuditContext, userId: number, now: Date) => {
  const account = await lockAccount(db, userId);
  const ended = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  if (ended.length === 0 || account.passwordHash !== null) throw conflict(smsg('invitationNonePending'));
  await appendAudit(db, audit, entryOf(account, 'invite_revoke', {}));
};

/**
 * The pending invitation of a link's token with its account, or the 422 that says why there is
 * none: unknown (mistyped, or replaced by a newer link), withdrawn, used, expired. The token is
 * found by its SHA-256 (as session tokens are): what the lookup's time could tell is about the
 * hash, not the token.
 */
export const pendingInvitation = async (db: Executor, token: string, now: Date) => {
  const [row] = await db
    .select({ invitation: invitations, account: users })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  const refuse = (key: Parameters<typeof smsg>[0], params: Record<string, string> = {}) =>
    fieldError('token', smsg(key, params));
  if (!row) throw refuse('invitationUnknown');
  const { invitation, account } = row;
  if (invitation.acceptedAt !== null || account.passwordHash !== null) throw refuse('invitationUsed');
  if (invitation.revokedAt !== null) throw refuse('invitationWithdrawn');
  if (invitation.expiresAt.getTime() <= now.getTime())
    throw refuse('invitationExpired', { date: invitation.expiresAt.toISOString().slice(0, 10) });
  return row;
};

/**
 * Sets the invitee's password and ends the invitation, once: of parallel accepts of one token,
 * the one that ends it sets the password; the others wait on the account's row, then find it used. Their trail entries name the
 * invitee as the actor. Answers the account, or null when the token was ended meanwhile.
 */
export const acceptInvitation = async (
  db: Db,
  audit: AuditContext,
  token: string,
  userId: number,
  password: string,
  now: Date,
) =>
  db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    const asInvitee: AuditContext = {
      ...audit,
      actorId: account.id,
      actorName: account.name,
      actorRole: account.role,
      actingFor: account.providerId,
    };
    await setAuditContext(tx, asInvitee);
    const [ended] = await tx
      .update(invitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(token)),
          eq(invitations.userId, userId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ id: invitations.id });
    if (!ended || account.passwordHash !== null) return null;
    // Hashed only by the accept that ended the invitation (the others waited on the row, then
    // found it used): parallel accepts of one token cost one hash.
    const passwordHash = await hashPassword(password);
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    await appendAudit(tx, asInvitee, entryOf(account, 'invite_accept', {}));
    return account;
  });
