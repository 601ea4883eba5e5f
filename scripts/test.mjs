#!/usr/bin/env node
/**
 * `npm test`: every suite, as two `vitest run`s side by side (docs/decisions/0039-two-runs-side-by-side.md).
 * A browser file keeps more than one core busy (Chromium, the app's server, the worker): the browser
 * suite runs with half the cores, the unit and server suites beside it in a second vitest with the
 * rest (tests/setup/workers.mjs; one file each on two cores), so both cores stay busy without
 * thrashing. One vitest cannot do it: it runs groups of projects one after another.
 *
 * With arguments it is one plain `vitest run <arguments>` (`npm test -- tests/server/bulk.test.ts`).
 * A whole run's wall time is printed against `tests` in bench/budgets.json; under CI, a run past its
 * ceiling fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverWorkers } from '../tests/setup/workers.mjs';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const args = process.argv.slice(2);

/** Runs `vitest run …`; with a label, each line of its output is printed with the label in front. */
const run = (vitestArgs, label) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...vitestArgs], {
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: label ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } : process.env,
    });
    children.push(child);
    if (label)
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ])
        createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const children = [];
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

if (args.length) {
  process.exitCode = await run(args);
} else {
  const started = Date.now();
  const servers = ['unit', 'server', ...(process.env.DATABASE_URL ? ['server-postgres'] : [])];
  const codes = await Promise.all([
    run(['--project', 'browser'], 'browser'),
    run([...servers.flatMap((p) => ['--project', p]), `--maxWorkers=${serverWorkers}`], 'server'),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const { tests: budget } = JSON.parse(
    readFileSync(new URL('../bench/budgets.json', import.meta.url), 'utf8'),
  );
  const over = seconds > budget.ceilingSeconds;
  console.info(
    `\nEvery suite: ${seconds.toFixed(1)} s of wall time; budget ${budget.budgetSeconds} s, ceiling ` +
      `${budget.ceilingSeconds} s (bench/budgets.json "tests")${over ? ': PAST THE CEILING' : ''}`,
  );
  if (over && process.env.CI)
    console.error(
      'The test run grew past its ceiling: find the newcomer among the slowest files printed above and make it faster.',
    );
  process.exitCode = codes.some((code) => code !== 0) || (over && process.env.CI) ? 1 : 0;
}
