import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { openApiDocument } from '../../contract/openapi';
import { DCSA_BASE } from '../../schedules/dcsa/schemas';
import { createDcsaApp } from '../dcsa/app';
import type { AppDeps } from '../deps';
import { makeExamples, type ExampleCaller } from '../openapi-examples';
import { createLogger } from '../../observability/log.mjs';

/**
 * The API described for integrators: `/openapi.json`, the OpenAPI 3.1 document made from the
 * contract (src/contract/openapi.ts) with the API's own answers as its examples (made in process
 * when it is first asked for: src/server/openapi-examples.ts), and `/docs`, a reference page for people (Scalar's
 * standalone reader, served from node_modules by this route, not from a CDN). The page has its own
 * Content-Security-Policy: scripts from this origin only, styles inline (the reader injects them),
 * no frames; it is registered ahead of the API's own headers, which would forbid everything.
 */
/**
 * The reader's settings: nothing fetched from elsewhere (its default fonts, telemetry), none of its
 * hosted services offered (the "Ask AI" agent, MCP generation, the developer toolbar); attribute-escaped.
 */
const READER_CONFIGURATION = JSON.stringify({ withDefaultFonts: false, telemetry: false, agent: { disabled: true }, mcp: { disabled: true }, showDeveloperTools: 'never' }).replaceAll('"', '&quot;');

/** A document whose examples could not all be made is made again after this long (the database may have been down). */
const RETRY_INCOMPLETE_MS = 60_000;
/** A complete one is made again after a day: its schedule examples are dated from the day it was made. */
const REMAKE_MS = 24 * 60 * 60 * 1000;

/**
 * `callApi` sends a request to the whole API in process (src/server/app.ts), `callDcsa` to the
 * DCSA schedules API: the examples' answers come from them (src/server/openapi-examples.ts).
 * Without `callDcsa` (an app made without the server's DCSA app, as in the tests) a DCSA app of
 * the same content answers, its cursors signed with a key of its own.
 */
export function openApiRoutes({ config }: AppDeps, callApi: ExampleCaller, callDcsa?: ExampleCaller) {
  const router = new Hono();
  let ownDcsa: ReturnType<typeof createDcsaApp> | undefined;
  const dcsa: ExampleCaller =
    callDcsa ??
    ((path, init) => {
      ownDcsa ??= createDcsaApp({ cursorKey: randomBytes(32).toString('base64url') });
      return ownDcsa.request(`http://localhost${DCSA_BASE}${path}`, init);
    });
  /** The document, made at the API's start (src/server/runtime.ts asks for it before answering anything) and kept for a day (made again a minute later if an example was missing, or if making it failed). */
  type Made = { body: string; complete: boolean; madeAt: number };
  let document: Promise<Made> | undefined;
  const make = async (): Promise<Made> => {
    const examples = await makeExamples(new Date().toISOString().slice(0, 10), { wire: callApi, dcsa });
    const failures = Object.entries(examples.failures);
    if (failures.length) createLogger('api').warn({ failures: Object.fromEntries(failures) }, `openapi.json: ${failures.length} example(s) not made`);
    return { body: JSON.stringify(openApiDocument(config.apiBase, examples)), complete: failures.length === 0, madeAt: Date.now() };
  };
  const current = async (): Promise<Made> => {
    const pending = document;
    if (pending !== undefined) {
      const made = await pending.catch(() => undefined);
      if (made && Date.now() - made.madeAt < (made.complete ? REMAKE_MS : RETRY_INCOMPLETE_MS)) return made;
      if (document !== pending) return current();
    }
    document = make();
    return document;
  };
  router.get('/openapi.json', async (c) => {
    const { body, complete } = await current();
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': complete ? 'public, max-age=300' : 'no-store' });
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
