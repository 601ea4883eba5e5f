/**
 * The authorization matrix (docs/security.md): every routed endpoint × nine callers, each cell compared with
 * tests/server/authz-matrix.ts. Requests are valid (resource fixtures, else the schemas' minimal
 * input), so a refusal comes from authorization, not validation. Every refused call leaves the
 * database and the stored files exactly as they were: triggers count every row written to a table
 * (an update to the same values too; stored files are rows, ADR 0018), the tables with bookkeeping
 * columns are compared by md5 of their other columns (writeDigest). Also: ownership in lists, and a
 * scan of every answer for secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { buildPath } from '../../src/contract/http';
import type { Resource } from '../../src/contract/resource';
import { eq, isNull, sql } from 'drizzle-orm';
import { categories, cities, serviceProviders, sessions, users } from '../../server/db/schema';
import { settleBulkJobs } from '../../server/resources/bulk-jobs';
import { createTestServer, type TestServer } from '../setup/server';
import { MATRIX, type Cell } from './authz-matrix';
import {
  allCases,
  CALLERS,
  digest,
  digestDiff,
  installWriteCounter,
  scanForSecrets,
  scannedAnswer,
  setupWorld,
  writeDigest,
  type Case,
  type World,
} from './security-support';
import { AREA_UNDER_CHECK, walked } from './area-under-check';

let t: TestServer;
let w: World;
let cases: Case[];
const answers: string[] = [];
let cells = 0;

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  w = await setupWorld(t);
  cases = allCases(t);
  // Refused calls are checked by counting writes (triggers), not by hashing every table each time.
  await installWriteCounter(t);
});
afterAll(async () => {
  console.info(
    `authorization matrix: ${cells} cells checked (${cases?.length} cases × ${CALLERS.length} callers)`,
  );
  await t?.close();
});

const fits = (cell: Cell, status: number) =>
  cell === '2xx' ? status >= 200 && status < 300 : status === cell;

it('has a row for every routed endpoint, and no row for an endpoint that does not exist', () => {
  const keys = new Set(cases.map((c) => c.key));
  const missing = [...keys].filter((k) => !(k in MATRIX));
  expect(
    missing,
    `These endpoints have no row in tests/server/authz-matrix.ts. Add one per endpoint saying what each caller (${CALLERS.join(', ')}) must get:\n  ${missing.join('\n  ')}`,
  ).toEqual([]);
  const stale = Object.keys(MATRIX).filter((k) => !keys.has(k));
  expect(stale, 'Rows of tests/server/authz-matrix.ts for endpoints that are not routed').toEqual([]);
  expect(cases.length).toBeGreaterThanOrEqual(60);
});

describe('every endpoint × every caller', () => {
  it('answers each cell as the matrix says; refused calls change nothing', { timeout: 480_000 }, async () => {
    const failures: string[] = [];
    const rows = walked(cases, (c) => c.key);
    for (const c of rows) {
      const row = MATRIX[c.key];
      if (!row) continue; // reported by the test above
      for (const caller of CALLERS) {
        const expected = row[caller];
        const req = await c.build(w, caller);
        const token = await w.token(caller);
        // Bulk jobs of earlier cells finish in the background: let them, so this cell's digest is its own.
        await settleBulkJobs();
        const before = expected === '2xx' ? null : await writeDigest(t);
        const res = await t.request(c.endpoint.method, req.path, {
          token: token ?? undefined,
          body: req.body,
        });
        answers.push(JSON.stringify([...res.headers]) + scannedAnswer(c.endpoint, res.text));
        cells++;
        if (!fits(expected, res.status))
          failures.push(
            `${c.key} as ${caller}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`,
          );
        if (res.status >= 400) {
          expect(res.body, `${c.key} as ${caller}: error body`).toMatchObject({
            status: res.status,
            message: expect.any(String),
          });
          await settleBulkJobs();
          const after = await writeDigest(t);
          if (before !== null && after !== before)
            failures.push(
              `${c.key} as ${caller}: refused (${res.status}) but changed ${digestDiff(before, after)}`,
            );
        }
        await req.after?.();
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(cells).toBe(rows.length * CALLERS.length);
  });
});

describe('masters a provider added (docs/security.md, "Authorization")', () => {
  const as = async (
    caller: 'admin' | 'providerA' | 'providerB',
    method: string,
    path: string,
    body?: object,
    lang = 'en',
  ) => t.request(method, path, { token: (await w.token(caller))!, body, lang });
  const getRec = async (type: string, id: number) =>
    (await as('admin', 'GET', `/api/master/listSingledata?type=${type}&id=${id}`)).body.data as {
      id: number;
      version: number;
      name: { en: string; ar: string };
    };

  it("a provider may not change or delete one once another provider's record uses it; admins may", async () => {
    const added = await as('providerA', 'POST', '/api/master/addlist', {
      type: 'category',
      name: { en: 'Provider A category', ar: 'فئة المزود أ' },
    });
    expect(added.status).toBe(201);
    const id = added.body.data.id as number;
    const rename = async (caller: 'admin' | 'providerA' | 'providerB', en: string, lang = 'en') => {
      const rec = await getRec('category', id);
      return as(
        caller,
        'POST',
        '/api/master/addlist',
        { type: 'category', id, version: rec.version, name: { en, ar: rec.name.ar } },
        lang,
      );
    };
    expect((await rename('providerA', 'Provider A category (own)')).status).toBe(200);
    const notYours = await rename('providerB', 'Taken over');
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toMatch(/only the entries you added/);

    // Provider B's profile starts using it.
    await t.db.db
      .update(serviceProviders)
      .set({ categoryId: id })
      .where(eq(serviceProviders.userId, w.ids.providerB));
    const before = await digest(t, ['sessions']);
    const used = await rename('providerA', 'Renamed under B');
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/Other providers' records use this entry/);
    const usedAr = await rename('providerA', 'Renamed under B', 'ar');
    expect(usedAr.status).toBe(409);
    expect(usedAr.body.message).toMatch(/[\u0600-\u06FF]/);
    const removed = await as('providerA', 'POST', '/api/master/deletelist', { type: 'category', id });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toMatch(/Other providers' records use this entry/);
    expect(await digest(t, ['sessions'])).toBe(before);
    expect((await rename('admin', 'Renamed by admin')).status).toBe(200);
  });

  it('a master added by staff, or used through a city another provider added, is refused too', async () => {
    const [staffAdded] = await t.db.db
      .select({ id: categories.id })
      .from(categories)
      .where(isNull(categories.createdBy))
      .limit(1);
    const seeded = await getRec('category', staffAdded!.id);
    const staff = await as('providerA', 'POST', '/api/master/addlist', {
      type: 'category',
      id: seeded.id,
      version: seeded.version,
      name: seeded.name,
    });
    expect(staff.status).toBe(403);

    const country = await as('providerA', 'POST', '/api/master/addlist', {
      type: 'country',
      name: { en: 'Provider A land', ar: 'أرض المزود أ' },
      isoCode: 'WQ',
      dialCode: '+974',
    });
    expect(country.status, country.text).toBe(201);
    const cid = country.body.data.id as number;
    const city = await as('providerB', 'POST', '/api/master/addlist', {
      type: 'city',
      name: { en: 'B town', ar: 'مدينة ب' },
      countryId: cid,
    });
    expect(city.status, city.text).toBe(201);
    const rec = await getRec('country', cid);
    const edit = await as('providerA', 'POST', '/api/master/addlist', {
      type: 'country',
      id: cid,
      version: rec.version,
      name: { en: 'Renamed land', ar: rec.name.ar },
      isoCode: 'WQ',
      dialCode: '+974',
    });
    expect(edit.status).toBe(409);
    // Once the other provider's city is gone, the country is the adder's own again.
    await t.db.db.delete(cities).where(eq(cities.id, city.body.data.id as number));
    const again = await as('providerA', 'POST', '/api/master/addlist', {
      type: 'country',
      id: cid,
      version: rec.version,
      name: { en: 'Renamed land', ar: rec.name.ar },
      isoCode: 'WQ',
      dialCode: '+974',
    });
    expect(again.status, again.text).toBe(200);
    expect(
      (await as('providerA', 'POST', '/api/master/deletelist', { type: 'country', id: cid })).status,
    ).toBe(200);
  });
});

describe('ownership in lists', () => {
  const owned = (resources as readonly Resource[]).filter((r) => r.ownerOps?.includes('list'));
  it.each(owned.map((r) => [r.key, r] as const))(
    "%s: provider B's list holds none of provider A's records, and each of them is 404 for B",
    async (_key, r) => {
      const list = async (caller: 'providerA' | 'providerB') => {
        const res = await t.request('GET', `${r.endpoints.list.path}?pageSize=100`, {
          token: (await w.token(caller))!,
        });
        expect(res.status).toBe(200);
        answers.push(res.text);
        return res.body.data.items as { id: number }[];
      };
      const a = await list('providerA');
      const b = await list('providerB');
      expect(a.length, `provider A has no ${r.key} records to check`).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
      const bIds = new Set(b.map((x) => x.id));
      expect(a.filter((x) => bIds.has(x.id))).toEqual([]);
      if (r.ownerOps?.includes('get'))
        for (const rec of a) {
          const hasId = /:id\b/.test(r.endpoints.get.path);
          const path = hasId
            ? buildPath(r.endpoints.get.path, { id: rec.id })
            : `${r.endpoints.get.path}?id=${rec.id}`;
          const res = await t.request('GET', path, { token: (await w.token('providerB'))! });
          expect(res.status, `${path} as provider B`).toBe(404);
          const own = await t.request('GET', path, { token: (await w.token('providerA'))! });
          expect(own.status, `${path} as provider A`).toBe(200);
        }
      // CSV exports are scoped the same way
      const csv = await t.app.request(r.endpoints.export.path, {
        headers: { Authorization: `Bearer ${(await w.token('providerB'))!}` },
      });
      const text = await csv.text();
      answers.push(text);
      const idsInCsv = new Set(
        text
          .split('\r\n')
          .slice(1)
          .map((line) => Number(line.split(',')[0])),
      );
      expect(a.filter((x) => idsInCsv.has(x.id))).toEqual([]);
    },
  );
});

it('no answer of the matrix contains a password hash, token hash, OTP code or hash, or push key', async () => {
  const { findings, secretCount, codeCount } = await scanForSecrets(t, answers);
  expect(secretCount).toBeGreaterThan(50);
  if (AREA_UNDER_CHECK) {
    // The cells of the area under check, none of which mails a sign-in code.
    expect(answers.length).toBeGreaterThanOrEqual(cells);
  } else {
    expect(answers.length).toBeGreaterThan(400);
    expect(codeCount).toBeGreaterThan(0);
  }
  expect(findings).toEqual([]);
});

it('the secret scan finds a password hash or a session token hash planted in an answer', async () => {
  const [u] = await t.db.db.select({ hash: users.passwordHash }).from(users).limit(1);
  const [session] = await t.db.db.select({ hash: sessions.tokenHash }).from(sessions).limit(1);
  const clean = '{"status":200}';
  const planted = [
    JSON.stringify({ data: { x: u!.hash } }),
    JSON.stringify({ data: { note: `see ${session!.hash}.` } }),
  ];
  const { findings } = await scanForSecrets(t, [clean, ...planted]);
  for (const answer of planted) expect(findings.some((f) => f.includes(answer.slice(0, 40)))).toBe(true);
  expect(findings.every((f) => !f.includes(clean))).toBe(true);
});

it('the write count sees any changed row, a bookkeeping column aside', async () => {
  const [u] = await t.db.db.select({ id: users.id }).from(users).limit(1);
  const [session] = await t.db.db.select({ id: sessions.id }).from(sessions).limit(1);
  const start = await writeDigest(t);
  // A session's last use is bookkeeping (VOLATILE): not a write of the request's.
  await t.db.db.execute(
    sql`update sessions set last_used_at = last_used_at + interval '1 minute' where id = ${session!.id}`,
  );
  expect(await writeDigest(t)).toBe(start);
  // The same value written again is a write.
  await t.db.db.execute(sql`update users set name = name where id = ${u!.id}`);
  const written = await writeDigest(t);
  expect(digestDiff(start, written)).toContain('table users');
  await t.db.db.execute(sql`update sessions set user_agent = 'changed' where id = ${session!.id}`);
  expect(digestDiff(written, await writeDigest(t))).toContain('table sessions');
});
