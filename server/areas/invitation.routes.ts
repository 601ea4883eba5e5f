/**
 * Invitations' endpoints (docs/decisions/0063-invitations.md): resend and revoke under each
 * invitable area (one definition for users, supervisors and service providers: the area's own
 * scope decides whose accounts the caller reaches, as its other endpoints do), and the invitee's
 * two public calls, throttled per IP.
 */
import { INVITABLE_KEYS, invitableApi, resources, type InvitableKey } from '../../src/contract/areas';
import { invitationApi } from '../../src/contract/invitations';
import type { Resource } from '../../src/contract/resource';
import { giveBackSlot, IP_LIMITS, takeIpSlot } from '../auth/limits';
import { fieldError, notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';
import type { Impl } from '../resources/impl';
import { ctxOf, findOne, type H } from '../resources/query';
import { areas } from './index';
import { acceptInvitation, pendingInvitation, revokeInvitation, sendInvitation } from './invitation';

/** The account `id` as the caller reaches it through the area (its scope: a provider's own supervisors), or 404. */
const reachable = async (resource: Resource, impl: Impl, h: H, id: number) => {
  const ctx = ctxOf(h, resource);
  const record = await findOne(h.deps.db, resource, impl, ctx, id);
  if (!record) throw notFound();
  return { ctx, record };
};

const registerArea = (app: App, key: InvitableKey) => {
  const resource = resources.find((r) => r.key === key) as unknown as Resource;
  const impl = areas[key].resource;
  // Mailed after its own transaction committed (the answer says whether the mail went).
  route(
    app,
    invitableApi[`${key}InvitationResend`],
    async (h) => {
      const { ctx, record } = await reachable(resource, impl, h as unknown as H, h.params.id);
      const { account, mailed, expiresAt } = await sendInvitation(
        h.deps,
        h.audit,
        record.id,
        ctx.auth.user.id,
        'invite_resend',
      );
      return {
        message: smsg(mailed ? 'invitationResent' : 'invitationResentNotMailed', { email: account.email }),
        data: { mailed, expiresAt: expiresAt.toISOString() },
      };
    },
    { ownTransactions: true },
  );
  route(app, invitableApi[`${key}InvitationRevoke`], async (h) => {
    const { record } = await reachable(resource, impl, h as unknown as H, h.params.id);
    await revokeInvitation(h.deps.db, h.audit, record.id, h.deps.config.now());
    return { message: smsg('invitationRevoked') };
  });
};

/** Who is invited, by the link's token; a token that is not a pending invitation's keeps its slot. */
const lookup: Handler<typeof invitationApi.invitationLookup> = async ({ deps, body, ip }) => {
  const { db, config } = deps;
  const slot = await takeIpSlot(db, config, IP_LIMITS.invitation, ip);
  const { invitation, account } = await pendingInvitation(db, body.token, config.now());
  await giveBackSlot(db, slot);
  return {
    message: smsg('invitationFound'),
    data: { name: account.name, email: account.email, expiresAt: invitation.expiresAt.toISOString() },
  };
};

/** The invitee's password, set once (the slot as for a lookup); then they sign in as anyone does. */
const accept: Handler<typeof invitationApi.invitationAccept> = async ({ deps, body, ip, audit }) => {
  const { db, config } = deps;
  const slot = await takeIpSlot(db, config, IP_LIMITS.invitation, ip);
  const { account } = await pendingInvitation(db, body.token, config.now());
  const done = await acceptInvitation(db, audit, body.token, account.id, body.password, config.now());
  // Ended meanwhile (a parallel accept, a revoke, a resend): the refusal says how.
  if (!done) {
    await pendingInvitation(db, body.token, config.now());
    throw fieldError('token', smsg('invitationUsed'));
  }
  await giveBackSlot(db, slot);
  return { message: smsg('invitationAccepted'), data: { email: account.email } };
};

export const registerInvitationRoutes = (app: App) => {
  for (const key of INVITABLE_KEYS) registerArea(app, key);
  route(app, invitationApi.invitationLookup, lookup);
  route(app, invitationApi.invitationAccept, accept);
};
