/**
 * The server as it runs for users (docs/decisions/0032-the-server-runs-as-one-bundle.md): esbuild
 * bundles `server/main.ts` and the contract it imports into one ES module in `dist-server/`
 * (packages stay in node_modules), and Node runs it with SERVER_NODE_FLAGS. `npm start`, the browser
 * suite, the server-process tests and the bench all start it so (`npm run serve` too); `npm run dev` runs
 * the sources through tsx.
 *
 *   node scripts/server-bundle.mjs    builds the bundle
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundle's folder: one below the root, as `server/core/paths.ts` expects. */
const OUT_DIR = new URL('../dist-server/', import.meta.url);

/**
 * Node's flags for a server started with the environment `env`. On the embedded database (no
 * `DATABASE_URL`), a young generation of 8 MB semi-spaces instead of V8's default (16 MB and more):
 * less memory for an idle server and under load, for more frequent minor collections
 * (docs/decisions/0093-the-embedded-database-server-young-generation.md; 2 MB until then, ADR 0032).
 * On PostgreSQL the server keeps V8's default young generation: the small one spent a fifth of the
 * server's thread on collections under the mix, and the default took 17 % off its CPU per request
 * (ADR 0032). The old generation may grow to 1.5 times what the last full collection left on the
 * embedded database, twice on PostgreSQL (V8 chooses up to about four times by itself): there the
 * server's and the database thread's heaps share the budget, and an import's burst of garbage grew
 * them past it (docs/decisions/0033-the-embedded-database-on-its-own-thread.md,
 * docs/decisions/0079-memory-of-an-import-burst.md).
 */
export const serverNodeFlags = (env) => [
  ...(env.DATABASE_URL
    ? ['--heap-growing-percent=100']
    : ['--max-semi-space-size=8', '--heap-growing-percent=50']),
];

/**
 * The server's environment beside the caller's. One malloc arena: glibc gives each thread that
 * allocates its own arena; with the embedded database on a thread of its own
 * (docs/decisions/0033-the-embedded-database-on-its-own-thread.md) that kept about 25 MB more
 * resident, idle and under load, and bought no speed that we could measure. A fixed mmap threshold
 * of 128 KB: glibc otherwise raises it to the largest block freed (an uploaded file's 6 MB), and
 * every buffer below that (the messages to the database thread) then comes from the one heap, which
 * it cannot give back; an import of 100,000 rows left 90 MB more there
 * (docs/decisions/0079-memory-of-an-import-burst.md).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * Builds the bundle (about half a second) and answers its path: `dist-server/main.mjs`, or another
 * name in that folder (the browser suite, the process tests and the bench build their own, which no
 * other build replaces under them).
 */
export const buildServer = (name = 'main.mjs') => {
  // The embedded database's worker thread (server/db/pglite-thread.ts) runs from its own file beside.
  bundle('server/db/pglite-worker.ts', 'pglite-worker.mjs');
  return bundle('server/main.ts', name);
};

const bundle = (entry, name) => {
  const outfile = fileURLToPath(new URL(name, OUT_DIR));
  const { outputFiles } = buildSync({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  // Written beside, then renamed: instances started together never load a half-written bundle.
  const part = `${outfile}.${process.pid}.part`;
  mkdirSync(fileURLToPath(OUT_DIR), { recursive: true });
  writeFileSync(part, outputFiles[0].contents);
  renameSync(part, outfile);
  return outfile;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) buildServer();
