import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HSTS } from '../../deploy/nginx/render.mjs';
import { BROWSER_STATIC_CACHE, IMMUTABLE_CACHE } from '../../scripts/lib/cache-policy.mjs';
import { securityHeaders } from '../../scripts/lib/security-headers.mjs';
import { expect, test } from '../e2e/fixtures';
import { type RawAnswer, rawRequest } from '../faults/support';

/**
 * The site through the edge: Varnish (deploy/varnish/, its VCL rendered from the shared source)
 * before the nginx of deploy/nginx/, as the README's "Deploying" lays out the three layers
 * (scripts/nginx-smoke.mjs starts it where varnishd is installed; CI installs it: .ci/run). The
 * edge's answers carry nginx's headers with the browser's lifetime only; what it keeps, it answers
 * itself (X-Cache: HIT), one object per encoding; what is rendered on demand, a staff session's
 * requests and the API never come from its store. Each test uses pages of its own: they run at once.
 */

const edge = process.env.EDGE_BASE_URL ?? '';
const nginx = process.env.NGINX_BASE_URL!;
const ROOT = 'dist/client';
test.skip(!edge, 'no edge: varnishd is not installed (apt-get install varnish)');

/** Asked twice: the second answer. */
async function twice(url: string, headers: Record<string, string> = {}): Promise<[RawAnswer, RawAnswer]> {
  const first = await rawRequest(url, headers);
  return [first, await rawRequest(url, headers)];
}

test('static pages through the edge: nginx’s security headers and HSTS, a minute for browsers, the edge’s lifetime kept to itself', async () => {
  for (const path of ['/', '/en/home/', '/zh/home/', '/en/home/customDefine/none', '/zh/home/no-such-page']) {
    const [through, direct] = await Promise.all([rawRequest(`${edge}${path}`), rawRequest(`${nginx}${path}`)]);
    expect(through.status, path).toBe(direct.status);
    for (const [name, value] of Object.entries(securityHeaders(path))) expect(through.headers[name], `${path}: ${name}`).toBe(value);
    expect(through.headers['strict-transport-security'], path).toBe(HSTS);
    expect(through.headers['cache-control'], path).toBe(BROWSER_STATIC_CACHE);
    for (const name of ['surrogate-control', 'cdn-cache-control', 'age', 'x-varnish', 'via']) expect(through.headers[name], `${path}: no ${name}`).toBeUndefined();
    expect(through.body.equals(direct.body), `${path}: nginx's body`).toBe(true);
  }
  const [asset] = readFileSync(join(ROOT, 'en/home/index.html'), 'utf8').match(/\/_astro\/[\w.-]+\.(js|css)/) ?? [];
  expect(asset).toBeTruthy();
  const [, again] = await twice(`${edge}${asset}`);
  expect(again.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  expect(again.headers['x-cache']).toBe('HIT');
});

test('a page in the browser through the edge shows with everything it loads', async ({ page }) => {
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  const response = await page.goto(`${edge}/zh/home/About/history`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

test('the edge answers a page it holds itself; a visitor’s cookies and query strings do not split or bypass it', async () => {
  const path = '/en/home/About/history';
  await rawRequest(`${edge}${path}`);
  for (const headers of [{}, { cookie: '_ga=GA1.2.3; consent=all' }] as Record<string, string>[]) {
    const answer = await rawRequest(`${edge}${path}?utm_source=newsletter&ref=x`, headers);
    expect(answer.headers['x-cache']).toBe('HIT');
    expect(answer.status).toBe(200);
  }
});

test('br, gzip and identity: each encoding’s own file, kept apart; a PURGE makes all three fresh', async () => {
  const path = '/zh/home/About/history';
  const file = join(ROOT, 'zh/home/About/history/index.html');
  expect(existsSync(`${file}.br`) && existsSync(`${file}.gz`)).toBe(true);
  const asks = [
    ['gzip, deflate, br', 'br', `${file}.br`],
    ['gzip, deflate', 'gzip', `${file}.gz`],
    ['identity', undefined, file],
  ] as const;
  const round = async (expected: string) => {
    for (const [accept, encoding, body] of asks) {
      const answer = await rawRequest(`${edge}${path}`, { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.body.equals(readFileSync(body)), `${accept}: the body is ${body}`).toBe(true);
      expect(answer.headers['x-cache'], `${accept}`).toBe(expected);
    }
  };
  for (const [accept] of asks) await rawRequest(`${edge}${path}`, { 'accept-encoding': accept });
  await round('HIT');
  // the purge the worker sends when the served release changes (src/edge/varnish.ts): every encoding at once
  expect((await rawRequest(`${edge}${path}`, {}, 'PURGE')).status).toBe(200);
  await round('MISS');
  await round('HIT');
});

test('never from the edge’s store: the staff console, a staff session’s requests, the API, the tracking results', async () => {
  for (const [path, headers] of [
    ['/en/staff/sign-in', {}],
    ['/zh/staff/sign-in', {}],
    ['/en/home/About/awards', { cookie: 'staff.session_token=not-a-real-one' }],
    ['/homeapiak/health', {}],
    ['/en/home/Track/result', {}],
  ] as const) {
    const answers = await twice(`${edge}${path}`, headers);
    expect(
      answers.map((a) => a.headers['x-cache']),
      path,
    ).toEqual(['MISS', 'MISS']);
  }
  const [staff] = await twice(`${edge}/en/staff/sign-in`);
  expect(staff.headers['cache-control']).toBe('private, no-store');
  expect(staff.headers['x-frame-options']).toBe('DENY');
  const [api] = await twice(`${edge}/homeapiak/health`);
  expect(api.headers['cache-control']).toBe('no-store');
});

test('DCSA answers pass the edge with their own ETag; a revalidation answers 304', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const path = `/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA&date=${today}&limit=1`;
  const answer = await rawRequest(`${edge}${path}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.etag).toBeTruthy();
  expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  expect((await rawRequest(`${edge}${path}`, { 'if-none-match': answer.headers.etag! })).status).toBe(304);
});
