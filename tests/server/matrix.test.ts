/**
 * The authorization matrix (docs/security.md): every routed endpoint × eight callers, each cell compared with
 * tests/server/authz-matrix.ts. Requests are valid (resource fixtures, else the schemas' minimal
 * input), so a refusal comes from authorization, not validation. Every refused call leaves the
 * database and the stored files exactly as they were (digest of row counts and md5 of every
 * table's rows). Also: ownership in lists, and a scan of every answer for secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { buildPath } from '../../src/contract/http';
import type { Resource } from '../../src/contract/resource';
import { sessions, users } from '../../server/db/schema';
import { createTestServer, type TestServer } from '../setup/server';
import { MATRIX, type Cell } from './authz-matrix';
import {
  allCases,
  CALLERS,
  digest,
  digestDiff,
  scanForSecrets,
  setupWorld,
  type Case,
  type World,
} from './security-support';

let t: TestServer;
let w: World;
let cases: Case[];
const answers: string[] = [];
let cells = 0;

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  w = await setupWorld(t);
  cases = allCases(t);
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
  it('answers each cell as the matrix says; refused calls change nothing', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const row = MATRIX[c.key];
      if (!row) continue; // reported by the test above
      for (const caller of CALLERS) {
        const expected = row[caller];
        const req = await c.build(w, caller);
        const token = await w.token(caller);
        const before = expected === '2xx' ? null : await digest(t);
        const res = await t.request(c.endpoint.method, req.path, {
          token: token ?? undefined,
          body: req.body,
        });
        answers.push(JSON.stringify([...res.headers]) + res.text);
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
          const after = await digest(t);
          if (before !== null && after !== before)
            failures.push(
              `${c.key} as ${caller}: refused (${res.status}) but changed ${digestDiff(before, after)}`,
            );
        }
        await req.after?.();
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(cells).toBe(cases.length * CALLERS.length);
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
  expect(answers.length).toBeGreaterThan(400);
  const { findings, secretCount, codeCount } = await scanForSecrets(t, answers);
  expect(secretCount).toBeGreaterThan(50);
  expect(codeCount).toBeGreaterThan(0);
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
