/**
 * Security headers (docs/security.md) on every kind of answer: API (success and error), the app, uploads;
 * HSTS only over HTTPS (directly or behind a trusted proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, HSTS } from '../../server/http/security';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';

let t: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestServer(), createTestServer({ config: { trustProxy: true } })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close()]);
});

describe('security headers', () => {
  it('every answer carries CSP, nosniff, frame, referrer, opener and resource policies', async () => {
    const token = await t.login(DEMO.admin.email, DEMO_PASSWORD);
    const answers = [
      await t.app.request('/api/profile', { headers: { Authorization: `Bearer ${token}` } }),
      await t.app.request('/api/profile'),
      await t.app.request('/api/no-such-endpoint'),
      await t.app.request('/api/login', {
        method: 'POST',
        body: '{',
        headers: { 'Content-Type': 'application/json' },
      }),
      await t.app.request('/uploads/avatars/none.png'),
      await t.app.request('/admin/'),
    ];
    for (const res of answers) {
      const where = `${res.status} ${res.url}`;
      expect(res.headers.get('content-security-policy'), where).toBeTruthy();
      expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), where).toBe('DENY');
      expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), where).toBeNull();
    }
    expect(APP_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(APP_CSP).not.toMatch(/unsafe-eval|https?:/);
    expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
  });

  it('sends HSTS over HTTPS only, and trusts X-Forwarded-Proto only behind a trusted proxy', async () => {
    expect(
      (await t.app.request('https://bo.example.com/api/openapi.json')).headers.get(
        'strict-transport-security',
      ),
    ).toBe(HSTS);
    const spoofed = await t.app.request('/api/openapi.json', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    const behindProxy = await proxied.app.request('/api/openapi.json', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(behindProxy.headers.get('strict-transport-security')).toBe(HSTS);
  });
});
