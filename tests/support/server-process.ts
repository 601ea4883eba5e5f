/**
 * The server as its own process, run as `npm start` and `npm run serve` run it (the server bundle
 * with its Node flags, scripts/server-bundle.mjs; docs/decisions/0032-the-server-runs-as-one-bundle.md),
 * for the tests of start-up, crashes and several processes on one database
 * (docs/decisions/0004-testing-strategy.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ENV, buildServer, serverNodeFlags } from '../../scripts/server-bundle.mjs';

/** The bundle these tests run, built once a test file from the current sources. */
let bundle: string | undefined;

export interface ServerProcess {
  child: ChildProcess;
  /** Its exit code once it has ended. */
  exit: Promise<number | null>;
  /** What it has printed so far (stdout and stderr). */
  output(): string;
}

/** Starts the server with this environment on top of the test's (`undefined` removes a variable). */
export const startServerProcess = (env: Record<string, string | undefined>): ServerProcess => {
  const childEnv: NodeJS.ProcessEnv = { ...SERVER_ENV, ...process.env, NODE_ENV: 'development', ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  bundle ??= buildServer('server-tests.mjs');
  const child = spawn(process.execPath, [...serverNodeFlags(childEnv), bundle], {
    cwd: process.cwd(),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, output: () => out };
};

/** Waits until `check` holds, polling every 100 ms; fails after `ms` saying `what`. */
export const waitFor = async (check: () => boolean, ms: number, what: () => string) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** Calls the API of a server process at `base`: JSON in, its status, headers and JSON answer out. */
export const callProcess = async (
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
) => {
  const res = await fetch(base + url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
};
