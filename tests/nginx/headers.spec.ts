import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HSTS } from '../../deploy/nginx/render.mjs';
import { BROWSER_STATIC_CACHE, EDGE_STATIC_HEADERS, IMMUTABLE_CACHE } from '../../scripts/lib/cache-policy.mjs';
import { securityHeaders } from '../../scripts/lib/security-headers.mjs';
import { expect, test } from '../e2e/fixtures';
import { type RawAnswer, rawRequest } from '../faults/support';

/**
 * The headers of each kind of answer through nginx (deploy/nginx/), next to what an API process
 * (`npm start`, scripts/start.mjs) answers itself: static pages and files with the same security
 * headers plus HSTS and their cache lifetimes, pre-compressed twins when asked for (the ones
 * `npm start` sends too), the 404 page, the API's, the DCSA API's and the staff console's answers
 * passed through untouched. RawAnswer HTTP (node:http): nothing decompresses or merges on the way.
 */

const nginx = process.env.NGINX_BASE_URL!;
const [direct] = process.env.NGINX_UPSTREAMS!.split(',');
const ROOT = 'dist/client';

/** The security headers `npm start` gives `pathname` (scripts/lib/security-headers.mjs), each as both servers sent it. */
function expectSameSecurityHeaders(pathname: string, through: RawAnswer, itself: RawAnswer) {
  const expected = securityHeaders(pathname);
  for (const [name, value] of Object.entries(expected)) {
    expect(itself.headers[name], `${pathname}: ${name} from npm start`).toBe(value);
    expect(through.headers[name], `${pathname}: ${name} through nginx`).toBe(value);
  }
  for (const name of ['content-security-policy', 'x-frame-options'].filter((n) => !(n in expected))) {
    expect(itself.headers[name], `${pathname}: no ${name} from npm start`).toBeUndefined();
    expect(through.headers[name], `${pathname}: no ${name} through nginx`).toBeUndefined();
  }
}

const today = new Date().toISOString().slice(0, 10);

test('static pages: the security headers of npm start, plus HSTS; a minute in browsers, a day at the edge; the same status', async () => {
  // the bare path, pages of both languages with and without the slash, an embeddable (customDefine) path, an unknown one
  for (const path of ['/', '/en/home/', '/en/home', '/zh/home/About/about/Profile', '/en/home/customDefine/none', '/zh/home/no-such-page']) {
    const [through, itself] = await Promise.all([rawRequest(`${nginx}${path}`), rawRequest(`${direct}${path}`)]);
    expect(through.status, path).toBe(itself.status);
    expectSameSecurityHeaders(path, through, itself);
    expect(through.headers['strict-transport-security'], path).toBe(HSTS);
    expect(through.headers['content-type'], path).toBe('text/html; charset=utf-8');
    expect(through.headers['cache-control'], path).toBe(BROWSER_STATIC_CACHE);
    for (const [name, value] of Object.entries(EDGE_STATIC_HEADERS)) expect(through.headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
  }
});

test('unknown paths: the 404 page with status 404, also under /_astro/', async () => {
  const page = readFileSync(join(ROOT, '404.html'));
  for (const path of ['/en/home/no-such-page', '/no/such/file.pdf', '/_astro/no-such-asset.js']) {
    const answer = await rawRequest(`${nginx}${path}`);
    expect(answer.status, path).toBe(404);
    expect(answer.body.equals(page), `${path}: the body is 404.html`).toBe(true);
    expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
    expect(answer.headers['strict-transport-security'], path).toBe(HSTS);
  }
});

test('hashed assets: immutable for a year; the .br or .gz twin the build wrote when the client asks for it', async () => {
  // the largest script: it has both twins
  const [asset] = readdirSync(join(ROOT, '_astro'))
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => statSync(join(ROOT, '_astro', b)).size - statSync(join(ROOT, '_astro', a)).size);
  const file = join(ROOT, '_astro', asset);
  const url = `${nginx}/_astro/${asset}`;
  for (const [accept, encoding, body] of [
    ['gzip, deflate, br', 'br', `${file}.br`],
    ['br', 'br', `${file}.br`],
    ['gzip', 'gzip', `${file}.gz`],
    ['identity', undefined, file],
  ] as const) {
    const [answer, itself] = await Promise.all([rawRequest(url, { 'accept-encoding': accept }), rawRequest(`${direct}/_astro/${asset}`, { 'accept-encoding': accept })]);
    expect(answer.status, accept).toBe(200);
    expect(answer.headers['content-encoding'], accept).toBe(encoding);
    expect(answer.body.equals(readFileSync(body)), `${accept}: the body is ${body}`).toBe(true);
    // npm start sends the same twin (scripts/lib/static-twins.mjs)
    expect(itself.headers['content-encoding'], `${accept} from npm start`).toBe(encoding);
    expect(itself.body.equals(answer.body), `${accept}: npm start's body is nginx's`).toBe(true);
    expect(itself.headers.vary, `${accept} from npm start`).toBe('Accept-Encoding');
    expect(answer.headers['cache-control'], accept).toBe(IMMUTABLE_CACHE);
    expect(answer.headers.vary, accept).toBe('Accept-Encoding');
    expect(answer.headers['content-type'], accept).toMatch(/^application\/javascript/);
    expect(answer.headers['x-content-type-options'], accept).toBe('nosniff');
    expect(answer.headers['strict-transport-security'], accept).toBe(HSTS);
  }
  // pages too: the home page's brotli twin
  const home = await rawRequest(`${nginx}/en/home/`, { 'accept-encoding': 'gzip, br' });
  expect(home.headers['content-encoding']).toBe('br');
  expect(home.body.equals(readFileSync(join(ROOT, 'en/home/index.html.br')))).toBe(true);
});

/** Every header of an API process's own answer arrives through nginx unchanged (hop-by-hop and per-answer ones aside). */
function expectPassedThrough(path: string, through: RawAnswer, itself: RawAnswer) {
  // x-request-id is each request's own: through nginx it is the id nginx gave the request ($request_id, sent upstream)
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'server', 'x-request-id']);
  for (const [name, value] of Object.entries(itself.headers)) {
    if (skip.has(name)) continue;
    expect(through.headers[name], `${path}: ${name}`).toBe(value);
  }
  expect(through.headers['x-request-id'], `${path}: nginx's request id`).toMatch(/^[0-9a-f]{32}$/);
}

test('API calls: the answer and its own headers (no-store, its policy, its HSTS) pass through, HSTS once', async () => {
  const path = '/homeapiak/health';
  const [through, itself] = await Promise.all([rawRequest(`${nginx}${path}`), rawRequest(`${direct}${path}`)]);
  expect(through.status).toBe(200);
  expectPassedThrough(path, through, itself);
  expect(through.headers['cache-control']).toBe('no-store');
  expect(through.headers['content-security-policy']).toContain("default-src 'none'");
  // the API sends its own HSTS: nginx adds no second one
  expect(itself.headers['strict-transport-security']).toBe(HSTS);
  expect(through.headers['strict-transport-security']).toBe(HSTS);
});

test('DCSA calls: their own Cache-Control, ETag and CORS headers pass through; a revalidation answers 304', async () => {
  const path = `/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA&date=${today}&limit=1`;
  const [through, itself] = await Promise.all([rawRequest(`${nginx}${path}`), rawRequest(`${direct}${path}`)]);
  expect(through.status).toBe(200);
  expectPassedThrough(path, through, itself);
  expect(through.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  expect(through.headers.etag).toBeTruthy();
  expect(JSON.parse(through.body.toString())).toEqual(JSON.parse(itself.body.toString()));
  const again = await rawRequest(`${nginx}${path}`, { 'if-none-match': through.headers.etag! });
  expect(again.status).toBe(304);
});

test('staff pages: rendered by the API processes, never cached, never framed, with HSTS', async () => {
  for (const path of ['/en/staff/sign-in', '/zh/staff/sign-in']) {
    const [through, itself] = await Promise.all([rawRequest(`${nginx}${path}`), rawRequest(`${direct}${path}`)]);
    expect(through.status, path).toBe(200);
    expectPassedThrough(path, through, itself);
    expect(through.headers['cache-control'], path).toBe('private, no-store');
    expect(through.headers['x-frame-options'], path).toBe('DENY');
    expect(through.headers['content-security-policy'], path).toMatch(/frame-ancestors 'none'$/);
    expect(through.headers['strict-transport-security'], path).toBe(HSTS);
  }
});

test('the API trusts exactly one hop: nginx’s; an address the client puts in X-Forwarded-For is not its address', async () => {
  // the smart service is offered to 203.0.113.0/24 only (the stack's ASSISTANT_NETWORKS)
  const path = '/homeapiak/local/ip/decideIntelligentCustomerIp';
  const spoofed = { 'x-forwarded-for': '203.0.113.9' };
  const answer = async (url: string) => JSON.parse((await rawRequest(url, spoofed)).body.toString()).data.content;
  // straight to a process, the header is the one hop it trusts; through nginx the last hop is the client's own address
  expect(await answer(`${direct}${path}`)).toBe(true);
  expect(await answer(`${nginx}${path}`)).toBe(false);
});

test('both API processes answer: nginx spreads the reads over them (least_conn)', async () => {
  const upstreams = process.env.NGINX_UPSTREAMS!.split(',').map((u) => u.replace('http://', ''));
  const log = join(process.env.NGINX_CONF!, '..', 'access.log');
  const id = `spread-${Date.now()}`;
  // at equal load least_conn takes turns; other tests running beside this one may keep one process
  // busy for a while, so up to 40 reads, until both have answered (each found in the log by its user agent)
  const used = new Set<string>();
  for (let i = 0; i < 40 && used.size < upstreams.length; i++) {
    expect((await rawRequest(`${nginx}/homeapiak/health`, { 'user-agent': `${id}-${i}` })).status).toBe(200);
    const line = readFileSync(log, 'utf8')
      .split('\n')
      .find((l) => l.includes(`"${id}-${i}"`));
    const upstream = line && /upstream=(\S+)/.exec(line)?.[1];
    if (upstream) used.add(upstream);
  }
  expect([...used].sort()).toEqual([...upstreams].sort());
});
