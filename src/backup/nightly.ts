import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, or, isNull } from 'drizzle-orm';
import type { Database } from '../server/db';
import { staffUsers } from '../server/db/schema';
import type { Mailer } from '../server/mail';
import { type SiteFolders, takeBackup } from './backup';
import type { BackupConfig } from './config';
import { encryptArchive } from './encrypt';

/** The nightly archives' names: site-20261128T024700Z.zip, .zip.age when encrypted (their time, UTC; sorted by name = by time). */
const NAME = /^site-(\d{8}T\d{6}Z)\.zip(\.age)?$/;
/** Where the last failure is recorded (removed by the next success): what the overview and the metrics read. */
const FAILED_FILE = 'last-failure.json';

export interface BackupStatus {
  /** the newest archive in BACKUP_DIR: its name, when it was written, its size */
  last: { file: string; at: string; bytes: number } | null;
  count: number;
  /** the last failure since the last success, if any */
  failed: { at: string; error: string } | null;
  dir: string;
  keep: number;
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** What BACKUP_DIR holds, read from the folder itself (the source of truth), not remembered. */
export function backupStatus(config: BackupConfig): BackupStatus {
  const names = existsSync(config.dir)
    ? readdirSync(config.dir)
        .filter((n) => NAME.test(n))
        .sort()
    : [];
  const newest = names.at(-1);
  let failed: BackupStatus['failed'] = null;
  try {
    failed = JSON.parse(readFileSync(join(config.dir, FAILED_FILE), 'utf8'));
  } catch {
    failed = null;
  }
  const last = newest
    ? (() => {
        const s = statSync(join(config.dir, newest));
        return { file: newest, at: s.mtime.toISOString(), bytes: s.size };
      })()
    : null;
  return { last, count: names.length, failed, dir: config.dir, keep: config.keep };
}

/** The admins who may be told: enabled accounts of role admin. */
async function adminAddresses(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), or(isNull(staffUsers.banned), eq(staffUsers.banned, false))));
  return rows.map((r) => r.email);
}

/**
 * The worker's nightly backup: one archive into BACKUP_DIR (written beside, then renamed), the
 * oldest beyond BACKUP_KEEP removed. A failure is recorded in the folder and mailed to every admin,
 * in both languages; the next success clears it.
 */
export async function runNightlyBackup(options: {
  database: Database;
  folders: SiteFolders;
  config: BackupConfig;
  version: string;
  mailer?: Mailer;
  now?: () => Date;
  log?: (line: string) => void;
}): Promise<{ ok: true; file: string; bytes: number; removed: number } | { ok: false; error: string; mailed: number }> {
  const now = options.now ?? (() => new Date());
  const { dir, keep } = options.config;
  const started = now();
  try {
    mkdirSync(dir, { recursive: true });
    const plain = (await takeBackup({ database: options.database, folders: options.folders, version: options.version, now })).archive;
    const archive = options.config.recipients ? await encryptArchive(plain, options.config.recipients) : plain;
    const name = `site-${stamp(started)}.zip${options.config.recipients ? '.age' : ''}`;
    const partial = join(dir, `.${name}.partial`);
    writeFileSync(partial, archive);
    renameSync(partial, join(dir, name));
    const names = readdirSync(dir)
      .filter((n) => NAME.test(n))
      .sort();
    const old = names.slice(0, Math.max(0, names.length - keep));
    for (const n of old) rmSync(join(dir, n), { force: true });
    rmSync(join(dir, FAILED_FILE), { force: true });
    options.log?.(`[worker] backup ${name} written (${archive.byteLength} bytes); ${old.length} older removed, ${names.length - old.length} kept`);
    return { ok: true, file: join(dir, name), bytes: archive.byteLength, removed: old.length };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, FAILED_FILE), JSON.stringify({ at: started.toISOString(), error: message }));
    } catch {
      // the folder itself is the problem: the mail says so
    }
    let mailed = 0;
    if (options.mailer) {
      for (const to of await adminAddresses(options.database).catch(() => [])) {
        await options.mailer
          .send({
            to,
            subject: 'The nightly backup failed / 夜间备份失败',
            text: [
              `The site's nightly backup at ${started.toISOString()} failed: ${message}`,
              `Folder: ${dir}. The last good backup is still there. Take one by hand (npm run backup -- --out FILE) once the cause is fixed; see docs/operations.md, "Backup and restore".`,
              '',
              `网站在 ${started.toISOString()} 的夜间备份失败：${message}`,
              `备份文件夹：${dir}，之前成功的备份仍在其中。排除原因后，请手动备份一次（npm run backup -- --out 文件名），详见 docs/operations.md 的“Backup and restore”一节。`,
            ].join('\n'),
          })
          .then(() => mailed++)
          .catch(() => {});
      }
    }
    return { ok: false, error: message, mailed };
  }
}
