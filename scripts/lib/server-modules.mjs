// The server's modules are TypeScript: the scripts that run them outside the server
// (send-digests, export-submissions, the nightly job, ...) bundle a small entry re-exporting what
// they need with esbuild (dependencies stay in node_modules) and import it.
//
// A bundle is kept (var/.cache/server-modules/) with the files it was made of, each with its inode,
// time and size, and used again while all of them are as they were: a publish's nightly job imports
// three bundles, and making them each time cost it a quarter of a second; kept at one path, V8's code
// cache (scripts/nightly.mjs) holds their compiled code too.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, version as esbuildVersion } from 'esbuild';

/** The project these scripts belong to (the modules are found there, whatever the working folder). */
const project = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CACHE = resolve(project, 'var/.cache/server-modules');
/** A file changed this recently (ms) may have changed while it was bundled: that bundle is not kept. */
const SETTLED_MS = 2000;

const OPTIONS = { bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'warning' };

/** What is recorded of a file to know it again unread (as the news state does: src/releases/news-state.ts). */
function identity(path) {
  try {
    const { ino, mtimeMs, size } = statSync(resolve(project, path));
    return [ino, mtimeMs, size];
  } catch {
    return null;
  }
}

/** The files a kept bundle was made of, when each is as it was then; else null. */
function keptInputs(recordFile) {
  try {
    const inputs = JSON.parse(readFileSync(recordFile, 'utf8'));
    for (const [path, known] of Object.entries(inputs)) if (JSON.stringify(identity(path)) !== JSON.stringify(known)) return null;
    return inputs;
  } catch {
    return null;
  }
}

/**
 * @param {string} name a name for the bundle file
 * @param {Record<string, string>} exportsByModule module path (relative to the project) -> comma-separated export names
 */
export async function importServerModules(name, exportsByModule) {
  const contents = Object.entries(exportsByModule)
    .map(([module, names]) => `export { ${names} } from './${module}';`)
    .join('\n');
  const key = createHash('sha256')
    .update(`${esbuildVersion}\n${JSON.stringify(OPTIONS)}\n${contents}`)
    .digest('hex')
    .slice(0, 16);
  const bundle = resolve(CACHE, `${name}-${key}.mjs`);
  const record = `${bundle}.inputs.json`;
  if (keptInputs(record)) {
    try {
      return await import(pathToFileURL(bundle).href);
    } catch {
      // removed by another process since: made again below
    }
  }
  mkdirSync(CACHE, { recursive: true });
  const staging = resolve(CACHE, `${name}-${key}.${process.pid}.mjs`);
  const started = Date.now();
  const { metafile } = await build({ ...OPTIONS, stdin: { contents, resolveDir: project, loader: 'ts' }, absWorkingDir: project, outfile: staging, metafile: true });
  // the project's files it holds (`<stdin>` is the entry above, in the key)
  const inputs = Object.fromEntries(
    Object.keys(metafile.inputs)
      .filter((path) => path !== '<stdin>')
      .map((path) => [path, identity(path)]),
  );
  const settled = Object.values(inputs).every((known) => known && known[1] < started - SETTLED_MS);
  if (!settled) {
    // a file changed while (or just before) it was bundled: this bundle is used once, not kept
    try {
      return await import(`${pathToFileURL(staging).href}?once=${process.pid}`);
    } finally {
      rmSync(staging, { force: true });
    }
  }
  // a module at a path is imported once per process: a bundle made again goes to its place by a rename
  // (processes that imported the one before keep it), and its record follows it
  rmSync(record, { force: true });
  renameSync(staging, bundle);
  const recordStaging = `${record}.${process.pid}`;
  writeFileSync(recordStaging, JSON.stringify(inputs));
  renameSync(recordStaging, record);
  return await import(`${pathToFileURL(bundle).href}?v=${started}`);
}
