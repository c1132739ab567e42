import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KEEP_ALIVE_MS } from '../../scripts/lib/keep-alive.mjs';
import { rawRequest, startServer, stopServer } from './support';

/**
 * `npm start` (scripts/start.mjs) sends the build's .br and .gz twins (src/build/precompress.mjs)
 * as nginx does (scripts/lib/static-twins.mjs): the built server, real requests over raw HTTP
 * (node:http: nothing decompresses on the way), bodies compared byte for byte with the files.
 */

const built = existsSync('dist/server/entry.mjs');
const ROOT = 'dist/client';

describe.runIf(built)('static files of npm start: the precompressed twins', () => {
  let base = '';
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: ':memory:' });
    base = server.base;
  });
  afterAll(() => stopServer(server?.process));

  const raw = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${base}${path}`, headers, method);

  // the largest script (it has both twins) and a page
  const [asset] = readdirSync(join(ROOT, '_astro'))
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => statSync(join(ROOT, '_astro', b)).size - statSync(join(ROOT, '_astro', a)).size);
  const files = [
    { path: `/_astro/${asset}`, file: join(ROOT, '_astro', asset), cache: 'public, max-age=31536000, immutable', type: /^text\/javascript/ },
    { path: '/en/home/', file: join(ROOT, 'en/home/index.html'), cache: 'public, max-age=0', type: /^text\/html; charset=utf-8$/ },
    { path: '/zh/home', file: join(ROOT, 'zh/home/index.html'), cache: 'public, max-age=0', type: /^text\/html; charset=utf-8$/ },
  ];

  it('answers br before gzip to a client that accepts it, else the file as it is; the type and cache lifetime of the file, Vary on every answer', async () => {
    for (const { path, file, cache, type } of files) {
      expect(existsSync(`${file}.br`) && existsSync(`${file}.gz`), `${file} has its twins`).toBe(true);
      for (const [accept, encoding, body] of [
        ['gzip, deflate, br', 'br', `${file}.br`],
        ['br', 'br', `${file}.br`],
        ['gzip', 'gzip', `${file}.gz`],
        ['br;q=0, gzip;q=0.8', 'gzip', `${file}.gz`],
        ['*', 'br', `${file}.br`],
        ['identity', undefined, file],
        ['', undefined, file],
      ] as const) {
        const answer = await raw(path, accept ? { 'accept-encoding': accept } : {});
        const what = `${path} (${accept || 'no Accept-Encoding'})`;
        expect(answer.status, what).toBe(200);
        expect(answer.headers['content-encoding'], what).toBe(encoding);
        expect(answer.body.equals(readFileSync(body)), `${what}: the body is ${body}`).toBe(true);
        expect(Number(answer.headers['content-length']), what).toBe(answer.body.length);
        expect(answer.headers['content-type'], what).toMatch(type);
        expect(answer.headers['cache-control'], what).toBe(cache);
        expect(answer.headers.vary, what).toBe('Accept-Encoding');
        expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      }
    }
  });

  it('HEAD: the headers of the GET, no body', async () => {
    for (const { path } of files) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const [get, head] = await Promise.all([raw(path, { 'accept-encoding': accept }), raw(path, { 'accept-encoding': accept }, 'HEAD')]);
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        // (Astro's handler gives a HEAD of an asset as it is `max-age=0`: it sets `immutable` only once it streams a body)
        const names = ['content-encoding', 'content-length', 'content-type', 'etag', 'last-modified', 'vary', ...(accept === 'identity' ? [] : ['cache-control'])];
        for (const name of names) {
          expect(head.headers[name], `${path} ${accept}: ${name}`).toBe(get.headers[name]);
        }
      }
    }
  });

  it('conditional requests: each encoding its own ETag; 304 for a matching one or an unchanged date, 412 for a failed If-Match', async () => {
    const { path } = files[1];
    const [br, gz, plain] = await Promise.all(['br', 'gzip', 'identity'].map((accept) => raw(path, { 'accept-encoding': accept })));
    const tags = [br, gz, plain].map((a) => a.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await raw(path, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toBe('Accept-Encoding');
    // the page as it is, cached by a client that now accepts brotli: a different representation, sent whole
    const changed = await raw(path, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers['content-encoding']).toBe('br');
    expect((await raw(path, { 'accept-encoding': 'gzip', 'if-modified-since': gz.headers['last-modified']! })).status).toBe(304);
    expect((await raw(path, { 'accept-encoding': 'br', 'if-match': '"something-else"' })).status).toBe(412);
  });

  it('a range gets the bytes of the file as it is, never of a twin', async () => {
    const { path, file } = files[0];
    const part = await raw(path, { 'accept-encoding': 'gzip, br', range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${statSync(file).size}`);
    expect(part.body.equals(readFileSync(file).subarray(0, 100))).toBe(true);
  });

  it('files without twins (small, or not text) and answers that are not files go out as they are', async () => {
    const pdf = readdirSync(join(ROOT, 'files/certificates')).find((f) => f.endsWith('.pdf'))!;
    for (const [path, file] of [
      ['/', join(ROOT, 'index.html')],
      [`/files/certificates/${pdf}`, join(ROOT, 'files/certificates', pdf)],
    ]) {
      expect(existsSync(`${file}.br`) || existsSync(`${file}.gz`), `${file} has no twins`).toBe(false);
      const answer = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers.vary, path).toBeUndefined();
      expect(answer.body.equals(readFileSync(file)), path).toBe(true);
    }
    for (const path of ['/en/home/no-such-page', '/homeapiak/health', '/en/staff/sign-in']) {
      const answer = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.body.length, path).toBeGreaterThan(0);
    }
  });

  it("keeps an idle connection past Node's default 5 s, as long as scripts/lib/keep-alive.mjs says, so that no client sends on a connection the server is closing", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ reused: boolean; keepAlive: string | string[] | undefined }>((done, fail) => {
        const request = httpGet(`${base}/homeapiak/health`, { agent }, (answer) => {
          answer.resume();
          answer.on('end', () => done({ reused: request.reusedSocket, keepAlive: answer.headers['keep-alive'] }));
        });
        request.on('error', fail);
      });
    try {
      const first = await get();
      expect(first.reused).toBe(false);
      expect(first.keepAlive).toBe(`timeout=${SERVER_KEEP_ALIVE_MS / 1000}`);
      // longer than Node's default (5 s), far shorter than the server's 65 s
      await new Promise((r) => setTimeout(r, 6_000));
      expect((await get()).reused, 'the second request went on the same connection').toBe(true);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
