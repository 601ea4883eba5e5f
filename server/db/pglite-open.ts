/**
 * Opening PGlite on the calling thread, as the server's worker thread does (server/db/pglite-worker.ts)
 * and as the tests do in-process: its options, and its statements run prepared.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { prepareStatements } from './pglite-prepared';

/**
 * PGlite in `dataDir` (in memory when undefined) with a buffer cache of `cacheMb`, ready, its
 * statements prepared; started from `from` (a dump of another one's data directory) when given.
 */
export const openPgliteHere = async (
  dataDir: string | undefined,
  cacheMb: number,
  from?: Blob,
): Promise<PGlite> => {
  const options = {
    // pg_trgm: the trigram index of the booking search (the migration creates the extension).
    extensions: { pg_trgm },
    postgresqlconf: [`shared_buffers = ${cacheMb}MB`],
    ...(from ? { loadDataDir: from } : {}),
  };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  prepareStatements(pglite);
  return pglite;
};
