#!/usr/bin/env node
/**
 * `npm test`: every suite in one `vitest run` (docs/decisions/0042-suites-one-after-another-on-every-core.md):
 * the unit and server suites (PostgreSQL too when `DATABASE_URL` is set) on every core, then the
 * browser suite, a file more than the cores (`vitest.config.ts`).
 *
 * With arguments it is `vitest run <arguments>` (`npm test -- tests/server/bulk.test.ts`). A whole
 * run's wall time is printed against `tests` in bench/budgets.json, with the rate at which the
 * machine fills new memory (0.29 GB/s on the machine where the same commit's run took three times as
 * long: docs/decisions/0086-test-limits-for-the-slowest-machine.md); under CI, a run past its
 * ceiling fails.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const args = process.argv.slice(2);

/**
 * GB/s at which this machine gives a process new memory and fills it (64 MiB, fresh pages each
 * time, the best of five): each page is a fault the machine serves, slow on some machines.
 */
const freshMemoryRate = () => {
  const size = 64 * 1024 * 1024;
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const at = process.hrtime.bigint();
    Buffer.allocUnsafeSlow(size).fill(i + 1);
    best = Math.min(best, Number(process.hrtime.bigint() - at));
  }
  return size / best;
};

const started = Date.now();
const child = spawn(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) =>
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
);

let over = false;
if (!args.length) {
  const seconds = (Date.now() - started) / 1000;
  const { tests: budget } = JSON.parse(
    readFileSync(new URL('../bench/budgets.json', import.meta.url), 'utf8'),
  );
  // A run that adds the PostgreSQL suite has a ceiling of its own.
  const [ceiling, name] = process.env.DATABASE_URL
    ? [budget.postgresCeilingSeconds, 'postgresCeilingSeconds']
    : [budget.ceilingSeconds, 'ceilingSeconds'];
  over = seconds > ceiling;
  console.info(
    `\nEvery suite: ${seconds.toFixed(1)} s of wall time, new memory filled at ${freshMemoryRate().toFixed(2)} GB/s; budget ${budget.budgetSeconds} s, ceiling ` +
      `${ceiling} s (bench/budgets.json "tests" ${name})${over ? ': PAST THE CEILING' : ''}`,
  );
  if (over && process.env.CI)
    console.error(
      'The test run grew past its ceiling: find the newcomer among the slowest files printed above and make it faster.',
    );
}
process.exitCode = code !== 0 || (over && process.env.CI) ? 1 : 0;
