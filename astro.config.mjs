// @ts-check
import { randomUUID } from 'node:crypto';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { apiRoute } from './src/server/integration.mjs';
import { bilingualPages } from './src/i18n/integration.mjs';
import { pagefindIndex } from './src/search/integration.ts';
import { derivedFiles } from './src/build/derived/integration.ts';
import { contentCheck } from './src/content-model/integration.ts';
import { contentEditor } from './src/editor/integration.ts';

const apiBase = process.env.PUBLIC_API_BASE || '/homeapiak';
const site = process.env.SITE_URL || 'https://www.seabridgelines.com';

export default defineConfig({
  site,
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  trailingSlash: 'ignore',
  markdown: { syntaxHighlight: false },
  // four pages rendered at once: rendering overlaps the writing of files (measured: page step 9.3 s -> 7.2 s, docs/schedules.md)
  build: { format: 'directory', concurrency: 4 },
  // first the content is checked (file, path and line of every problem), then the files derived from it are
  // brought up to date (src/build/derived/), before Astro loads any of it; the search index and the bare
  // twins take the pages as rendered (src/build/rendered-pages.ts, fed by src/middleware.ts); the editor is dev only
  integrations: [contentCheck(), derivedFiles(), react(), apiRoute({ base: apiBase }), pagefindIndex(), bilingualPages({ site }), contentEditor()],
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
    },
  },
  vite: {
    define: {
      'import.meta.env.PUBLIC_API_BASE': JSON.stringify(apiBase),
      // one build, one content: the schedules API derives its ETags from it (src/server/dcsa/app.ts)
      'import.meta.env.BUILD_ID': JSON.stringify(randomUUID()),
    },
  },
});
