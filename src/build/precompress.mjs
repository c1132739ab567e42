// Pre-compressed twins of the built text files, for nginx's gzip_static and brotli_static
// (deploy/nginx/): every html, css, js, json, xml, svg and txt file above 1 KB gets a .br and a
// .gz beside it at the end of the build, so the front server sends them without compressing
// anything per request. `npm start` ignores them (it serves the files as they are).
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The files that get twins. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|xml|svg|txt|webmanifest)$/;
/** Smaller files are sent as they are (the headers weigh more than the saving). */
export const MIN_BYTES = 1024;
/** Twins made by earlier builds, by the hash of their file: a nightly build compresses only what changed. */
export const CACHE_DIR = 'node_modules/.cache/carrier-precompress';
/** Cached twins no build has used for this long are removed. */
const CACHE_DAYS = 7;
const TWIN = new RegExp(`${COMPRESSIBLE.source.slice(0, -1)}\\.(br|gz)$`);

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `root` above MIN_BYTES
 * (replacing older twins), and removes twins whose file is gone. Twins of a content compressed
 * before are copied from `cache`. CPU time measured on the site's 65 MB of text: brotli quality 5
 * 2.5 s for 14.3 MB (quality 4: 1.6 s, 15.6 MB; quality 9 ten times slower), gzip level 6 1.4 s
 * for 16.0 MB (level 9: 1.9 s, 15.9 MB); a few files at a time on libuv's threads.
 * @param {string} root
 * @param {{ concurrency?: number, cache?: string | null }} [options] cache: null for none
 */
export async function precompressFolder(root, { concurrency = Math.max(2, availableParallelism()), cache = CACHE_DIR } = {}) {
  const started = performance.now();
  const names = (await readdir(root, { recursive: true })).map(String);
  const present = new Set(names);
  const orphans = names.filter((name) => TWIN.test(name) && !present.has(name.slice(0, -3)));
  await Promise.all(orphans.map((name) => rm(join(root, name), { force: true })));
  const candidates = names.filter((name) => COMPRESSIBLE.test(name));
  const totals = { files: 0, cached: 0, bytes: 0, br: 0, gz: 0, removed: orphans.length, seconds: 0 };
  const cacheDir = cache ? resolve(cache) : null;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const now = new Date();
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const index = next++;
      const file = join(root, candidates[index]);
      if ((await stat(file)).size <= MIN_BYTES) continue;
      const data = await readFile(file);
      totals.files++;
      totals.bytes += data.length;
      const key = cacheDir && join(cacheDir, createHash('sha256').update(data).digest('hex'));
      if (key) {
        try {
          await Promise.all([copyFile(`${key}.br`, `${file}.br`), copyFile(`${key}.gz`, `${file}.gz`)]);
          await Promise.all([utimes(`${key}.br`, now, now), utimes(`${key}.gz`, now, now)]);
          totals.cached++;
          continue;
        } catch {
          // not compressed before (or removed meanwhile): compress it
        }
      }
      const { br, gz } = await twinsOf(data);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      totals.br += br.length;
      totals.gz += gz.length;
      if (key) {
        // whole or not at all: another build may read the cache at the same time
        const temporary = `${key}.${process.pid}-${index}`;
        await Promise.all([writeFile(`${temporary}.br`, br), writeFile(`${temporary}.gz`, gz)]);
        await Promise.all([rename(`${temporary}.br`, `${key}.br`), rename(`${temporary}.gz`, `${key}.gz`)]);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (cacheDir) {
    const old = now.getTime() - CACHE_DAYS * 86_400_000;
    for (const entry of await readdir(cacheDir)) {
      const path = join(cacheDir, entry);
      const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
      if (mtimeMs < old) await rm(path, { force: true });
    }
  }
  totals.seconds = (performance.now() - started) / 1000;
  return totals;
}

/**
 * The .br and .gz twins of a file's content (brotli quality 5 in text mode, gzip level 6).
 * @param {Buffer} data
 */
export async function twinsOf(data) {
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
  return { br, gz };
}

/** @returns {import('astro').AstroIntegration} */
export function precompressed() {
  return {
    name: 'carrier:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const t = await precompressFolder(fileURLToPath(dir));
        const mb = (n) => (n / 1024 / 1024).toFixed(1);
        logger.info(
          `${t.files} files (${mb(t.bytes)} MB) with .br and .gz twins: ${t.files - t.cached} compressed (.br ${mb(t.br)} MB, .gz ${mb(t.gz)} MB), ${t.cached} copied from ${CACHE_DIR}; ${t.seconds.toFixed(1)} s`,
        );
      },
    },
  };
}
