import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Configuration of the nightly backups (read with the rest in src/server/config.ts). */
export const BackupEnv = {
  BACKUP_DIR: z.string().min(1).optional().describe('Folder of the nightly backups the worker takes (src/backup/); default DATA_DIR/backups. Copy it off the machine.'),
  BACKUP_KEEP: z.coerce.number().int().min(1, 'BACKUP_KEEP must be at least 1').max(365).default(7).describe('How many nightly backups the worker keeps in BACKUP_DIR (the oldest are removed)'),
  BACKUP_AT: z
    .string()
    .regex(/^[0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+ [0-9*/,-]+$/, 'BACKUP_AT must be a cron line of five fields, e.g. 47 2 * * *')
    .default('47 2 * * *')
    .describe('When the worker backs up (cron, China time); default every night at 02:47'),
  BACKUP_AGE_RECIPIENTS: z
    .string()
    .optional()
    .describe('age public keys (age1…, comma-separated): the nightly backups and `npm run backup -- --encrypt` are encrypted to them (src/backup/encrypt.ts)'),
};

export interface BackupConfig {
  dir: string;
  keep: number;
  at: string;
  /** age public keys the nightly archives are encrypted to; unset: plain archives */
  recipients?: string;
}

export function backupConfig(e: { BACKUP_DIR?: string; BACKUP_KEEP: number; BACKUP_AT: string; BACKUP_AGE_RECIPIENTS?: string; DATA_DIR: string }): BackupConfig {
  const dataDir = e.DATA_DIR === ':memory:' ? 'var' : e.DATA_DIR;
  return { dir: resolve(e.BACKUP_DIR ?? join(dataDir, 'backups')), keep: e.BACKUP_KEEP, at: e.BACKUP_AT, recipients: e.BACKUP_AGE_RECIPIENTS || undefined };
}
