/**
 * Builds the app once before the browser suite (`npx vite build`); SKIP_BUILD=1 reuses dist/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function setup(): void {
  const dist = join(process.cwd(), 'dist');
  if (process.env.SKIP_BUILD === '1') {
    if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'sw.js'))) {
      throw new Error('SKIP_BUILD=1 but dist/ holds no build (index.html and sw.js): run `npx vite build`.');
    }
    return;
  }
  const started = Date.now();
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  console.info(`[browser] vite build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
