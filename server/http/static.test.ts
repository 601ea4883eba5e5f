import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../tests/setup/server';
import { SERVER_MESSAGES } from '../core/messages';

let t: TestServer;
let none: TestServer;
let dist: string;
const INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/app-abc123.js"></script></head><body></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'ebo-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Events Back Office"}');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), APP_JS);
  // The twins the build writes (vite.config.ts).
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'app-abc123.css'), 'body{color:red}');
  await writeFile(path.join(dist, 'assets', 'app-abc123.css.gz'), gzipSync('body{color:blue}'));
  await writeFile(path.join(dist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  [t, none] = await Promise.all([
    createTestServer({ config: { distDir: dist }, seed: false }),
    createTestServer({ config: { distDir: path.join(dist, 'missing') }, seed: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), none?.close()]);
  await rm(dist, { recursive: true, force: true });
});

const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  server.app.request(url, { headers });

describe('static app under /admin/', () => {
  it('redirects /, /login and /registration into /admin/ (302)', async () => {
    for (const [from, to] of [
      ['/', '/admin/'],
      ['/login', '/admin/login'],
      ['/registration', '/admin/registration'],
      ['/login?next=%2Fevent', '/admin/login?next=%2Fevent'],
      ['/admin', '/admin/'],
    ]) {
      const res = await get(t, from!);
      expect(res.status, from).toBe(302);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('serves index.html with no-cache and the app CSP, and falls back to it for app routes', async () => {
    for (const url of ['/admin/', '/admin/login', '/admin/event/details/12', '/admin/registration']) {
      const res = await get(t, url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('serves hashed assets as immutable, sw.js as no-cache; missing files are 404, never index.html', async () => {
    const js = await get(t, '/admin/assets/app-abc123.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(await js.text()).toBe(APP_JS);

    const sw = await get(t, '/admin/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect((await get(t, '/admin/manifest.webmanifest')).headers.get('content-type')).toContain(
      'application/manifest+json',
    );

    expect((await get(t, '/admin/assets/gone-999.js')).status).toBe(404);
    expect((await get(t, '/admin/icon-512.png')).status).toBe(404);
    expect((await get(t, '/admin/../package.json')).status).not.toBe(200);
    expect((await get(t, '/admin/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('never falls back to the app for /api paths', async () => {
    const res = await get(t, '/api/unknown/page', { Accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('serves the compressed twin the browser accepts, the file itself otherwise, and revalidates with ETag', async () => {
    const css = await get(t, '/admin/assets/app-abc123.css', { 'Accept-Encoding': 'gzip, br' });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await css.arrayBuffer())).toString()).toBe('body{color:blue}');
    const plainCss = await get(t, '/admin/assets/app-abc123.css', { 'Accept-Encoding': 'br' });
    expect(plainCss.headers.get('content-encoding')).toBeNull();
    expect(await plainCss.text()).toBe('body{color:red}');

    const br = await get(t, '/admin/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(APP_JS);

    const gz = await get(t, '/admin/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);

    const plain = await get(t, '/admin/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    expect(await plain.text()).toBe(APP_JS);

    const head = await t.app.request('/admin/assets/app-abc123.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(APP_JS.length));
    const part = await get(t, '/admin/assets/app-abc123.js', { Range: 'bytes=0-11' });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(APP_JS.slice(0, 12));

    const etag = plain.headers.get('etag')!;
    const again = await get(t, '/admin/assets/app-abc123.js', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });

  it('says to run npm run build when there is no build', async () => {
    const res = await get(none, '/admin/login');
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain('npm run build');
    expect(text).toContain(SERVER_MESSAGES.appNotBuilt.ar);
    // The API still works.
    expect((await get(none, '/api/openapi.json')).status).toBe(200);
  });

  it('answers 404 for unknown uploads with the restrictive CSP', async () => {
    const res = await get(t, '/uploads/avatars/nothing-here-000.png');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect((await get(t, '/uploads/../../etc/passwd')).status).toBe(404);
  });
});
