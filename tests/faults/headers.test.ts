import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from './support';

/** Security headers on what the built server sends: pages, files, API answers, and the embeddable customDefine pages. */

const built = existsSync('dist/server/entry.mjs');

describe.runIf(built)('security headers', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: ':memory:' });
  });
  afterAll(() => stopServer(server?.process));

  const get = (path: string) => fetch(`${server.base}${path}`, { redirect: 'manual' });

  it('pages: no sniffing, a referrer policy, framed by this site only, and their own script policy', async () => {
    for (const path of ['/en/home', '/zh/home/About/about/Profile', '/en/home/no-such-page']) {
      const response = await get(path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
      // no COOP on public pages: it makes the browser swap processes on arrival, about 200 ms of a phone's blocking time (docs/security.md)
      expect(response.headers.get('cross-origin-opener-policy'), path).toBeNull();
    }
    // the console's pages hold a session: kept apart from every other origin's window, never framed
    const console = await get('/en/staff/news');
    expect(console.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(console.headers.get('x-frame-options')).toBe('DENY');
    // the pages' script and style policy is the meta tag Astro writes, with the hashes of their inline scripts
    const html = await (await get('/en/home')).text();
    expect(html).toMatch(/<meta http-equiv="content-security-policy" content="[^"]*script-src 'self' 'sha256-/i);
  });

  it('files: no sniffing, long-lived caching for the hashed assets', async () => {
    const asset = readdirSync('dist/client/_astro').find((f) => f.endsWith('.js'))!;
    const response = await get(`/_astro/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('API answers: their own stricter policy, never framed, never cached', async () => {
    const response = await get('/homeapiak/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('API: a form post from another site is refused before the API sees it; the site’s own and JSON calls pass', async () => {
    const form = (origin?: string) =>
      fetch(`${server.base}/homeapiak/contactUs/saveContactUs?language=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(origin ? { origin } : {}) },
        body: 'email=a%40example.com',
      });
    for (const origin of ['https://evil.example', undefined]) {
      const refused = await form(origin);
      expect(refused.status, String(origin)).toBe(403);
      expect(await refused.text()).toBe('Cross-site POST form submissions are forbidden');
    }
    // from the site itself the API answers (here: its own validation refusing the incomplete form)
    const own = await form(server.base);
    expect(own.status).toBe(400);
    expect(((await own.json()) as { code: string }).code).toBe('400');
    // a JSON call from a script elsewhere is not a form post: CORS, not this rule, governs it
    const json = await fetch(`${server.base}/homeapiak/carbonCalculate/getDigital?language=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '[]',
    });
    expect(json.status).toBe(400);
  });

  it('customDefine pages may be embedded in frames; the rest of their headers stay', async () => {
    const response = await get('/shanghai/cn/customDefine/anything');
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('content-security-policy') ?? '').not.toContain('frame-ancestors');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
