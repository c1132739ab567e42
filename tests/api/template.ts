import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db';
import { seedIfEmpty } from '../../src/server/db/seed';

/**
 * The API tests' database template (vitest's globalSetup of the api project): one database migrated
 * and seeded once per run, which every harness then copies (tests/api/harness.ts) instead of
 * migrating and seeding its own. On PGlite a dump of the data folder, loaded by each harness
 * (an empty PGlite runs initdb, seconds each time); on PostgreSQL (TEST_DATABASE_URL) a database
 * that `CREATE DATABASE … TEMPLATE` copies. The copy is the same database a fresh migrate and seed
 * makes: tests/api/foundation.test.ts compares the two.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of the PGlite dump (PGlite runs). */
    pgliteTemplate: string;
    /** The name of the template database (PostgreSQL runs). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `api_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.href, dataDir: ':memory:' });
    try {
      await seedIfEmpty(database.db);
    } finally {
      await database.close();
    }
    // a template is copied only while nobody is connected to it, and no test connects to this one
    await adminQuery(admin, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    project.provide('postgresTemplate', name);
    console.log(`API tests: template database ${name} migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return async () => {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const database = await openDatabase({ dataDir: ':memory:' });
  let dump: Blob;
  try {
    await seedIfEmpty(database.db);
    if (!database.pglite) throw new Error('not a PGlite database');
    dump = await database.pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const folder = resolve(`var/test-template-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  const file = resolve(folder, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  console.log(`API tests: template database migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return () => rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(connectionString: string, statement: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
