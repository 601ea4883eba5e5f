/**
 * Files the server reads beside its code, found from the project root: one folder up from this file,
 * and one folder up from the production bundle as well (`dist-server/main.mjs`,
 * docs/decisions/0032-the-server-runs-as-one-bundle.md), so both find the same files.
 */
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);

/** drizzle's migrations, applied at start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('server/db/migrations/', root));
/** drizzle's journal of those migrations. */
export const MIGRATIONS_JOURNAL = new URL('server/db/migrations/meta/_journal.json', root);
/** The app's package.json (its version). */
export const PACKAGE_JSON = new URL('package.json', root);
