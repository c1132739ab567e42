import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { strFromU8, strToU8 } from 'fflate';
import { type Database, migrationsFolder, openDatabase } from '../server/db';
import { ArchiveError, FILE_AREAS, FORMAT, FORMAT_VERSION, type FileArea, type FileEntry, type Manifest, readArchive, sha256, type TableEntry, writeArchive } from './archive';
import { decryptArchive, isEncrypted } from './encrypt';
import { inTransaction, migrationLevel, quoteIdent, type Sql, tablesInOrder } from './sql';

/** The folders of the files the site cannot rebuild, by area (from the server's configuration). */
export type SiteFolders = Record<FileArea, string>;

/** The site's folders from its configuration: UPLOAD_DIR, DATA_DIR/files/news, OUTBOX_DIR. */
export function siteFolders(config: { dataDir: string; forms: { uploadDir: string; outboxDir: string } }): SiteFolders {
  return { uploads: config.forms.uploadDir, news: resolve(config.dataDir, 'files', 'news'), outbox: config.forms.outboxDir };
}

/** Every row of a table as sorted JSON lines (sorted bytewise: the same rows give the same file on either database). */
async function tableLines(sql: Sql, table: string): Promise<{ data: Uint8Array; rows: number }> {
  const rows = await sql.query<{ j: string }>(`select row_to_json(t)::text as j from ${quoteIdent(table)} t order by row_to_json(t)::text collate "C"`);
  return { data: strToU8(rows.map((r) => `${r.j}\n`).join('')), rows: rows.length };
}

async function serverVersion(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ v: string }>('select version() as v');
  return row.v;
}

function walk(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out.sort();
}

/**
 * Takes a whole-site backup: the rows of every table read in one consistent snapshot (while the
 * site keeps writing), then the files. Returns the archive's bytes and its manifest.
 */
export async function takeBackup(options: { database: Database; folders: SiteFolders; version: string; now?: () => Date }): Promise<{ manifest: Manifest; archive: Uint8Array }> {
  const now = options.now ?? (() => new Date());
  const contents = new Map<string, Uint8Array>();
  const tables: TableEntry[] = [];
  const started = performance.now();
  const createdAt = now().toISOString();
  const { migrations, server } = await inTransaction(options.database, 'snapshot', async (sql) => {
    const migrations = await migrationLevel(sql);
    for (const name of await tablesInOrder(sql)) {
      const { data, rows } = await tableLines(sql, name);
      const file = `db/${name}.jsonl`;
      contents.set(file, data);
      tables.push({ name, rows, file, sha256: sha256(data) });
    }
    return { migrations, server: await serverVersion(sql) };
  });
  const snapshotMs = Math.round(performance.now() - started);
  const files: FileEntry[] = [];
  for (const area of FILE_AREAS) {
    const root = options.folders[area];
    for (const rel of walk(root)) {
      let data: Uint8Array;
      try {
        data = readFileSync(join(root, rel));
      } catch {
        continue; // removed since it was listed (the inbox's retention): it is not part of the site any more
      }
      const path = `files/${area}/${rel}`;
      contents.set(path, data);
      files.push({ path, area, bytes: data.byteLength, sha256: sha256(data) });
    }
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt,
    snapshotMs,
    site: { version: options.version },
    database: { kind: options.database.kind, server },
    migrations,
    tables,
    files,
  };
  return { manifest, archive: writeArchive(manifest, contents) };
}

/** Where a restore goes: a PostgreSQL database, or a PGlite folder (DATA_DIR/pglite); and the folders of the files. */
export interface RestoreTarget {
  databaseUrl?: string;
  dataDir: string;
  folders: SiteFolders;
}

export interface RestoreReport {
  manifest: Manifest;
  /** per table: rows in the archive, rows in the target after the restore (and after any newer migrations) */
  tables: Array<{ name: string; archived: number; restored: number }>;
  files: number;
  fileBytes: number;
  /** migrations the code has that the archive had not: run after the rows were loaded */
  migrationsRun: number;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** A copy of the migrations folder whose journal stops at the archive's level (the schema its rows fit). */
async function migrationsUpTo(level: Manifest['migrations']): Promise<{ folder: string; total: number }> {
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const kept = journal.entries.filter((e) => level.last !== null && e.when <= level.last);
  if (kept.length !== level.count) {
    throw new ArchiveError(
      `the archive's database is at migration level ${level.count} (last ${level.last}), which this release's migrations (${journal.entries.length}) do not lead to: restore it with the release that made it, or a newer one`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'carrier-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const e of kept) writeFileSync(join(folder, `${e.tag}.sql`), readFileSync(join(source, `${e.tag}.sql`)));
  return { folder, total: journal.entries.length };
}

const pgliteFolder = (dataDir: string) => resolve(dataDir, 'pglite');
const nonEmptyFolder = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** What already is in the target: a list of reasons not to overwrite it (empty: the target is empty). */
export async function targetContents(target: RestoreTarget): Promise<string[]> {
  const found: string[] = [];
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')`);
      if (Number(rows[0].n) > 0) found.push(`the database ${new URL(target.databaseUrl).pathname.slice(1)} has ${rows[0].n} tables`);
    } finally {
      await client.end();
    }
  } else if (nonEmptyFolder(pgliteFolder(target.dataDir))) {
    found.push(`the embedded database folder ${pgliteFolder(target.dataDir)} is not empty`);
  }
  for (const area of FILE_AREAS) if (nonEmptyFolder(target.folders[area])) found.push(`the ${area} folder ${target.folders[area]} is not empty`);
  return found;
}

async function emptyTarget(target: RestoreTarget): Promise<void> {
  if (target.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; create schema public');
    } finally {
      await client.end();
    }
  } else {
    rmSync(pgliteFolder(target.dataDir), { recursive: true, force: true });
  }
  for (const area of FILE_AREAS) rmSync(target.folders[area], { recursive: true, force: true });
}

/** Sets every sequence a column owns just past the largest value restored. */
async function resetSequences(sql: Sql): Promise<void> {
  const owned = await sql.query<{ seq: string; tbl: string; col: string }>(
    `select s.relname as seq, t.relname as tbl, a.attname as col
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = s.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const o of owned) {
    await sql.query(`select setval($1::regclass, coalesce((select max(${quoteIdent(o.col)}) from ${quoteIdent(o.tbl)}), 0) + 1, false)`, [`public.${quoteIdent(o.seq)}`]);
  }
}

/**
 * Restores an archive: checks it whole first (nothing is touched when it is truncated or altered),
 * refuses a target that holds anything unless `force`, builds the schema the archive's rows fit (the
 * migrations up to its level), loads the rows in an order where every row finds those it refers to,
 * sets the sequences, runs the newer migrations of this release, and writes the files.
 */
export async function restoreBackup(options: { archive: Uint8Array; target: RestoreTarget; force?: boolean; identity?: string }): Promise<RestoreReport> {
  const plain = isEncrypted(options.archive) ? await decryptArchive(options.archive, options.identity) : options.archive;
  const { manifest, entries } = readArchive(plain);
  const { folder, total } = await migrationsUpTo(manifest.migrations);
  try {
    const present = await targetContents(options.target);
    if (present.length && !options.force) throw new ArchiveError(`the target is not empty (${present.join('; ')}): restore into an empty one, or add --force to replace what is there`);
    if (present.length) await emptyTarget(options.target);

    const database = await openDatabase({ databaseUrl: options.target.databaseUrl, dataDir: options.target.dataDir, migrationsFolder: folder });
    try {
      await inTransaction(database, 'write', async (sql) => {
        // the rows as they were: the tables' own triggers (a time stamp touched when a label is
        // added) stay off while they load; the foreign keys are checked
        for (const t of manifest.tables) await sql.query(`alter table ${quoteIdent(t.name)} disable trigger user`);
        for (const t of manifest.tables) {
          if (!t.rows) continue;
          const json = `[${strFromU8(entries[t.file]).trimEnd().split('\n').join(',')}]`;
          const table = quoteIdent(t.name);
          await sql.query(`insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
        }
        for (const t of manifest.tables) await sql.query(`alter table ${quoteIdent(t.name)} enable trigger user`);
        await resetSequences(sql);
      });
    } finally {
      await database.close();
    }
    // this release's newer migrations, on the rows restored
    const current = await openDatabase({ databaseUrl: options.target.databaseUrl, dataDir: options.target.dataDir });
    const tables: RestoreReport['tables'] = [];
    try {
      await inTransaction(current, 'snapshot', async (sql) => {
        for (const t of manifest.tables) {
          const [row] = await sql.query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(t.name)}`);
          tables.push({ name: t.name, archived: t.rows, restored: Number(row.n) });
        }
      });
    } finally {
      await current.close();
    }
    let fileBytes = 0;
    for (const f of manifest.files) {
      const rel = f.path.slice(`files/${f.area}/`.length);
      const path = resolve(options.target.folders[f.area], rel);
      if (!path.startsWith(resolve(options.target.folders[f.area]) + sep)) throw new ArchiveError(`${f.path} would be written outside its folder`);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, entries[f.path]);
      fileBytes += f.bytes;
    }
    return { manifest, tables, files: manifest.files.length, fileBytes, migrationsRun: total - manifest.migrations.count };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
