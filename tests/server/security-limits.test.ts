/**
 * Mass assignment and limits (docs/security.md), walking the contract so that new endpoints are covered:
 * unknown or forbidden fields are refused (422, never ignored), sort and filter accept only the
 * listed columns, page sizes are limited, bodies over the limit answer 413; uploads are checked by
 * content (a renamed HTML or SVG file is refused), limited in size, and served so they never run.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/contract/areas';
import { PAGE_SIZES, type Resource } from '../../src/contract/resource';
import { providerDocuments } from '../../server/db/schema';
import { settleBulkJobs } from '../../server/resources/bulk-jobs';
import { UPLOAD_CSP } from '../../server/http/security';
import { createTestServer, type TestServer } from '../setup/server';
import { pngForm } from '../support/kit';
import { allCases, callerOf, digest, setupWorld, type Case, type World } from './security-support';

let t: TestServer;
let w: World;
let cases: Case[];

beforeAll(async () => {
  t = await createTestServer({ demoData: true });
  w = await setupWorld(t);
  cases = allCases(t);
});
afterAll(() => t?.close());

const jsonCases = () =>
  cases.filter((c) => c.endpoint.body && !c.endpoint.multipart && c.endpoint.method !== 'GET');
const queryCases = () => cases.filter((c) => c.endpoint.method === 'GET');

const send = async (c: Case, path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request(c.endpoint.method, path, {
    token: c.endpoint.access.kind === 'public' ? undefined : (await w.token(callerOf(c)))!,
    body,
    headers,
  });

/** Fields nobody may set through the API, whatever the endpoint. */
const FORBIDDEN = ['passwordHash', 'createdAt', 'updatedAt', '__proto__', 'constructor', 'isAdmin'];

describe('mass assignment', () => {
  it('every JSON endpoint refuses unknown and forbidden fields with 422 naming them', async () => {
    expect(jsonCases().length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const c of jsonCases())
      for (const field of ['zzUnknownField', ...FORBIDDEN]) {
        const req = await c.build(w, callerOf(c));
        // written by hand so that "__proto__" is a real key of the JSON text
        const base = req.body as Record<string, unknown>;
        const text = JSON.stringify(base)
          .replace(/^\{/, `{${JSON.stringify(field)}:"x",`)
          .replace(/,}$/, '}');
        const res = await send(c, req.path, text, { 'Content-Type': 'application/json' });
        await req.after?.();
        if (res.status !== 422 || !res.body.errors || !(field in res.body.errors))
          failures.push(`${c.key} + ${field}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('every endpoint refuses a NUL character in any text (PostgreSQL cannot store it) with 422', async () => {
    const failures: string[] = [];
    const withNul = (v: unknown): unknown =>
      typeof v === 'string'
        ? `a\u0000${v}`
        : v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withNul(x)]))
          : Array.isArray(v)
            ? v.map(withNul)
            : v;
    for (const c of jsonCases()) {
      const req = await c.build(w, callerOf(c));
      const body = req.body as Record<string, unknown>;
      const broken = withNul(body);
      if (JSON.stringify(broken) === JSON.stringify(body)) {
        await req.after?.();
        continue; // no text in this body
      }
      const res = await send(c, req.path, broken);
      await req.after?.();
      if (res.status !== 422) failures.push(`${c.key}: ${res.status} ${res.text.slice(0, 160)}`);
    }
    for (const c of queryCases()) {
      const req = await c.build(w, callerOf(c));
      const path = `${req.path}${req.path.includes('?') ? '&' : '?'}q=a%00b`;
      const res = await send(c, path, undefined);
      if (res.status !== 422) failures.push(`${c.key} ?q: ${res.status} ${res.text.slice(0, 160)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('every GET endpoint refuses unknown query parameters with 422, __proto__, constructor and prototype too', async () => {
    const failures: string[] = [];
    for (const c of queryCases())
      for (const key of ['zzUnknown', '__proto__', 'constructor', 'prototype']) {
        const req = await c.build(w, callerOf(c));
        const path = `${req.path}${req.path.includes('?') ? '&' : '?'}${key}=1`;
        const res = await send(c, path, undefined);
        if (res.status !== 422 || !res.body.errors || !Object.hasOwn(res.body.errors, key))
          failures.push(`${c.key} ?${key}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('nobody raises their own role or status through their profile or their own record', async () => {
    const provider = (await w.token('providerA'))!;
    for (const extra of [{ role: 'admin' }, { status: '1' }, { permissions: ['usermanager'] }]) {
      const profile = (await t.request('GET', '/api/profile', { token: provider })).body.data;
      const res = await t.request('PUT', '/api/profile', {
        token: provider,
        body: { name: profile.name, phone: profile.phone, version: profile.version, ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      const own = (await t.request('GET', `/api/serviceprovider/${w.ids.providerA}`, { token: provider }))
        .body.data;
      const upd = await t.request('PUT', `/api/serviceprovider/${w.ids.providerA}`, {
        token: provider,
        body: {
          name: own.name,
          email: own.email,
          phone: own.phone,
          businessName: own.businessName,
          description: own.description,
          categoryId: own.categoryId,
          cityId: own.cityId,
          contactPhone: own.contactPhone,
          version: own.version,
          ...extra,
        },
      });
      expect(upd.status, JSON.stringify(extra)).toBe(422);
    }
    const after = (await t.request('GET', '/api/profile', { token: provider })).body.data;
    expect([after.role, after.status]).toEqual(['serviceprovider', '1']);
    // an admin cannot change their own role or status either
    const admin = (await w.token('admin'))!;
    const me = (await t.request('GET', `/api/users/${w.ids.admin}`, { token: admin })).body.data;
    const demote = await t.request('PUT', `/api/users/${w.ids.admin}`, {
      token: admin,
      body: { name: me.name, email: me.email, phone: me.phone, role: 'manager', version: me.version },
    });
    expect(demote.status).toBe(422);
    const block = await t.request('POST', '/api/users/approve', {
      token: admin,
      body: { id: w.ids.admin, status: '3', reason: 'self' },
    });
    expect([403, 409, 422]).toContain(block.status);
    // managers manage no accounts at all
    const manager = (await w.token('manager'))!;
    const mgr = await t.request('POST', '/api/users', {
      token: manager,
      body: {
        name: { en: 'Sneaky', ar: 'متسلل' },
        email: 'sneaky@test.example.com',
        phone: null,
        role: 'admin',
      },
    });
    expect(mgr.status).toBe(403);
  });
});

describe('lists: sort, filter and page size', () => {
  const all = resources as readonly Resource[];
  it.each(all.map((r) => [r.key, r] as const))(
    '%s: only listed sort columns and filters; only the listed page sizes',
    async (_key, r) => {
      const token = (await w.token('admin'))!;
      const list = (q: Record<string, string>) =>
        t.request('GET', `${r.endpoints.list.path}?${new URLSearchParams({ ...r.fixed, ...q }).toString()}`, {
          token,
        });
      const recordKeys = Object.keys(r.record.shape);
      const unlisted = [
        ...recordKeys.filter((k) => !(r.sort as readonly string[]).includes(k)),
        'password_hash',
        'passwordHash',
        'id; drop table users',
        'name desc',
        '1',
        '(select 1)',
      ];
      for (const sort of unlisted) {
        const res = await list({ sort });
        expect(res.status, `sort=${sort}`).toBe(422);
        expect(Object.keys(res.body.errors)).toEqual(['sort']);
      }
      for (const sort of r.sort) expect((await list({ sort })).status, `sort=${sort}`).toBe(200);
      const filters = Object.keys(r.filters.shape);
      for (const key of recordKeys.filter((k) => !filters.includes(k) && !(k in r.fixed))) {
        const res = await list({ [key]: '1' });
        expect(res.status, `filter ${key}`).toBe(422);
      }
      for (const pageSize of ['0', '1', '9', '11', '101', '1000', '-10', '1.5', 'all'])
        expect((await list({ pageSize })).status, `pageSize=${pageSize}`).toBe(422);
      for (const pageSize of PAGE_SIZES) {
        const res = await list({ pageSize: String(pageSize) });
        expect(res.status).toBe(200);
        expect(res.body.data.items.length).toBeLessThanOrEqual(pageSize);
      }
      for (const page of ['0', '-1', '1.5', '99999999999'])
        expect((await list({ page })).status, `page=${page}`).toBe(422);
      expect((await list({ q: 'x'.repeat(101) })).status).toBe(422);
    },
  );
});

describe('body size', () => {
  it('every JSON endpoint answers 413 for a body over the limit (announced or streamed)', async () => {
    const big = JSON.stringify({ filler: 'x'.repeat(t.config.jsonBodyLimit + 1) });
    for (const c of jsonCases()) {
      const req = await c.build(w, callerOf(c));
      const res = await send(c, req.path, big, { 'Content-Type': 'application/json' });
      expect(res.status, c.key).toBe(413);
      expect(res.body.message).toMatch(/too large/);
      // a streamed body without Content-Length is cut at the limit too
      const token = c.endpoint.access.kind === 'public' ? undefined : (await w.token('admin'))!;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
          for (let i = 0; i < Math.ceil(t.config.jsonBodyLimit / chunk.length) + 2; i++)
            controller.enqueue(chunk);
          controller.close();
        },
      });
      const streamed = await t.app.request(req.path, {
        method: c.endpoint.method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: stream,
        // @ts-expect-error Node's fetch needs this for a streamed request body
        duplex: 'half',
      });
      expect(streamed.status, `${c.key} streamed`).toBe(413);
    }
  });

  it('multipart bodies over the limit answer 413, files over their own limit too', async () => {
    const admin = (await w.token('admin'))!;
    const over = (bytes: number, name: string) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes + 1)], name));
      return form;
    };
    const tooBig = over(t.config.multipartBodyLimit, 'big.png');
    // An import's file has a limit of its own (IMPORT_MAX_MB, docs/decisions/0073-import-from-files.md).
    const tooBigImport = over(t.config.importMaxBytes, 'big.csv');
    for (const c of cases.filter((x) => x.endpoint.multipart)) {
      const req = await c.build(w, callerOf(c));
      const body = isImport(c) ? tooBigImport : tooBig;
      const res = await t.request('POST', req.path, { token: admin, body });
      expect(res.status, c.key).toBe(413);
    }
    // a PNG of 5 MB + 1 byte: within the body limit, over the picture limit
    const png = new Uint8Array(5 * 1024 * 1024 + 1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const form = new FormData();
    form.append('file', new File([png], 'big.png', { type: 'image/png' }));
    const res = await t.request('POST', '/api/profile/image', { token: admin, body: form });
    expect(res.status).toBe(413);
    expect(res.body.errors.file).toMatch(/5 MB/);
  });
});

/** `POST /api/{area}/import`: a file read and mapped, never stored (docs/decisions/0073-import-from-files.md). */
const isImport = (c: Case) => c.endpoint.path.endsWith('/import');

describe('uploads', () => {
  const DISGUISED: [string, string, string][] = [
    ['<!doctype html><html><script>alert(1)</script></html>', 'photo.png', 'image/png'],
    ['<html><body onload="alert(1)"></body></html>', 'scan.pdf', 'application/pdf'],
    [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      'logo.png',
      'image/png',
    ],
    ['<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'icon.jpg', 'image/jpeg'],
    ['GIF89a\x01\x00\x01\x00', 'anim.png', 'image/png'],
    ['', 'empty.png', 'image/png'],
  ];

  it('every upload endpoint refuses a renamed HTML or SVG file (422) and stores nothing', async () => {
    // Imports keep no file to serve back: their bad files (encoding, quotes, zip bombs) are
    // tests/server/import.test.ts's.
    const uploads = cases.filter((c) => c.endpoint.multipart && !isImport(c));
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const c of uploads) {
      const req = await c.build(w, callerOf(c));
      // A bulk job of an earlier test may still run (paced, ADR 0037): its rows are not this case's.
      await settleBulkJobs();
      const before = await digest(t, ['sessions']);
      for (const [text, name, type] of DISGUISED) {
        const form = new FormData();
        form.append('file', new File([text], name, { type }));
        const res = await t.request('POST', req.path, { token: (await w.token('admin'))!, body: form });
        expect(res.status, `${c.key} ${name}`).toBe(422);
        expect(res.body.errors?.file, `${c.key} ${name}`).toBeTruthy();
      }
      expect(await digest(t, ['sessions']), `${c.key} stored something`).toBe(before);
    }
  });

  it('pictures are served with nosniff and a sandboxing CSP; documents as attachments only', async () => {
    const admin = (await w.token('admin'))!;
    const up = await t.request('POST', '/api/profile/image', { token: admin, body: pngForm('me.png') });
    expect(up.status).toBe(200);
    const pic = await t.app.request(`/${up.body.data.profileImage as string}`);
    expect(pic.status).toBe(200);
    expect(pic.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pic.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(UPLOAD_CSP).toMatch(/sandbox/);
    expect(UPLOAD_CSP).toMatch(/default-src 'none'/);
    expect(pic.headers.get('content-type')).toBe('image/png');

    const doc = await w.freshDocument();
    const res = await t.app.request(`/api/serviceprovider/documents/${doc}`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    // documents are never reachable as public files
    const [row] = await t.db.db
      .select({ key: providerDocuments.storageKey })
      .from(providerDocuments)
      .where(eq(providerDocuments.id, doc));
    const key = row!.key;
    expect((await t.app.request(`/uploads/${key}`)).status).toBe(404);
    // path tricks under /uploads answer 404 with the restrictive CSP
    for (const p of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/avatars/..%2f..%2fpackage.json',
    ])
      expect((await t.app.request(p)).status, p).toBe(404);
  });

  it('a provider keeps at most 20 documents (409 for the 21st)', async () => {
    const token = (await w.token('providerA'))!;
    let last = 0;
    for (let i = 0; i < 25 && last !== 409; i++) {
      const res = await t.request('POST', `/api/serviceprovider/${w.ids.providerA}/documents`, {
        token,
        body: pngForm(`doc${i}.png`),
      });
      last = res.status;
    }
    expect(last).toBe(409);
  });
});
