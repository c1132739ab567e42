import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfWindowEnd, startServer, stopServer } from './support';

/**
 * Answers kept whole by the built server (src/server/memo.ts): given again from memory with the
 * same body and headers, per Origin, and still counted against their rate limit.
 */
const built = existsSync('dist/server/entry.mjs');
const PARTNER = 'https://partner.example';
const CITY_LIMIT = 200;

describe.runIf(built)('kept answers', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: ':memory:', ALLOWED_ORIGINS: PARTNER, RATE_LIMIT_CARBON_CITY: `${CITY_LIMIT}/600` });
  });
  afterAll(() => stopServer(server?.process));

  // x-request-id is each request's own (src/observability/requests.mjs)
  const headersOf = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !['date', 'keep-alive', 'connection', 'x-request-id'].includes(name)));

  it('a content call answered again from memory: the same body and headers, security headers included, no mark of its own', async () => {
    const path = '/homeapiak/routeService/callPort/AEX1?language=0';
    const first = await fetch(`${server.base}${path}`);
    const again = await fetch(`${server.base}${path}`);
    const [a, b] = [await first.text(), await again.text()];
    expect(JSON.parse(a).code).toBe('200');
    expect(b).toBe(a);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('x-carrier-keep')).toBeNull();
    expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('kept per Origin: a partner gets its CORS headers, a visitor without an Origin never gets them', async () => {
    const path = '/homeapiak/routeService/callPort/AEX1?language=1';
    for (let i = 0; i < 2; i++) {
      const partner = await fetch(`${server.base}${path}`, { headers: { origin: PARTNER } });
      expect(partner.headers.get('access-control-allow-origin')).toBe(PARTNER);
      const plain = await fetch(`${server.base}${path}`);
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('an error is never kept: an unknown loop answers 404 each time', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.base}/homeapiak/routeService/callPort/NOPE9?language=1`);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('404');
    }
  });

  it('city searches given from memory still count: exactly the limit is answered, then 429', async () => {
    const path = '/homeapiak/carbonCalculate/getCity?prefix=rott&language=1';
    const codes: string[] = [];
    await clearOfWindowEnd(600);
    for (let i = 0; i < CITY_LIMIT + 5; i++) codes.push((await (await fetch(`${server.base}${path}`)).json()).code);
    expect(codes.filter((c) => c === '200')).toHaveLength(CITY_LIMIT);
    expect(codes.slice(CITY_LIMIT)).toEqual(Array(5).fill('429'));
    // the same client is refused on every other search too, kept or not
    expect((await (await fetch(`${server.base}/homeapiak/carbonCalculate/getCity?prefix=sha&language=1`)).json()).code).toBe('429');
  });
});
