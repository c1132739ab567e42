#!/usr/bin/env node
// API under load (autocannon, loopback, 10 connections, a few seconds per call) on the
// built server, beside a bare Hono "hello" (@hono/node-server) started in the same run
// on the same machine: requests per second, p50 and p99 latency, errors, and the ratio
// to the bare Hono figure; then two API processes on one PostgreSQL loaded at once (a
// read call and a submission; skipped where no PostgreSQL answers). Load generator and
// server share the machine's cores, so the ratio, not the absolute figure, is what
// compares across machines. Prints a table and
// writes bench-results/load.json. Part of `npm run bench`; alone:
// `node bench/load.mjs` after `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { freePort, startSite } from '../scripts/lib/serve-built.mjs';
import { importServerModules } from '../scripts/lib/server-modules.mjs';

const DURATION = Number(process.env.BENCH_LOAD_SECONDS ?? 6);
const CONNECTIONS = 10;
const { UNLIMITED_RATE_ENV: UNLIMITED } = await importServerModules('bench-load', { 'src/server/forms/config.ts': 'UNLIMITED_RATE_ENV' });
const CAPTCHA_ANSWER = 'E2E7';

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const figures = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  requests: r.requests.total,
});

async function bareHono() {
  const app = new Hono().get('/hello', (c) => c.json({ code: '200', message: 'success', data: { content: 'hello' } }));
  const port = await freePort();
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/hello`, close: () => new Promise((r) => server.close(r)) };
}

export async function benchLoad() {
  const rows = [];
  const hello = await bareHono();
  try {
    rows.push({ call: 'bare Hono "hello" (@hono/node-server)', ...figures(await run({ url: hello.url })) });
  } finally {
    await hello.close();
  }
  const site = await startSite({ CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ...UNLIMITED });
  const api = `${site.base}/homeapiak`;
  try {
    const content = async (res) => (await res.json()).data.content;
    rows.push({ call: "GET callPort (a service loop's ports, content read)", ...figures(await run({ url: `${site.base}${CALL_PORT}` })) });
    // six searches in turn on each connection (a list of requests, so the generator does no work of its own per request)
    const prefixes = ['sha', 'rott', 'duis', 'sing', 'los', '上海'];
    rows.push({
      call: 'GET carbon getCity (prefix search)',
      ...figures(await run({ url: api, requests: prefixes.map((prefix) => ({ method: 'GET', path: `/homeapiak/carbonCalculate/getCity?prefix=${encodeURIComponent(prefix)}&language=1` })) })),
    });
    const { access_token: token } = await content(await fetch(`${api}/carbonCalculate/getToken`));
    const pairs = [
      ['cn-shanghai', 'nl-rotterdam'],
      ['cn-chongqing', 'de-duisburg'],
      ['jp-osaka', 'au-sydney'],
      ['us-chicago', 'cn-shanghai'],
    ];
    const shipments = JSON.stringify(
      pairs.map(([o, d], k) => ({
        originLocationId: o,
        destinationLocationId: d,
        cargoWeightValue: String(1 + k),
        cargoWeightUnit: 'TEU',
        cargoNature: 'Dry',
        factorType: k % 2 ? 'WTW' : 'TTW',
        token,
      })),
    );
    rows.push({
      call: 'POST carbon getDigital, 4 shipments',
      ...figures(
        await run({
          url: `${api}/carbonCalculate/getDigital?language=1`,
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site.base },
          body: shipments,
        }),
      ),
    });
    rows.push({ call: 'GET captcha (new picture and sign)', ...figures(await run({ url: `${api}/public/captcha/new?language=1` })) });
    rows.push({ call: 'POST contact message (stored, mail to the outbox)', ...figures(await submitLoad(site.base, 2000)) });
  } finally {
    await site.stop();
  }
  rows.push(...(await twoProcesses()));
  const base = rows[0].rps;
  for (const r of rows) r.ratioToBareHono = Number((r.rps / base).toFixed(3));
  return rows;
}

const CALL_PORT = '/homeapiak/routeService/callPort/AEX1?language=1';

/** POSTs `count` contact messages to the site at `base` (each with its own one-time captcha sign, fetched first, outside the measurement). */
async function submitLoad(base, count, connections = CONNECTIONS) {
  const content = async (res) => (await res.json()).data.content;
  const signs = [];
  while (signs.length < count) {
    const batch = await Promise.all(Array.from({ length: 50 }, () => fetch(`${base}/homeapiak/public/captcha/new`).then(content)));
    signs.push(...batch.map((c) => c.sign));
  }
  let s = 0;
  const message = (sign, i) =>
    new URLSearchParams({
      email: 'load.test@example.com',
      userName: 'Load Test',
      companyName: 'Example Trading Co.',
      needCall: '1',
      tel: '',
      country: 'China/Shanghai/Shanghai',
      content: `Load test message ${i}: please quote a 40HQ from Shanghai to Rotterdam.`,
      code: CAPTCHA_ANSWER,
      sign,
    }).toString();
  return run({
    url: base,
    amount: count,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/homeapiak/contactUs/saveContactUs?language=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        setupRequest: (req) => ({ ...req, body: message(signs[s % signs.length], s++) }),
      },
    ],
  });
}

/** Two autocannon runs at once, one per process (half the connections each): req/s summed, the worse p99 of the two. */
const together = ([a, b]) => ({
  ...figures(a),
  rps: Math.round(a.requests.average + b.requests.average),
  p50: Math.max(a.latency.p50, b.latency.p50),
  p99: Math.max(a.latency.p99, b.latency.p99),
  errors: [a, b].reduce((n, r) => n + r.errors + r.timeouts + (r.non2xx ?? 0), 0),
  requests: a.requests.total + b.requests.total,
});

/**
 * Two API processes on one PostgreSQL (BENCH_DATABASE_URL, else the machine's server at
 * 127.0.0.1:5432), loaded at once: a read call and a submission. Skipped, with a note, where
 * no PostgreSQL answers.
 */
async function twoProcesses() {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.warn('bench-load: no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432, so no two-process figures');
    return [];
  }
  const name = `bench_load_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sites = [];
  try {
    const env = { DATABASE_URL: url.href, CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, ...UNLIMITED };
    for (let i = 0; i < 2; i++) sites.push(await startSite(env)); // one after the other: the first migrates
    const half = CONNECTIONS / 2;
    const read = together(await Promise.all(sites.map((site) => run({ url: `${site.base}${CALL_PORT}`, connections: half }))));
    const submit = together(await Promise.all(sites.map((site) => submitLoad(site.base, 1000, half))));
    return [
      { call: 'two processes on one PostgreSQL: GET callPort', ...read },
      { call: 'two processes on one PostgreSQL: POST contact message', ...submit },
    ];
  } finally {
    for (const site of sites) await site.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export function printLoad(rows) {
  console.log(`\nAPI under load (autocannon, ${CONNECTIONS} connections, ${DURATION} s per call, loopback, generator and server on the same cores):`);
  console.log('| call | req/s | ratio to bare Hono | p50 ms | p99 ms | errors | requests |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.call} | ${r.rps} | ${r.ratioToBareHono} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.requests} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchLoad();
  printLoad(rows);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/load.json', JSON.stringify({ at: new Date().toISOString(), durationSeconds: DURATION, connections: CONNECTIONS, rows }, null, 2));
}
