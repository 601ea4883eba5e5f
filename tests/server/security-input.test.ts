/**
 * Hostile JSON bodies (docs/security.md, "Input limits"): nesting deeper than MAX_JSON_DEPTH or more than
 * MAX_JSON_VALUES values answer 400 with a clear message before any work on the parsed value, and
 * a few such bodies at once do not stall the other requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/http/body';
import { createTestServer, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await createTestServer();
  token = await signInAs(t, 'admin');
});
afterAll(() => t?.close());

const sendJson = (path: string, text: string, lang = 'en') =>
  t.request('POST', path, { body: text, token, lang, headers: { 'Content-Type': 'application/json' } });

describe('nested and oversized JSON', () => {
  it('10,000 "[" answers 400 with a clear message in both languages (was a 500)', async () => {
    for (const body of [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
      '['.repeat(10_000),
    ]) {
      const res = await sendJson('/api/set-language', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toMatch(/nested/i);
      const ar = await sendJson('/api/set-language', body, 'ar');
      expect(ar.status).toBe(400);
      expect(ar.body.message).not.toBe(res.body.message);
    }
  });

  it(`nesting up to ${MAX_JSON_DEPTH} levels reaches validation; one more answers 400`, async () => {
    const nested = (depth: number) =>
      `{"language":"en","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    expect((await sendJson('/api/set-language', nested(MAX_JSON_DEPTH))).status).toBe(422);
    expect((await sendJson('/api/set-language', nested(MAX_JSON_DEPTH + 1))).status).toBe(400);
    // brackets inside strings are text, not nesting
    const quoted = JSON.stringify({ language: 'en', x: '['.repeat(1000) + '"\\' });
    expect((await sendJson('/api/set-language', quoted)).status).toBe(422);
  });

  it(`more than ${MAX_JSON_VALUES} keys or array items answer 400`, async () => {
    const keys = `{${Array.from({ length: MAX_JSON_VALUES + 1 }, (_, i) => `"k${i}":1`).join(',')}}`;
    const keysRes = await sendJson('/api/set-language', keys);
    expect(keysRes.status, keysRes.text).toBe(400);
    expect(keysRes.body.message).toMatch(/values/i);
    const items = `{"language":"en","x":[${Array.from({ length: MAX_JSON_VALUES + 1 }, () => '0').join(',')}]}`;
    expect((await sendJson('/api/set-language', items)).status).toBe(400);
  });

  it('a few connections sending 1 MB of nested "[]" do not stall the others', async () => {
    const deep = '['.repeat(512 * 1024 - 8) + ']'.repeat(512 * 1024 - 8);
    const quiet = async () => {
      const start = performance.now();
      const res = await t.request('GET', '/api/profile', { token });
      expect(res.status).toBe(200);
      return performance.now() - start;
    };
    const alone = Math.max(await quiet(), await quiet());
    const start = performance.now();
    const [hostile, during] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => sendJson('/api/set-language', deep))),
      quiet(),
    ]);
    const total = performance.now() - start;
    console.info(
      `5 × 1 MB of nested "[]": ${hostile.map((r) => r.status).join(',')} in ${Math.round(total)} ms; ` +
        `a profile read ${Math.round(during)} ms (alone ${Math.round(alone)} ms)`,
    );
    expect(hostile.every((r) => r.status === 400)).toBe(true);
    expect(total).toBeLessThan(750);
  });
});
