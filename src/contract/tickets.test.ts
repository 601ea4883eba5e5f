// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  importTicketKey,
  parseTicket,
  signTicket,
  TICKET_ALGORITHM,
  toBase64Url,
  verifyTicket,
  type TicketClaims,
  type TicketKeyPair,
} from './tickets';

const pair = async () => {
  const keys = (await crypto.subtle.generateKey(TICKET_ALGORITHM, true, ['sign', 'verify'])) as TicketKeyPair;
  const raw = toBase64Url(new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey)));
  return { privateKey: keys.privateKey, raw };
};

const claims: TicketClaims = { keyId: 3, bookingId: 120_456, eventId: 789 };

describe('tickets', () => {
  it('verify with the public key alone, as a device gets it', async () => {
    const { privateKey, raw } = await pair();
    const text = await signTicket(claims, privateKey);
    expect(text).toMatch(/^T1\.3\.120456\.789\.[A-Za-z0-9_-]{86}$/);
    const keys = new Map([[3, await importTicketKey(raw)]]);
    expect(await verifyTicket(text, keys)).toEqual(claims);
    expect(await verifyTicket(` ${text}\n`, keys)).toEqual(claims);
  });

  it('refuse another spelling of the same signature (the last character’s unused bits set)', async () => {
    const { privateKey, raw } = await pair();
    const keys = new Map([[3, await importTicketKey(raw)]]);
    const text = await signTicket(claims, privateKey);
    // 64 bytes in 86 characters: the last one carries 2 bits, so it is A, Q, g or w.
    expect('AQgw').toContain(text.at(-1));
    const respelled = `${text.slice(0, -1)}${String.fromCharCode(text.charCodeAt(text.length - 1) + 1)}`;
    expect(parseTicket(respelled)).toBeNull();
    expect(await verifyTicket(respelled, keys)).toBeNull();
  });

  it('refuse a changed, re-signed, truncated or invented text', async () => {
    const { privateKey, raw } = await pair();
    const other = await pair();
    const keys = new Map([[3, await importTicketKey(raw)]]);
    const text = await signTicket(claims, privateKey);
    const signature = text.split('.').at(-1)!;
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [
      text.replace('.120456.', '.120457.'),
      text.replace('.789.', '.788.'),
      text.replace(signature, flipped),
      await signTicket(claims, other.privateKey),
      text.slice(0, -1),
      `T1.3.120456.789.${'A'.repeat(86)}`,
      `T2${text.slice(2)}`,
    ])
      expect(await verifyTicket(forged, keys), forged).toBeNull();
  });

  it('refuse a key id the device does not hold (unknown or retired)', async () => {
    const { privateKey, raw } = await pair();
    const text = await signTicket({ ...claims, keyId: 4 }, privateKey);
    expect(await verifyTicket(text, new Map([[3, await importTicketKey(raw)]]))).toBeNull();
    expect(await verifyTicket(text, new Map([[4, await importTicketKey(raw)]]))).not.toBeNull();
  });

  it('parse only well-formed texts with ids a database holds', () => {
    const sig = 'A'.repeat(86);
    expect(parseTicket(`T1.1.2.3.${sig}`)?.claims).toEqual({ keyId: 1, bookingId: 2, eventId: 3 });
    for (const text of [
      '',
      'T1.1.2.3',
      `T1.0.2.3.${sig}`,
      `T1.01.2.3.${sig}`,
      `T1.1.2147483648.3.${sig}`,
      `T1.1.2.3.${sig}=`,
      `T1.1.-2.3.${sig}`,
      `T1.1.2.3.${sig}.x`,
    ])
      expect(parseTicket(text), text).toBeNull();
    expect(parseTicket(`T1.1.2147483647.3.${sig}`)).not.toBeNull();
  });
});
