import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { openApiDocument } from '../../contract/openapi';
import type { AppDeps } from '../deps';

/**
 * The API described for integrators: `/openapi.json`, the OpenAPI 3.1 document made from the
 * contract (src/contract/openapi.ts), and `/docs`, a reference page for people (Scalar's
 * standalone reader, served from node_modules by this route, not from a CDN). The page has its own
 * Content-Security-Policy: scripts from this origin only, styles inline (the reader injects them),
 * no frames; it is registered ahead of the API's own headers, which would forbid everything.
 */
/**
 * The reader's settings: nothing fetched from elsewhere (its default fonts, telemetry), none of its
 * hosted services offered (the "Ask AI" agent, MCP generation, the developer toolbar); attribute-escaped.
 */
const READER_CONFIGURATION = JSON.stringify({ withDefaultFonts: false, telemetry: false, agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never' }).replaceAll('"', '&quot;');

export function openApiRoutes({ config }: AppDeps) {
  const router = new Hono();
  let document: string | undefined;
  router.get('/openapi.json', (c) => {
    document ??= JSON.stringify(openApiDocument(config.apiBase));
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' });
  });
  router.get('/docs', (c) =>
    c.html(
      `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Seabridge Container Lines</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<script id="api-reference" data-url="${config.apiBase}/openapi.json" data-configuration="${READER_CONFIGURATION}"></script>
<script src="${config.apiBase}/docs/reference.js"></script>
</body>
</html>
`,
      200,
      {
        'content-security-policy':
          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cache-control': 'public, max-age=300',
      },
    ),
  );
  let reader: Promise<Buffer> | undefined;
  router.get('/docs/reference.js', async (c) => {
    reader ??= readFile(join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference/style.css')), 'browser/standalone.js')).catch((error) => {
      reader = undefined;
      throw error;
    });
    return c.body(new Uint8Array(await reader), 200, { 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=86400' });
  });
  return router;
}
