import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes the one set of migrations used by PGlite and PostgreSQL alike. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
