import { availableParallelism } from 'node:os';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { linguiMacros } from './vite.config';

const alias = { '@': new URL('./src', import.meta.url).pathname };
const usePostgres = Boolean(process.env.DATABASE_URL);
/**
 * The server suites share a worker's modules across files (docs/decisions/0040-server-files-share-their-modules.md):
 * each file builds its own app on its own database, and no server module keeps state of a test's
 * between files: importing the server again per file bought nothing and cost 37% of the CPU.
 */
const serverIsolate = false;

/** Server tests of the embedded database itself (they open PGlite, not the suite's database). */
const EMBEDDED_ONLY = [
  'server/db/pglite-thread.test.ts',
  'server/db/upkeep.test.ts',
  'server/seed/demo-events.test.ts',
];

/**
 * Timeouts end hangs; they do not time tests. They are set for a machine three times slower than
 * the one the suites were timed on: the workplace's two-core machines ran the same commit's
 * `npm test` in 650 s one day and 1,988 s another, where two server files passed their timeouts
 * (docs/decisions/0086-test-limits-for-the-slowest-machine.md).
 */
const SLOWER = 3;
const seconds = (s: number) => s * 1000 * SLOWER;

/** Files at once: a file more than the cores for every suite (docs/decisions/0049-journeys-inside-the-app.md). */
const cores = Math.max(2, availableParallelism());

/**
 * The suites (docs/architecture.md §7), one after another (`npm test` is scripts/test.mjs), the
 * browser suite last:
 * - unit: app units and components in happy-dom;
 * - server: the real Hono app in-process on PGlite (and again on PostgreSQL when DATABASE_URL is set);
 * - browser: Debian Chromium through playwright-core against the built app and the real server.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // The default output, then where the run's time went (the slowest files first).
    reporters: ['default', './tests/support/timing-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, and every file
    // one after another (docs/decisions/0038-every-check-in-minutes.md). A worker more than the
    // cores: a file that waits (a process starting, a lock expiring) leaves its core to another
    // (docs/decisions/0049-journeys-inside-the-app.md).
    maxWorkers: cores + 1,
    projects: [
      {
        plugins: [react(), linguiMacros(), lingui()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/templates.ts'],
          env: { TEST_DB: 'pglite' },
          isolate: serverIsolate,
          testTimeout: seconds(30),
          hookTimeout: seconds(60),
        },
      },
      ...(usePostgres
        ? [
            {
              resolve: { alias },
              test: {
                name: 'server-postgres',
                environment: 'node',
                include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
                // Generated input and the authorization matrix do not depend on the database: on
                // PGlite only (docs/decisions/0028-ci-within-thirty-minutes.md).
                exclude: [
                  ...configDefaults.exclude,
                  'tests/server/fuzz.test.ts',
                  'tests/server/matrix.test.ts',
                  // The embedded database's own tests open PGlite whatever TEST_DB says: run once.
                  ...EMBEDDED_ONLY,
                ],
                globalSetup: ['tests/setup/templates.ts'],
                env: { TEST_DB: 'postgres' },
                isolate: serverIsolate,
                testTimeout: seconds(30),
                hookTimeout: seconds(60),
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          // A worker's files share its modules and its Chromium; each file has its own server and
          // each journey its own context (docs/decisions/0044-browser-files-share-a-worker.md).
          isolate: false,
          testTimeout: seconds(90),
          hookTimeout: seconds(180),
          // After the other suites, a file more than the cores: a browser file waits on its pages
          // as much as it computes, and the third file fills those waits (460–473 s → 428 s,
          // docs/decisions/0043-journeys-from-a-kept-session.md).
          maxWorkers: cores + 1,
          sequence: { groupOrder: 1 },
          // A page on a busy machine may take more than vitest's default second to show what is polled for.
          expect: { poll: { timeout: 5_000 } },
          // A journey that fails is run once more (docs/architecture.md §7): about once a full run a
          // signed-in page has not shown its shell within 30 s on this two-core machine, a cause not
          // found yet; the first failure is still reported, with what the page showed.
          retry: 1,
        },
      },
    ],
  },
});
