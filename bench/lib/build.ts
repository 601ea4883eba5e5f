/**
 * The bench measures the current source: it builds the app with Vite's manifest into
 * bench/.cache/dist (BENCH_DIST=<dir> reuses a build made elsewhere, which must hold .vite/manifest.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CACHE_DIR = resolve('bench', '.cache');

export function buildApp(outDir = join(CACHE_DIR, 'dist')): { distDir: string; seconds: number } {
  if (process.env.BENCH_DIST) return { distDir: resolve(process.env.BENCH_DIST), seconds: 0 };
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0 || !existsSync(join(outDir, '.vite', 'manifest.json')))
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return { distDir: outDir, seconds: (Date.now() - started) / 1000 };
}
