/**
 * Global setup of the server suites: the folder and the name of this run's database templates
 * (tests/setup/db.ts), and their removal at the end: the template files with the folder, the
 * PostgreSQL template databases by their run's prefix.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its PGlite templates. */
    templateDir: string;
    /** This run's part of the template databases' names. */
    templateRun: string;
  }
}

const dropTemplates = async (run: string) => {
  if (!process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'ebo\\_tpl\\_' || $1 || '\\_%'",
      [run],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
};

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ebo-templates-'));
  const run = randomBytes(4).toString('hex');
  project.provide('templateDir', dir);
  project.provide('templateRun', run);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    await dropTemplates(run);
  };
}
