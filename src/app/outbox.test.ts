/**
 * The outbox per user (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md): kept at Sign
 * Out for the user's next sign-in, never shown to the next user of the device, discarded on request,
 * closed when the session ends; an unsealed outbox of a session begun before sealing is sealed with
 * the key the server gives.
 */
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { clear, entries as idbEntries, get, set } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import {
  discardOutbox,
  enqueue,
  keepOutboxForNextSignIn,
  loadOutbox,
  outboxEntries,
  startOutbox,
} from './outbox';
import { keepDeviceKey } from './outbox-store';
import { completeSignIn } from './sign-in';
import { clearSession, getSession, removeToken, resetSessionForTests, storeSignIn } from './session';

const keyOf = (byte: number, id: string) => ({ id, key: Buffer.alloc(32, byte).toString('base64url') });
const A = { email: 'a@example.com', outboxKey: keyOf(1, 'id-of-a') };
const B = { email: 'b@example.com', outboxKey: keyOf(2, 'id-of-b') };

async function signInAs(user: typeof A) {
  await storeSignIn({
    token: `token-of-${user.email}`,
    name: { en: user.email, ar: user.email },
    email: user.email,
    profileImage: null,
    role: 'manager',
  });
  await keepDeviceKey(user.email, user.outboxKey);
  await loadOutbox();
}

const change = (id: string, summary: string) =>
  enqueue({
    id,
    endpoint: 'bookingUpdateStatus',
    request: { body: { id: 7, status: 'confirmed' } },
    summary,
    resource: 'booking',
    recordId: 7,
    patch: { status: 'confirmed' },
    identity: { id: 7 },
  });

const storedText = async () => JSON.stringify(await idbEntries());

let server: LocalServer;
let stop: () => void;

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({
    baseURL: server.url,
    onUnauthorized: () => undefined,
    credentials: () => ({ token: getSession().loginToken, language: 'en' }),
  });
  stop = startOutbox(new QueryClient());
});
afterAll(async () => {
  stop();
  configureApi({
    baseURL: '',
    timeoutMs: API_TIMEOUT_MS,
    credentials: () => ({ token: null, language: 'en' }),
  });
  await server.close();
});
beforeEach(async () => {
  // Offline: nothing is sent, the entries wait.
  onlineManager.setOnline(false);
  await keepOutboxForNextSignIn();
  await clear();
  resetSessionForTests();
  server.received.length = 0;
});
afterEach(() => onlineManager.setOnline(true));

describe('the outbox per user on a shared device', () => {
  it('keeps A’s changes at Sign Out for A’s next sign-in, and B neither lists nor reads them', async () => {
    await signInAs(A);
    await change('a-1', 'Booking BK-7: Confirm');
    expect(outboxEntries().map((e) => e.id)).toEqual(['a-1']);

    await keepOutboxForNextSignIn();
    await clearSession();
    expect(outboxEntries()).toEqual([]);

    await signInAs(B);
    expect(outboxEntries()).toEqual([]);
    // Nothing on the device shows A's change to B's session.
    const text = await storedText();
    expect(text).not.toContain('BK-7');
    expect(text).not.toContain('confirmed');
    expect(text).not.toContain(A.email);
    await change('b-1', 'Category Music: Edit');
    expect(outboxEntries().map((e) => e.id)).toEqual(['b-1']);
    await discardOutbox(B.email);
    await clearSession();

    await signInAs(A);
    expect(outboxEntries().map((e) => [e.id, e.summary, e.state])).toEqual([
      ['a-1', 'Booking BK-7: Confirm', 'queued'],
    ]);
  });

  it('discards A’s changes at Sign Out when asked: they are gone at A’s next sign-in', async () => {
    await signInAs(A);
    await change('a-1', 'Booking BK-7: Confirm');
    await discardOutbox(A.email);
    await clearSession();
    expect(outboxEntries()).toEqual([]);
    expect((await idbEntries()).filter(([key]) => String(key).startsWith('outbox'))).toEqual([]);
    await signInAs(A);
    expect(outboxEntries()).toEqual([]);
  });

  it('closes the outbox when the session ends (a 401), kept for the next sign-in', async () => {
    await signInAs(A);
    await change('a-1', 'Booking BK-7: Confirm');
    await removeToken('Your session expired');
    expect(outboxEntries()).toEqual([]);
    expect(await get('outbox-key')).toBeUndefined();
    await signInAs(A);
    expect(outboxEntries().map((e) => e.id)).toEqual(['a-1']);
  });

  it('seals an unsealed outbox of a session begun before sealing with the key the server gives', async () => {
    server.on('GET /api/profile/outbox-key', (_req, res) =>
      json(res, 200, { status: 200, message: 'Outbox key loaded.', data: A.outboxKey }),
    );
    onlineManager.setOnline(true);
    await storeSignIn({
      token: 'older-session',
      name: { en: 'A', ar: 'A' },
      email: A.email,
      profileImage: null,
      role: 'manager',
    });
    const older = { id: 'a-0', summary: 'Booking BK-3: Cancel', state: 'failed', error: 'Refused' };
    await set('outbox:a@example.com', [older]);
    await loadOutbox();
    expect(outboxEntries()).toEqual([older]);
    expect(server.received.map((r) => [r.path, r.headers.authorization])).toContainEqual([
      '/api/profile/outbox-key',
      'Bearer older-session',
    ]);
    expect(await get('outbox:a@example.com')).toBeUndefined();
    expect(await storedText()).not.toContain('BK-3');
    await keepOutboxForNextSignIn();
    await signInAs(A);
    expect(outboxEntries()).toEqual([older]);
  });

  it('sends nothing during the sign-in itself: the login page reloads, and the signed-in shell sends it once', async () => {
    server.on('POST /api/booking/update-status', (_req, res) =>
      json(res, 200, { status: 200, message: 'Booking updated.' }),
    );
    await signInAs(A);
    await change('a-1', 'Booking BK-7: Confirm');
    await keepOutboxForNextSignIn();
    await clearSession();
    onlineManager.setOnline(true);

    // A send begun here would be cut by the reload and go out again from the next page.
    await completeSignIn({
      token: 'token-of-a',
      name: { en: 'A', ar: 'A' },
      email: A.email,
      profileImage: null,
      role: 'manager',
      language: 'en',
      outboxKey: A.outboxKey,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received.filter((r) => r.path === '/api/booking/update-status')).toEqual([]);

    // The shell (src/components/shell/SignedInShell.tsx) opens it and sends it.
    await loadOutbox();
    await expect.poll(() => outboxEntries()).toEqual([]);
    const sent = server.received.filter((r) => r.path === '/api/booking/update-status');
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['a-1']);
  });
});
