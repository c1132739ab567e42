#!/usr/bin/env node
// First request after start: for each thing a visitor or an integrator asks for, a fresh server
// process (scripts/start.mjs on the built site, a throw-away embedded database) is started and,
// once it reports ready (its health call answers), that thing is asked for the first time, then
// twice more on the same process. The first answer's time is the figure (goal: under 200 ms);
// the third, on the same warm process, is its reference, measured in the same run.
//
//   node bench/first-request.mjs        (also a row of npm run bench)
//   node bench/first-request.mjs --small (npm test, so that the bench cannot rot: one row, nothing written)
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite } from '../scripts/lib/serve-built.mjs';

const today = () => new Date().toISOString().slice(0, 10);
const inWeeks = (weeks) => new Date(Date.now() + weeks * 7 * 864e5).toISOString().slice(0, 10);
const json = { 'content-type': 'application/json' };

/** What is asked, each on a fresh process: [name, path, init?]. A function makes the init from the server's base. */
export const FIRST_REQUESTS = [
  ['OpenAPI document', () => '/homeapiak/openapi.json'],
  ['API reference page', () => '/homeapiak/docs'],
  ['schedule search (site call)', () => `/homeapiak/schedule/pointToPoint?from=CNSHA&to=NLRTM&date=${today()}&weeks=4&language=1`],
  ['DCSA point-to-point routes', () => `/dcsa/cs/v1/point-to-point-routes?placeOfReceipt=CNNGB&placeOfDelivery=DEHAM&departureStartDate=${today()}&departureEndDate=${inWeeks(4)}`],
  ['DCSA port schedules', () => `/dcsa/cs/v1/port-schedules?UNLocationCode=SGSIN&date=${today()}`],
  ['carbon city search', () => '/homeapiak/carbonCalculate/getCity?prefix=rott&language=1'],
  [
    'carbon calculation',
    async (base) => {
      const token = (await (await fetch(`${base}/homeapiak/carbonCalculate/getToken`)).json()).data.content.access_token;
      const body = JSON.stringify([
        { originLocationId: 'cn-shanghai', destinationLocationId: 'nl-rotterdam', cargoWeightValue: '2', cargoWeightUnit: 'TEU', cargoNature: 'Dry', factorType: 'WTW', token },
      ]);
      return ['/homeapiak/carbonCalculate/getDigital?language=1', { method: 'POST', headers: { ...json, origin: base }, body }];
    },
  ],
  ['news of a type', () => '/homeapiak/cosNewss/findTypeNews/50000000000000231?language=1'],
  ['page: home', () => '/en/home'],
  ['page: news list', () => '/zh/home/News/news'],
  ['page: port schedule', () => '/en/home/Services/schedules/port/CNSHA'],
  ['page: schedule search', () => '/zh/home/Services/schedules'],
  ['page: local site', () => '/shanghai/cn/home/'],
  ['page: not found', () => '/en/no-such-page'],
  ['page: staff sign-in (on demand)', () => '/en/staff/sign-in'],
];

async function timed(base, path, init) {
  const t = process.hrtime.bigint();
  const response = await fetch(`${base}${path}`, { ...init, headers: { connection: 'close', ...init?.headers } });
  await response.arrayBuffer();
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, status: response.status };
}

export async function benchFirstRequest({ small = false } = {}) {
  const rows = [];
  for (const [name, make] of small ? FIRST_REQUESTS.slice(0, 1) : FIRST_REQUESTS) {
    const { base, stop } = await startSite();
    try {
      const made = await make(base);
      const [path, init] = Array.isArray(made) ? made : [made, undefined];
      const first = await timed(base, path, init);
      await timed(base, path, init);
      const warm = await timed(base, path, init);
      rows.push({ name, path: path.split('?')[0], status: first.status, firstMs: first.ms, warmMs: warm.ms });
    } finally {
      await stop();
    }
  }
  console.log('\nFirst request after start (a fresh server process for each row, asked once it reports ready; reference: the third ask on the same process):');
  console.log('\n| first asked for | status | first ms | reference ms | under 200 ms |\n|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.status} | ${r.firstMs.toFixed(0)} | ${r.warmMs.toFixed(1)} | ${r.firstMs < 200 ? 'yes' : '**no**'} |`);
  const result = { date: new Date().toISOString(), rows, slowest: Math.max(...rows.map((r) => r.firstMs)) };
  if (small) return result;
  mkdirSync('bench-results', { recursive: true });
  writeFileSync('bench-results/first-request.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchFirstRequest({ small: process.argv.includes('--small') });
