#!/usr/bin/env node
// npm run backup -- --out FILE [--encrypt]
//
// One archive with everything the site cannot rebuild (src/backup/): every table's rows read in one
// consistent snapshot (PostgreSQL: a read-only REPEATABLE READ transaction, while the site runs),
// the résumés (UPLOAD_DIR), the news pictures (DATA_DIR/files/news), the mail outbox, and a
// manifest (versions, migration level, rows per table, a SHA-256 per entry). On the database the
// server uses (DATABASE_URL, else PGlite in DATA_DIR/pglite). With the embedded PGlite database a
// second process cannot open its folder while "npm start" runs: the command then asks the running
// server (POST /backup on 127.0.0.1:PORT, with the token the server wrote to DATA_DIR/backup.token;
// src/backup/loopback.ts), and opens the folder itself only when no server answers. --encrypt: the
// archive encrypted with age to BACKUP_AGE_RECIPIENTS (age1… public keys; src/backup/encrypt.ts).
import { renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importServerModules } from './lib/server-modules.mjs';

const USAGE = 'usage: npm run backup -- --out FILE [--encrypt]   (--encrypt: to the age public keys in BACKUP_AGE_RECIPIENTS)';
const { values } = parseArgs({ options: { out: { type: 'string' }, encrypt: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.out) {
  console.error(`--out is required\n${USAGE}`);
  process.exit(1);
}
if (values.encrypt && !process.env.BACKUP_AGE_RECIPIENTS) {
  console.error('--encrypt: set BACKUP_AGE_RECIPIENTS to the age public keys (age1…, comma-separated) the archive is for');
  process.exit(1);
}
const m = await importServerModules('backup', {
  'src/server/config.ts': 'loadConfig',
  'src/server/db/index.ts': 'openDatabase',
  'src/backup/backup.ts': 'takeBackup, siteFolders',
  'src/backup/report.ts': 'describeManifest',
  'src/backup/archive.ts': 'readArchive',
  'src/backup/loopback.ts': 'readBackupToken, TOKEN_HEADER',
  'src/backup/encrypt.ts': 'encryptArchive',
});
const config = m.loadConfig({ ...process.env, LOG_LEVEL: 'error' });
const out = resolve(values.out);
/** Written beside, then renamed: a crash leaves no half archive under the name asked for. */
async function save(plain, manifest) {
  const archive = values.encrypt ? await m.encryptArchive(plain, process.env.BACKUP_AGE_RECIPIENTS) : plain;
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial-${process.pid}`;
  writeFileSync(partial, archive);
  renameSync(partial, out);
  console.log(`backup: ${out} (${archive.byteLength} bytes${values.encrypt ? ', encrypted with age' : ''})`);
  console.log(m.describeManifest(manifest));
}
if (!config.databaseUrl) {
  // the embedded database: the running server takes the backup, if one runs
  const token = m.readBackupToken(config.dataDir);
  const port = process.env.PORT ?? '4321';
  if (token) {
    let answer;
    try {
      answer = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST', headers: { [m.TOKEN_HEADER]: token } });
    } catch {
      answer = null; // no server on that port: the folder is free
    }
    if (answer) {
      if (!answer.ok) {
        console.error(`backup failed: the server on port ${port} answered ${answer.status}: ${(await answer.text()).trim()}`);
        process.exit(1);
      }
      const archive = new Uint8Array(await answer.arrayBuffer());
      await save(archive, m.readArchive(archive).manifest);
      process.exit(0);
    }
  }
}
let database;
try {
  database = await m.openDatabase(config);
} catch (error) {
  console.error(`Cannot open the database: ${error?.message ?? error}${config.databaseUrl ? '' : ' (with the embedded database, stop "npm start" first: one process at a time may open its folder)'}`);
  process.exit(1);
}
try {
  const { manifest, archive } = await m.takeBackup({ database, folders: m.siteFolders(config), version: config.version });
  await save(archive, manifest);
} catch (error) {
  console.error(`backup failed: ${error?.message ?? error}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
