/**
 * `npm run knip` (part of `npm run validate`): unused files, exports, types and dependencies.
 * Entries are what runs: the app, the server, the service worker, the scripts, the bench and the tests.
 */
import { defineConfig } from 'knip/config';

export default defineConfig({
  entry: [
    'src/routes/**/*.tsx',
    // The server: bundled by scripts/server-bundle.mjs from this entry.
    'server/main.ts',
    // The embedded database's worker thread, started by server/db/pglite-thread.ts from its path.
    'server/db/pglite-worker.ts',
    'scripts/*.{mjs,ts}',
    'bench/{seed,table}.ts',
    'bench/page/*.ts',
    'tests/**/*.ts',
    '**/*.test.{ts,tsx}',
  ],
  project: ['{src,server,sw,scripts,bench,tests}/**/*.{ts,tsx,mjs}'],
  // Tailwind is imported by src/styles.css (`@import 'tailwindcss'`), which knip does not read; the
  // Redocly CLI is run by scripts/openapi-lint.ts through its binary's path.
  ignoreDependencies: ['tailwindcss', '@redocly/cli'],
  // Debian programs the bench, the icon script and the push test double call.
  ignoreBinaries: ['psql', 'pngquant', 'openssl'],
});
