/**
 * Pickers search the server and page (docs/product.md §2): the options endpoints take q, page and
 * pageSize; without pageSize they answer every active record, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

let t: TestServer;
let admin: string;

type Option = { id: number; name: { en: string; ar: string } };

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  admin = await signInAs(t, 'admin');
});
afterAll(() => t?.close());

const options = async (query: string) => {
  const res = await t.request('GET', `/api/master/list?type=city${query}`, { token: admin });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Option[];
};

describe('options: search and pages', () => {
  it('without pageSize answers every active record, by name', async () => {
    const all = await options('');
    expect(all.length).toBeGreaterThan(10);
    const names = all.map((o) => o.name.en);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('pages by name without repeating or skipping a record; a short page is the last', async () => {
    const all = await options('');
    const seen: Option[] = [];
    for (let page = 1; ; page++) {
      const chunk = await options(`&pageSize=10&page=${page}`);
      expect(chunk.length).toBeLessThanOrEqual(10);
      seen.push(...chunk);
      if (chunk.length < 10) break;
    }
    expect(seen.map((o) => o.id).sort()).toEqual(all.map((o) => o.id).sort());
    expect(new Set(seen.map((o) => o.id)).size).toBe(seen.length);
  });

  it('searches with q in either language', async () => {
    const all = await options('');
    const target = all[3]!;
    const found = await options(`&q=${encodeURIComponent(target.name.en.slice(0, 4))}`);
    expect(found.map((o) => o.id)).toContain(target.id);
    expect(found.length).toBeLessThan(all.length);
    for (const o of found)
      expect(JSON.stringify(o.name).toLowerCase()).toContain(target.name.en.slice(0, 4).toLowerCase());
    const arabic = await options(`&q=${encodeURIComponent(target.name.ar.slice(0, 3))}&pageSize=10`);
    expect(arabic.map((o) => o.id)).toContain(target.id);
    expect(await options('&q=zzzz-no-such-place')).toEqual([]);
  });

  it('refuses a page size it does not offer, and an over-long search, with 422', async () => {
    const size = await t.request('GET', '/api/master/list?type=city&pageSize=7', { token: admin });
    expect([size.status, Object.keys(size.body.errors)]).toEqual([422, ['pageSize']]);
    const long = await t.request('GET', `/api/master/list?type=city&q=${'a'.repeat(101)}`, { token: admin });
    expect([long.status, Object.keys(long.body.errors)]).toEqual([422, ['q']]);
  });
});
