#!/usr/bin/env node
// Renders deploy/varnish/default.vcl.template into Varnish's VCL: nginx's address, who may purge,
// and the rules shared with nginx's configuration (the paths rendered on demand, the staff session's
// cookie, the edge's lifetimes: scripts/lib/cache-policy.mjs and security-headers.mjs), so the two
// cannot drift (tests/unit/deploy.test.ts and tests/nginx/edge.spec.ts check them).
//
//   node deploy/varnish/render.mjs --backend 127.0.0.1:8080 --purger 127.0.0.1 --out /etc/carrier-site/default.vcl
//   varnishd -F -a 0.0.0.0:80 -f /etc/carrier-site/default.vcl -p http_gzip_support=off -s malloc,1g
//   (deploy/systemd/carrier-varnish.service runs it so; deploy/Dockerfile's edge target renders it at
//   start from EDGE_BACKEND and EDGE_PURGERS, the worker's network in deploy/compose.yaml)
// --purger takes an address or a network (10.0.0.0/8), several times or as a list (spaces or commas);
// without it, loopback only.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EDGE_NOT_FOUND_TTL_S, EDGE_PASS_PATTERNS, SESSION_COOKIE_PATTERN } from '../../scripts/lib/cache-policy.mjs';

const TEMPLATE = fileURLToPath(new URL('./default.vcl.template', import.meta.url));
/** varnishd's options the VCL expects (nginx's .br and .gz twins cached as they are). */
export const VARNISH_PARAMS = ['-p', 'http_gzip_support=off'];

/** A JavaScript pattern as a VCL regex string (PCRE2): the same text, slashes unescaped. */
function vclRegex(pattern) {
  const source = pattern.source.replaceAll('\\/', '/');
  if (/["\n{}]/.test(source.replace(/\{\d+(,\d*)?\}/g, ''))) throw new Error(`cannot write /${pattern.source}/ into VCL`);
  return `"${pattern.ignoreCase ? '(?i)' : ''}${source}"`;
}

/** @param {string} value */
function vclString(value) {
  if (/["\n{}]/.test(value)) throw new Error(`cannot write ${JSON.stringify(value)} into VCL`);
  return `"${value}"`;
}

/** host:port (an IPv6 address in brackets) as [host, port]. */
function hostPort(address) {
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  if (!match) throw new Error(`expected host:port, got ${JSON.stringify(address)}`);
  return [match[1], match[2]];
}

/**
 * @param {{ backend: string, purgers?: string[], apiBase?: string }} options
 *   backend: nginx's host:port; purgers: addresses or networks (10.0.0.0/8) allowed to PURGE
 */
export function renderVcl({ backend, purgers = ['127.0.0.1', '::1'], apiBase = '/homeapiak' }) {
  if (!/^\/[A-Za-z0-9_/-]*[A-Za-z0-9_-]$/.test(apiBase)) throw new Error(`unexpected API base ${apiBase}`);
  if (!purgers.length) throw new Error('at least one address may purge (the worker\'s)');
  const [host, port] = hostPort(backend);
  const acl = purgers.map((p) => {
    const [address, bits] = p.split('/');
    if (!/^[0-9a-fA-F.:]+$/.test(address) || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`not an address or network: ${p}`);
    return `    ${vclString(address)}${bits === undefined ? '' : `/${bits}`};`;
  });
  const pass = [`req.http.x-carrier-path ~ "^${apiBase}/"`, 'req.http.x-carrier-path ~ "^/dcsa/"', ...EDGE_PASS_PATTERNS.map((p) => `req.http.x-carrier-path ~ ${vclRegex(p)}`)];
  const values = {
    backend_host: vclString(host).slice(1, -1),
    backend_port: port,
    purgers: acl.join('\n'),
    pass_condition: pass.join(' ||\n        '),
    session_cookie: vclRegex(SESSION_COOKIE_PATTERN).slice(1, -1),
    not_found_ttl: String(EDGE_NOT_FOUND_TTL_S),
  };
  return readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`the template names {{${name}}}, which render.mjs does not fill`);
    return values[name];
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      backend: { type: 'string', default: '127.0.0.1:8080' },
      purger: { type: 'string', multiple: true, default: ['127.0.0.1', '::1'] },
      'api-base': { type: 'string', default: process.env.PUBLIC_API_BASE || '/homeapiak' },
      out: { type: 'string' },
    },
  });
  const purgers = values.purger.flatMap((list) => list.split(/[\s,]+/)).filter(Boolean);
  const vcl = renderVcl({ backend: values.backend, purgers, apiBase: values['api-base'] });
  if (values.out) writeFileSync(values.out, vcl);
  else process.stdout.write(vcl);
}
