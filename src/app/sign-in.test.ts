import { i18n } from '@lingui/core';
import { clear, get } from 'idb-keyval';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { changeLanguage } from './language';
import { getSession, hydrateSession, resetSessionForTests } from './session';
import { completeSignIn } from './sign-in';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({
    baseURL: server.url,
    onUnauthorized: () => undefined,
    credentials: () => ({ token: getSession().loginToken, language: getSession().language }),
  });
});
afterAll(async () => {
  configureApi({
    baseURL: '',
    timeoutMs: API_TIMEOUT_MS,
    credentials: () => ({ token: null, language: 'en' }),
  });
  await server.close();
});
beforeEach(async () => {
  await clear();
  sessionStorage.clear();
  resetSessionForTests();
  await hydrateSession();
  server.received.length = 0;
  i18n.activate('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

const answer = (language: 'en' | 'ar') => ({
  token: 't',
  name: { en: 'A', ar: 'أ' },
  email: 'a@example.com',
  profileImage: null,
  role: 'admin' as const,
  language,
  outboxKey: { id: 'key-of-a', key: Buffer.alloc(32, 1).toString('base64url') },
});

describe('the language after sign-in (docs/decisions/0023-screens-for-staff.md)', () => {
  it('applies the language saved on the server on a device that has another one', async () => {
    expect(getSession().language).toBe('en');
    await completeSignIn(answer('ar'));
    expect(getSession().language).toBe('ar');
    expect(await get('language')).toBe('ar');
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(server.received.filter((r) => r.path.includes('set-language'))).toHaveLength(0);
  });

  it('keeps a language chosen on the sign-in screen and saves it on the server', async () => {
    server.on('POST /api/set-language', (_req, res) => json(res, 200, { status: 200, message: 'Saved' }));
    await changeLanguage('ar', () => undefined); // signed out: stored on the device only
    expect(server.received).toHaveLength(0);
    await completeSignIn(answer('en'));
    expect(getSession().language).toBe('ar');
    const saved = server.received.filter((r) => r.path.includes('set-language'));
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!.body)).toEqual({ language: 'ar' });
    expect(saved[0]!.headers.authorization).toBe('Bearer t');

    // The choice counts once: the next sign-in follows the server again.
    await completeSignIn(answer('en'));
    expect(getSession().language).toBe('en');
  });
});

describe('the outbox key after sign-in (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md)', () => {
  it('keeps the signed-in user’s key on the device, in place of any other user’s', async () => {
    await completeSignIn({
      ...answer('en'),
      email: 'b@example.com',
      outboxKey: { id: 'key-of-b', key: Buffer.alloc(32, 2).toString('base64url') },
    });
    expect(await get('outbox-key')).toMatchObject({ email: 'b@example.com', id: 'key-of-b' });
    await completeSignIn(answer('en'));
    const kept = await get<{ email: string; id: string; key: CryptoKey }>('outbox-key');
    expect(kept).toMatchObject({ email: 'a@example.com', id: 'key-of-a' });
    expect(kept!.key.extractable).toBe(false);
    // The key was in the answer: the server was not asked for it.
    expect(server.received.filter((r) => r.path.includes('outbox-key'))).toHaveLength(0);
  });
});
