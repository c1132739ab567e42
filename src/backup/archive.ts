import { createHash } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * The backup archive: one ZIP file (fflate, a kept library) holding
 *   manifest.json         what is inside: versions, migration level, row counts, a SHA-256 per entry
 *   manifest.sha256       the SHA-256 of manifest.json
 *   db/<table>.jsonl      the rows of each table, one JSON object per line (row_to_json), sorted
 *   files/<area>/<name>   the files the site cannot rebuild (résumés, news pictures, the mail outbox)
 * The archive is checked whole before anything is restored: the ZIP's own structure (a truncated
 * file has no central directory), every entry against the manifest's SHA-256, no entry missing or
 * extra, and the manifest against its own SHA-256. Optionally encrypted as a whole with age
 * (./encrypt.ts).
 */
export const FORMAT = 'carrier-site-backup';
export const FORMAT_VERSION = 1;

export interface TableEntry {
  name: string;
  rows: number;
  file: string;
  sha256: string;
}
export interface FileEntry {
  /** path inside the archive: files/<area>/<relative path> */
  path: string;
  area: FileArea;
  bytes: number;
  sha256: string;
}
export type FileArea = 'uploads' | 'news' | 'outbox';
export const FILE_AREAS: FileArea[] = ['uploads', 'news', 'outbox'];

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  /** how long the consistent read of the database took, milliseconds */
  snapshotMs: number;
  site: { version: string };
  database: { kind: 'pglite' | 'postgres'; server: string };
  /** the migrations applied when the rows were read: their count and the last one's time stamp (drizzle journal `when`) */
  migrations: { count: number; last: number | null };
  tables: TableEntry[];
  files: FileEntry[];
}

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** Raised for an archive that cannot be trusted: the message says why, for the operator. */
export class ArchiveError extends Error {}

export function writeArchive(manifest: Manifest, contents: Map<string, Uint8Array>): Uint8Array {
  const manifestBytes = strToU8(`${JSON.stringify(manifest, null, 2)}\n`);
  const zippable: Zippable = {
    'manifest.json': manifestBytes,
    'manifest.sha256': strToU8(`${sha256(manifestBytes)}\n`),
  };
  for (const [path, data] of contents) {
    // pictures and Word files are compressed already; the rows compress well
    zippable[path] = [data, { level: path.startsWith('db/') ? 6 : 0 }];
  }
  return zipSync(zippable, { mtime: new Date(manifest.createdAt) });
}

/** Opens and checks an archive whole; its manifest and entries, or an ArchiveError naming what is wrong. */
export function readArchive(bytes: Uint8Array): { manifest: Manifest; entries: Record<string, Uint8Array> } {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ArchiveError(`the archive cannot be read as a whole (${(error as Error).message}): it is truncated, altered, or not a backup of this site`);
  }
  const manifestBytes = entries['manifest.json'];
  const said = entries['manifest.sha256'] && strFromU8(entries['manifest.sha256']).trim();
  if (!manifestBytes || !said) throw new ArchiveError('the archive has no manifest: it is not a backup of this site, or it is incomplete');
  if (sha256(manifestBytes) !== said) throw new ArchiveError('the manifest does not match its checksum: the archive was altered');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(strFromU8(manifestBytes)) as Manifest;
  } catch {
    throw new ArchiveError('the manifest is not JSON: the archive was altered');
  }
  if (manifest.format !== FORMAT) throw new ArchiveError(`the archive is not a backup of this site (format "${String(manifest.format)}")`);
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new ArchiveError(`the archive's format ${manifest.formatVersion} is newer than this version of the site reads (${FORMAT_VERSION}): restore with a newer release`);
  const expected = new Map<string, string>([...manifest.tables.map((t) => [t.file, t.sha256] as const), ...manifest.files.map((f) => [f.path, f.sha256] as const)]);
  for (const [path, hash] of expected) {
    const data = entries[path];
    if (!data) throw new ArchiveError(`the archive lacks ${path}, which its manifest lists: it is incomplete`);
    if (sha256(data) !== hash) throw new ArchiveError(`${path} does not match its checksum in the manifest: the archive was altered or damaged`);
  }
  for (const path of Object.keys(entries)) {
    if (path !== 'manifest.json' && path !== 'manifest.sha256' && !expected.has(path)) throw new ArchiveError(`the archive holds ${path}, which its manifest does not list: it was altered`);
  }
  for (const t of manifest.tables) {
    const lines = countLines(entries[t.file]);
    if (lines !== t.rows) throw new ArchiveError(`${t.file} holds ${lines} rows where the manifest says ${t.rows}`);
  }
  return { manifest, entries };
}

export function countLines(data: Uint8Array): number {
  let n = 0;
  for (const b of data) if (b === 10) n++;
  return n;
}
