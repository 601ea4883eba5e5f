/**
 * Security headers (docs/security.md) on every kind of answer: API (success and error), the app, uploads;
 * HSTS only over HTTPS (directly or behind a trusted proxy); every answer of every signed-in endpoint,
 * whatever its path, is not stored and varies by caller and language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, HSTS } from '../../server/http/security';
import { createTestServer, type TestServer } from '../setup/server';
import { allCases, call, callerOf, setupWorld, type Caller } from './security-support';
import { signInAs } from '../support/kit';

let t: TestServer;
let proxied: TestServer;
let withData: TestServer;
beforeAll(async () => {
  [t, proxied, withData] = await Promise.all([
    createTestServer(),
    createTestServer({ config: { trustProxy: true } }),
    createTestServer({ demoData: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close(), withData?.close()]);
});

describe('security headers', () => {
  it('every answer carries CSP, nosniff, frame, referrer, opener and resource policies', async () => {
    const token = await signInAs(t, 'admin');
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
    // WebAssembly may compile (the door's QR decoder); JavaScript eval may not.
    expect(APP_CSP).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(APP_CSP).not.toMatch(/(?<!wasm-)unsafe-eval|https?:/);
    expect(answers[0]!.headers.get('permissions-policy')).toMatch(/camera=\(self\), microphone=\(\)/);
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

  it(
    'every answer of every signed-in endpoint, whatever its path, carries Cache-Control: no-store and Vary',
    { timeout: 300_000 },
    async () => {
      const w = await setupWorld(withData);
      const cases = allCases(withData).filter((c) => c.endpoint.access.kind === 'session');
      const paths = cases.map((c) => c.endpoint.path);
      expect(paths).toContain('/get-token');
      expect(paths).toContain('/sendNotification');
      const failures: string[] = [];
      let succeeded = 0;
      for (const c of cases)
        for (const caller of [callerOf(c), 'anonymous'] as Caller[]) {
          const { res, req } = await call(w, c, caller);
          await req.after?.();
          if (res.status < 300) succeeded++;
          const cache = res.headers.get('cache-control') ?? '';
          const vary = (res.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
          if (
            !/\bno-store\b/.test(cache) ||
            !vary.includes('authorization') ||
            !vary.includes('accept-language')
          )
            failures.push(
              `${c.key} as ${caller}: ${res.status}, Cache-Control "${cache}", Vary "${vary.join(', ')}"`,
            );
        }
      expect(failures, failures.join('\n')).toEqual([]);
      // The callers the matrix lets through reached the handlers: their own answers are covered too.
      expect(succeeded).toBeGreaterThan(cases.length * 0.8);
    },
  );
});
