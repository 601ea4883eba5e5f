/**
 * Builds the app once for the browser suite into a private directory, so that a build running
 * elsewhere in the tree (which empties dist/) cannot pull files from under the running servers.
 * SKIP_BUILD=1 reuses the existing dist/ (copied). The servers get the directory as DIST_DIR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app that the browser suite's servers serve (DIST_DIR). */
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outDir = await mkdtemp(join(tmpdir(), 'ebo-dist-'));
  const teardown = () => rm(outDir, { recursive: true, force: true });
  try {
    if (process.env.SKIP_BUILD === '1') {
      const dist = join(process.cwd(), 'dist');
      if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'sw.js'))) {
        throw new Error(
          'SKIP_BUILD=1 but dist/ holds no build (index.html and sw.js): run `npx vite build`.',
        );
      }
      await cp(dist, outDir, { recursive: true });
    } else {
      const started = Date.now();
      const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: process.cwd(),
        env: { ...process.env, NODE_ENV: 'production' },
        encoding: 'utf8',
      });
      if (result.status !== 0 || !existsSync(join(outDir, 'sw.js'))) {
        throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
      }
      console.info(`[browser] vite build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('distDir', outDir);
  return teardown;
}
