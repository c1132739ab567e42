#!/usr/bin/env node
// Renders deploy/nginx/nginx.conf.template into an nginx configuration: the served folder, the
// address to listen on, the API processes, where nginx keeps its state, and the security headers
// of the static files taken from scripts/lib/security-headers.mjs, the same source `npm start`
// uses, so the two cannot drift (tests/unit/deploy.test.ts and tests/nginx/ check them).
//
//   node deploy/nginx/render.mjs --root /srv/carrier-site/dist/client --listen 0.0.0.0:80 \
//     --upstream 127.0.0.1:4001 --upstream 127.0.0.1:4002 --state-dir /srv/carrier-site/var/nginx --out /etc/carrier-site/nginx.conf
//   nginx -p /srv/carrier-site/var/nginx -e stderr -c /etc/carrier-site/nginx.conf   (in the foreground: `daemon off`;
//   deploy/systemd/carrier-nginx.service runs it so)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BROWSER_STATIC_CACHE, EDGE_STATIC_HEADERS, IMMUTABLE_CACHE } from '../../scripts/lib/cache-policy.mjs';
import { PROXY_KEEP_ALIVE_S } from '../../scripts/lib/keep-alive.mjs';
import { EMBEDDABLE_PATTERN, STAFF_PATTERN, securityHeaders } from '../../scripts/lib/security-headers.mjs';

/**
 * Sent by nginx on every answer that has none: the value the API's own answers carry (Hono's
 * secureHeaders, src/server/app.ts), so the whole site asks the same. Browsers ignore it over plain HTTP.
 */
export const HSTS = 'max-age=15552000; includeSubDomains';
/** Debian's brotli_static module (package libnginx-mod-http-brotli-static). */
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const TEMPLATE = fileURLToPath(new URL('./nginx.conf.template', import.meta.url));

/** A value nginx reads as one literal string. */
function quoted(value) {
  if (/["\\$\n]/.test(value)) throw new Error(`cannot write ${JSON.stringify(value)} into nginx's configuration`);
  return `"${value}"`;
}

/** A JavaScript pattern as an nginx location regex (PCRE): the same text, slashes unescaped. */
function regexQuoted(pattern) {
  const source = pattern.source.replaceAll('\\/', '/');
  if (/["\\\n]/.test(source)) throw new Error(`cannot write /${pattern.source}/ into nginx's configuration`);
  return `"${pattern.ignoreCase ? '(?i)' : ''}${source}"`;
}

/** The add_header lines of a static answer at `pathname`: the headers `npm start` sends there, plus HSTS. */
export function headerLines(pathname, indent = '            ') {
  return [
    ...Object.entries(securityHeaders(pathname)).map(([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`),
    `${indent}add_header strict-transport-security $carrier_hsts always;`,
  ].join('\n');
}

/** The add_header lines of a static answer's lifetimes: the browser's (Cache-Control) and the edge's (scripts/lib/cache-policy.mjs). */
export function cacheLines(browser, edge = {}, indent = '            ') {
  return [['Cache-Control', browser], ...Object.entries(edge)].map(([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`).join('\n');
}

/**
 * @param {{
 *   root: string, listen: string, upstreams: string[], stateDir: string,
 *   apiBase?: string, user?: string, brotli?: boolean | 'auto', mimeTypes?: string, workerProcesses?: string | number
 * }} options
 */
export function renderNginxConf(options) {
  const { listen, upstreams, apiBase = '/homeapiak', user, brotli = 'auto', mimeTypes = '/etc/nginx/mime.types', workerProcesses = 'auto' } = options;
  if (!upstreams.length) throw new Error('at least one upstream (host:port of an API process) is needed');
  if (!/^\/[A-Za-z0-9_/-]*[A-Za-z0-9_-]$/.test(apiBase)) throw new Error(`unexpected API base ${apiBase}`);
  const withBrotli = brotli === 'auto' ? existsSync(BROTLI_MODULE) : brotli;
  const proxy = [
    'proxy_pass http://carrier_api;',
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $http_host;',
    // the API takes the client's address from the last hop (TRUST_PROXY_HOPS=1 behind this nginx alone)
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    'proxy_set_header X-Request-Id $request_id;',
    // a failed read goes to the other process; a POST is never sent twice (no non_idempotent)
    'proxy_next_upstream error timeout http_502 http_503;',
    'proxy_next_upstream_tries 2;',
    'proxy_connect_timeout 2s;',
    'proxy_read_timeout 120s;',
    // the API's answers carry their own; the staff pages' get nginx's
    'add_header strict-transport-security $carrier_hsts always;',
  ]
    .map((line) => `            ${line}`)
    .join('\n');
  const values = {
    load_modules: withBrotli ? `load_module ${BROTLI_MODULE};` : '# no brotli_static module: only the .gz files are served',
    user: user ? `user ${user};` : '# user: the one who starts nginx',
    worker_processes: String(workerProcesses),
    state_dir: resolve(options.stateDir),
    mime_types: mimeTypes,
    brotli_static: withBrotli ? '    brotli_static on;' : '',
    upstream_keepalive_timeout: `${PROXY_KEEP_ALIVE_S}s`,
    upstream_servers: upstreams.map((u) => `        server ${u} max_fails=1 fail_timeout=5s;`).join('\n'),
    hsts: quoted(HSTS),
    listen,
    root: resolve(options.root),
    static_headers: headerLines('/'),
    static_cache: cacheLines(BROWSER_STATIC_CACHE, EDGE_STATIC_HEADERS),
    immutable_cache: cacheLines(IMMUTABLE_CACHE),
    embeddable_headers: headerLines('/customDefine/'),
    embeddable_pattern: regexQuoted(EMBEDDABLE_PATTERN),
    staff_pattern: regexQuoted(STAFF_PATTERN),
    api_base: apiBase,
    proxy,
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`the template names {{${name}}}, which render.mjs does not fill`);
    return values[name];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist/client' },
      listen: { type: 'string', default: '127.0.0.1:8080' },
      upstream: { type: 'string', multiple: true, default: ['127.0.0.1:4001', '127.0.0.1:4002'] },
      'state-dir': { type: 'string', default: 'var/nginx' },
      'api-base': { type: 'string', default: process.env.PUBLIC_API_BASE || '/homeapiak' },
      user: { type: 'string' },
      brotli: { type: 'string', default: 'auto' },
      out: { type: 'string' },
    },
  });
  const conf = renderNginxConf({
    root: values.root,
    listen: values.listen,
    upstreams: values.upstream,
    stateDir: values['state-dir'],
    apiBase: values['api-base'],
    user: values.user,
    brotli: values.brotli === 'auto' ? 'auto' : values.brotli === 'on',
  });
  if (values.out) writeFileSync(values.out, conf);
  else process.stdout.write(conf);
}
