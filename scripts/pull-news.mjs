#!/usr/bin/env node
// npm run pull-news [-- --dir content/news] [--allow-empty]
//
// The nightly job's first half: reads every news item of both languages from the API
// (NEWS_API_URL, default http://127.0.0.1:4321/homeapiak, the local `npm start`) through
// the typed client, sanitizes the HTML, and replaces content/news only if something
// changed. If the API is down or answers anything the contract does not allow, it exits
// with code 1 and a message saying why, and the snapshot stays as it was.
// Cron: cd /srv/carrier-site && npm run pull-news && npm run build
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'allow-empty': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  console.log('usage: [NEWS_API_URL=http://host/homeapiak] npm run pull-news [-- --dir content/news] [--allow-empty]');
  process.exit(0);
}
const apiUrl = process.env.NEWS_API_URL || 'http://127.0.0.1:4321/homeapiak';
try {
  new URL(apiUrl);
} catch {
  console.error(`pull-news: NEWS_API_URL is not a URL: ${apiUrl}`);
  process.exit(1);
}
const dir = resolve(values.dir ?? 'content/news');

// The modules are TypeScript: bundle the entry (dependencies stay in node_modules).
mkdirSync('var/.cache', { recursive: true });
const outfile = resolve(`var/.cache/pull-news-${process.pid}.mjs`);
await build({
  entryPoints: ['src/lib/news-pull.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile,
  logLevel: 'error',
});
const { pullNews } = await import(outfile);
const { rmSync } = await import('node:fs');
rmSync(outfile, { force: true });

const started = Date.now();
try {
  const result = await pullNews({ apiUrl, dir, allowEmpty: values['allow-empty'] });
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (!result.changed) console.log(`pull-news: ${result.total} files from ${apiUrl}, nothing changed (${took} s)`);
  else
    console.log(
      `pull-news: ${result.total} files from ${apiUrl}: ${result.added.length} added, ${result.updated.length} changed, ${result.removed.length} removed (${took} s)` +
        [...result.added.map((f) => `\n  + ${f}`), ...result.updated.map((f) => `\n  ~ ${f}`), ...result.removed.map((f) => `\n  - ${f}`)].slice(0, 50).join(''),
    );
} catch (error) {
  const cause = error?.cause?.code ? ` (${error.cause.code})` : '';
  console.error(`pull-news: failed, content/news left unchanged: ${error?.message ?? error}${cause}\n  API: ${apiUrl}`);
  process.exit(1);
}
