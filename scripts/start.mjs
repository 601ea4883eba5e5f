#!/usr/bin/env node
/**
 * `npm start`: builds the app when no build is present (or the sources are newer than the build),
 * then bundles the API server and runs it (scripts/server-bundle.mjs): one process that serves the
 * app under /admin/ and the API under /api/ on one port. `npm run serve` (--server-only) does the
 * same without building the app.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENV, buildServer, serverNodeFlags } from './server-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'index.html');

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const stale = () => {
  if (!existsSync(built)) return true;
  const sources = ['src', 'sw', 'public'].map((d) => join(root, d)).filter(existsSync);
  const inputs = Math.max(...sources.map(newest), statSync(join(root, 'index.html')).mtimeMs);
  return inputs > statSync(built).mtimeMs;
};

// `npm run serve` (--server-only): the server alone, serving the build that is there.
const serverOnly = process.argv.includes('--server-only');

if (!serverOnly && process.env.SKIP_BUILD !== '1' && stale()) {
  console.info('Building the app (first start, or sources changed)…');
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const env = { ...SERVER_ENV, ...process.env };
const child = spawn(process.execPath, [...serverNodeFlags(env), buildServer()], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
