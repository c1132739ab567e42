#!/usr/bin/env node
// npm run export:submissions -- --out DIR [--since YYYY-MM-DD]
//
// Writes DIR/messages.csv, DIR/applications.csv and DIR/resumes/* (copies of the résumé
// files) from the database the server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite;
// résumés from UPLOAD_DIR, else DATA_DIR/uploads), and prints what it wrote.
// With the embedded PGlite database, stop the server first: one process at a time may
// open its folder. With PostgreSQL it can run while the API serves.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importServerModules } from './lib/server-modules.mjs';

const { values } = parseArgs({ options: { out: { type: 'string' }, since: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.out) {
  console.log('usage: npm run export:submissions -- --out DIR [--since YYYY-MM-DD]');
  process.exit(values.help ? 0 : 1);
}
if (values.since && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) {
  console.error('--since must be a date such as 2026-11-01');
  process.exit(1);
}

const { loadConfig, openDatabase, exportSubmissions } = await importServerModules('export-submissions', {
  'src/server/config.ts': 'loadConfig',
  'src/server/db/index.ts': 'openDatabase',
  'src/server/export.ts': 'exportSubmissions',
});

const config = loadConfig();
const database = await openDatabase(config);
try {
  const out = resolve(values.out);
  const result = await exportSubmissions({ db: database.db, uploadDir: config.forms.uploadDir, out, since: values.since ? new Date(`${values.since}T00:00:00Z`) : undefined });
  console.log(`${result.messages} messages -> ${out}/messages.csv`);
  console.log(`${result.applications} applications -> ${out}/applications.csv, ${result.files} résumés -> ${out}/resumes/`);
  for (const file of result.missingFiles) console.warn(`missing résumé file: ${file}`);
} finally {
  await database.close();
}
