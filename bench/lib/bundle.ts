/**
 * What a page of the built app loads, from Vite's manifest (`dist/.vite/manifest.json`, `build.manifest`):
 * the entry (`index.html`) and the page's lazy modules, each with its static imports, and their sizes
 * raw, gzip (level 9) and brotli (quality 9), as the build compresses them for the server (vite.config.ts).
 * Sizes are deterministic, so the size-budget test reads them; the bench adds a real Chromium load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
export interface PageSize {
  js: FileSize[];
  css: FileSize[];
  total: {
    jsRaw: number;
    jsGzip: number;
    jsBrotli: number;
    cssRaw: number;
    cssGzip: number;
    cssBrotli: number;
  };
}

export const MANIFEST_PATH = join('.vite', 'manifest.json');

export const readManifest = (distDir: string): Manifest => {
  const file = join(distDir, MANIFEST_PATH);
  if (!existsSync(file)) throw new Error(`${file} is missing: build with build.manifest enabled.`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
};

const sizeCache = new Map<string, FileSize>();
export const fileSize = (distDir: string, file: string): FileSize => {
  const key = join(distDir, file);
  let out = sizeCache.get(key);
  if (!out) {
    const data = readFileSync(key);
    out = {
      file,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length,
    };
    sizeCache.set(key, out);
  }
  return out;
};

/** The manifest keys a page loads: the given modules and, transitively, their static imports. */
export const closure = (manifest: Manifest, modules: readonly string[]): string[] => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build has no module "${key}" (see bench/budgets.json).`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  return [...seen];
};

/** The JS and CSS files of a page that loads `modules` (manifest keys), with their sizes. */
export const pageSize = (distDir: string, manifest: Manifest, modules: readonly string[]): PageSize => {
  const keys = closure(manifest, modules);
  const js = [...new Set(keys.map((k) => manifest[k]!.file))].map((f) => fileSize(distDir, f));
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].map((f) => fileSize(distDir, f));
  const sum = (list: FileSize[], k: keyof Omit<FileSize, 'file'>) => list.reduce((a, f) => a + f[k], 0);
  return {
    js,
    css,
    total: {
      jsRaw: sum(js, 'raw'),
      jsGzip: sum(js, 'gzip'),
      jsBrotli: sum(js, 'brotli'),
      cssRaw: sum(css, 'raw'),
      cssGzip: sum(css, 'gzip'),
      cssBrotli: sum(css, 'brotli'),
    },
  };
};

/** The manifest key whose output file is `file` (an asset path such as `assets/x-123.js`). */
export const keyOfFile = (manifest: Manifest, file: string): string | undefined =>
  Object.entries(manifest).find(([, c]) => c.file === file)?.[0];
