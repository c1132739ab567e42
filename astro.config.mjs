// @ts-check
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { apiRoute } from './src/server/integration.mjs';
import { bilingualPages } from './src/i18n/integration.mjs';
import { pagefindIndex } from './src/search/integration.ts';
import { derivedFiles } from './src/build/derived/integration.ts';
import { contentCheck } from './src/content-model/integration.ts';
import { contentEditor } from './src/editor/integration.ts';
import { precompressed } from './src/build/precompress.mjs';
import { buildId } from './src/build/build-id.mjs';
import { COOKIE_NOTICE_REVEAL } from './src/shared/cookies.ts';
import { SCHEDULE_QUERY_FLAG } from './src/islands/schedules/query-flag.ts';

const apiBase = process.env.PUBLIC_API_BASE || '/homeapiak';
const site = process.env.SITE_URL || 'https://www.seabridgelines.com';

/** `client:intent`: hydrate an island when the visitor reaches for it (src/islands/shared/intent-directive.ts). */
const intentDirective = () => ({
  name: 'carrier:intent-directive',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string, entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./src/islands/shared/intent-directive.ts', import.meta.url)) }),
  },
});

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  trailingSlash: 'ignore',
  markdown: { syntaxHighlight: false },
  // pages whose getStaticPaths() gives a cacheKey (the news pages: src/build/cache-keys.ts) are copied from
  // the last build while their key and code are the same (the newsroom's publish builds, the nightly job)
  experimental: { incrementalBuild: true },
  // four pages rendered at once: rendering overlaps the writing of files (measured: page step 9.3 s -> 7.2 s, docs/schedules.md)
  build: { format: 'directory', concurrency: 4 },
  // first the content is checked (file, path and line of every problem), then the files derived from it are
  // brought up to date (src/build/derived/), before Astro loads any of it; the search index and the bare
  // twins take the pages as rendered (src/build/rendered-pages.ts, fed by src/middleware.ts); the editor is dev only; last, the
  // .br and .gz twins of the text files for nginx (src/build/precompress.mjs, deploy/nginx/)
  integrations: [contentCheck(), derivedFiles(), react(), intentDirective(), apiRoute({ base: apiBase }), pagefindIndex(), bilingualPages({ site }), contentEditor(), precompressed()],
  security: {
    // the only on-demand routes are the API's, whose entry (serveApi, src/server/endpoint.ts) refuses
    // cross-site form posts itself, also when npm start calls it without Astro in front
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        /** @type {`connect-src${string}`} */ (`connect-src 'self'${process.env.PUBLIC_API_ORIGIN ? ` ${process.env.PUBLIC_API_ORIGIN}` : ''}`),
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
      // the inline scripts Astro does not hash itself: the cookie notice's (src/components/shell/CookieNotice.astro), the schedule search's
      scriptDirective: { hashes: [COOKIE_NOTICE_REVEAL, SCHEDULE_QUERY_FLAG].map((code) => /** @type {const} */ (`sha256-${createHash('sha256').update(code).digest('base64')}`)) },
    },
  },
  vite: {
    define: {
      'import.meta.env.PUBLIC_API_BASE': JSON.stringify(apiBase),
      // one build, one content: the schedules API derives its ETags from it (src/server/dcsa/app.ts)
      'import.meta.env.BUILD_ID': JSON.stringify(buildId()),
    },
  },
});
