import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_MESSAGE } from '../../src/contract/examples';
import { startServer, stopServer } from './support';

/**
 * What operations sees of the built server (src/observability/): one JSON log line per request with
 * its id, the id echoed in the answer and in error bodies, /metrics for Prometheus (loopback only),
 * and the readiness probe.
 */

const built = existsSync('dist/server/entry.mjs');

/**
 * Prometheus text as samples: `name{labels}` → value. Prometheus reads a value with Go's ParseFloat,
 * which takes NaN and Inf in any case: prom-client writes `Nan` (as the event loop's mean lag when
 * two scrapes come within its 10 ms resolution).
 */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (-?[0-9.eE+-]+|nan|[+-]inf)$/i.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const value = match[2].toLowerCase();
    out.set(match[1], value === 'nan' ? Number.NaN : value.endsWith('inf') ? Number(`${value[0]}Infinity`) : Number(value));
  }
  return out;
}

/** The server's JSON log lines (other output, such as a stack trace, is not expected and fails the parse). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe.runIf(built)('logs, request ids, metrics and probes of the built server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: ':memory:', LOG_LEVEL: 'info' });
    // ready: warmed up (the warm-up's own requests are in the log too)
    for (let i = 0; (await fetch(`${server.base}/ready`)).status !== 200; i++) {
      if (i > 900) throw new Error(`not ready after 180 s: ${await (await fetch(`${server.base}/ready`)).text()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  afterAll(() => stopServer(server?.process));

  const until = async <T>(find: () => T | undefined): Promise<T> => {
    for (let i = 0; i < 600; i++) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('not logged');
  };

  it('logs one JSON line per request: id, method, path, status and duration, without a query that may hold personal data', async () => {
    const page = await fetch(`${server.base}/en/home?email=anna%40example.com`, { headers: { 'x-request-id': 'test-page-1' } });
    expect(page.status).toBe(200);
    const line = await until(() => logLines(server.output()).find((l) => l.id === 'test-page-1'));
    expect(line).toMatchObject({ level: 'info', name: 'server', method: 'GET', path: '/en/home', status: 200 });
    expect(typeof line.ms).toBe('number');
    expect(typeof line.time).toBe('string');
    expect(JSON.stringify(line)).not.toContain('anna');
    // a schedule query holds port codes, not personal data: kept
    await fetch(`${server.base}/dcsa/cs/v1/port-schedules?UNLocationCode=SGSIN&date=2026-12-01`, { headers: { 'x-request-id': 'test-dcsa-1' } });
    const dcsa = await until(() => logLines(server.output()).find((l) => l.id === 'test-dcsa-1'));
    expect(dcsa).toMatchObject({ path: '/dcsa/cs/v1/port-schedules', query: 'UNLocationCode=SGSIN&date=2026-12-01', route: '/dcsa/cs/v1/port-schedules' });
  });

  it('gives every answer its request id: the one sent, or a new one; error bodies carry it', async () => {
    const sent = await fetch(`${server.base}/homeapiak/no-such-call`, { headers: { 'x-request-id': 'trace-42' } });
    expect(sent.status).toBe(404);
    expect(sent.headers.get('x-request-id')).toBe('trace-42');
    expect((await sent.json()).requestId).toBe('trace-42');
    const made = await fetch(`${server.base}/en/home`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // an id that could break a log line or a header is replaced
    const hostile = await fetch(`${server.base}/en/home`, { headers: { 'x-request-id': 'a"b<script>' } });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // the DCSA API's error says it as providerCorrelationReference
    const dcsa = await fetch(`${server.base}/dcsa/cs/v1/port-schedules?UNLocationCode=nope`, { headers: { 'x-request-id': 'dcsa-trace-7' } });
    expect(dcsa.status).toBe(400);
    expect((await dcsa.json()).providerCorrelationReference).toBe('dcsa-trace-7');
  });

  it('serves /metrics as Prometheus text to loopback, with counters that move, and 403 to other addresses', async () => {
    const read = async () => {
      const response = await fetch(`${server.base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      return samples(await response.text());
    };
    const key = 'http_requests_total{route="/homeapiak/carbonCalculate/getCity",method="GET",status="200"}';
    const before = (await read()).get(key) ?? 0;
    // three different searches (the same one asked again is a kept answer, counted as api:kept-answer)
    for (const prefix of ['rot', 'sin', 'bus']) expect((await fetch(`${server.base}/homeapiak/carbonCalculate/getCity?prefix=${prefix}&language=1`)).status).toBe(200);
    const after = await read();
    expect(after.get(key)).toBe(before + 3);
    expect(after.get('http_request_duration_seconds_count{route="/homeapiak/carbonCalculate/getCity",method="GET"}')).toBeGreaterThanOrEqual(3);
    // a captcha answered wrong is counted
    const captchaBefore = after.get('captcha_failures_total{reason="invalid"}') ?? 0;
    const refused = await fetch(`${server.base}/homeapiak/contactUs/saveContactUs?language=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ ...EXAMPLE_MESSAGE, code: 'WXYZ', sign: 'not-a-sign' }),
    });
    expect(refused.status).toBe(400);
    const later = await read();
    expect(later.get('captcha_failures_total{reason="invalid"}')).toBe(captchaBefore + 1);
    // the newsroom's stories, from the database
    expect(later.get('news_stories{status="published"}')).toBeGreaterThan(0);
    // through a proxy, the client the proxy names decides: not loopback, not allowed
    const proxied = await fetch(`${server.base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
  });

  it('answers /ready: 200 once the database answers, the served build is complete and the process has warmed up', async () => {
    const response = await fetch(`${server.base}/ready`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true, databaseOk: true, buildComplete: true, warm: true, problems: [], warmUpProblems: [] });
    // the liveness probe is unchanged
    expect((await fetch(`${server.base}/homeapiak/health`)).status).toBe(200);
  });
});

describe.runIf(built)('LOG_LEVEL', () => {
  it('error: no line for answered requests, one for a failure of the server', async () => {
    const server = await startServer({ DATA_DIR: ':memory:', LOG_LEVEL: 'error' });
    try {
      await fetch(`${server.base}/en/home`, { headers: { 'x-request-id': 'quiet-1' } });
      await new Promise((r) => setTimeout(r, 200));
      expect(server.output()).not.toContain('quiet-1');
      expect(logLines(server.output()).every((l) => l.level === 'error' || l.level === 'fatal')).toBe(true);
    } finally {
      await stopServer(server.process);
    }
  });
});
