// The server's modules are TypeScript: the scripts that run them outside the server
// (send-digests, export-submissions, ...) bundle a small entry re-exporting what they
// need with esbuild (dependencies stay in node_modules) and import it.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The project these scripts belong to (the modules are found there, whatever the working folder). */
const project = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @param {string} name a name for the bundle file
 * @param {Record<string, string>} exportsByModule module path (relative to the project) -> comma-separated export names
 */
export async function importServerModules(name, exportsByModule) {
  mkdirSync(resolve(project, 'var/.cache'), { recursive: true });
  const outfile = resolve(project, `var/.cache/${name}-${process.pid}.mjs`);
  const contents = Object.entries(exportsByModule)
    .map(([module, names]) => `export { ${names} } from './${module}';`)
    .join('\n');
  await build({
    stdin: { contents, resolveDir: project, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  try {
    return await import(outfile);
  } finally {
    rmSync(outfile, { force: true });
  }
}
