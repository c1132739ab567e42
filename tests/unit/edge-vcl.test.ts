import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderVcl } from '../../deploy/varnish/render.mjs';
import { BROWSER_STATIC_CACHE, EDGE_STATIC_HEADERS, IMMUTABLE_CACHE } from '../../scripts/lib/cache-policy.mjs';
import { freePort } from '../../scripts/lib/serve-built.mjs';
import { varnishEdge } from '../../scripts/lib/nginx-stack.mjs';
import { type RawAnswer, rawRequest } from '../faults/support';

/**
 * The edge's rules (deploy/varnish/default.vcl.template) run by a real varnishd in front of an
 * in-process HTTP server standing where nginx stands, which answers as nginx does (the lifetimes of
 * scripts/lib/cache-policy.mjs, Vary: Accept-Encoding) and counts what reaches it: what the edge keeps,
 * what it never keeps, what splits its cache and what does not, and a PURGE. The same VCL before the
 * real nginx and API processes is tested by tests/nginx/edge.spec.ts. Outside CI a missing varnishd
 * skips this file; under CI (.ci/run installs it) it fails.
 */

const ci = process.env.CI === 'true' || process.env.CI === '1';
const varnishd = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => existsSync(p));

describe('the edge VCL rendered from the shared source', () => {
  const vcl = renderVcl({ backend: '127.0.0.1:8080', purgers: ['127.0.0.1', '10.0.0.0/8'] });

  it('passes the paths nginx sends to the API processes, and the staff session, from the same patterns', () => {
    expect(vcl).toContain('req.http.x-carrier-path ~ "^/homeapiak/"');
    expect(vcl).toContain('req.http.x-carrier-path ~ "^/dcsa/"');
    expect(vcl).toContain('req.http.x-carrier-path ~ "^/(en|zh)/staff(/|$)"');
    expect(vcl).toContain('req.http.x-carrier-path ~ "^/(en|zh)/home/Track/result/?$"');
    expect(vcl).toContain('req.http.Cookie ~ "(^|;\\s*)(__Host-)?staff\\.session_token="');
    expect(vcl).toMatch(/acl carrier_purgers \{\n {4}"127\.0\.0\.1";\n {4}"10\.0\.0\.0"\/8;\n\}/);
    expect(vcl).not.toMatch(/\{\{\w+\}\}/);
  });

  it('refuses what it cannot write into VCL', () => {
    expect(() => renderVcl({ backend: 'nginx' })).toThrow(/host:port/);
    expect(() => renderVcl({ backend: '127.0.0.1:80', purgers: ['any"thing'] })).toThrow(/not an address/);
    expect(() => renderVcl({ backend: '127.0.0.1:80', purgers: [] })).toThrow(/at least one/);
  });
});

describe.skipIf(!varnishd && !ci)('the edge VCL run by varnishd (outside CI: skipped without varnishd)', () => {
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  const version = new Map<string, number>();
  const count = (path: string) => seen.filter((s) => s.path === path).length;
  const backend = createServer((req, res) => {
    const path = req.url!.split('?')[0];
    seen.push({ path, headers: req.headers });
    const n = (version.get(path) ?? 0) + 1;
    version.set(path, n);
    const encoding = String(req.headers['accept-encoding'] ?? '');
    const edge = { 'cache-control': BROWSER_STATIC_CACHE, ...Object.fromEntries(Object.entries(EDGE_STATIC_HEADERS).map(([k, v]) => [k.toLowerCase(), v])) };
    if (path === '/page/') {
      // a .br and a .gz twin as nginx's brotli_static and gzip_static send them
      const as = encoding === 'br' ? 'br' : encoding === 'gzip' ? 'gzip' : undefined;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding', ...edge, ...(as ? { 'content-encoding': as } : {}) });
      const body = Buffer.from(`${as ?? 'identity'} ${n}`);
      res.end(as === 'br' ? brotliCompressSync(body) : as === 'gzip' ? gzipSync(body) : body);
    } else if (path === '/_astro/a.js') {
      res.writeHead(200, { 'content-type': 'application/javascript', 'cache-control': IMMUTABLE_CACHE });
      res.end(`asset ${n}`);
    } else if (path === '/sets-cookie/') {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'a=b; Path=/', ...edge });
      res.end(`cookie ${n}`);
    } else if (path === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html', ...edge });
      res.end('not found');
    } else if (path === '/failing/') {
      res.writeHead(503, { 'content-type': 'text/plain', ...edge });
      res.end(`failing ${n}`);
    } else {
      // the staff console's and the API's paths: even a cacheable answer there is never kept
      res.writeHead(200, { 'content-type': 'text/html', ...edge });
      res.end(`${path} ${n}`);
    }
  });
  let edge: ReturnType<typeof varnishEdge>;
  const state = mkdtempSync(join(tmpdir(), 'edge-vcl-'));
  /** The body as the client reads it, whatever encoding it came in. */
  const text = (answer: RawAnswer) =>
    (answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.body) : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
  const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${edge.base}${path}`, headers);

  beforeAll(async () => {
    expect(varnishd, 'varnishd is required under CI (apt-get install varnish)').toBeTruthy();
    await new Promise<void>((r) => backend.listen(0, '127.0.0.1', r));
    const { port } = backend.address() as AddressInfo;
    // the edge waits for its backend's /homeapiak/health before it counts as started: answered above
    edge = varnishEdge({ backend: `127.0.0.1:${port}`, port: await freePort(), stateDir: state });
    await edge.start();
  }, 90_000);
  afterAll(async () => {
    await edge?.stop();
    await new Promise((r) => backend.close(r));
    rmSync(state, { recursive: true, force: true });
  });

  it('keeps a page: the second request is the edge’s, with the browser’s lifetime and none of the edge’s headers', async () => {
    const first = await get('/page/');
    const second = await get('/page/');
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(text(second)).toBe(text(first));
    expect(count('/page/')).toBe(1);
    for (const answer of [first, second]) {
      expect(answer.headers['cache-control']).toBe(BROWSER_STATIC_CACHE);
      expect(answer.headers['surrogate-control']).toBeUndefined();
      expect(answer.headers['cdn-cache-control']).toBeUndefined();
      expect(answer.headers.age).toBeUndefined();
    }
  });

  it('a visitor’s cookies and query strings neither split nor bypass the cache, and never reach nginx', async () => {
    await get('/page/');
    const before = count('/page/');
    const answer = await get('/page/?utm_source=mail&x=1', { cookie: '_ga=GA1.1.1; lang=zh' });
    expect(answer.headers['x-cache']).toBe('HIT');
    expect(count('/page/')).toBe(before);
    await get('/_astro/a.js?v=2', { cookie: 'tracker=1' });
    expect(seen.filter((s) => s.path === '/_astro/a.js').every((s) => s.headers.cookie === undefined)).toBe(true);
  });

  it('one object per encoding: br, gzip and identity each keep their own body, none poisons another', async () => {
    const asks = [
      ['gzip, deflate, br', 'br'],
      ['br;q=1.0, gzip;q=0.8', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const;
    for (let round = 0; round < 2; round++) {
      for (const [accept, encoding] of asks) {
        const answer = await get('/page/', accept ? { 'accept-encoding': accept } : {});
        expect(answer.headers['content-encoding'], accept).toBe(encoding);
        expect(text(answer), accept).toMatch(new RegExp(`^${encoding ?? 'identity'} \\d+$`));
        if (round === 1) expect(answer.headers['x-cache'], accept).toBe('HIT');
      }
    }
    // nginx saw each encoding once at most (the first test's identity request came before)
    const encodings = seen.filter((s) => s.path === '/page/').map((s) => s.headers['accept-encoding'] ?? 'identity');
    expect(encodings.sort()).toEqual(['br', 'gzip', 'identity']);
  });

  it('a PURGE of the path drops every encoding’s object: the next answers are fresh', async () => {
    const purge = await rawRequest(`${edge.base}/page/`, {}, 'PURGE');
    expect(purge.status).toBe(200);
    const before = version.get('/page/')!;
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ]) {
      const answer = await get('/page/', { 'accept-encoding': accept });
      expect(answer.headers['x-cache'], accept).toBe('MISS');
      expect(Number(text(answer).split(' ')[1]), accept).toBeGreaterThan(before);
      expect(text(answer).split(' ')[0]).toBe(encoding);
    }
  });

  it('never keeps an answer that sets a cookie, a staff session’s request, the staff console, the API, or a server error', async () => {
    for (const [path, headers] of [
      ['/sets-cookie/', {}],
      ['/en/staff/news', {}],
      ['/zh/staff', {}],
      ['/homeapiak/health', {}],
      ['/dcsa/cs/v1/port-schedules?x=1', {}],
      ['/en/home/Track/result', {}],
      ['/failing/', {}],
      ['/en/home/About/', { cookie: 'lang=en; staff.session_token=abc' }],
      ['/zh/home/About/', { cookie: '__Host-staff.session_token=abc' }],
      ['/en/home/Contact/', { authorization: 'Basic eDp5' }],
    ] as const) {
      const bare = path.split('?')[0];
      const before = count(bare);
      const answers = [await get(path, headers), await get(path, headers)];
      expect(count(bare) - before, `${path}: both requests reach nginx`).toBe(2);
      expect(
        answers.map((a) => a.headers['x-cache']),
        path,
      ).toEqual(['MISS', 'MISS']);
    }
    // the session's cookie reaches the server that reads it
    expect(seen.findLast((s) => s.path === '/zh/home/About/')?.headers.cookie).toBe('__Host-staff.session_token=abc');
  });

  it('keeps a 404 (briefly: a page published later must not hide behind it) and hashed assets', async () => {
    await get('/missing');
    expect((await get('/missing')).headers['x-cache']).toBe('HIT');
    expect(count('/missing')).toBe(1);
    expect((await get('/_astro/a.js')).headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('passes varnishd -C: the rendered VCL compiles', () => {
    const dir = mkdtempSync(join(tmpdir(), 'edge-vcl-c-'));
    try {
      const result = spawnSync(varnishd!, ['-C', '-j', 'none', '-n', dir, '-f', edge.vcl], { encoding: 'utf8' });
      expect(result.status, result.stderr.slice(-2000)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
