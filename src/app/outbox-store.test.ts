/**
 * Each user's outbox on the device (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md):
 * sealed with the user's key under a name that does not name them, opened only with that key; the
 * device keeps one user's key, which cannot be exported and goes with the session's token.
 */
import { clear, entries as idbEntries, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_KEY } from './device-key';
import {
  deviceKeyFor,
  dropOutbox,
  forgetDeviceKey,
  keepDeviceKey,
  readOutbox,
  writeOutbox,
  type DeviceKey,
} from './outbox-store';
import { clearSession, removeToken, resetSessionForTests, storeSignIn } from './session';

const keyOf = (byte: number, id: string) => ({
  id,
  key: Buffer.alloc(32, byte).toString('base64url'),
});
const A = { email: 'A@Example.com', answer: keyOf(1, 'id-of-a') };
const B = { email: 'b@example.com', answer: keyOf(2, 'id-of-b') };

const entry = (id: string, summary: string) => ({ id, summary, request: { body: { status: 'confirmed' } } });

/** Every stored value, as text a person with the browser's storage tools would see. */
const storedText = async () => {
  const all = await idbEntries();
  return all
    .map(([key, value]) => {
      const bytes =
        value && typeof value === 'object' && 'data' in value
          ? new TextDecoder().decode((value as { data: ArrayBuffer }).data)
          : '';
      return `${String(key)} ${JSON.stringify(value)} ${bytes}`;
    })
    .join('\n');
};

beforeEach(async () => {
  await clear();
  resetSessionForTests();
});

describe('the device key', () => {
  it('is kept for one user, cannot be exported, and another user’s sign-in replaces it', async () => {
    const a = (await keepDeviceKey(A.email, A.answer))!;
    expect(a).toMatchObject({ email: 'a@example.com', id: 'id-of-a' });
    expect(a.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', a.key)).rejects.toThrow();
    const kept = (await deviceKeyFor('a@example.com'))!;
    expect(kept.id).toBe('id-of-a');
    await expect(crypto.subtle.exportKey('raw', kept.key)).rejects.toThrow();
    expect(await deviceKeyFor(B.email)).toBeNull();

    await keepDeviceKey(B.email, B.answer);
    expect(await deviceKeyFor(A.email)).toBeNull();
    expect((await deviceKeyFor(B.email))!.id).toBe('id-of-b');
    await forgetDeviceKey();
    expect(await get(DEVICE_KEY)).toBeUndefined();
  });

  it('keeps nothing for a key that is not 32 bytes', async () => {
    await keepDeviceKey(A.email, A.answer);
    expect(
      await keepDeviceKey(B.email, { id: 'x', key: Buffer.alloc(16, 3).toString('base64url') }),
    ).toBeNull();
    expect(await get(DEVICE_KEY)).toBeUndefined();
  });

  it('goes with the token: on a 401 and on Sign Out', async () => {
    const signIn = { token: 't', name: { en: 'A', ar: 'أ' }, email: A.email, profileImage: null };
    await storeSignIn({ ...signIn, role: 'admin' });
    await keepDeviceKey(A.email, A.answer);
    await removeToken('ended');
    expect(await get(DEVICE_KEY)).toBeUndefined();

    await storeSignIn({ ...signIn, role: 'admin' });
    await keepDeviceKey(A.email, A.answer);
    await clearSession();
    expect(await get(DEVICE_KEY)).toBeUndefined();
  });
});

describe('the sealed outbox', () => {
  it('reads back with its user’s key and shows nothing readable in storage', async () => {
    const a = (await keepDeviceKey(A.email, A.answer))!;
    const kept = [entry('k1', 'Booking BK-7: Confirm'), entry('k2', 'Category Music: Edit')];
    await writeOutbox(A.email, a, kept);
    const text = await storedText();
    expect(text).not.toContain('BK-7');
    expect(text).not.toContain('confirmed');
    // Only the signed-in user's key record names them (as the session's keys do), not the outbox.
    expect(text.split('\n').filter((line) => /example\.com/i.test(line))).toEqual([
      expect.stringMatching(/^outbox-key /),
    ]);
    // Named by the key's id, not by the user.
    expect((await idbEntries()).map(([key]) => key)).toContain('outbox-sealed:id-of-a');
    expect(await readOutbox(A.email, a)).toEqual({ entries: kept, plain: false });
  });

  it('does not open for another user, even under the same name', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = (await keepDeviceKey(A.email, A.answer))!;
    await writeOutbox(A.email, a, [entry('k1', 'Booking BK-7: Confirm')]);
    const b = (await keepDeviceKey(B.email, B.answer))!;
    // B's own outbox is empty: A's is under A's name.
    expect(await readOutbox(B.email, b)).toEqual({ entries: [], plain: false });
    // Even pointed at A's copy, B's key does not open it.
    const bUnderAsName: DeviceKey = { ...b, id: 'id-of-a' };
    expect(await readOutbox(B.email, bUnderAsName)).toEqual({ entries: [], plain: false });
    // Nor does A's key under another name: the name is part of what is sealed.
    const aCopy = await get<unknown>('outbox-sealed:id-of-a');
    await set('outbox-sealed:other', aCopy);
    expect((await readOutbox(A.email, { ...a, id: 'other' })).entries).toEqual([]);
    expect(warned).toHaveBeenCalledTimes(2);
    warned.mockRestore();
    // A's key opens it again at A's next sign-in.
    const again = (await keepDeviceKey(A.email, A.answer))!;
    expect((await readOutbox(A.email, again)).entries.map((e) => e.id)).toEqual(['k1']);
  });

  it('takes in an unsealed outbox left from before sealing, each entry once', async () => {
    const a = (await keepDeviceKey(A.email, A.answer))!;
    await writeOutbox(A.email, a, [entry('k1', 'one')]);
    await set('outbox:a@example.com', [entry('k1', 'one'), entry('k2', 'two')]);
    const read = await readOutbox(A.email, a);
    expect(read.plain).toBe(true);
    expect(read.entries.map((e) => e.id)).toEqual(['k1', 'k2']);
    // Without a key (none given yet) the unsealed copy is read and written as it was.
    expect((await readOutbox(A.email, null)).entries.map((e) => e.id)).toEqual(['k1', 'k2']);
    await writeOutbox(A.email, null, [entry('k3', 'three')]);
    expect(await get('outbox:a@example.com')).toEqual([entry('k3', 'three')]);
  });

  it('is discarded from the device, sealed and unsealed', async () => {
    const a = (await keepDeviceKey(A.email, A.answer))!;
    await writeOutbox(A.email, a, [entry('k1', 'one')]);
    await set('outbox:a@example.com', [entry('k2', 'two')]);
    const b = (await keepDeviceKey(B.email, B.answer))!;
    await writeOutbox(B.email, b, [entry('k9', 'B’s')]);
    await dropOutbox(A.email, a);
    const left = (await idbEntries()).map(([key]) => String(key));
    expect(left.filter((key) => /^outbox(-sealed)?:/.test(key))).toEqual(['outbox-sealed:id-of-b']);
  });
});
