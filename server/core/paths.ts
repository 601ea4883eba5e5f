/**
 * Files the server reads beside its code, found from the project root: the nearest folder above this
 * file that holds a package.json, from the sources (`server/core/`) and from the production bundle
 * (`dist-server/main.mjs`, docs/decisions/0032-the-server-runs-as-one-bundle.md) alike.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const rootOf = (from: URL): URL => {
  for (let dir = new URL('./', from); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('package.json', dir))) return dir;
    if (dir.pathname === '/') throw new Error(`No package.json above ${fileURLToPath(from)}`);
  }
};
const root = rootOf(new URL(import.meta.url));

/** drizzle's migrations, applied at start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('server/db/migrations/', root));
/** drizzle's journal of those migrations. */
export const MIGRATIONS_JOURNAL = new URL('server/db/migrations/meta/_journal.json', root);
/** The app's package.json (its version). */
export const PACKAGE_JSON = new URL('package.json', root);
