/**
 * Valid requests of the passkey endpoints for the security suites (security-support.ts
 * `extraRequests`): real WebAuthn answers of a software authenticator (tests/support/webauthn.ts) to
 * challenges opened as the endpoints open them, and passkeys of the caller's own account to rename or
 * remove (another user's answers 404: tests/server/passkeys.test.ts).
 */
import { eq } from 'drizzle-orm';
import { openChallenge, registrationOptions, signInOptions } from '../../server/auth/passkeys';
import { passkeys, users } from '../../server/db/schema';
import { softAuthenticator, type SoftAuthenticator } from '../support/webauthn';
import type { Caller, CaseRequest, World } from './security-support';

const ownerOf = (w: World, caller: Caller) =>
  caller === 'anonymous' || caller === 'expired' ? w.ids.admin : w.ids[caller];

/** A registration's challenge for `userId`, opened as `POST /api/profile/passkeys/options` opens it. */
const registering = async (w: World, userId: number) => {
  const { config, db } = w.t.deps;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const options = await registrationOptions(config, user!, []);
  const open = { kind: 'passkey-register' as const, challenge: options.challenge, userId, ip: 'local' };
  return { handle: await openChallenge(db, config, open), options };
};

/** A sign-in's challenge, opened as `POST /api/login/passkey/options` opens it. */
const signingIn = async (w: World) => {
  const { config, db } = w.t.deps;
  const options = await signInOptions(config);
  const open = { kind: 'passkey' as const, challenge: options.challenge, userId: null, ip: 'local' };
  return { handle: await openChallenge(db, config, open), options };
};

/** A passkey of `userId` in the database, to rename or remove. */
const ownPasskey = async (w: World, userId: number) => {
  const [row] = await w.t.db.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: `matrix-${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      publicKey: 'AA',
      deviceType: 'singleDevice',
      name: 'Matrix key',
      createdAt: w.t.clock.now(),
    })
    .returning({ id: passkeys.id });
  return row!.id;
};

/** The admin's passkey, registered once per world through the API. */
const adminKeys = new WeakMap<World, Promise<SoftAuthenticator>>();
const adminKey = (w: World) => {
  let key = adminKeys.get(w);
  if (!key)
    adminKeys.set(
      w,
      (key = (async () => {
        const device = softAuthenticator(w.t.config.publicUrl);
        const { handle, options } = await registering(w, w.ids.admin);
        const res = await w.t.request('POST', '/api/profile/passkeys', {
          token: await w.adminToken(),
          body: { handle, response: device.register(options), name: 'Admin key' },
        });
        if (res.status !== 201) throw new Error(`admin passkey: ${res.status} ${res.text}`);
        return device;
      })()),
    );
  return key;
};

export const passkeyRequests: Record<string, (w: World, caller: Caller) => Promise<CaseRequest>> = {
  'POST /api/profile/passkeys': async (w, caller) => {
    const { handle, options } = await registering(w, ownerOf(w, caller));
    const response = softAuthenticator(w.t.config.publicUrl).register(options);
    return { path: '/api/profile/passkeys', body: { handle, response, name: 'Matrix key' } };
  },
  'PATCH /api/profile/passkeys/:id': async (w, caller) => ({
    path: `/api/profile/passkeys/${await ownPasskey(w, ownerOf(w, caller))}`,
    body: { name: 'Renamed key' },
  }),
  'DELETE /api/profile/passkeys/:id': async (w, caller) => ({
    path: `/api/profile/passkeys/${await ownPasskey(w, ownerOf(w, caller))}`,
  }),
  // The admin's passkey answering a fresh challenge: any caller signs in with it (tokens are ignored).
  'POST /api/login/passkey': async (w) => {
    const device = await adminKey(w);
    const { handle, options } = await signingIn(w);
    return { path: '/api/login/passkey', body: { handle, response: device.authenticate(options) } };
  },
};
