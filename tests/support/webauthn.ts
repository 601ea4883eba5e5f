/**
 * A software authenticator for the server tests of passkeys (docs/security.md, "Account lifecycle"):
 * a P-256 key made with node:crypto, answering the server's options as a browser and an authenticator
 * would: a registration with attestation "none" (a CBOR attestation object holding the authenticator
 * data and the COSE public key) and signed assertions, each with the counter one ahead. Every answer
 * may be bent (another origin, rp id, challenge, user handle, counter) to test the refusals.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags of authenticator data: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface Bend {
  origin?: string;
  rpId?: string;
  challenge?: string;
  /** Send the user's verification flag (default true). */
  verified?: boolean;
  /** Use this counter instead of the next one. */
  counter?: number;
  userHandle?: string;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface SoftAuthenticator {
  /** The credential's id, base64url. */
  readonly credentialId: string;
  /** A RegistrationResponseJSON answering `options`. */
  register(options: CreationOptions, bend?: Bend): Record<string, unknown>;
  /** An AuthenticationResponseJSON answering `options` (the counter moves on one). */
  authenticate(options: RequestOptions, bend?: Bend): Record<string, unknown>;
}

export const softAuthenticator = (origin: string): SoftAuthenticator => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const id = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const authData = (rpId: string, flags: number, count: number, attested?: Buffer) => {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head[32] = flags;
    head.writeUInt32BE(count, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  };
  const clientData = (type: string, challenge: string, bend: Bend) =>
    Buffer.from(
      JSON.stringify({ type, challenge: bend.challenge ?? challenge, origin: bend.origin ?? origin }),
    );
  const flags = (bend: Bend, more = 0) => UP | (bend.verified === false ? 0 : UV) | more;
  /** The browser's JSON of this credential around an authenticator's `response`. */
  const credential = (response: Record<string, unknown>) => ({
    id: b64(id),
    rawId: b64(id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response,
  });

  return {
    credentialId: b64(id),
    register(options, bend = {}) {
      userHandle = options.user.id;
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      // AAGUID (16 zero bytes: attestation "none"), the credential id's length, the id, the key.
      const attested = Buffer.concat([Buffer.alloc(16), length, id, Buffer.from(cose)]);
      const data = authData(bend.rpId ?? options.rp.id ?? '', flags(bend, AT), counter, attested);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(data)],
        ]),
      );
      return credential({
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, bend)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      });
    },
    authenticate(options, bend = {}) {
      counter = bend.counter ?? counter + 1;
      const data = authData(bend.rpId ?? options.rpId ?? '', flags(bend), counter);
      const client = clientData('webauthn.get', options.challenge, bend);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      const handle = bend.userHandle ?? userHandle;
      return credential({
        clientDataJSON: b64(client),
        authenticatorData: b64(data),
        signature: b64(signature),
        ...(handle ? { userHandle: handle } : {}),
      });
    },
  };
};
