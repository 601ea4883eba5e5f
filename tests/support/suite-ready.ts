/**
 * The browser suite's seed and build run in the background while the suites before it run
 * (tests/browser/global-setup.ts); a browser file waits for them here before it starts a server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

/** Written into the suite's folder when the demo database and the build are ready. */
export const READY_FILE = 'ready';
/** Written instead when either failed, with what they printed. */
export const FAILED_FILE = 'failed';

/**
 * Longer than a seed and a build take on a busy two-core machine, and shorter than a browser file's
 * hook timeout (vitest.config.ts), so that this message is the one a stuck preparation shows.
 */
const READY_TIMEOUT_MS = 150_000;

const waited = new Map<string, Promise<void>>();

const waitFor = async (dir: string): Promise<void> => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (existsSync(join(dir, READY_FILE))) return;
    if (existsSync(join(dir, FAILED_FILE)))
      throw new Error(
        `The browser suite could not prepare:\n${readFileSync(join(dir, FAILED_FILE), 'utf8')}`,
      );
    if (Date.now() > deadline)
      throw new Error(
        `The browser suite's seed and build were not ready within ${READY_TIMEOUT_MS / 1000} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Resolves once the demo database and the build (`inject('demoDataDir')`, `inject('distDir')`) are ready. */
export const suiteReady = (): Promise<void> => {
  const dir = inject('suiteDir');
  let ready = waited.get(dir);
  if (!ready) {
    ready = waitFor(dir);
    waited.set(dir, ready);
  }
  return ready;
};
