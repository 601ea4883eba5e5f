/**
 * Passkeys (WebAuthn; docs/security.md, "Account lifecycle", docs/decisions/0065-passkeys.md): the
 * signed-in user's own passkeys (list, add, rename, remove) and signing in with one. Each ceremony
 * starts with options the server made: a WebAuthn challenge it keeps under a handle (only the handle's
 * SHA-256 stored), valid five minutes, used once. The credentials the browser answers are passed to
 * the server's WebAuthn library as they are, checked here only for shape and size.
 */
import { z } from 'zod';
import { signedInAnswer } from './auth';
import { id } from './common';
import { endpoint, ok, okMessage, publicAccess, signedIn } from './http';
import { msg } from './messages';

/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX = 60;

/** A base64url value of at most `max` characters (WebAuthn's binary fields on the wire). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, msg('invalidValue'));

/** The handle of a ceremony's challenge, as the server gave it (43 characters). */
const handle = z
  .string({ error: msg('required') })
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, msg('invalidValue'));

const passkeyName = z
  .string({ error: msg('required') })
  .trim()
  .min(1, msg('required'))
  .max(PASSKEY_NAME_MAX, msg('maxChars', { n: PASSKEY_NAME_MAX }));

const transports = z.array(z.string().max(32)).max(10);

/** What a credential of the browser carries besides its response (PublicKeyCredential's JSON). */
const credential = {
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  /** Only what the server reads is kept: other extensions' outputs are dropped. */
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
};

/** `navigator.credentials.create()`'s answer (RegistrationResponseJSON). */
const registrationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(65_536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** `navigator.credentials.get()`'s answer (AuthenticationResponseJSON). */
const authenticationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
});

const descriptor = z.object({ id: z.string(), type: z.string(), transports: transports.optional() });

/** The options of `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON). */
const creationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  attestation: z.enum(['none', 'direct', 'enterprise', 'indirect']).optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      residentKey: z.enum(['required', 'preferred', 'discouraged']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
});

/** The options of `navigator.credentials.get()` (PublicKeyCredentialRequestOptionsJSON). */
const requestOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});

/** One of the signed-in user's passkeys: never its key nor its credential id. */
const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** `multiDevice`: synced by a password manager or the platform (backed up when `backedUp`). */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;

const tag = 'Passkeys';
const params = z.strictObject({ id });

export const passkeyApi = {
  passkeys: endpoint({
    method: 'GET',
    path: '/api/profile/passkeys',
    summary: "The signed-in user's passkeys, oldest first: name, added, last used.",
    tag,
    access: signedIn,
    response: ok(z.array(passkey)),
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/api/profile/passkeys/options',
    summary:
      'Start adding a passkey: the options for navigator.credentials.create() (a discoverable credential, user verification required, the account’s passkeys excluded) and the handle of their challenge (5 minutes, one use).',
    tag,
    access: signedIn,
    response: ok(z.object({ handle: z.string(), options: creationOptions })),
  }),
  addPasskey: endpoint({
    method: 'POST',
    path: '/api/profile/passkeys',
    summary:
      'Finish adding a passkey: the browser’s answer to the options of that handle, verified against the configured origin, and its name.',
    tag,
    access: signedIn,
    body: z.strictObject({ handle, response: registrationResponse, name: passkeyName }),
    response: ok(passkey),
    successStatus: 201,
  }),
  renamePasskey: endpoint({
    method: 'PATCH',
    path: '/api/profile/passkeys/:id',
    summary: "Rename one of the signed-in user's passkeys (another user's answers 404).",
    tag,
    access: signedIn,
    params,
    body: z.strictObject({ name: passkeyName }),
    response: ok(passkey),
  }),
  removePasskey: endpoint({
    method: 'DELETE',
    path: '/api/profile/passkeys/:id',
    summary: "Remove one of the signed-in user's passkeys: it signs in no more (another user's answers 404).",
    tag,
    access: signedIn,
    params,
    response: okMessage,
  }),
  passkeySignInOptions: endpoint({
    method: 'POST',
    path: '/api/login/passkey/options',
    summary:
      'Start signing in with a passkey: the options for navigator.credentials.get() (any passkey of this site, user verification required) and the handle of their challenge (5 minutes, one use).',
    tag,
    access: publicAccess,
    response: ok(z.object({ handle: z.string(), options: requestOptions })),
  }),
  passkeySignIn: endpoint({
    method: 'POST',
    path: '/api/login/passkey',
    summary:
      'Sign in with a passkey (both factors: something the user has, verified by them): answers as POST /api/login does.',
    tag,
    access: publicAccess,
    body: z.strictObject({ handle, response: authenticationResponse }),
    response: signedInAnswer,
  }),
} as const;
