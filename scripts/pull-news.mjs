#!/usr/bin/env node
// npm run pull-news [-- --dir content/news] [--allow-empty]
//
// The nightly job's first half (`npm run nightly` runs it, then the build when something
// changed): brings the news snapshot (content/news) up to date with the API (NEWS_API_URL,
// default http://127.0.0.1:4321/homeapiak, the local `npm start`) through the typed client.
// It lists every story's revision and fetches in full only the new and changed ones, 500 to
// a request; sanitizes the HTML; and replaces content/news only if something changed (see
// src/news/news-pull.ts). If the API is down or answers anything the contract does not
// allow, it exits with code 1 and a message saying why, and the snapshot stays as it was.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importServerModules } from './lib/server-modules.mjs';

export const DEFAULT_NEWS_API_URL = 'http://127.0.0.1:4321/homeapiak';

/** The pull's server modules (loaded ahead by a nightly process standing by: scripts/nightly.mjs --standby). */
export const loadPull = () => importServerModules('pull-news', { 'src/news/news-pull.ts': 'pullNews' });

/**
 * Pulls and describes what it did. Answers { ok, result, seconds, lines }: lines to print
 * (stdout when ok, stderr when not).
 */
export async function pullNewsAndReport({ apiUrl = process.env.NEWS_API_URL || DEFAULT_NEWS_API_URL, dir = 'content/news', allowEmpty = false } = {}) {
  try {
    new URL(apiUrl);
  } catch {
    return { ok: false, lines: [`pull-news: NEWS_API_URL is not a URL: ${apiUrl}`] };
  }
  const { pullNews } = await loadPull();
  const started = process.hrtime.bigint();
  try {
    const result = await pullNews({ apiUrl, dir: resolve(dir), allowEmpty, imagesDir: resolve('public/files/news') });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const took = `${seconds.toFixed(2)} s`;
    const fetched = `${result.fetched} fetched in full`;
    const lines = result.changed
      ? [
          `pull-news: ${result.total} stories from ${apiUrl}, ${fetched}: ${result.added.length} added, ${result.updated.length} changed, ${result.removed.length} removed (${took})`,
          ...[...result.added.map((f) => `  + ${f}`), ...result.updated.map((f) => `  ~ ${f}`), ...result.removed.map((f) => `  - ${f}`)].slice(0, 50),
        ]
      : [`pull-news: ${result.total} stories from ${apiUrl}, ${fetched}, nothing changed (${took})`];
    return { ok: true, result, seconds, lines };
  } catch (error) {
    const cause = error?.cause?.code ? ` (${error.cause.code})` : '';
    return { ok: false, lines: [`pull-news: failed, content/news left unchanged: ${error?.message ?? error}${cause}`, `  API: ${apiUrl}`] };
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, 'allow-empty': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('usage: [NEWS_API_URL=http://host/homeapiak] npm run pull-news [-- --dir content/news] [--allow-empty]');
    process.exit(0);
  }
  const { ok, lines } = await pullNewsAndReport({ dir: values.dir, allowEmpty: values['allow-empty'] });
  (ok ? console.log : console.error)(lines.join('\n'));
  process.exit(ok ? 0 : 1);
}
