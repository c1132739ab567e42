// A test run's embedded database template: one PGlite folder migrated and seeded, made once by `npm test`
// (scripts/test.mjs) before the steps that start built servers, copied into the DATA_DIR of each server
// they start on a fresh embedded database (the end-to-end server, the fault tests', the benches'), and
// removed when the run ends. A fresh embedded database runs PGlite's initdb, the migrations and the seed:
// about half of a start's CPU (docs/testing.md#ci-time). The copy is the database a fresh start makes:
// the same code makes it (openDatabase, seedIfEmpty), and tests/api/foundation.test.ts holds the API
// tests' template to a fresh database, column by column and row by row. Outside a test run there is no
// template and every start makes its own database, as before. A server started with its own news
// (NEWS_SNAPSHOT_DIR) or on PostgreSQL never takes the template.
//
//   node scripts/lib/database-template.mjs into DIR   copy the template into DIR/pglite, if there is one
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The template's data folder (it holds pglite/ as a DATA_DIR does). */
export const TEMPLATE_DIR = resolve(project, 'var/test-template');

/** Makes the template anew (a template of an earlier run is never used: its migrations may have changed since). */
export async function makeDatabaseTemplate() {
  removeDatabaseTemplate();
  const { importServerModules } = await import('./server-modules.mjs');
  const m = await importServerModules('database-template', { 'src/server/db/index.ts': 'openDatabase', 'src/server/db/seed.ts': 'seedIfEmpty' });
  const staging = `${TEMPLATE_DIR}.making`;
  rmSync(staging, { recursive: true, force: true });
  const database = await m.openDatabase({ dataDir: staging });
  try {
    await m.seedIfEmpty(database.db);
  } finally {
    await database.close();
  }
  renameSync(staging, TEMPLATE_DIR);
}

export function removeDatabaseTemplate() {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}

/**
 * Copies the template into `dataDir` when there is one and `dataDir` holds no database yet.
 * @returns {boolean} whether it did
 */
export function databaseFromTemplate(dataDir) {
  const from = join(TEMPLATE_DIR, 'pglite');
  const to = join(resolve(dataDir), 'pglite');
  if (!existsSync(from) || existsSync(to)) return false;
  mkdirSync(resolve(dataDir), { recursive: true });
  cpSync(from, to, { recursive: true });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command !== 'into' || !dir) {
    console.error('usage: node scripts/lib/database-template.mjs into DIR');
    process.exit(2);
  }
  databaseFromTemplate(dir);
}
