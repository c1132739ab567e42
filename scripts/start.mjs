#!/usr/bin/env node
// Serves the built site and the API on one port (Astro's Node standalone server).
// Embedded defaults: PGlite in var/, listening on 127.0.0.1:4321.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { SERVER_HEADERS_TIMEOUT_MS, SERVER_KEEP_ALIVE_MS } from './lib/keep-alive.mjs';
import { ownPolicyPath, securityHeaders, withFrameAncestors } from './lib/security-headers.mjs';
import { serveStatic } from './lib/static-twins.mjs';
import { createLogger } from '../src/observability/log.mjs';
import { metricsAnswer, metricsGate } from '../src/observability/metrics.mjs';
import { readiness } from '../src/observability/probes.mjs';
import { markRoute, observeRequest } from '../src/observability/requests.mjs';
import { warmUp } from '../src/observability/warm-up.mjs';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
if (!existsSync(entry)) {
  console.error('No build found: run "npm run build" first (or "npm run quickstart").');
  process.exit(1);
}
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Node ${process.versions.node} is too old: run through npm ("npm start"), which uses the Node 24 from node_modules.`);
  process.exit(1);
}
process.env.HOST ??= '127.0.0.1';
process.env.PORT ??= '4321';
// one JSON line per request and per event (src/observability/): LOG_LEVEL=silent|error|warn|info|debug
const log = createLogger('server');
const metricsAllowed = metricsGate();
const apiBase = process.env.PUBLIC_API_BASE ?? '/homeapiak';
// the folder Astro's handler serves the static pages from (a release's, through the dist/client link)
const servedDir = fileURLToPath(new URL('../dist/client/', import.meta.url));
/** Set once the warm-up (src/observability/warm-up.mjs) has asked for one thing of each kind. */
const warm = { done: false, problems: [] };
log.info(`Serving on http://${process.env.HOST}:${process.env.PORT}/ (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in ' + (process.env.DATA_DIR ?? 'var')})`);
// Astro's standalone handler (static pages, then the API and other endpoints) behind
// our own listener, which adds the security headers to every response. The API's paths go
// straight to the API's own function once its module has loaded (the warm-up request below
// loads it): the same function Astro's endpoint calls (src/server/endpoint.ts), without
// Astro's page pipeline in front of it.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(entry.href);
const API_HANDLER = Symbol.for('carrier.api-handler');
const api = getRequestListener((request, { incoming }) => globalThis[API_HANDLER].serveApi(request, incoming.socket.remoteAddress, incoming));

/** The database answers: the API's own health call, asked in process. */
async function databaseOk() {
  const answer = await globalThis[API_HANDLER].serveApi(new Request(`http://localhost${apiBase}/health`));
  return answer.ok && (await answer.json()).data?.content?.databaseOk === true;
}

/** /metrics (Prometheus text, to loopback and METRICS_ALLOW only) and /ready (the readiness probe). */
async function probe(req, res, pathname) {
  if (pathname === '/metrics') {
    if (!metricsAllowed(req.socket.remoteAddress, req.headers['x-forwarded-for'])) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return res.end('Forbidden: /metrics is served to loopback and the METRICS_ALLOW addresses only\n');
    }
    const { body, contentType } = await metricsAnswer();
    res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
    return res.end(body);
  }
  const { status, body } = await readiness({ servedDir, warm, databaseOk });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const pathname = (req.url ?? '/').split('?')[0];
  observeRequest(req, res, log);
  if (pathname === '/backup' && req.method === 'POST') {
    // `npm run backup` with the embedded database (src/backup/loopback.ts): loopback only, not through a proxy, with the token of DATA_DIR
    markRoute(req, pathname);
    const refuse = (status, text) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`${text}\n`);
    };
    const local = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
    if (!local) return refuse(403, 'Forbidden: /backup is served to loopback only');
    const handler = globalThis[API_HANDLER];
    if (!handler?.backupOverLoopback) return refuse(503, 'The API is not started yet');
    handler
      .backupOverLoopback(req.headers['x-backup-token'])
      .then((archive) => {
        if (!archive) return refuse(403, "Forbidden: no backup token, or not this server's (DATA_DIR/backup.token; the embedded database only)");
        res.writeHead(200, { 'content-type': 'application/zip', 'content-length': archive.byteLength, 'cache-control': 'no-store' });
        res.end(archive);
      })
      .catch((error) => {
        log.error({ err: error }, 'a backup over loopback failed');
        if (!res.headersSent) refuse(500, `The backup failed: ${error?.message ?? error}`);
        else res.end();
      });
    return;
  }
  if ((pathname === '/metrics' || pathname === '/ready') && req.method === 'GET') {
    markRoute(req, pathname);
    probe(req, res, pathname).catch((error) => {
      log.error({ err: error }, `${pathname} failed`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
    return;
  }
  for (const [name, value] of Object.entries(securityHeaders(pathname))) res.setHeader(name, value);
  if (ownPolicyPath(pathname)) {
    // a page rendered on demand: its own policy (Astro's header) replaces ours and keeps who may frame it ('none' for the console, 'self' for the tracking results)
    const csp = (name, value) => (String(name).toLowerCase() === 'content-security-policy' ? withFrameAncestors(pathname, String(value)) : value);
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name, value) => setHeader(name, csp(name, value));
    const writeHead = res.writeHead.bind(res);
    res.writeHead = (status, ...rest) => {
      const at = typeof rest[0] === 'string' ? 1 : 0; // writeHead(status[, statusMessage][, headers])
      if (rest[at] && typeof rest[at] === 'object' && !Array.isArray(rest[at])) rest[at] = Object.fromEntries(Object.entries(rest[at]).map(([k, v]) => [k, csp(k, v)]));
      return writeHead(status, ...rest);
    };
  }
  const apiHandler = globalThis[API_HANDLER];
  if (apiHandler?.prefixes.some((prefix) => pathname.startsWith(prefix))) {
    // an answer kept whole (src/server/memo.ts) goes out from here; the rest through the API
    const kept = apiHandler.keptAnswer(req.method, req.url, req.headers.origin, req.socket.remoteAddress, req.headers['x-forwarded-for']);
    if (!kept) return api(req, res);
    markRoute(req, 'api:kept-answer');
    res.writeHead(kept.status, kept.headers);
    return res.end(kept.body);
  }
  // a static file as nginx sends it: the build's .br or .gz twin to a client that accepts it, else the file as it is
  serveStatic(req, res, servedDir, () => handler(req, res));
});
// idle connections outlive the clients' and nginx's pools (scripts/lib/keep-alive.mjs)
server.keepAliveTimeout = SERVER_KEEP_ALIVE_MS;
server.headersTimeout = SERVER_HEADERS_TIMEOUT_MS;
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  // Warm up before reporting ready (/ready answers 503 until then): one request of each kind, so that
  // no visitor's first request waits for the API's start (database, seed, the OpenAPI examples), the
  // schedule engine's horizon, the calculator or a page module loaded on first use.
  const { port } = server.address();
  const host = process.env.HOST.includes(':') ? `[${process.env.HOST}]` : process.env.HOST;
  const started = process.hrtime.bigint();
  warmUp(`http://${host}:${port}`, apiBase, () => globalThis[API_HANDLER]?.serveApi)
    .then((problems) => {
      warm.problems = problems;
      for (const problem of problems) log.warn(`warm-up: ${problem}`);
      log.info({ ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6) }, 'ready: warmed up');
    })
    .catch((error) => log.error({ err: error }, 'the warm-up failed'))
    .finally(() => {
      warm.done = true;
    });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
