/**
 * A fake Web Push service for tests (docs/decisions/0007-notifications-and-push.md): HTTPS on 127.0.0.1 with a certificate made at start
 * (openssl), recording every message; subscriptions whose receiver keys the test holds, so that it
 * decrypts what the server sent (RFC 8291 key derivation, RFC 8188 `aes128gcm` content coding).
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PushMessage {
  id: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
  at: number;
}

export interface FakeSubscription {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plaintext of a message sent to this subscription. */
  decrypt(body: Buffer): string;
}

export interface FakePushService {
  origin: string;
  /** The certificate (PEM), for NODE_EXTRA_CA_CERTS of a server process. */
  caFile: string;
  /** An agent that trusts the certificate (the `agent` of the server's push config). */
  agent: Agent;
  received: PushMessage[];
  newSubscription(): FakeSubscription;
  /** Answer this status to the subscription's next messages (default 201). */
  respondWith(id: string, status: number): void;
  waitFor(match: (m: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
/** HKDF-Expand for one block (every length used here is at most 32 bytes). */
const expand = (prk: Buffer, info: Buffer, length: number) =>
  hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
const label = (text: string) => Buffer.concat([Buffer.from(text, 'ascii'), Buffer.from([0])]);

/** Decrypts an `aes128gcm` Web Push message for the receiver (its ECDH keys and auth secret). */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ecdhSecret = receiver.computeSecret(senderPublic);
  // RFC 8291 §3.4: the input keying material binds both public keys and the auth secret.
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([label('WebPush: info'), receiver.getPublicKey(), senderPublic]);
  const ikm = expand(prkKey, keyInfo, 32);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, label('Content-Encoding: aes128gcm'), 16);
  const baseNonce = expand(prk, label('Content-Encoding: nonce'), 12);
  const records = body.subarray(21 + idLength);
  const plain: Buffer[] = [];
  for (let offset = 0, seq = 0; offset < records.length; offset += recordSize, seq++) {
    const record = records.subarray(offset, Math.min(records.length, offset + recordSize));
    const nonce = Buffer.from(baseNonce);
    // The record number is XORed into the nonce's last bytes (32 bits are plenty here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    plain.push(Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]));
  }
  // RFC 8188 §2: each record ends with a delimiter (2 for the last, 1 before) then zero padding.
  const joined = plain.map((p) => {
    let end = p.length - 1;
    while (end >= 0 && p[end] === 0) end--;
    if (p[end] !== 1 && p[end] !== 2) throw new Error('No padding delimiter');
    return p.subarray(0, end);
  });
  return Buffer.concat(joined);
}

/** `certDir`: where the certificate goes (a server started before the service may need its path). */
export async function startFakePushService({ certDir }: { certDir?: string } = {}): Promise<FakePushService> {
  const dir = certDir ?? mkdtempSync(path.join(tmpdir(), 'ebo-fake-push-'));
  mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(caFile, 'utf8');
  const received: PushMessage[] = [];
  const statuses = new Map<string, number>();
  const server = createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      received.push({ id, method: req.method ?? '', headers, body: Buffer.concat(chunks), at: Date.now() });
      res.statusCode = statuses.get(id) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });
  let next = 0;

  return {
    origin,
    caFile,
    agent,
    received,
    newSubscription() {
      const id = `sub${++next}-${randomBytes(4).toString('hex')}`;
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        decrypt: (body) => decryptAes128gcm(body, receiver, auth).toString('utf8'),
      };
    },
    respondWith: (id, status) => void statuses.set(id, status),
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`No push message arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
