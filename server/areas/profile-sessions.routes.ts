/**
 * Sessions and devices in My Profile (docs/security.md, "Sessions and devices"): the caller's own
 * sessions, ending one of them or all the others. No parameter names a user: another account's
 * session is unknown here.
 */
import { authApi } from '../../src/contract/auth';
import { appendAudit, providerOfUser, resourceOfUser } from '../audit/trail';
import { endOwnSession, forgetPushDevices, liveSessionsOf, revokeOtherSessions } from '../auth/sessions';
import { parseUserAgent } from '../auth/user-agent';
import { notFound } from '../core/errors';
import { smsg } from '../core/messages';
import { route, type Handler } from '../http/route';
import type { App } from '../http/types';

const sessionsList: Handler<typeof authApi.sessions> = async ({ deps, requireAuth }) => {
  const { user, sessionId } = requireAuth();
  const rows = await liveSessionsOf(deps.db, deps.config, user.id);
  return {
    message: smsg('sessionsLoaded'),
    data: rows.map((row) => {
      const { device, browser } = parseUserAgent(row.userAgent);
      return {
        id: row.id,
        device,
        browser,
        ip: row.ip,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastUsedAt.toISOString(),
        current: row.id === sessionId,
      };
    }),
  };
};

const endSession: Handler<typeof authApi.endSession> = async ({ deps, params, requireAuth, audit }) => {
  const { user } = requireAuth();
  // Only a live session of the caller's own account: anyone else's is unknown here (404, nothing changed).
  if (!(await endOwnSession(deps.db, deps.config, user.id, params.id))) throw notFound();
  await forgetPushDevices(deps.db, [params.id]);
  await appendAudit(deps.db, audit, {
    action: 'sign_out',
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
    detail: { sessions: [params.id] },
  });
  return { message: smsg('sessionEnded') };
};

const endOtherSessions: Handler<typeof authApi.endOtherSessions> = async ({ deps, requireAuth, audit }) => {
  const { user, sessionId } = requireAuth();
  const ended = (await revokeOtherSessions(deps.db, deps.config, user.id, sessionId)).map((r) => r.id);
  await forgetPushDevices(deps.db, ended);
  if (ended.length)
    await appendAudit(deps.db, audit, {
      action: 'sign_out',
      resource: resourceOfUser(user),
      recordId: user.id,
      providerId: providerOfUser(user),
      detail: { sessions: ended },
    });
  return { message: smsg('otherSessionsEnded'), data: { ended: ended.length } };
};

export const registerProfileSessionRoutes = (app: App) => {
  route(app, authApi.sessions, sessionsList);

  route(app, authApi.endOtherSessions, endOtherSessions);

  route(app, authApi.endSession, endSession);
};
