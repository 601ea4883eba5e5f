/**
 * Builds the app once for the browser suite into a private directory, so that a build running
 * elsewhere in the tree (which empties dist/) cannot pull files from under the running servers.
 * SKIP_BUILD=1 reuses the existing dist/ (copied). The servers get the directory as DIST_DIR.
 *
 * Seeds one demo database (`npm run db:seed` into a private DATA_DIR) that each test file's server
 * starts from a copy of: a fresh database per file without migrating and seeding 31 times (about 6 s
 * a file on two cores; docs/decisions/0028-ci-within-thirty-minutes.md).
 *
 * Bundles the server as `npm start` does (scripts/server-bundle.mjs), under a name of its own: every
 * file's server runs the code users run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/server-bundle.mjs';
import { chromiumExecutable } from '../support/chromium';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app that the browser suite's servers serve (DIST_DIR). */
    distDir: string;
    /** A migrated and seeded demo DATA_DIR; each server starts from a copy of it. */
    demoDataDir: string;
    /** The server bundle the suite's servers run. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  console.info(
    `[browser] journeys in ${chromiumExecutable('shell')}, those that need the desktop browser in ${chromiumExecutable('full')}`,
  );
  const [outDir, dataDir] = await Promise.all([
    mkdtemp(join(tmpdir(), 'ebo-dist-')),
    mkdtemp(join(tmpdir(), 'ebo-demo-data-')),
  ]);
  const serverBundle = buildServer(`browser-suite-${process.pid}.mjs`);
  const teardown = () =>
    Promise.all(
      [outDir, dataDir, serverBundle].map((path) => rm(path, { recursive: true, force: true })),
    ).then(() => {});
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir };
    delete env.DATABASE_URL; // the servers run on PGlite
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed/seed-cli.ts'], {
      cwd: process.cwd(),
      env,
      encoding: 'utf8',
    });
    if (seed.status !== 0)
      throw new Error(`The demo seed failed (exit ${seed.status}):\n${seed.stdout}\n${seed.stderr}`);
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
  project.provide('demoDataDir', dataDir);
  project.provide('serverBundle', serverBundle);
  return teardown;
}
