/**
 * The built app under /admin/ (docs/architecture.md §1), served by Hono's `serveStatic`: files from
 * dist/ with their .br/.gz twins written by the build (vite.config.ts), HEAD and ranges; the SPA
 * fallback to index.html for non-file paths; immutable caching of hashed assets, no-cache for
 * index.html and the service worker; a weak ETag from the file's size and time for revalidation.
 * Also the redirects `/`, `/login`, `/registration` → `/admin/...` and uploaded files under /uploads/.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import type { Language } from '../../src/contract/common';
import { SERVER_MESSAGES } from '../core/messages';
import { isValidKey } from '../files/storage';
import { fileAnswer } from './file-answer';
import { UPLOAD_CSP } from './security';
import type { App, AppEnv } from './types';

const BASE = '/admin/';

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

const fileStat = async (file: string) => {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
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

/**
 * One file of dist/ (`rel`, already checked by `relativePath`): a 304 when the browser holds this
 * version, else `serveStatic`'s answer (the .br or .gz twin the browser accepts) with the caching
 * headers; null when there is no such file.
 */
const sendFile = async (c: Context<AppEnv>, distDir: string, rel: string): Promise<Response | null> => {
  const file = path.join(distDir, rel);
  const s = await fileStat(file);
  if (!s) return null;
  const headers = {
    'Cache-Control': cacheControl(rel),
    ETag: `W/"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"`,
    Vary: 'Accept-Encoding',
  };
  if (c.req.header('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers });
  const res = await serveStatic<AppEnv>({ path: file, precompressed: true })(c, async () => {});
  if (!res) return null;
  for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
  return res;
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
