/**
 * First-load size budgets (docs/decisions/0010-signed-in-first-load.md): the gzip JS and CSS of the login page and of the signed-in
 * dashboard, from Vite's manifest, against bench/budgets.json. Sizes are deterministic, so this runs
 * in `npm test`. It reads dist/ when dist/.vite/manifest.json is newer than the sources; otherwise it
 * builds once into a temporary directory (about 10 s).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBudgets } from '../../bench/lib/budgets';
import { MANIFEST_PATH, pageSize, readManifest, type Manifest } from '../../bench/lib/bundle';

const newestMtime = (path: string): number => {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newestMtime(join(path, name))), s.mtimeMs);
};

/** dist/ when its manifest is newer than everything the build reads. */
const freshDist = (): string | null => {
  const manifest = join('dist', MANIFEST_PATH);
  if (!existsSync(manifest)) return null;
  const inputs = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'].filter((p) =>
    existsSync(p),
  );
  const newest = Math.max(...inputs.map(newestMtime));
  return statSync(manifest).mtimeMs > newest ? 'dist' : null;
};

let distDir = '';
let manifest: Manifest;
let tempDir: string | null = null;
const budgets = readBudgets();

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') return;
  const fresh = freshDist();
  if (fresh) distDir = fresh;
  else {
    tempDir = await mkdtemp(join(tmpdir(), 'ebo-size-'));
    const result = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', tempDir, '--emptyOutDir'], {
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
    distDir = tempDir;
  }
  manifest = readManifest(distDir);
}, 180_000);

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

// Sizes do not depend on the database: the PostgreSQL run of the server project skips them.
describe.skipIf(process.env.TEST_DB === 'postgres')('first-load size budgets (bench/budgets.json)', () => {
  it.each(Object.entries(budgets.pages))('%s: gzip JS and CSS within the committed ceiling', (name, page) => {
    const size = pageSize(distDir, manifest, page.modules);
    const files = size.js.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');
    expect(size.js.length, 'the page loads some JavaScript').toBeGreaterThan(0);
    expect(size.total.jsGzip, `${name} JS gzip ${kb(size.total.jsGzip)}: ${files}`).toBeLessThanOrEqual(
      page.ceiling.jsGzip,
    );
    expect(size.total.cssGzip, `${name} CSS gzip ${kb(size.total.cssGzip)}`).toBeLessThanOrEqual(
      page.ceiling.cssGzip,
    );
  });

  it('ceilings never allow more than the issue budget once a page meets it', () => {
    for (const [name, page] of Object.entries(budgets.pages)) {
      const size = pageSize(distDir, manifest, page.modules);
      if (size.total.jsGzip <= page.budget.jsGzip)
        expect(page.ceiling.jsGzip, `${name} meets its budget: lower its ceiling to it`).toBeLessThanOrEqual(
          page.budget.jsGzip,
        );
    }
  });

  it('the entry is compressed by more than half (the server sends gzip/brotli)', () => {
    const size = pageSize(distDir, manifest, ['index.html']);
    expect(size.total.jsGzip).toBeLessThan(size.total.jsRaw / 2);
    expect(size.total.jsBrotli).toBeLessThanOrEqual(size.total.jsGzip);
  });

  it('the build writes the .br and .gz twins the server sends (server/http/static.ts)', () => {
    const { js, css } = pageSize(distDir, manifest, ['index.html']);
    const files = ['index.html', ...[...js, ...css].filter((f) => f.raw >= 1024).map((f) => f.file)];
    for (const file of files) {
      const original = readFileSync(join(distDir, file));
      expect(brotliDecompressSync(readFileSync(join(distDir, `${file}.br`))).equals(original), file).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(join(distDir, `${file}.gz`))).equals(original), file).toBe(true);
    }
  });
});
