import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The running server's backup, asked by `npm run backup` over loopback (the embedded PGlite folder
 * is open in the server: a second process cannot read it). The server writes a random token to
 * DATA_DIR/backup.token (mode 0600) at start; the command reads it and sends it, which proves it runs
 * on this machine as the site's own user (who could read the database folder anyway). The server
 * answers POST /backup only to a loopback address, without X-Forwarded-For, with that token.
 */
export const TOKEN_FILE = 'backup.token';
export const TOKEN_HEADER = 'x-backup-token';

export function writeBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  mkdirSync(resolve(dataDir), { recursive: true });
  const file = join(resolve(dataDir), TOKEN_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}

export function readBackupToken(dataDir: string): string | null {
  try {
    return readFileSync(join(resolve(dataDir), TOKEN_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
