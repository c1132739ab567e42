import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logLevel, reportLevel } from '../../src/observability/log.mjs';
import { metricsGate } from '../../src/observability/metrics.mjs';
import { BUILD_COMPLETE_FILES, readiness, servedBuildProblems } from '../../src/observability/probes.mjs';
import { loggedUrl, requestIdOf, routeKind } from '../../src/observability/requests.mjs';

describe('who may read /metrics', () => {
  it('loopback and the METRICS_ALLOW addresses and blocks; a proxied request by the client it names', () => {
    const gate = metricsGate('10.0.0.0/8, 192.0.2.7, 2001:db8::/32');
    expect(gate('127.0.0.1', undefined)).toBe(true);
    expect(gate('::ffff:127.0.0.1', undefined)).toBe(true);
    expect(gate('::1', undefined)).toBe(true);
    expect(gate('10.20.30.40', undefined)).toBe(true);
    expect(gate('192.0.2.7', undefined)).toBe(true);
    expect(gate('2001:db8::5', undefined)).toBe(true);
    expect(gate('192.0.2.8', undefined)).toBe(false);
    expect(gate('203.0.113.5', undefined)).toBe(false);
    expect(gate(undefined, undefined)).toBe(false);
    // nginx on the same machine forwards a visitor: the visitor decides
    expect(gate('127.0.0.1', '203.0.113.5')).toBe(false);
    expect(gate('127.0.0.1', '198.51.100.1, 10.1.1.1')).toBe(true);
    // a visitor who writes X-Forwarded-For himself is still judged by his own address
    expect(gate('203.0.113.5', '127.0.0.1')).toBe(false);
  });

  it('refuses a METRICS_ALLOW entry that is not an address', () => {
    expect(() => metricsGate('intranet')).toThrow(/METRICS_ALLOW: "intranet" is not an IP address/);
  });
});

describe('request ids and logged URLs', () => {
  it('keeps a sane id and replaces any other', () => {
    expect(requestIdOf('4bf92f3577b34da6-a3ce929d0e0e4736')).toBe('4bf92f3577b34da6-a3ce929d0e0e4736');
    expect(requestIdOf(undefined)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('x'.repeat(129))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('a b')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf('id\r\nSet-Cookie: x=1')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a query only where it holds no personal data', () => {
    expect(loggedUrl('/en/home/newsSubscribe/manage?u=abc&t=secret')).toEqual({ path: '/en/home/newsSubscribe/manage' });
    expect(loggedUrl('/homeapiak/contactUs/saveContactUs?language=1')).toEqual({ path: '/homeapiak/contactUs/saveContactUs' });
    expect(loggedUrl('/dcsa/cs/v1/port-schedules?UNLocationCode=CNSHA')).toEqual({ path: '/dcsa/cs/v1/port-schedules', query: 'UNLocationCode=CNSHA' });
    expect(loggedUrl('/homeapiak/schedule/pointToPoint?from=CNSHA&to=NLRTM')).toEqual({ path: '/homeapiak/schedule/pointToPoint', query: 'from=CNSHA&to=NLRTM' });
  });

  it('counts requests no API route named in a bounded set of kinds', () => {
    expect(routeKind('/_astro/app.Bx1.js', 200)).toBe('static:asset');
    expect(routeKind('/en/home/News/detail/n1/2', 200)).toBe('page');
    expect(routeKind('/en/anything/at/all', 404)).toBe('unmatched');
    expect(routeKind('/zh/staff/news', 200)).toBe('staff:news');
    expect(routeKind('/zh/staff/whatever-404', 404)).toBe('staff:unmatched');
  });
});

describe('the log', () => {
  function capture(level: string) {
    const lines: Array<Record<string, unknown>> = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { logger: createLogger('test', { level, destination }), lines };
  }

  it('writes JSON lines with the level by name, an ISO time and the process', () => {
    const { logger, lines } = capture('info');
    logger.info({ id: 'r1', status: 200 }, 'request');
    logger.debug('not at info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', name: 'test', pid: process.pid, id: 'r1', status: 200, msg: 'request' });
    expect(String(lines[0].time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('honours LOG_LEVEL, info when it names no level', () => {
    expect(logLevel({ LOG_LEVEL: 'error' })).toBe('error');
    expect(logLevel({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevel({ LOG_LEVEL: 'loud' })).toBe('info');
    expect(logLevel({})).toBe('info');
    const { logger, lines } = capture('error');
    logger.info('quiet');
    logger.error('heard');
    expect(lines.map((l) => l.msg)).toEqual(['heard']);
  });

  it("prints a job's report at info unless LOG_LEVEL is silent", () => {
    expect(reportLevel({ LOG_LEVEL: 'error' })).toBe('info');
    expect(reportLevel({ LOG_LEVEL: 'debug' })).toBe('debug');
    expect(reportLevel({ LOG_LEVEL: 'silent' })).toBe('silent');
  });
});

describe('the readiness probe', () => {
  it('is ready only with the database, a complete build and the warm-up done, and names what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'served-'));
    try {
      const complete = () => {
        for (const file of BUILD_COMPLETE_FILES) {
          mkdirSync(join(dir, file, '..'), { recursive: true });
          writeFileSync(join(dir, file), 'x');
        }
      };
      expect(servedBuildProblems(join(dir, 'nothing-here'))).toEqual([`no served folder at ${join(dir, 'nothing-here')}`]);
      expect(servedBuildProblems(dir)).toContain('the served build lacks pagefind/pagefind-entry.json');
      complete();
      const ok = await readiness({ servedDir: dir, warm: { done: true, problems: [] }, databaseOk: async () => true });
      expect(ok).toEqual({ status: 200, body: { ready: true, databaseOk: true, buildComplete: true, warm: true, problems: [], warmUpProblems: [] } });
      const down = await readiness({
        servedDir: dir,
        warm: { done: false, problems: [] },
        databaseOk: async () => {
          throw new Error('ECONNREFUSED');
        },
      });
      expect(down.status).toBe(503);
      expect(down.body.problems).toEqual(['the database does not answer', 'warming up']);
      rmSync(join(dir, 'sitemap.xml'));
      const partial = await readiness({ servedDir: dir, warm: { done: true, problems: [] }, databaseOk: async () => true });
      expect(partial).toMatchObject({ status: 503, body: { buildComplete: false, problems: ['the served build lacks sitemap.xml'] } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
