// Pre-compressed twins of the built text files, for nginx's gzip_static and brotli_static
// (deploy/nginx/): every html, css, js, json, xml, svg and txt file above 1 KB gets a .br and a
// .gz beside it at the end of the build, so the front server sends them without compressing
// anything per request. `npm start` ignores them (it serves the files as they are).
import { availableParallelism } from 'node:os';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The files that get twins. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest)$/;
/** Smaller files are sent as they are (the headers weigh more than the saving). */
export const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `root` above MIN_BYTES
 * (replacing older twins), and removes twins whose file is gone. Measured on the site's 65 MB of
 * text on a busy 2-core machine: brotli quality 5 4.5 s for 14.3 MB (quality 4: 3.5 s, 15.6 MB;
 * quality 9 is ten times slower), gzip level 6 2.4 s for 16.0 MB (level 9: 3.2 s, 15.9 MB).
 * @param {string} root
 * @param {{ concurrency?: number }} [options]
 */
export async function precompressFolder(root, { concurrency = Math.max(2, availableParallelism()) } = {}) {
  const started = performance.now();
  const names = (await readdir(root, { recursive: true })).map(String);
  const present = new Set(names);
  const orphans = names.filter((name) => /\.(br|gz)$/.test(name) && !present.has(name.slice(0, -3)));
  await Promise.all(orphans.map((name) => rm(join(root, name), { force: true })));
  const candidates = names.filter((name) => COMPRESSIBLE.test(name));
  const totals = { files: 0, bytes: 0, br: 0, gz: 0, removed: orphans.length, seconds: 0 };
  let next = 0;
  // a few files at a time: zlib's async calls run on libuv's threads, beside the main thread reading and writing
  const worker = async () => {
    while (next < candidates.length) {
      const name = candidates[next++];
      const file = join(root, name);
      if ((await stat(file)).size <= MIN_BYTES) continue;
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipped(data, { level: 6 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      totals.files++;
      totals.bytes += data.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  totals.seconds = (performance.now() - started) / 1000;
  return totals;
}

/** @returns {import('astro').AstroIntegration} */
export function precompressed() {
  return {
    name: 'carrier:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const t = await precompressFolder(fileURLToPath(dir));
        const mb = (n) => (n / 1024 / 1024).toFixed(1);
        logger.info(`${t.files} files (${mb(t.bytes)} MB) with .br (${mb(t.br)} MB) and .gz (${mb(t.gz)} MB) twins in ${t.seconds.toFixed(1)} s`);
      },
    },
  };
}
