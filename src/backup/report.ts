import type { Manifest } from './archive';
import type { RestoreReport } from './backup';

/** The manifest in a few lines, for the operator. */
export function describeManifest(m: Manifest): string {
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  const bytes = m.files.reduce((n, f) => n + f.bytes, 0);
  return [
    `  taken ${m.createdAt} from ${m.database.kind} (${m.database.server.split(' on ')[0]}), site ${m.site.version}, ${m.migrations.count} migrations`,
    `  ${m.tables.length} tables, ${rows} rows (snapshot read in ${m.snapshotMs} ms); ${m.files.length} files, ${bytes} bytes`,
  ].join('\n');
}

/** What a restore did, table by table against the manifest. */
export function describeRestore(r: RestoreReport): string {
  const width = Math.max(...r.tables.map((t) => t.name.length));
  const lines = r.tables
    .filter((t) => t.archived || t.restored)
    .map((t) => `  ${t.name.padEnd(width)}  ${String(t.restored).padStart(7)} of ${t.archived}${t.restored === t.archived ? '' : '  (differs: see the migrations run)'}`);
  return [
    'restored:',
    describeManifest(r.manifest),
    ...lines,
    `  ${r.files} files, ${r.fileBytes} bytes`,
    r.migrationsRun ? `  ${r.migrationsRun} newer migrations of this release run on the restored rows` : "  the archive is at this release's migration level",
  ].join('\n');
}
