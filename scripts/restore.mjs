#!/usr/bin/env node
// npm run restore -- FILE [--into DIR | DATABASE_URL] [--force]
//
// Restores an archive of "npm run backup" (src/backup/). The archive is checked whole first: a
// truncated or altered one is refused and nothing is touched. A target that holds anything is
// refused unless --force (which replaces it). The target: --into DIR (an embedded PGlite site in
// DIR: DIR/pglite, DIR/uploads, DIR/files/news, DIR/outbox), or a postgres:// URL, or else the
// site's own configuration (DATABASE_URL or DATA_DIR, UPLOAD_DIR, OUTBOX_DIR). An archive from
// PGlite restores into PostgreSQL and back. The migrations of this release newer than the archive
// run after its rows are loaded. Prints what was restored against the manifest. An archive encrypted
// with age (backup --encrypt) is decrypted with BACKUP_AGE_IDENTITY (AGE-SECRET-KEY-1…).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importServerModules } from './lib/server-modules.mjs';

const USAGE = 'usage: npm run restore -- FILE [--into DIR | DATABASE_URL] [--force]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { into: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [file, url] = positionals;
if (!file || positionals.length > 2) {
  console.error(`say which archive to restore\n${USAGE}`);
  process.exit(1);
}
if (url && values.into) {
  console.error(`give either --into DIR or a DATABASE_URL, not both\n${USAGE}`);
  process.exit(1);
}
if (url && !/^postgres(ql)?:\/\//.test(url)) {
  console.error(`"${url}" is not a postgres:// URL\n${USAGE}`);
  process.exit(1);
}
const m = await importServerModules('restore', {
  'src/server/config.ts': 'loadConfig',
  'src/backup/backup.ts': 'restoreBackup, siteFolders',
  'src/backup/archive.ts': 'ArchiveError',
  'src/backup/report.ts': 'describeRestore',
});
const env = { ...process.env, LOG_LEVEL: 'error' };
if (values.into) {
  // a site of its own in DIR: its database and its folders there
  Object.assign(env, { DATA_DIR: resolve(values.into), DATABASE_URL: '', UPLOAD_DIR: '', OUTBOX_DIR: '' });
  for (const k of ['DATABASE_URL', 'UPLOAD_DIR', 'OUTBOX_DIR']) delete env[k];
}
if (url) env.DATABASE_URL = url;
const config = m.loadConfig(env);
let archive;
try {
  archive = readFileSync(resolve(file));
} catch (error) {
  console.error(`restore: cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  process.exit(1);
}
try {
  const report = await m.restoreBackup({
    archive: new Uint8Array(archive),
    target: { databaseUrl: config.databaseUrl, dataDir: config.dataDir, folders: m.siteFolders(config) },
    force: values.force,
    identity: process.env.BACKUP_AGE_IDENTITY,
  });
  console.log(m.describeRestore(report));
} catch (error) {
  console.error(error instanceof m.ArchiveError ? `restore refused: ${error.message}` : `restore failed: ${error?.message ?? error}`);
  process.exit(1);
}
