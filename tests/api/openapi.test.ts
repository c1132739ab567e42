import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDcsaApp } from '../../src/server/dcsa/app';
import { DCSA_BASE } from '../../src/schedules/dcsa/schemas';
import { startHarness, type Harness } from './harness';

/** The OpenAPI document of the API and its reference page (src/contract/openapi.ts, src/server/routes/openapi.ts). */
let h: Harness;
let doc: { openapi: string; paths: Record<string, Record<string, { servers?: { url: string }[] } & Record<string, unknown>> & { servers?: { url: string }[] }> };
beforeAll(async () => {
  h = await startHarness();
  const res = await h.app.request(`http://test.local${h.config.apiBase}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = await res.json();
});
afterAll(() => h?.close());

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every route the API mounts; a route not in it is the other method of a documented path and answers 405', async () => {
    const base = h.config.apiBase;
    const seen = new Set<string>();
    // the document itself and the page that reads it are not calls of the API
    const describing = new Set(['/openapi.json', '/docs', '/docs/reference.js'].map((p) => `${base}${p}`));
    for (const route of h.app.routes) {
      if (route.method === 'ALL' || describing.has(route.path) || seen.has(`${route.method} ${route.path}`)) continue;
      seen.add(`${route.method} ${route.path}`);
      const path = openApiPath(route.path.slice(base.length));
      const documented = doc.paths[path];
      expect(documented, `${route.method} ${route.path}`).toBeDefined();
      if (documented[route.method.toLowerCase()]) continue;
      const concrete = route.path.replace(/:([A-Za-z0-9_]+)/g, '1');
      const answer = await h.app.request(`http://test.local${concrete}`, { method: route.method, headers: { origin: 'http://test.local' } });
      expect(answer.status, `${route.method} ${route.path} is not in the document`).toBe(405);
    }
    expect(seen.size).toBeGreaterThan(150);
  });

  it('holds the DCSA Commercial Schedules calls under their own base', () => {
    const dcsa = createDcsaApp({ cursorKey: 'k'.repeat(32) });
    const routes = dcsa.routes.filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const route of routes) {
      const path = route.path.slice(DCSA_BASE.length);
      expect(doc.paths[path]?.get, route.path).toBeDefined();
      expect(doc.paths[path].servers?.[0].url).toBe(DCSA_BASE);
    }
  });

  it('gives each call its parameters, its answer inside the wrapper and the error codes with an example', () => {
    const city = doc.paths['/carbonCalculate/getCity'].get as { parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, unknown> };
    expect(city.parameters.find((p) => p.name === 'prefix')).toMatchObject({ in: 'query', required: true });
    expect(Object.keys(city.responses)).toEqual(expect.arrayContaining(['200', '400', '429', '500', '503']));
    const detail = doc.paths['/routeService/callPort/{serviceCode}'] ?? Object.entries(doc.paths).find(([p]) => p.startsWith('/routeService/callPort/'))?.[1];
    expect((detail!.get as { parameters: { in: string }[] }).parameters.some((p) => p.in === 'path')).toBe(true);
    const contact = doc.paths['/contactUs/saveContactUs'].post as { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } };
    expect(Object.keys(contact.requestBody.content.application_json ?? contact.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['email', 'content']));
    const error = (doc as unknown as { components: { schemas: Record<string, { examples: { code: string }[] }> } }).components.schemas.Error429;
    expect(error.examples[0].code).toBe('429');
  });
});

describe('API reference page', () => {
  it('answers a page of its own policy that loads the reader from this server, and the reader', async () => {
    const page = await h.app.request(`http://test.local${h.config.apiBase}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain(`data-url="${h.config.apiBase}/openapi.json"`);
    expect(html).toContain(`src="${h.config.apiBase}/docs/reference.js"`);
    const reader = await h.app.request(`http://test.local${h.config.apiBase}/docs/reference.js`);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toContain('javascript');
    expect((await reader.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });
});
