import { i18n } from '@lingui/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, clear } from 'idb-keyval';
import { api } from '@/contract';
import { connectApi } from '@/app/api-setup';
import { firstScreenCommitted, holdUntilFirstScreen } from '@/app/first-screen';
import {
  clearSession,
  getSession,
  hydrateSession,
  resetSessionForTests,
  storeLanguage,
  storeSignIn,
} from '@/app/session';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { API_TIMEOUT_MS, ApiError, call, configureApi, errorMessage, resolveMessage } from './api';

let server: LocalServer;
const onUnauthorized = vi.fn();

beforeAll(async () => {
  server = await startLocalServer();
  connectApi(onUnauthorized);
  // Most cases call signed-in endpoints without a session; one case turns the app's rule back on.
  configureApi({ baseURL: server.url, requireToken: false });
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(async () => {
  await clear();
  resetSessionForTests();
  await hydrateSession();
  server.received.length = 0;
  onUnauthorized.mockReset();
  i18n.activate('en');
});
afterEach(() => configureApi({ timeoutMs: API_TIMEOUT_MS, requireToken: false }));

const signIn = () =>
  storeSignIn({
    token: 'token-123',
    name: { en: 'Amal', ar: 'أمل' },
    email: 'amal@example.com',
    profileImage: null,
    role: 'admin',
  });

describe('call', () => {
  it('sends Accept JSON, the bearer token and the language, and returns the answer', async () => {
    await signIn();
    await storeLanguage('ar');
    server.on('GET /api/master/role', (_req, res) =>
      json(res, 200, { status: 200, message: 'OK', data: 'admin', permissions: ['dashboard'] }),
    );
    const answer = await call(api.role);
    expect(answer.data).toBe('admin');
    const [request] = server.received;
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['accept-language']).toBe('ar');
  });

  it('sends JSON bodies and no Authorization without a token', async () => {
    server.on('POST /api/sendEmailOTP', (_req, res) => json(res, 200, { status: 200, message: 'Code sent' }));
    await call(api.sendEmailOtp, { body: { email: 'new@example.com' } });
    const [request] = server.received;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'new@example.com' });
  });

  it('sends multipart form data for multipart endpoints', async () => {
    await signIn();
    server.on('POST /api/profile/image', (_req, res) =>
      json(res, 200, { status: 200, message: 'Saved', data: {} }),
    );
    const form = new FormData();
    form.append('file', new File(['png-bytes'], 'me.png', { type: 'image/png' }));
    await call(api.uploadProfileImage, { body: form });
    const [request] = server.received;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('name="file"; filename="me.png"');
    expect(request?.body).toContain('png-bytes');
  });

  it('gives idempotent writes an Idempotency-Key', async () => {
    await signIn();
    server.on('PUT /api/profile', (_req, res) => json(res, 200, { status: 200, message: 'Saved', data: {} }));
    await call(api.updateProfile, { body: { name: { en: 'A', ar: 'ب' }, phone: null, version: 1 } });
    await call(api.updateProfile, {
      body: { name: { en: 'A', ar: 'ب' }, phone: null, version: 1 },
      idempotencyKey: 'replay-1',
    });
    expect(server.received[0]?.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(server.received[1]?.headers['idempotency-key']).toBe('replay-1');
  });

  it('goes out once the first screen is shown, with the session of the moment it was made', async () => {
    await signIn();
    server.on('POST /api/logout', (_req, res) => json(res, 200, { status: 200, message: 'Signed out' }));
    holdUntilFirstScreen();
    // Sign Out calls logout, then clears the session at once: the call must still carry the token.
    const logout = call(api.logout, { ignoreUnauthorized: true });
    await clearSession();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toHaveLength(0);
    firstScreenCommitted();
    await logout;
    expect(server.received).toHaveLength(1);
    expect(server.received[0]?.headers.authorization).toBe('Bearer token-123');
  });
});

describe('errors (docs/product.md §8 message fallback order)', () => {
  it('uses the server message and the field errors first', async () => {
    server.on('POST /api/register', (_req, res) =>
      json(res, 400, {
        status: 400,
        message: 'Please correct the highlighted fields.',
        errors: { phone: 'Bad phone' },
      }),
    );
    const error = await call(api.register, {
      body: {
        name: 'N',
        phone: '1',
        email: 'x@y.z',
        password: 'p',
        otp: '1',
        role: 'serviceprovider',
        status: '0',
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Please correct the highlighted fields.',
      fieldErrors: { phone: 'Bad phone' },
    });
  });

  it('falls back to a short plain-text body', async () => {
    server.on('GET /api/profile', (_req, res) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('Bad gateway');
    });
    await expect(call(api.profile)).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
  });

  it('then to "Something went wrong" when the answer has no message', async () => {
    server.on('GET /api/profile', (_req, res) => json(res, 500, { status: 500 }));
    await expect(call(api.profile)).rejects.toMatchObject({ status: 500, message: 'Something went wrong' });
  });

  it('uses the client error message when no answer arrives', async () => {
    configureApi({ timeoutMs: 50 });
    server.on('GET /api/profile', () => new Promise<void>((resolve) => setTimeout(resolve, 300)));
    await expect(call(api.profile)).rejects.toMatchObject({
      status: 0,
      message: 'The server did not answer in time. Please try again.',
    });
  });

  it('reports an unreachable server with a client message', async () => {
    const gone = await startLocalServer();
    await gone.close();
    configureApi({ baseURL: gone.url });
    try {
      const error = await call(api.profile).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(0);
      expect((error as ApiError).message).not.toBe('Something went wrong');
      expect((error as ApiError).message.length).toBeGreaterThan(0);
    } finally {
      configureApi({ baseURL: server.url });
    }
  });

  it('resolves the order server → client → generic', () => {
    expect(resolveMessage('Server says', 'Client says')).toBe('Server says');
    expect(resolveMessage('', 'Client says')).toBe('Client says');
    expect(resolveMessage(undefined, '  ')).toBe('Something went wrong');
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage(42)).toBe('Something went wrong');
  });

  it('translates the generic message', () => {
    i18n.activate('ar');
    expect(resolveMessage(undefined, undefined)).toBe('حدث خطأ ما');
  });
});

describe('401', () => {
  it('removes the token and sends the user to /login', async () => {
    await signIn();
    server.on('GET /api/master/role', (_req, res) =>
      json(res, 401, { status: 401, message: 'Session expired' }),
    );
    await expect(call(api.role)).rejects.toMatchObject({ status: 401, message: 'Session expired' });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(getSession().loginToken).toBeNull();
    expect(await get('loginToken')).toBeUndefined();
    // Only the token goes (docs/product.md §4).
    expect(getSession().email).toBe('amal@example.com');
    // The sign-in screen says why, in the server's words.
    expect(getSession().endedBecause).toBe('Session expired');
  });

  it('says that the session ended when the server gave no reason, and forgets it at the next sign-in', async () => {
    await signIn();
    server.on('GET /api/master/role', (_req, res) => {
      res.statusCode = 401;
      res.end();
    });
    await expect(call(api.role)).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(getSession().endedBecause).toBe('Your session ended — sign in again');
    await signIn();
    expect(getSession().endedBecause).toBeUndefined();
  });

  it('signed out, sends no signed-in call to meet a 401 (public calls still go)', async () => {
    configureApi({ requireToken: true });
    await signIn();
    await clearSession();
    server.on('GET /api/master/role', (_req, res) => json(res, 401, { status: 401, message: 'No token' }));
    await expect(call(api.role)).rejects.toMatchObject({ status: 401, message: 'Please sign in.' });
    expect(server.received).toHaveLength(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
    server.on('POST /api/sendEmailOTP', (_req, res) => json(res, 200, { status: 200, message: 'Code sent' }));
    await call(api.sendEmailOtp, { body: { email: 'new@example.com' } });
    expect(server.received).toHaveLength(1);
  });

  it('leaves the login call alone', async () => {
    server.on('POST /api/login', (_req, res) =>
      json(res, 401, { status: 401, message: 'The e-mail or password is wrong.' }),
    );
    await expect(call(api.login, { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      status: 401,
      message: 'The e-mail or password is wrong.',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
