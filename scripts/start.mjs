#!/usr/bin/env node
// Serves the built site and the API on one port (Astro's Node standalone server).
// Embedded defaults: PGlite in var/, listening on 127.0.0.1:4321.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { compressStatic } from './lib/compress.mjs';
import { securityHeaders, staffPath, withFrameAncestors } from './lib/security-headers.mjs';

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
console.log(`Serving on http://${process.env.HOST}:${process.env.PORT}/ (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in ' + (process.env.DATA_DIR ?? 'var')})`);
// Astro's standalone handler (static pages, then the API and other endpoints) behind
// our own listener, which adds the security headers to every response. The API's paths go
// straight to the API's own function once its module has loaded (the warm-up request below
// loads it): the same function Astro's endpoint calls (src/server/endpoint.ts), without
// Astro's page pipeline in front of it.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(entry.href);
const API_HANDLER = Symbol.for('carrier.api-handler');
const api = getRequestListener((request, { incoming }) => globalThis[API_HANDLER].serveApi(request, incoming.socket.remoteAddress));
const server = createServer((req, res) => {
  const pathname = (req.url ?? '/').split('?')[0];
  for (const [name, value] of Object.entries(securityHeaders(pathname))) res.setHeader(name, value);
  if (staffPath(pathname)) {
    // a console page's own policy (Astro's header) replaces ours: it keeps frame-ancestors 'none'
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
    res.writeHead(kept.status, kept.headers);
    return res.end(kept.body);
  }
  // pages, stylesheets and scripts gzipped, as a CDN in front of dist/client sends them
  compressStatic(req, res);
  handler(req, res);
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  // Warm up in the background: the first call starts the API (database opened and migrated,
  // reference rows seeded) and the schedule engine works out the dated calls of its horizon
  // (about a second), so the first visitor's search does not wait for either.
  const { port } = server.address();
  const host = process.env.HOST.includes(':') ? `[${process.env.HOST}]` : process.env.HOST;
  const today = new Date().toISOString().slice(0, 10);
  fetch(`http://${host}:${port}/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA&date=${today}&limit=1`)
    .then((res) => res.arrayBuffer())
    .catch((error) => console.warn(`[start] warm-up request failed: ${error.message}`));
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
