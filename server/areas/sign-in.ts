/**
 * The end of every way of signing in (a password, a password and a second factor, a passkey:
 * docs/security.md, "Account lifecycle"): the session on this device, the trail's entry, the mail of
 * a new device, and the answer the app keeps (docs/product.md §3).
 */
import type { Context } from 'hono';
import type { Language } from '../../src/contract/common';
import type { Role } from '../../src/contract/roles';
import { appendAudit, providerOfUser, resourceOfUser, type AuditContext } from '../audit/trail';
import { newDeviceMail } from '../core/mail';
import { smsg } from '../core/messages';
import type { AppEnv, Deps } from '../http/types';
import { outboxKeyOf } from '../auth/outbox-keys';
import { createSessionOnDevice, type UserRow } from '../auth/sessions';
import { parseUserAgent } from '../auth/user-agent';

export interface SignInRequest {
  deps: Deps;
  c: Context<AppEnv>;
  ip: string;
  audit: AuditContext;
}

/**
 * Signs `user` in on the requesting device (its status already judged) and answers as `POST
 * /api/login` does. `detail` goes on the trail's entry (how the account signed in).
 */
export const completeSignIn = async (
  { deps, c, ip, audit }: SignInRequest,
  user: UserRow,
  detail: Record<string, unknown> = {},
) => {
  const { db, config } = deps;
  const userAgent = c.req.header('user-agent');
  // New when no earlier session of the account had this device (docs/security.md, "Sessions and devices").
  const { token, newDevice } = await createSessionOnDevice(db, config, user, { ip, userAgent });
  const entryDetail = { ...detail, ...(newDevice ? { newDevice: true } : {}) };
  await appendAudit(db, audit, {
    action: 'sign_in',
    resource: resourceOfUser(user),
    recordId: user.id,
    providerId: providerOfUser(user),
    actorId: user.id,
    actorName: user.name,
    actorRole: user.role,
    ...(Object.keys(entryDetail).length > 0 ? { detail: entryDetail } : {}),
  });
  if (newDevice) {
    const { device, browser } = parseUserAgent(userAgent);
    // A mail that cannot be sent does not refuse the sign-in; the trail keeps the new device.
    await deps.mailer
      .send(newDeviceMail(user.email, user.language as Language, { device, browser, ip, at: config.now() }))
      .catch((error: Error) => console.warn(`The new-device mail could not be sent: ${error.message}`));
  }
  return {
    message: smsg('signedIn'),
    token,
    name: user.name,
    email: user.email,
    profileImage: user.profileImage,
    role: user.role as Role,
    language: user.language as Language,
    outboxKey: await outboxKeyOf(db, user.id, config.now()),
  };
};
