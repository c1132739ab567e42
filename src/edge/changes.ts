import { existsSync, lstatSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { PATCH_RECORD, patchChain } from '../releases/spares';

/**
 * The site paths whose answers differ between two releases (src/releases/): what a switch from one
 * to the other must purge at the edge. From the patches' own records (`patch.json`: a newsroom
 * publish, and a rollback over publishes, which is the same chain walked back) when one release
 * descends from the other by patches; otherwise (a nightly build, a move to an older or unrelated
 * release) by comparing the two served folders file by file: the same inode (a hard link kept by a
 * copy) or the same bytes is the same file.
 */
export interface ReleaseChanges {
  paths: string[];
  /** How they were found. */
  by: 'patches' | 'diff';
  files: number;
}

/** The served folder of a release: `client` with the Node adapter, the folder itself for a static build. */
export function servedFolder(releasesDir: string, name: string): string {
  const client = join(releasesDir, name, 'client');
  return existsSync(client) ? client : join(releasesDir, name);
}

export function releaseChanges(releasesDir: string, from: string, to: string): ReleaseChanges {
  if (from === to) return { paths: [], by: 'patches', files: 0 };
  const chain = patchChain(releasesDir, from, to) ?? patchChain(releasesDir, to, from);
  if (chain) {
    const files = new Set<string>();
    for (const name of chain) {
      const record = JSON.parse(readFileSync(join(releasesDir, name, PATCH_RECORD), 'utf8')) as { files: string[]; folders: string[] };
      for (const file of record.files) files.add(file);
      // a folder written whole or removed: every file it holds in either release
      for (const folder of record.folders) for (const release of [from, to]) for (const file of walk(join(releasesDir, release, folder))) files.add(join(folder, file));
    }
    const served = [...files].filter((f) => f.startsWith('client/')).map((f) => f.slice('client/'.length));
    return { paths: pathsOf(served), by: 'patches', files: served.length };
  }
  const changed = diffFolders(servedFolder(releasesDir, from), servedFolder(releasesDir, to));
  return { paths: pathsOf(changed), by: 'diff', files: changed.length };
}

/** The files (relative paths) under a folder; none when it is missing. */
function* walk(folder: string, prefix = ''): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(join(folder, prefix), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(folder, relative);
    else yield relative;
  }
}

function statOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** The files added, removed or changed between two folders. */
export function diffFolders(a: string, b: string): string[] {
  const changed = new Set<string>();
  for (const file of walk(a)) {
    const x = statOf(join(a, file))!;
    const y = statOf(join(b, file));
    if (!y) changed.add(file);
    else if (x.ino === y.ino && x.dev === y.dev) continue;
    else if (x.size !== y.size || !readFileSync(join(a, file)).equals(readFileSync(join(b, file)))) changed.add(file);
  }
  for (const file of walk(b)) if (!statOf(join(a, file))) changed.add(file);
  return [...changed];
}

/**
 * The paths visitors ask for to get a file of the served folder, as nginx serves them (try_files
 * $uri $uri/index.html $uri.html): a page's folder with and without its slash, a .html file with and
 * without its extension. A .br or .gz twin is its file's path (the edge keeps every encoding under it).
 * Percent-encoded as a browser sends them.
 */
export function pathsOf(files: Iterable<string>): string[] {
  const paths = new Set<string>();
  for (const raw of files) {
    const file = raw.replace(/\.(br|gz)$/, '');
    const encoded = `/${file.split('/').map(encodeURIComponent).join('/')}`;
    if (file === 'index.html') paths.add('/');
    else if (file.endsWith('/index.html')) {
      const folder = encoded.slice(0, -'/index.html'.length);
      paths.add(`${folder}/`).add(folder);
    } else if (file.endsWith('.html')) paths.add(encoded).add(encoded.slice(0, -'.html'.length));
    else paths.add(encoded);
  }
  return [...paths].sort();
}
