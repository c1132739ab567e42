#!/usr/bin/env node
// npm run export:submissions -- --out DIR [--since YYYY-MM-DD]
//
// Writes DIR/messages.csv, DIR/applications.csv and DIR/resumes/* (copies of the résumé
// files) from the database the server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite;
// résumés from UPLOAD_DIR, else DATA_DIR/uploads), and prints what it wrote.
// With the embedded PGlite database, stop the server first: one process at a time may
// open its folder. With PostgreSQL it can run while the API serves.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { out: { type: 'string' }, since: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.out) {
  console.log('usage: npm run export:submissions -- --out DIR [--since YYYY-MM-DD]');
  process.exit(values.help ? 0 : 1);
}
if (values.since && !/^\d{4}-\d{2}-\d{2}$/.test(values.since)) {
  console.error('--since must be a date such as 2026-11-01');
  process.exit(1);
}

// The server's modules are TypeScript: bundle the small entry below (dependencies stay in node_modules).
mkdirSync('var/.cache', { recursive: true });
const outfile = resolve('var/.cache/export-submissions.mjs');
await build({
  stdin: {
    contents: `
      export { loadConfig } from './src/server/config.ts';
      export { openDatabase } from './src/server/db/index.ts';
      export { exportSubmissions } from './src/server/export.ts';`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  outfile,
  logLevel: 'warning',
});
const { loadConfig, openDatabase, exportSubmissions } = await import(outfile);

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
