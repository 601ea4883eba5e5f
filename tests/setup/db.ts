/**
 * A fresh, migrated database for one test file: PGlite in memory, or (TEST_DB=postgres) a new
 * PostgreSQL database `ebo_test_<random>` created through DATABASE_URL and dropped on close.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../server/db/client';

export interface TestDb extends Database {
  /** The connection string of the PostgreSQL test database (null on PGlite). */
  url: string | null;
}

export const createTestDb = async (): Promise<TestDb> => {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openPglite();
    await database.migrate();
    return { ...database, url: null };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error('TEST_DB=postgres needs DATABASE_URL (a PostgreSQL server to create test databases in)');
  const name = `ebo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
};
