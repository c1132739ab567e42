// Pre-compressed twins of the built text files: every html, css, js, json, xml, svg and txt file
// above 1 KB gets a .br and a .gz beside it at the end of the build, so no server compresses
// anything per request: nginx sends them (brotli_static, gzip_static: deploy/nginx/) and so does
// `npm start` (scripts/lib/static-twins.mjs) to clients that accept them.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
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

const brotliOptions = (size) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** Puts `data` (or a copy of the file `from`) at `path` whole or not at all: a server may be reading the old one, another build the cache. */
async function placeWhole(path, { data, from }) {
  const temporary = `${path}.${process.pid}-${placed++}.tmp`;
  try {
    await (from ? copyFile(from, temporary) : writeFile(temporary, data));
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
let placed = 0;

/**
 * The twins of ONE file: writes `file.br` and `file.gz` beside `file` when its name is COMPRESSIBLE
 * and it is larger than MIN_BYTES, each replacing the old one by a rename (a server never sends half
 * a twin). Otherwise removes any twins it had (they would be stale). For pages written outside
 * Astro's build; the build calls it for every file (precompressFolder). A content compressed before
 * is copied from `cache` (CACHE_DIR by default, null for none). Answers null when the file gets no
 * twins, else what was done: its bytes, the twins' bytes, and whether they came from the cache.
 * @param {string} file
 * @param {{ cache?: string | null }} [options]
 * @returns {Promise<{ bytes: number, br: number, gz: number, cached: boolean } | null>}
 */
export async function precompressFile(file, { cache = CACHE_DIR } = {}) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size <= MIN_BYTES) {
    await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
    return null;
  }
  const data = await readFile(file);
  const key = cache && join(resolve(cache), createHash('sha256').update(data).digest('hex'));
  if (key) {
    try {
      await Promise.all([placeWhole(`${file}.br`, { from: `${key}.br` }), placeWhole(`${file}.gz`, { from: `${key}.gz` })]);
      const now = new Date();
      await Promise.all([utimes(`${key}.br`, now, now), utimes(`${key}.gz`, now, now)]);
      const [br, gz] = await Promise.all([stat(`${file}.br`), stat(`${file}.gz`)]);
      return { bytes: data.length, br: br.size, gz: gz.size, cached: true };
    } catch {
      // not compressed before (or removed meanwhile): compress it
    }
  }
  const [br, gz] = await Promise.all([brotli(data, brotliOptions(data.length)), gzipped(data, { level: 6 })]);
  await Promise.all([placeWhole(`${file}.br`, { data: br }), placeWhole(`${file}.gz`, { data: gz })]);
  if (key) {
    await mkdir(dirname(key), { recursive: true });
    await Promise.all([placeWhole(`${key}.br`, { data: br }), placeWhole(`${key}.gz`, { data: gz })]);
  }
  return { bytes: data.length, br: br.length, gz: gz.length, cached: false };
}

/**
 * Writes the twins of every compressible file of `root` above MIN_BYTES (precompressFile), and
 * removes twins whose file is gone. CPU time measured on the site's 65 MB of text: brotli quality 5
 * 2.5 s for 14.3 MB (quality 4: 1.6 s, 15.6 MB; quality 9 ten times slower), gzip level 6 1.4 s
 * for 16.0 MB (level 9: 1.9 s, 15.9 MB); a few files at a time on libuv's threads.
 * @param {string} root
 * @param {{ concurrency?: number, cache?: string | null, prune?: boolean }} [options] cache: null for
 *   none; prune: entries of the cache unused for CACHE_DAYS removed after (a build's whole site does;
 *   a patch's few files do not: the walk of a cache of 10,000 stories a language, 44,000 entries, took
 *   2 s, the most of a publish's search step)
 */
export async function precompressFolder(root, { concurrency = Math.max(2, availableParallelism()), cache = CACHE_DIR, prune = false } = {}) {
  const started = performance.now();
  const names = (await readdir(root, { recursive: true })).map(String);
  const present = new Set(names);
  const orphans = names.filter((name) => TWIN.test(name) && !present.has(name.slice(0, -3)));
  await Promise.all(orphans.map((name) => rm(join(root, name), { force: true })));
  const candidates = names.filter((name) => COMPRESSIBLE.test(name));
  const totals = { files: 0, cached: 0, bytes: 0, br: 0, gz: 0, removed: orphans.length, seconds: 0 };
  const cacheDir = cache ? resolve(cache) : null;
  let next = 0;
  const worker = async () => {
    while (next < candidates.length) {
      const done = await precompressFile(join(root, candidates[next++]), { cache: cacheDir });
      if (!done) continue;
      totals.files++;
      totals.bytes += done.bytes;
      if (done.cached) totals.cached++;
      else {
        totals.br += done.br;
        totals.gz += done.gz;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (cacheDir && prune) {
    const old = Date.now() - CACHE_DAYS * 86_400_000;
    for (const entry of await readdir(cacheDir).catch(() => [])) {
      const path = join(cacheDir, entry);
      const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
      if (mtimeMs < old) await rm(path, { force: true });
    }
  }
  totals.seconds = (performance.now() - started) / 1000;
  return totals;
}

/** @returns {import('astro').AstroIntegration} */
export function precompressed() {
  return {
    name: 'carrier:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const t = await precompressFolder(fileURLToPath(dir), { prune: true });
        const mb = (n) => (n / 1024 / 1024).toFixed(1);
        logger.info(
          `${t.files} files (${mb(t.bytes)} MB) with .br and .gz twins: ${t.files - t.cached} compressed (.br ${mb(t.br)} MB, .gz ${mb(t.gz)} MB), ${t.cached} copied from ${CACHE_DIR}; ${t.seconds.toFixed(1)} s`,
        );
      },
    },
  };
}
