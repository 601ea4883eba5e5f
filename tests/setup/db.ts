/**
 * A fresh database for one test: PGlite in memory, or (TEST_DB=postgres) a new PostgreSQL database
 * `ebo_test_<random>` created through DATABASE_URL and dropped on close.
 *
 * Each starts from a template, migrated (and seeded, when `template` says how) once per test run and
 * copied for every test that asks for the same one (docs/decisions/0038-every-check-in-minutes.md):
 * PGlite loads a dump of the template's data directory, kept as a file in the run's folder
 * (tests/setup/templates.ts) so every worker builds it at most once; PostgreSQL creates the
 * database `WITH TEMPLATE` a database of the run's. Starting PGlite fresh (its initdb), migrating
 * and seeding the demo data cost 8–11 s a test server; a copy costs under one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database, type Db } from '../../server/db/client';
import { installRowTriggers } from '../../server/db/row-triggers';
import { areaTables } from '../../server/areas';

export interface TestDb extends Database {
  /** The connection string of the PostgreSQL test database (null on PGlite). */
  url: string | null;
}

/** How a template is made after the migrations: its name (what it holds) and the seeding. */
export interface Template {
  key: string;
  seed(db: Db): Promise<void>;
}

const MIGRATED: Template = { key: 'migrated', seed: async () => {} };

/** A name of the template, safe as a file and database name. */
const nameOf = (template: Template) =>
  `ebo_tpl_${inject('templateRun')}_${createHash('sha256').update(template.key).digest('hex').slice(0, 16)}`;

/* ------------------------------------------------------------------ PGlite */

/** This worker's templates, once read or built. */
const dumps = new Map<string, Promise<Blob>>();

const buildDump = async (template: Template): Promise<Blob> => {
  const file = path.join(inject('templateDir'), `${nameOf(template)}.tar`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return new Blob([kept]);
  const database = await openPglite();
  try {
    await database.migrate();
    await installRowTriggers(database.db, areaTables());
    await template.seed(database.db);
    const dump = await database.dump!();
    // Another worker may build the same one meanwhile: each writes its own file, then renames.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await database.close();
  }
};

const pgliteFrom = async (template: Template): Promise<TestDb> => {
  if (!dumps.has(template.key)) dumps.set(template.key, buildDump(template));
  const database = await openPglite(undefined, { from: await dumps.get(template.key)! });
  return { ...database, url: null };
};

/* -------------------------------------------------------------- PostgreSQL */

const adminUrl = () => {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('TEST_DB=postgres needs DATABASE_URL (a PostgreSQL server to create test databases in)');
  return url;
};

const urlOf = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

const asAdmin = async <T>(work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The template database, built by the first worker that needs it (the others wait on its lock). */
const templateDatabase = (template: Template) =>
  asAdmin(async (admin) => {
    const name = nameOf(template);
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return name;
      await admin.query(`CREATE DATABASE ${name}`);
      const database = await openPostgres(urlOf(name));
      try {
        await database.migrate();
        await installRowTriggers(database.db, areaTables());
        await template.seed(database.db);
      } catch (err) {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        throw err;
      }
      await database.close();
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });

const templates = new Map<string, Promise<string>>();

const postgresFrom = async (template: Template): Promise<TestDb> => {
  if (!templates.has(template.key)) templates.set(template.key, templateDatabase(template));
  const source = await templates.get(template.key)!;
  const name = `ebo_test_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  const database = await openPostgres(urlOf(name));
  return {
    ...database,
    url: urlOf(name),
    close: async () => {
      await database.close();
      await asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
};

/** A new database as `template` (default: migrated, no rows) made it. */
export const createTestDb = (template: Template = MIGRATED): Promise<TestDb> =>
  process.env.TEST_DB === 'postgres' ? postgresFrom(template) : pgliteFrom(template);
