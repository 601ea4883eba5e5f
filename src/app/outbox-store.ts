/**
 * Where each user's outbox is kept on the device
 * (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): sealed (AES-256-GCM) with a key the
 * server gives only to that user's sessions, under a name that does not name the user. The signed-in
 * user's key is kept on the device as a non-extractable CryptoKey, for offline reloads, and goes with
 * the session's token (src/app/session.ts removes both at once); what the user keeps at Sign Out then
 * stays sealed until the server gives the key again, at the user's next sign-in.
 *
 * Apart from src/app/outbox.ts and free of the contract, the query client and React, so that the
 * session and the sign-in (first load, docs/decisions/0010-signed-in-first-load.md) can use it.
 */
import { del, get, set } from 'idb-keyval';
// The signed-in user's key on the device: one record, replaced at each sign-in.
import { DEVICE_KEY } from './device-key';
/** A user's sealed outbox: `outbox-sealed:<key id>`. */
const SEALED_PREFIX = 'outbox-sealed:';
/** The unsealed outbox of the app before sealing (or of a browser without WebCrypto). */
const plainKeyOf = (email: string) => `outbox:${email.trim().toLowerCase()}`;

/** The server's answer: a key id and an AES-256-GCM key, both base64url. */
export interface OutboxKeyAnswer {
  id: string;
  key: string;
}

export interface DeviceKey {
  /** Whose key it is (lower-cased e-mail): another user's is never used. */
  email: string;
  id: string;
  key: CryptoKey;
}

interface SealedRecord {
  v: 1;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

const normal = (email: string) => email.trim().toLowerCase();

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** A name for the sealed copy only the key's owner can know. */
const sealedKeyOf = (id: string) => `${SEALED_PREFIX}${id}`;
/** The key id is also authenticated with the data: a sealed copy does not open under another name. */
const additionalData = (id: string) => new TextEncoder().encode(sealedKeyOf(id));

/**
 * A sign-in: the server's key becomes a non-extractable CryptoKey, kept as the device's one key
 * (any other user's goes). Null, and nothing kept, where the browser has no WebCrypto (not a secure
 * context) or the key is malformed: the outbox is then kept unsealed, as before sealing.
 */
export async function keepDeviceKey(email: string, answer: OutboxKeyAnswer): Promise<DeviceKey | null> {
  try {
    const raw = fromBase64Url(answer.key);
    if (raw.length !== 32) throw new Error(`an outbox key of ${raw.length} bytes`);
    const key = await crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    const kept: DeviceKey = { email: normal(email), id: answer.id, key };
    await set(DEVICE_KEY, kept);
    return kept;
  } catch (error) {
    console.warn('Could not keep the outbox key', error);
    await forgetDeviceKey();
    return null;
  }
}

/** The key kept on the device, when it is this user's. */
export async function deviceKeyFor(email: string): Promise<DeviceKey | null> {
  try {
    const kept = await get<DeviceKey>(DEVICE_KEY);
    return kept && kept.email === normal(email) && kept.key instanceof CryptoKey ? kept : null;
  } catch {
    return null;
  }
}

/** The key leaves the device (also done with the token: src/app/session.ts). */
export async function forgetDeviceKey(): Promise<void> {
  try {
    await del(DEVICE_KEY);
  } catch (error) {
    console.warn('Could not remove the outbox key', error);
  }
}

/** Writes the user's outbox: sealed with their key, or unsealed where there is none. */
export async function writeOutbox<T>(email: string, key: DeviceKey | null, entries: T[]): Promise<void> {
  if (!key) {
    await set(plainKeyOf(email), entries);
    return;
  }
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(key.id) },
    key.key,
    new TextEncoder().encode(JSON.stringify(entries)),
  );
  const record: SealedRecord = { v: 1, iv, data };
  await set(sealedKeyOf(key.id), record);
}

/**
 * Reads the user's outbox: the sealed copy (with their key) and an unsealed one left from before
 * sealing (`plain`: the caller seals it with the next write and then drops it). A sealed copy that
 * does not open (not this key's) reads as empty and is left as it is.
 */
export async function readOutbox<T extends { id: string }>(
  email: string,
  key: DeviceKey | null,
): Promise<{ entries: T[]; plain: boolean }> {
  const plain = (await get<T[]>(plainKeyOf(email))) ?? [];
  if (!key) return { entries: plain, plain: plain.length > 0 };
  const record = await get<SealedRecord>(sealedKeyOf(key.id));
  let sealed: T[] = [];
  if (record) {
    try {
      const bytes = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: record.iv, additionalData: additionalData(key.id) },
        key.key,
        record.data,
      );
      sealed = JSON.parse(new TextDecoder().decode(bytes)) as T[];
    } catch (error) {
      console.warn('The kept outbox could not be opened with this key', error);
    }
  }
  // An unsealed copy whose sealing was cut short repeats some sealed entries: each is read once.
  const seen = new Set(sealed.map((entry) => entry.id));
  return { entries: [...sealed, ...plain.filter((entry) => !seen.has(entry.id))], plain: plain.length > 0 };
}

/** An unsealed copy goes once its entries are sealed. */
export const dropPlainOutbox = (email: string): Promise<void> => del(plainKeyOf(email));

/** Discards the user's outbox from the device: sealed and unsealed. */
export async function dropOutbox(email: string, key: DeviceKey | null): Promise<void> {
  await Promise.all([dropPlainOutbox(email), key ? del(sealedKeyOf(key.id)) : Promise.resolve()]);
}
