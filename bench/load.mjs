#!/usr/bin/env node
// API under load (autocannon, loopback, 10 connections, a few seconds per call) on the
// built server, beside a bare Hono "hello" (@hono/node-server) started in the same run
// on the same machine: requests per second, p50 and p99 latency, errors, and the ratio
// to the bare Hono figure; then two API processes on one PostgreSQL loaded at once (a
// read call and a submission; skipped where no PostgreSQL answers); then the reference
// deployment through nginx (scripts/lib/nginx-stack.mjs: nginx before the static release
// and two API processes on one PostgreSQL) with a static page, a read call and a submission
// loaded at once, twice: both processes up, then one SIGKILLed midway, with the reads that
// failed and every submission answered 200 looked for in the database (skipped, saying why,
// without nginx, PostgreSQL or a build). Load generator and server share the machine's
// cores, so the ratio, not the absolute figure, is what compares across machines. Prints
// tables and writes bench-results/load.json. Part of `npm run bench`; alone:
// `node bench/load.mjs` after `npm run build`, `node bench/load.mjs --through-nginx` for the
// run through nginx only (the other rows of bench-results/load.json are kept); `--small`: one second
// a call and 100 contact messages (not 2,000), nothing written (npm test runs it so that the bench cannot rot).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { markedMessage, reconcile, storedMessages } from '../scripts/lib/marked-messages.mjs';
import { findNginx, POSTGRES_URL, postgresReachable, startNginxStack } from '../scripts/lib/nginx-stack.mjs';
import { freePort, startSite } from '../scripts/lib/serve-built.mjs';
import { importServerModules } from '../scripts/lib/server-modules.mjs';

// --small (npm test: a bench that no longer runs fails CI): one second a call, 100 contact messages, nothing written
const SMALL = process.argv.includes('--small');
const DURATION = Number(process.env.BENCH_LOAD_SECONDS ?? (SMALL ? 1 : 6));
/** Contact messages posted by the built server's submission row (each stored, with a mail to the outbox); the two processes post half as many. */
const SUBMISSIONS = SMALL ? 100 : 2000;
const CONNECTIONS = 10;
const { UNLIMITED_RATE_ENV: UNLIMITED, captchaSign } = await importServerModules('bench-load', {
  'src/server/forms/config.ts': 'UNLIMITED_RATE_ENV',
  'src/server/forms/captcha.ts': 'captchaSign',
});
// every captcha's answer is CAPTCHA_ANSWER (refused in production), and the bench signs with the
// processes' own key, so each submission carries a fresh one-time sign without a captcha call
const CAPTCHA_ANSWER = 'E2E7';
const CAPTCHA_SECRET = randomBytes(24).toString('hex');
const SERVER_ENV = { CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER, CAPTCHA_SECRET, ...UNLIMITED };
const newSign = () => captchaSign({ secret: CAPTCHA_SECRET, ttlSeconds: 600, now: new Date(), answer: CAPTCHA_ANSWER });
const THROUGH_NGINX = 'through nginx';

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

/** The reference: a bare Hono "hello" on @hono/node-server, loaded as the calls are. */
async function reference() {
  const hello = await bareHono();
  try {
    return { call: 'bare Hono "hello" (@hono/node-server)', ...figures(await run({ url: hello.url })) };
  } finally {
    await hello.close();
  }
}

/** Every section: the built server alone, two processes on one PostgreSQL, the reference deployment through nginx. */
export async function benchLoad() {
  const rows = [await reference()];
  const site = await startSite(SERVER_ENV);
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
    rows.push({ call: 'POST contact message (stored, mail to the outbox)', ...figures(await submitLoad(site.base, SUBMISSIONS)) });
  } finally {
    await site.stop();
  }
  rows.push(...(await twoProcesses()));
  withRatios(rows);
  rows.push(...(await benchThroughNginx()));
  return rows;
}

/** Each row's req/s as a share of the first row's (the bare Hono reference of its section). */
function withRatios(rows) {
  const base = rows[0].rps;
  for (const r of rows) if (r.rps !== undefined) r.ratioToBareHono = Number((r.rps / base).toFixed(3));
  return rows;
}

const CALL_PORT = '/homeapiak/routeService/callPort/AEX1?language=1';

/**
 * autocannon's request list for contact messages to `base`: each with a fresh one-time sign and
 * its own marker `${tag}-${n}` (scripts/lib/marked-messages.mjs); the markers answered 200 (the
 * HTTP status and the wrapper's code) are pushed to `answered`.
 * @param {string} base
 * @param {{ tag?: string, answered?: string[] }} [options]
 */
function submissions(base, { tag = 'load', answered } = {}) {
  let n = 0;
  return [
    {
      method: 'POST',
      path: '/homeapiak/contactUs/saveContactUs?language=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      // the context is the connection's, and a connection has one request under way at a time
      setupRequest: (req, context) => {
        context.marker = `${tag}-${n++}`;
        return { ...req, body: markedMessage({ marker: context.marker, sign: newSign(), code: CAPTCHA_ANSWER }).toString() };
      },
      ...(answered && {
        onResponse: (status, body, context) => {
          if (status === 200 && wireCode(body) === '200') answered.push(context.marker);
        },
      }),
    },
  ];
}

/** The code in the API's wrapper, or null. */
function wireCode(body) {
  try {
    return JSON.parse(body).code;
  } catch {
    return null;
  }
}

/** POSTs `count` contact messages to the site at `base`. */
function submitLoad(base, count, connections = CONNECTIONS) {
  return run({ url: base, amount: count, connections, requests: submissions(base) });
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
  const server = process.env.BENCH_DATABASE_URL ?? POSTGRES_URL;
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
    const env = { DATABASE_URL: url.href, ...SERVER_ENV };
    for (let i = 0; i < 2; i++) sites.push(await startSite(env)); // one after the other: the first migrates
    const half = CONNECTIONS / 2;
    const read = together(await Promise.all(sites.map((site) => run({ url: `${site.base}${CALL_PORT}`, connections: half }))));
    const submit = together(await Promise.all(sites.map((site) => submitLoad(site.base, SUBMISSIONS / 2, half))));
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

/** The static page of the run through nginx: a page file with its brotli twin, asked for as a browser asks. */
const STATIC_PAGE = '/en/home/';
/** Connections of each of the three loads run at once through nginx. */
const MIXED_CONNECTIONS = 4;

/**
 * The reference deployment (scripts/lib/nginx-stack.mjs) loaded through nginx with a static page, a
 * read call and a submission at once, MIXED_CONNECTIONS connections each, DURATION seconds: first with
 * both API processes up, then with one SIGKILLed midway. After each run the submissions answered 200
 * are looked for in the database (scripts/lib/marked-messages.mjs). The bare Hono reference is
 * measured first, in the same run. Without nginx, PostgreSQL or a build: one row saying why.
 */
export async function benchThroughNginx() {
  const missing = [
    !findNginx() && 'no nginx (apt-get install nginx libnginx-mod-http-brotli-static)',
    !(await postgresReachable()) && `no PostgreSQL at ${POSTGRES_URL}`,
    !(existsSync('dist/server/entry.mjs') && existsSync('dist/client/404.html')) && 'no build (npm run build)',
  ].filter(Boolean);
  if (missing.length) {
    const skipped = missing.join(', ');
    console.warn(`bench-load: through nginx skipped: ${skipped}`);
    return [{ section: THROUGH_NGINX, call: 'through nginx', skipped }];
  }
  const rows = [{ section: THROUGH_NGINX, run: 'reference', ...(await reference()) }];
  const stack = await startNginxStack({ env: SERVER_ENV });
  try {
    rows.push(...(await mixedRun(stack, { tag: 'up', kill: false })));
    rows.push(...(await mixedRun(stack, { tag: 'kill', kill: true })));
  } finally {
    await stack.stop();
  }
  return withRatios(rows);
}

/** One run through nginx: the three loads at once; with `kill`, the second API process SIGKILLed at half time. */
async function mixedRun(stack, { tag, kill }) {
  const answered = [];
  const victim = stack.upstreams[1].process;
  let killedAt = null;
  const started = performance.now();
  const timer = kill
    ? setTimeout(
        () => {
          victim.kill('SIGKILL');
          killedAt = (performance.now() - started) / 1000;
        },
        (DURATION * 1000) / 2,
      )
    : null;
  const [page, read, submit] = await Promise.all([
    run({ url: `${stack.base}${STATIC_PAGE}`, connections: MIXED_CONNECTIONS, headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    run({ url: `${stack.base}${CALL_PORT}`, connections: MIXED_CONNECTIONS }),
    run({ url: stack.base, connections: MIXED_CONNECTIONS, requests: submissions(stack.base, { tag, answered }) }),
  ]);
  clearTimeout(timer);
  if (kill && victim.exitCode === null && victim.signalCode === null) await new Promise((r) => victim.once('exit', r));
  // a submission under way when the run ended may still be stored: its process finishes it
  await new Promise((r) => setTimeout(r, 2000));
  const check = reconcile(answered, await storedMessages(stack.databaseUrl, `${tag}-`));
  const name = kill ? `one API process SIGKILLed at ${killedAt?.toFixed(1)} s` : 'both API processes up';
  const failed = (r) => r.errors + r.timeouts + (r.non2xx ?? 0);
  const submitRow = figures(submit);
  // a submission fails when it is not answered 200 in the wrapper (a 502 from nginx, a refusal), or gets no answer
  submitRow.errors = submit.errors + submit.timeouts + (submit.requests.total - answered.length);
  return [
    { section: THROUGH_NGINX, run: name, call: `GET ${STATIC_PAGE} (static page, brotli twin by nginx)`, ...figures(page) },
    { section: THROUGH_NGINX, run: name, call: 'GET callPort (API read)', ...figures(read) },
    { section: THROUGH_NGINX, run: name, call: 'POST contact message (captcha, stored, mail to the outbox)', ...submitRow },
    {
      section: THROUGH_NGINX,
      run: name,
      call: 'check',
      killedAtSeconds: killedAt,
      readsFailed: failed(page) + failed(read),
      submitsAnswered200: check.answered,
      // the others: HTTP statuses (a 502 is nginx's: a POST under way when its process died is never sent twice), then no answer
      submitsNot200: {
        ...Object.fromEntries(
          Object.entries(submit.statusCodeStats ?? {}).map(([status, { count }]) => (status === '200' ? ['refused in the wrapper', count - answered.length] : [`HTTP ${status}`, count])),
        ),
        'no answer': submit.errors + submit.timeouts,
      },
      stored: check.stored,
      lost: check.lost.length,
      duplicated: check.duplicated.length,
      storedUnanswered: check.unanswered.length,
      lostMarkers: check.lost.slice(0, 20),
      duplicatedMarkers: check.duplicated.slice(0, 20),
    },
  ];
}

export function printLoad(rows) {
  const main = rows.filter((r) => r.section !== THROUGH_NGINX);
  if (main.length) {
    console.log(`\nAPI under load (autocannon, ${CONNECTIONS} connections, ${DURATION} s per call, loopback, generator and server on the same cores):`);
    console.log('| call | req/s | ratio to bare Hono | p50 ms | p99 ms | errors | requests |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of main) console.log(`| ${r.call} | ${r.rps} | ${r.ratioToBareHono} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.requests} |`);
  }
  const nginx = rows.filter((r) => r.section === THROUGH_NGINX);
  if (!nginx.length) return;
  if (nginx[0].skipped) {
    console.log(`\nThrough nginx: skipped: ${nginx[0].skipped}`);
    return;
  }
  console.log(
    `\nThrough nginx (deploy/nginx/, one worker, before the static release and two API processes on one PostgreSQL): a static page, a read and a submission loaded at once, ${MIXED_CONNECTIONS} connections each, ${DURATION} s; the reference alone, ${CONNECTIONS} connections:`,
  );
  console.log('| run | load | req/s | ratio to bare Hono | p50 ms | p99 ms | errors | requests |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of nginx.filter((r) => r.call !== 'check')) console.log(`| ${r.run} | ${r.call} | ${r.rps} | ${r.ratioToBareHono} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.requests} |`);
  console.log('\n| run | reads failed | submits answered 200 | not answered 200 | stored | lost | duplicated | stored, answer not received |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of nginx.filter((r) => r.call === 'check')) {
    const not200 = Object.entries(r.submitsNot200).filter(([, n]) => n > 0);
    const how = not200.length ? `${not200.reduce((sum, [, n]) => sum + n, 0)} (${not200.map(([what, n]) => `${what}: ${n}`).join(', ')})` : '0';
    console.log(`| ${r.run} | ${r.readsFailed} | ${r.submitsAnswered200} | ${how} | ${r.stored} | ${r.lost} | ${r.duplicated} | ${r.storedUnanswered} |`);
  }
}

/**
 * Writes bench-results/load.json: these rows, each with the time it was measured; a run of one
 * section keeps the other section's rows of the last run.
 */
export function saveLoad(rows) {
  const file = 'bench-results/load.json';
  const at = new Date().toISOString();
  const measured = rows.map((r) => ({ measuredAt: at, ...r }));
  const sections = new Set(rows.map((r) => r.section === THROUGH_NGINX));
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const kept = (previous?.rows ?? []).filter((r) => !sections.has(r.section === THROUGH_NGINX));
  mkdirSync('bench-results', { recursive: true });
  const machine = { cores: availableParallelism(), cpu: cpus()[0]?.model, node: process.version };
  writeFileSync(file, JSON.stringify({ at, machine, durationSeconds: DURATION, connections: CONNECTIONS, mixedConnections: MIXED_CONNECTIONS, rows: [...kept, ...measured] }, null, 2));
  console.log(`\nwritten to ${file}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = process.argv.includes('--through-nginx') ? await benchThroughNginx() : await benchLoad();
  printLoad(rows);
  if (!SMALL) saveLoad(rows);
}
