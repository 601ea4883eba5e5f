#!/usr/bin/env node
/**
 * `npm run dev`: the API server (restarting on change, tsx watch) and the Vite dev server with hot
 * reload, which proxies /api to it. Open the URL Vite prints (…/admin/).
 */
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (args, env = {}) =>
  spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

const api = run(['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: process.env.API_PORT ?? '3000',
});
const web = run(['node_modules/vite/bin/vite.js']);
const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
api.on('exit', stop);
web.on('exit', (code) => {
  stop();
  process.exit(code ?? 0);
});
