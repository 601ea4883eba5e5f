import path from 'node:path';
import type { ProcessSettings } from '../core/config';
import { openPglite, openPostgres, type Database } from './client';

/** The configured database: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export const openConfiguredDatabase = (settings: ProcessSettings): Promise<Database> =>
  settings.databaseUrl
    ? openPostgres(settings.databaseUrl, settings.dbConnectTimeoutMs)
    : openPglite(path.join(settings.dataDir, 'pglite'), {
        cacheMb: settings.pgliteCacheMb,
        thread: settings.pgliteThread,
      });

/** A connection string without its password, for printing. */
export const redactUrl = (url: string) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the DATABASE_URL';
  }
};
