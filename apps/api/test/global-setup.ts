import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOptions } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export const TEMPLATE_DB = 'cabdesk_test_template';

/**
 * Migrates one template database for the whole run. Tests copy it: PGlite via
 * a dumped data directory, PostgreSQL via CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', TEMPLATE_DB);
    project.provide('pgliteTemplate', '');
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), 'cabdesk-template-'));
  const pglite = await PGlite.create(pgliteOptions);
  const database = await openDatabase({ pglite });
  await database.migrate();
  // The tests use the one database; without template0 and template1 the data
  // directory has half its files (616 of 1,227), and each test's PGlite starts
  // from it about 150 ms sooner (unpacking it is most of a start).
  for (const name of ['template0', 'template1']) {
    await pglite.exec(`update pg_database set datistemplate = false where datname = '${name}'`);
    await pglite.exec(`drop database ${name}`);
  }
  await pglite.exec('checkpoint');
  const dump = await pglite.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
