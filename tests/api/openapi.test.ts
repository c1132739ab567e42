import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calls, type CallDef } from '../../src/contract/calls';
import { exampleRequests, exampleUrl, NO_LIVE_EXAMPLE, OTHER_OPERATIONS, type OperationId } from '../../src/contract/examples';
import { rateLimits } from '../../src/server/db/schema';
import { createDcsaApp } from '../../src/server/dcsa/app';
import { EXAMPLE_CLIENT_ADDRESS, liveOperations, makeExamples, type ExampleCaller } from '../../src/server/openapi-examples';
import type { AppDeps } from '../../src/server/app';
import { openApiRoutes } from '../../src/server/routes/openapi';
import { DCSA_BASE } from '../../src/schedules/dcsa/schemas';
import { startHarness, type Harness } from './harness';

/** The OpenAPI document of the API and its reference page (src/contract/openapi.ts, src/server/routes/openapi.ts). */
let h: Harness;
let doc: { openapi: string; paths: Record<string, Record<string, { servers?: { url: string }[] } & Record<string, unknown>> & { servers?: { url: string }[] }> };
/** How long the first request took: the document with its examples, made in process. */
let firstMs: number;
/** The day (UTC) when the document was asked for: its examples are of that day. */
let examplesDay: string;
/** The rate limits' rows once the document is made (no other request has been made yet). */
let limitRows: { bucket: string; client: string; count: number }[];
beforeAll(async () => {
  h = await startHarness();
  examplesDay = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const res = await h.app.request(`http://test.local${h.config.apiBase}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  doc = await res.json();
  firstMs = performance.now() - started;
  limitRows = await h.database.db.select({ bucket: rateLimits.bucket, client: rateLimits.client, count: rateLimits.count }).from(rateLimits);
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

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { summary: string; value: unknown }> }> }>;
}

/** Every GET and POST operation of the document. */
function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => (item[method] ? [{ method: method.toUpperCase(), path, op: item[method] as unknown as Operation }] : [])),
  );
}

const answerExampleOf = (op: Operation) => op.responses['200']?.content?.['application/json']?.examples?.example;

describe('OpenAPI examples', () => {
  // the day the server dated its examples with: the day of the first request (not of the file's collection, which may be another)
  let today: string;
  let requests: ReturnType<typeof exampleRequests>;
  beforeAll(() => {
    today = examplesDay;
    requests = exampleRequests(today);
  });

  it('gives every GET and POST call a request example; a call without an answer example is in NO_LIVE_EXAMPLE with the reason', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    expect(ids.length).toBeGreaterThan(90);
    // no example of an operation the document does not have
    expect(Object.keys(requests).sort()).toEqual([...ids].sort());
    for (const id of Object.keys(NO_LIVE_EXAMPLE)) expect(ids, `NO_LIVE_EXAMPLE names ${id}`).toContain(id);
    for (const { method, path, op } of operations()) {
      const id = op.operationId as OperationId;
      const request = requests[id];
      expect(request, `${method} ${path}: no example request`).toBeDefined();
      // the document shows the request: every required parameter, and the body of a POST
      for (const parameter of op.parameters ?? []) {
        const value = (parameter.in === 'path' ? request.params : request.query)?.[parameter.name];
        expect(parameter.example === undefined ? undefined : String(parameter.example), `${method} ${path} ${parameter.name}`).toBe(value);
        if (parameter.required) expect(value, `${method} ${path}: required ${parameter.name} has no example`).toBeDefined();
      }
      const json = op.requestBody?.content['application/json'];
      if (json) expect(json.example, `${method} ${path}: no body example`).toEqual(request.body);
      const reason = NO_LIVE_EXAMPLE[id];
      if (answerExampleOf(op)) expect(reason, `${id} has an answer example but is in NO_LIVE_EXAMPLE`).toBeUndefined();
      else expect(reason?.length ?? 0, `${method} ${path} (${id}) has no answer example and no reason in NO_LIVE_EXAMPLE`).toBeGreaterThan(20);
    }
    // what a live example is not made of: writing, counting, mailing, codes and captchas
    expect(Object.keys(NO_LIVE_EXAMPLE)).toEqual(
      expect.arrayContaining(['saveClick', 'captcha', 'saveContact', 'upload', 'saveApplication', 'subscribeSendCode', 'subscribeRegister', 'subscribeOneClick', 'shipCertificateDownload']),
    );
  });

  it('has request examples that the calls accept: query, path and body valid for their schemas', () => {
    for (const [id, def] of Object.entries(calls) as [OperationId, CallDef][]) {
      const request = requests[id];
      const query = def.query.safeParse(request.query ?? {});
      expect(query.success, `${id} query: ${query.error?.message}`).toBe(true);
      const params = def.params.safeParse(request.params ?? {});
      expect(params.success, `${id} path: ${params.error?.message}`).toBe(true);
      if (def.method === 'GET') {
        expect(request.body, `${id} is a GET`).toBeUndefined();
        continue;
      }
      const multipart = Boolean((doc.paths[openApiPath(def.path)].post as unknown as Operation).requestBody?.content['multipart/form-data']);
      // a file upload's body cannot be a JSON example: the call is shown with its request only
      if (multipart) expect(NO_LIVE_EXAMPLE[id]).toContain('multipart/form-data');
      else {
        const body = def.body.safeParse(request.body);
        expect(body.success, `${id} body: ${body.error?.message}`).toBe(true);
      }
    }
    for (const [id, op] of Object.entries(OTHER_OPERATIONS) as [OperationId, { query?: z.ZodType }][]) {
      if (!op.query) continue;
      const query = op.query.safeParse(requests[id].query ?? {});
      expect(query.success, `${id} query: ${query.error?.message}`).toBe(true);
    }
  });

  it('shows every live example in the document: the API’s success answer, in the wrapper, valid for the call’s answer schema', async () => {
    const live = liveOperations();
    expect(live.length).toBeGreaterThan(70);
    for (const op of live) {
      const operation = (doc.paths[op.api === 'dcsa' ? op.path : openApiPath(op.path)] as Record<string, unknown>)[op.method.toLowerCase()] as Operation;
      const example = answerExampleOf(operation);
      if (!example) {
        // say what the API answered to the example request, rather than only that the example is missing
        const url = exampleUrl(op.path, requests[op.id]);
        const body = requests[op.id].body;
        const init = op.method === 'POST' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : undefined;
        const res =
          op.api === 'dcsa'
            ? await createDcsaApp({ cursorKey: 'k'.repeat(32) }).request(`http://test.local${DCSA_BASE}${url}`, init)
            : await h.app.request(`http://test.local${h.config.apiBase}${url}`, init);
        expect.fail(`${op.id}: no answer example in the document; ${op.method} ${url} answers HTTP ${res.status}: ${(await res.text()).slice(0, 400)}`);
      }
      expect(example.summary, op.id).toContain(exampleUrl(op.path, requests[op.id]));
      if (op.api === 'dcsa') {
        const parsed = op.answer.safeParse(example.value);
        expect(parsed.success, `${op.id}: ${parsed.error?.message.slice(0, 1000)}`).toBe(true);
        expect((example.value as unknown[]).length, op.id).toBeGreaterThan(0);
        continue;
      }
      const wrapper = z.object({ code: z.literal('200'), message: z.string(), data: z.object({ content: op.answer }).strict() }).strict();
      const parsed = wrapper.safeParse(example.value);
      expect(parsed.success, `${op.id}: ${parsed.error?.message.slice(0, 1000)}`).toBe(true);
    }
  });

  it('cuts long lists to their first two items and says so, keeping tuples whole', () => {
    const get = (path: string) => answerExampleOf(doc.paths[path].get as unknown as Operation)!;
    const offices = get('/globalInstitutions/findGlobalOffices');
    expect(offices.summary).toContain('cut to their first 2 items');
    expect((offices.value as { data: { content: unknown[] } }).data.content).toHaveLength(2);
    // findLastNextNews answers a tuple (previous, next, the item): all three stay
    const detail = get('/cosNewss/findLastNextNews/{newsId}');
    expect((detail.value as { data: { content: unknown[] } }).data.content).toHaveLength(3);
    const logo = get('/local/findLogo/{location}');
    expect(logo.summary).not.toContain('cut');
  });

  it('makes the document once: a second request is answered from memory, asking the API nothing', async () => {
    const again = await h.app.request(`http://test.local${h.config.apiBase}/openapi.json`);
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await again.json()).toEqual(doc);
    console.info(`openapi.json with its examples made in ${Math.round(firstMs)} ms (in process, first request)`);
    // the routes on their own, with a caller that counts what the examples ask of the API
    let asked = 0;
    const caller: ExampleCaller = (path, init) => {
      asked++;
      return h.app.request(`http://localhost${h.config.apiBase}${path}`, init, { clientAddress: EXAMPLE_CLIENT_ADDRESS });
    };
    const routes = openApiRoutes({ config: h.config } as AppDeps, caller);
    const first = await (await routes.request('/openapi.json')).text();
    const made = asked;
    expect(made).toBeGreaterThan(10);
    expect(await (await routes.request('/openapi.json')).text()).toBe(first);
    expect(asked).toBe(made);
  });

  it('reports an example request that is not answered with success, rather than showing it', async () => {
    const refusing = () => new Response(JSON.stringify({ code: '404', message: 'no such thing', data: { content: null } }), { status: 404, headers: { 'content-type': 'application/json' } });
    const made = await makeExamples(today, { wire: refusing, dcsa: refusing });
    expect(Object.keys(made.answers)).toEqual([]);
    expect(Object.keys(made.failures).sort()).toEqual(
      liveOperations()
        .map((op) => op.id)
        .sort(),
    );
    expect(made.failures.officeDetail).toBe('GET /globalInstitutions/findCitys/NLRTM01: HTTP 404, code 404: no such thing');
  });

  it('counts the examples’ calls under their own client, never a visitor’s', () => {
    // getCity is the one live example behind a rate limit
    expect(limitRows.map((r) => `${r.bucket} ${r.client}`)).toEqual(['carbonCity internal:openapi-examples']);
    expect(limitRows[0].count).toBeLessThanOrEqual(256);
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
