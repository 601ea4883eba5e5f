/**
 * Uploaded files in the database (ADR 0018; docs/security.md, "Uploads"): the per-user quota under
 * parallel uploads through every upload path, ETag and ranges on /uploads/ and on documents, files
 * removed with the record that replaced or dropped them, the sweeper counted against the rows that
 * use files, the move of a former DATA_DIR/uploads folder, and a second server on the same
 * PostgreSQL serving what the first one stored.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { openPostgres, sqlRows } from '../../server/db/client';
import { events, files, users } from '../../server/db/schema';
import { sweepUnreferencedFiles, UNUSED_FILE_GRACE_MS } from '../../server/files/references';
import { createDbStorage, FILE_CHUNK_BYTES } from '../../server/files/storage';
import { importUploadsFolder } from '../../server/files/storage-import';
import { createTestServer, DEMO, DEMO_PASSWORD, type TestServer } from '../setup/server';
import { signInAs } from '../support/kit';

const KB = 1024;
const QUOTA = 1024 * KB;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = [...new TextEncoder().encode('%PDF-1.4\n')];

/** `size` bytes that start like `head` (uploads are typed by their first bytes), the rest numbered. */
const bytesOf = (size: number, head = PNG, seed = 0) => {
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + seed) & 0xff;
  b.set(head);
  return b;
};

let t: TestServer;
let admin: string;
let manager: string;
let provider: string;
let providerId: number;

const upload = (url: string, token: string, bytes: Uint8Array, name = 'a.png', lang = 'en') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.request('POST', url, { token, body: form, lang });
};

const fileCount = async () => Number((await t.db.db.select({ n: sql<number>`count(*)` }).from(files))[0]!.n);

beforeAll(async () => {
  t = await createTestServer({ demoData: true, config: { uploadQuotaBytes: QUOTA } });
  admin = await signInAs(t, 'admin');
  manager = await signInAs(t, 'manager');
  provider = await signInAs(t, 'provider');
  providerId = (await t.db.db.select().from(users).where(eq(users.email, DEMO.provider.email)))[0]!.id;
});
afterAll(() => t?.close());

describe('per-user quota', () => {
  it('30 parallel uploads through three paths: exactly what fits is stored, the rest get 413 in the caller’s language', async () => {
    const size = 100 * KB; // 10 fit in 1 MB
    const paths = [
      ['/api/event/image', PNG, 'e.png'],
      ['/api/advertisement/image', PNG, 'a.png'],
      [`/api/serviceprovider/${providerId}/documents`, PDF, 'd.pdf'],
    ] as const;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const [url, head, name] = paths[i % 3]!;
        return upload(url, provider, bytesOf(size, head, i), name, i % 2 ? 'ar' : 'en');
      }),
    );
    const ok = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(ok.length).toBe(10);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([413]));
    const en = refused.find((a) => !/[\u0600-\u06ff]/.test(a.body.message))!;
    const ar = refused.find((a) => /[\u0600-\u06ff]/.test(a.body.message))!;
    expect(en.body.message).toBe(
      'Your storage space is full: your files use 0.98 MB of your 1 MB, and this file needs 0.1 MB. Remove pictures or documents you no longer need, or ask an administrator for more space.',
    );
    expect(en.body.errors.file).toBe(en.body.message);
    expect(ar.body.message).toContain('مساحة التخزين الخاصة بك ممتلئة');
    const [{ used }] = (await t.db.db
      .select({ used: sql<number>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.ownerId, providerId))) as [{ used: number }];
    expect(Number(used)).toBe(10 * size);
    expect(Number(used)).toBeLessThanOrEqual(QUOTA);

    // The other upload paths count the same files.
    const avatar = await upload('/api/profile/image', provider, bytesOf(size), 'p.png', 'ar');
    expect(avatar.status).toBe(413);
    expect(avatar.body.message).toContain('مساحة التخزين الخاصة بك ممتلئة');
    const icon = await upload('/api/master/category/icon', provider, bytesOf(size));
    expect(icon.status).toBe(413);
    // Another user's quota is their own.
    expect((await upload('/api/event/image', admin, bytesOf(size))).status).toBe(201);
  });
});

describe('serving', () => {
  let url: string;
  let data: Uint8Array;
  beforeAll(async () => {
    data = bytesOf(2 * FILE_CHUNK_BYTES + 1000, PNG, 7); // three chunks
    const up = await upload('/api/event/image', admin, data);
    expect(up.status, up.text).toBe(201);
    url = `/${up.body.data.path}`;
  });

  it('answers the whole file with an ETag and the headers of before; If-None-Match → 304', async () => {
    const res = await t.app.request(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    const again = await t.app.request(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await t.app.request(url, { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('answers ranges with 206 (across chunks, open and suffix ranges), 416 beyond the end, the whole file when If-Range differs', async () => {
    const cases: [string, number, number][] = [
      [`bytes=${FILE_CHUNK_BYTES - 10}-${FILE_CHUNK_BYTES + 9}`, FILE_CHUNK_BYTES - 10, FILE_CHUNK_BYTES + 9],
      ['bytes=0-0', 0, 0],
      [`bytes=${data.length - 100}-`, data.length - 100, data.length - 1],
      ['bytes=-300', data.length - 300, data.length - 1],
      [`bytes=10-${data.length + 500}`, 10, data.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await t.app.request(url, { headers: { Range: range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers.get('content-length')).toBe(String(end - start + 1));
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(Buffer.from(data.subarray(start, end + 1))), range).toBe(true);
    }
    const beyond = await t.app.request(url, { headers: { Range: `bytes=${data.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${data.length}`);
    const stale = await t.app.request(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"old"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(data.length);
  });

  it('a provider document: ETag and ranges too, still private and never cached', async () => {
    const doc = await upload(
      `/api/serviceprovider/${providerId}/documents`,
      admin,
      bytesOf(5000, PDF),
      'x.pdf',
    );
    expect(doc.status, doc.text).toBe(201);
    const headers = { Authorization: `Bearer ${admin}` };
    const whole = await t.app.request(doc.body.data.downloadPath, { headers });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('cache-control')).toBe('private, no-store');
    const part = await t.app.request(doc.body.data.downloadPath, {
      headers: { ...headers, Range: 'bytes=0-3' },
    });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('%PDF');
    const same = await t.app.request(doc.body.data.downloadPath, {
      headers: { ...headers, 'If-None-Match': whole.headers.get('etag')! },
    });
    expect(same.status).toBe(304);
    expect(
      (await t.app.request(doc.body.data.downloadPath, { headers: { Range: 'bytes=0-3' } })).status,
    ).toBe(401);
  });
});

describe('files go with their records', () => {
  const gone = async (p: string) => (await t.app.request(`/${p}`)).status === 404;

  it('a replaced profile picture is removed in the same write', async () => {
    const first = await upload('/api/profile/image', manager, bytesOf(2000));
    const second = await upload('/api/profile/image', manager, bytesOf(3000));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await gone(first.body.data.profileImage)).toBe(true);
    expect(await gone(second.body.data.profileImage)).toBe(false);
  });

  it('an event edit that drops a picture, and the event’s deletion, remove its files', async () => {
    const [a, b] = await Promise.all([
      upload('/api/event/image', manager, bytesOf(1000, PNG, 1)),
      upload('/api/event/image', manager, bytesOf(1000, PNG, 2)),
    ]);
    const template = (
      await t.request('GET', `/api/event?providerId=${providerId}&pageSize=10`, { token: admin })
    ).body.data.items[0];
    const body = {
      title: { en: 'Files', ar: 'ملفات' },
      description: { en: 'Test', ar: 'اختبار' },
      providerId,
      categoryId: template.categoryId,
      countryId: template.countryId,
      cityId: template.cityId,
      locationId: template.locationId,
      startsAt: '2027-03-01T16:00:00Z',
      endsAt: '2027-03-01T20:00:00Z',
      price: 10_000,
      capacity: 50,
      images: [a!.body.data.path, b!.body.data.path],
    };
    const created = await t.request('POST', '/api/event', { token: manager, body });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const edited = await t.request('PUT', `/api/event/${id}`, {
      token: manager,
      body: { ...body, images: [b!.body.data.path], coverImage: null, version: created.body.data.version },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(await gone(a!.body.data.path)).toBe(true);
    expect(await gone(b!.body.data.path)).toBe(false);
    const removed = await t.request('DELETE', `/api/event/${id}`, { token: admin });
    expect(removed.status, removed.text).toBe(200);
    expect(await gone(b!.body.data.path)).toBe(true);
  });

  it('removed documents leave no file', async () => {
    const doc = await upload(
      `/api/serviceprovider/${providerId}/documents`,
      admin,
      bytesOf(900, PDF),
      'y.pdf',
    );
    const before = await fileCount();
    const res = await t.request('POST', '/api/serviceprovider/removeDocuments', {
      token: admin,
      body: { ids: [doc.body.data.id] },
    });
    expect(res.status).toBe(200);
    expect(await fileCount()).toBe(before - 1);
  });
});

describe('the sweeper', () => {
  /** Keys some record uses, counted from the tables themselves. */
  const usedKeys = async () => {
    const res = await sqlRows<{ k: string }>(
      t.db.db,
      sql`
      select substr(profile_image, 9) as k from users where profile_image like 'uploads/%'
      union select storage_key from provider_documents
      union select substr(icon, 9) from categories where icon like 'uploads/%'
      union select substr(cover_image, 9) from events where cover_image like 'uploads/%'
      union select substr(jsonb_array_elements_text(images), 9) from events
      union select substr(photo, 9) from event_specialists where photo like 'uploads/%'
      union select substr(image, 9) from advertisements`,
    );
    return new Set(res.map((r) => r.k));
  };

  it('removes unused files once older than the grace period; then the files are exactly the ones rows use', async () => {
    const spare = await upload('/api/event/image', admin, bytesOf(500, PNG, 9));
    expect(spare.status).toBe(201);
    const used = await usedKeys();
    const stored = (await t.db.db.select({ key: files.key }).from(files)).map((f) => f.key);
    const unused = stored.filter((k) => !used.has(k));
    expect(unused.length).toBeGreaterThan(0); // the quota test's uploads and this one
    // Within the grace period nothing goes.
    expect(await sweepUnreferencedFiles(t.db.db, t.clock.now())).toBe(0);
    const later = new Date(t.clock.now().getTime() + UNUSED_FILE_GRACE_MS + 1000);
    expect(await sweepUnreferencedFiles(t.db.db, later)).toBe(unused.length);
    const left = (await t.db.db.select({ key: files.key }).from(files)).map((f) => f.key).sort();
    expect(left).toEqual([...used].sort());
    // No chunk without its file.
    const orphans = await sqlRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from file_chunks c where not exists (select 1 from files f where f.key = c.key)`,
    );
    expect(Number(orphans[0]!.n)).toBe(0);
    expect(await sweepUnreferencedFiles(t.db.db, later)).toBe(0);
    // Every event image in use is still served.
    const [e] = await t.db.db
      .select()
      .from(events)
      .where(sql`jsonb_array_length(${events.images}) > 0`)
      .limit(1);
    expect((await t.app.request(`/${e!.images[0]}`)).status).toBe(200);
  });
});

describe('moving DATA_DIR/uploads into the database', () => {
  it('moves every file once, can be run again after an interruption, and leaves what is not an upload', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ebo-import-'));
    try {
      const avatar = bytesOf(3000, PNG, 3);
      const picture = bytesOf(FILE_CHUNK_BYTES + 5, PNG, 4);
      await mkdir(path.join(dir, 'avatars'));
      await mkdir(path.join(dir, 'event-images'));
      await writeFile(path.join(dir, 'avatars', 'importedAvatar01.png'), avatar);
      await writeFile(path.join(dir, 'event-images', 'importedPicture1.png'), picture);
      await writeFile(path.join(dir, 'event-images', 'half-written.png.abc123.tmp'), 'x');
      await writeFile(path.join(dir, 'event-images', 'not a key.png'), 'x');
      // Already moved by a run that stopped before removing it from the folder.
      await t.storage.put('event-images/importedPicture1.png', picture);
      await t.db.db
        .update(users)
        .set({ profileImage: 'uploads/avatars/importedAvatar01.png' })
        .where(eq(users.id, providerId));

      const first = await importUploadsFolder(t.db.db, t.storage, dir);
      expect(first).toEqual({ moved: 1, alreadyThere: 1, left: ['event-images/not a key.png'] });
      expect(await readdir(path.join(dir, 'event-images'))).toEqual(['not a key.png']);
      expect((await readdir(dir)).sort()).toEqual(['event-images']);
      const served = await t.app.request('/uploads/avatars/importedAvatar01.png');
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(avatar))).toBe(true);
      const [row] = await t.db.db.select().from(files).where(eq(files.key, 'avatars/importedAvatar01.png'));
      expect(row!.ownerId).toBe(providerId);
      expect((await t.storage.get('event-images/importedPicture1.png'))!.data).toEqual(picture);

      const second = await importUploadsFolder(t.db.db, t.storage, dir);
      expect(second).toEqual({ moved: 0, alreadyThere: 0, left: ['event-images/not a key.png'] });
      expect(await importUploadsFolder(t.db.db, t.storage, path.join(dir, 'missing'))).toEqual({
        moved: 0,
        alreadyThere: 0,
        left: [],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('two servers on one PostgreSQL', () => {
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a file uploaded through one is served by the other (skipped on PGlite: one process per data directory)',
    async () => {
      const other = await openPostgres(t.db.url!);
      try {
        const app2 = createApp({
          ...t.deps,
          db: other.db,
          storage: createDbStorage(other.db, { quotaBytes: QUOTA, now: t.config.now }),
        });
        const data = bytesOf(FILE_CHUNK_BYTES + 321, PNG, 11);
        const up = await upload('/api/event/image', manager, data);
        expect(up.status, up.text).toBe(201);
        const res = await app2.request(`/${up.body.data.path}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
        const part = await app2.request(`/${up.body.data.path}`, { headers: { Range: 'bytes=1-3' } });
        expect(part.status).toBe(206);
        // and the other way round, signed in through the second server
        const login = await app2.request('/api/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: DEMO.manager.email, password: DEMO_PASSWORD }),
        });
        const token = ((await login.json()) as { token: string }).token;
        const form = new FormData();
        form.append('file', new Blob([bytesOf(4000, PNG, 12)]), 'b.png');
        const encoded = new Response(form);
        const up2 = await app2.request('/api/event/image', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': encoded.headers.get('content-type')!,
          },
          body: new Uint8Array(await encoded.arrayBuffer()),
        });
        expect(up2.status).toBe(201);
        const path2 = ((await up2.json()) as { data: { path: string } }).data.path;
        expect((await t.app.request(`/${path2}`)).status).toBe(200);
      } finally {
        await other.close();
      }
    },
  );
});
