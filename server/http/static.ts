/**
 * The built app under /admin/ (docs/architecture.md §1): files from dist/, the SPA fallback to index.html for
 * non-file paths, immutable caching of hashed assets, no-cache for index.html and the service
 * worker, precompressed .br/.gz when present (else compressed on the fly), ETag revalidation.
 * Also the redirects `/`, `/login`, `/registration` → `/admin/...` and uploaded files under /uploads/.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { Language } from '../../src/contract/common';
import { SERVER_MESSAGES } from '../core/messages';
import { isValidKey } from '../files/storage';
import { fileAnswer } from './file-answer';
import { UPLOAD_CSP } from './security';
import type { App } from './types';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const BASE = '/admin/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.ico',
]);
/** Files the browser must revalidate every time (they name the hashed files). */
const NO_CACHE = new Set([
  'index.html',
  'sw.js',
  'registerSW.js',
  'manifest.webmanifest',
  'manifest-ar.webmanifest',
]);

const cacheControl = (rel: string) => {
  if (rel.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (NO_CACHE.has(rel) || rel.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
};

type Encoding = 'br' | 'gzip';
const accepted = (header: string | undefined): Encoding[] => {
  const list: Encoding[] = [];
  const parts = (header ?? '')
    .toLowerCase()
    .split(',')
    .map((p) => p.trim());
  const ok = (name: string) => parts.some((p) => p.split(';')[0] === name && !/;\s*q=0(\.0*)?$/.test(p));
  if (ok('br')) list.push('br');
  if (ok('gzip')) list.push('gzip');
  return list;
};

const fileStat = async (file: string) => {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
};

/** In-memory cache of compressed files made on the fly, keyed by path, mtime and encoding. */
const compressed = new Map<string, Buffer>();
const compress = async (file: string, mtimeMs: number, encoding: Encoding) => {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let out = compressed.get(key);
  if (!out) {
    const data = await readFile(file);
    out =
      encoding === 'br'
        ? await brotli(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : await gz(data, { level: 9 });
    if (compressed.size > 500) compressed.clear();
    compressed.set(key, out);
  }
  return out;
};

/** A file as a web stream; a client that goes away mid-download cancels it (never a crash). */
const streamBody = (file: string) => {
  const stream = createReadStream(file);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stream.on('data', (chunk) => {
        try {
          controller.enqueue(new Uint8Array(chunk as Buffer));
        } catch {
          stream.destroy();
        }
      });
      stream.on('end', () => {
        try {
          controller.close();
        } catch {
          // already cancelled
        }
      });
      stream.on('error', (err) => {
        try {
          controller.error(err);
        } catch {
          // already cancelled
        }
      });
    },
    cancel() {
      stream.destroy();
    },
  });
};

const sendFile = async (c: Context, root: string, rel: string): Promise<Response | null> => {
  const file = path.join(root, rel);
  const s = await fileStat(file);
  if (!s) return null;
  const ext = path.extname(rel).toLowerCase();
  const headers = new Headers({
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl(rel),
    'Last-Modified': s.mtime.toUTCString(),
    Vary: 'Accept-Encoding',
  });
  const etag = `W/"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"`;
  headers.set('ETag', etag);
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });

  if (COMPRESSIBLE.has(ext)) {
    for (const encoding of accepted(c.req.header('accept-encoding'))) {
      const pre = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      const preStat = await fileStat(pre);
      if (preStat) {
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(preStat.size));
        return new Response(streamBody(pre), { headers });
      }
      if (s.size >= 1024) {
        const data = await compress(file, s.mtimeMs, encoding);
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(data.length));
        return new Response(new Uint8Array(data), { headers });
      }
    }
  }
  headers.set('Content-Length', String(s.size));
  return new Response(streamBody(file), { headers });
};

/** `/admin/<rel>` → a safe relative file path inside dist, or null. */
const relativePath = (urlPath: string): string | null => {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(BASE.length));
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  const normal = path.posix.normalize('/' + rel).slice(1);
  if (normal.split('/').some((seg) => seg === '..' || seg.startsWith('.'))) return null;
  return normal;
};

const notBuilt = (c: Context, lang: Language) => {
  const { en, ar } = SERVER_MESSAGES.appNotBuilt;
  return c.text(lang === 'ar' ? `${ar}\n${en}\n` : `${en}\n${ar}\n`, 503, { 'Cache-Control': 'no-store' });
};

export const registerStatic = (app: App, distDir: string | null) => {
  const redirect = (from: string, to: string) =>
    app.get(from, (c) => {
      const query = new URL(c.req.url).search;
      return c.redirect(to + query, 302);
    });
  redirect('/', BASE);
  redirect('/login', `${BASE}login`);
  redirect('/registration', `${BASE}registration`);
  redirect('/admin', BASE);

  app.get(`${BASE}*`, async (c) => {
    const lang = c.get('lang');
    if (!distDir || !(await fileStat(path.join(distDir, 'index.html')))) return notBuilt(c, lang);
    const rel = relativePath(c.req.path);
    if (rel === null) return c.text('Not found', 404);
    if (rel && !rel.endsWith('/')) {
      const res = await sendFile(c, distDir, rel);
      if (res) return res;
      // A missing file (it has an extension) is a 404; anything else is a route of the app.
      if (path.posix.extname(rel)) return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    return (await sendFile(c, distDir, 'index.html')) ?? notBuilt(c, lang);
  });
};

/** Storage folders never served publicly under /uploads/. */
const PRIVATE_FOLDERS = ['documents/'];

/**
 * Uploaded files: `/uploads/<key>` from the storage, as inert images, with ETag and ranges
 * (server/http/file-answer.ts). Any server process on the same database serves any file (ADR 0018).
 */
export const registerUploads = (app: App) => {
  app.get('/uploads/*', async (c) => {
    const key = c.req.path.slice('/uploads/'.length);
    const storage = c.get('deps').storage;
    // Documents are private: served only through the authenticated API, never here.
    const file =
      isValidKey(key) && !PRIVATE_FOLDERS.some((f) => key.startsWith(f)) ? await storage.info(key) : null;
    if (!file) return c.text('Not found', 404, { 'Content-Security-Policy': UPLOAD_CSP });
    return fileAnswer(c.req.raw, storage, file, {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': UPLOAD_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    });
  });
};
