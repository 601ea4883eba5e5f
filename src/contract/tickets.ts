/**
 * Tickets (docs/product.md, "The door"): a booking that holds seats has a ticket, a compact text
 * naming the booking and its event, signed by the server with an Ed25519 key. Any device verifies it
 * with the public key alone, through WebCrypto: the server when a ticket is admitted, the door screen
 * offline. One implementation for both, here, with no import: WebCrypto is a global of browsers and
 * of Node.
 *
 *   T1.<key id>.<booking id>.<event id>.<signature of everything before it, base64url>
 *
 * The key id names the key pair that signed it (the server keeps the pairs and can rotate them; a
 * retired key's tickets no longer verify). A changed or invented text fails the signature.
 */

const TICKET_VERSION = 'T1';
export const TICKET_ALGORITHM = { name: 'Ed25519' } as const;

/** A WebCrypto key (named from `crypto.subtle`, so that it types alike in browsers and in Node). */
export type TicketKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
export interface TicketKeyPair {
  publicKey: TicketKey;
  privateKey: TicketKey;
}

export interface TicketClaims {
  keyId: number;
  bookingId: number;
  eventId: number;
}

/** Ids are PostgreSQL `integer`s: at most 2,147,483,647. */
const ID_MAX = 2_147_483_647;
const TICKET = /^T1\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([1-9]\d{0,9})\.([A-Za-z0-9_-]{86})$/;

const utf8 = (text: string) => new TextEncoder().encode(text);

export const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** The signed part of a ticket. */
const payloadOf = ({ keyId, bookingId, eventId }: TicketClaims) =>
  `${TICKET_VERSION}.${keyId}.${bookingId}.${eventId}`;

/** The claims of a well-formed ticket text with its signature, or null (nothing is verified yet). */
export const parseTicket = (
  text: string,
): { claims: TicketClaims; signature: Uint8Array<ArrayBuffer> } | null => {
  const match = TICKET.exec(text.trim());
  if (!match) return null;
  const [keyId, bookingId, eventId] = match.slice(1, 4).map(Number) as [number, number, number];
  if (Math.max(keyId, bookingId, eventId) > ID_MAX) return null;
  const signature = fromBase64Url(match[4]!);
  // One text per ticket: the last character's unused bits must be zero (base64url's canonical form),
  // so no other spelling of the same signature passes for it.
  if (toBase64Url(signature) !== match[4]) return null;
  return { claims: { keyId, bookingId, eventId }, signature };
};

/** The ticket text of `claims`, signed with the private key of the pair `claims.keyId` names. */
export const signTicket = async (claims: TicketClaims, privateKey: TicketKey): Promise<string> => {
  const payload = payloadOf(claims);
  const signature = await crypto.subtle.sign(TICKET_ALGORITHM, privateKey, utf8(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
};

/**
 * The claims of a ticket whose signature one of `publicKeys` (by key id) verifies, or null: a text
 * that is malformed, names an unknown or retired key, or was changed or invented.
 */
export const verifyTicket = async (
  text: string,
  publicKeys: ReadonlyMap<number, TicketKey>,
): Promise<TicketClaims | null> => {
  const parsed = parseTicket(text);
  const key = parsed && publicKeys.get(parsed.claims.keyId);
  if (!parsed || !key) return null;
  const valid = await crypto.subtle.verify(
    TICKET_ALGORITHM,
    key,
    parsed.signature,
    utf8(payloadOf(parsed.claims)),
  );
  return valid ? parsed.claims : null;
};

/** A public key as the server hands it to devices (the raw 32 bytes, base64url) → a verifying key. */
export const importTicketKey = (raw: string): Promise<TicketKey> =>
  crypto.subtle.importKey('raw', fromBase64Url(raw), TICKET_ALGORITHM, true, ['verify']);
