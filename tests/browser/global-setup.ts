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
 *
 * The seed and the build run in the background while the suites before the browser suite run
 * (docs/decisions/0049-journeys-inside-the-app.md): each takes a core for
 * seconds, and waiting for them left the machine half idle at the start of every run. Their outcome
 * is a file in the suite's folder (`suiteReady`, ../support/suite-ready.ts, waits for it).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../scripts/server-bundle.mjs';
import { chromiumExecutable } from '../support/chromium';
import { FAILED_FILE, READY_FILE } from '../support/suite-ready';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built app that the browser suite's servers serve (DIST_DIR), once `suiteReady`. */
    distDir: string;
    /** A migrated and seeded demo DATA_DIR, once `suiteReady`; each server starts from a copy of it. */
    demoDataDir: string;
    /** The server bundle the suite's servers run. */
    serverBundle: string;
    /** Where the background preparation writes its outcome (../support/suite-ready.ts). */
    suiteDir: string;
  }
}

/** Runs a command to its end; throws saying how it ended and what it printed when it failed. */
const run = (what: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${out}`)),
    );
  });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  console.info(
    `[browser] journeys in ${chromiumExecutable('shell')}, those that need the desktop browser in ${chromiumExecutable('full')}`,
  );
  const suiteDir = await mkdtemp(join(tmpdir(), 'ebo-browser-suite-'));
  const outDir = join(suiteDir, 'dist');
  const dataDir = join(suiteDir, 'demo-data');
  await Promise.all([mkdir(outDir), mkdir(dataDir)]);
  const serverBundle = buildServer(`browser-suite-${process.pid}.mjs`);

  const seedEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir };
  delete seedEnv.DATABASE_URL; // the servers run on PGlite
  const seed = run(
    'The demo seed',
    process.execPath,
    ['--import', 'tsx', 'server/seed/seed-cli.ts'],
    seedEnv,
  );
  const build = async () => {
    if (process.env.SKIP_BUILD === '1') {
      const dist = join(process.cwd(), 'dist');
      if (!existsSync(join(dist, 'index.html')) || !existsSync(join(dist, 'sw.js'))) {
        throw new Error(
          'SKIP_BUILD=1 but dist/ holds no build (index.html and sw.js): run `npx vite build`.',
        );
      }
      await cp(dist, outDir, { recursive: true });
      return;
    }
    const started = Date.now();
    await run('vite build', 'npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      ...process.env,
      NODE_ENV: 'production',
    });
    if (!existsSync(join(outDir, 'sw.js'))) throw new Error(`vite build wrote no sw.js into ${outDir}`);
    console.info(`[browser] vite build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  // Each is waited for even when the other fails, so that the teardown never removes a folder
  // that one of them still writes into.
  const prepared = Promise.allSettled([seed, build()]).then((outcomes) => {
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    return failures.length
      ? writeFile(join(suiteDir, FAILED_FILE), failures.join('\n\n'))
      : writeFile(join(suiteDir, READY_FILE), '');
  });

  project.provide('distDir', outDir);
  project.provide('demoDataDir', dataDir);
  project.provide('serverBundle', serverBundle);
  project.provide('suiteDir', suiteDir);
  return async () => {
    // A run stopped early still waits for its seed and build, so none writes into a removed folder.
    await prepared;
    await Promise.all([suiteDir, serverBundle].map((path) => rm(path, { recursive: true, force: true })));
  };
}
