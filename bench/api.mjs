// API timings for `npm run bench`: serves the build (scripts/start.mjs) on a free loopback
// port with a throw-away embedded database, then times real HTTP requests from this
// process (node:http over one kept-alive loopback connection, as a browser holds one;
// process.hrtime), one at a time, after a warm-up:
// GET /carbonCalculate/getCity with varied prefixes and POST /carbonCalculate/getDigital
// with four shipments. Prints p50 / p99 / max in milliseconds.
import { Agent, request } from 'node:http';
import { startSite } from '../scripts/lib/serve-built.mjs';

/** One kept-alive connection; answers the parsed wrapper's content (a code other than 200 throws). */
function client(base) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return (path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { agent, method, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString());
          if (answer.code !== '200') reject(new Error(`${path}: ${answer.code} ${answer.message}`));
          else resolve(answer.data.content);
        });
      });
      req.on('error', reject);
      req.end(body);
    });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function time(n, run) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await run(i);
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

/** @param {{ cityRuns?: number, digitalRuns?: number, site?: { base: string } }} options site: a started site to use (bench/small.mjs), else one of its own */
export async function benchCarbonApi({ cityRuns = 400, digitalRuns = 100, site } = {}) {
  const { base, stop } = site ?? (await startSite());
  try {
    const call = client(base);
    const prefixes = ['sha', 'rott', 'chon', 'duis', 'new', 'los', 'ham', 'sing', 'mum', 'sao', '上海', '鹿特丹', 'ber', 'lon', 'mel', 'dub'];
    const city = (i) => call(`/homeapiak/carbonCalculate/getCity?prefix=${encodeURIComponent(prefixes[i % prefixes.length])}&language=${i % 2}`);
    const { access_token: token } = await call('/homeapiak/carbonCalculate/getToken');
    const pairs = [
      ['cn-shanghai', 'nl-rotterdam'],
      ['cn-chongqing', 'de-duisburg'],
      ['jp-osaka', 'au-sydney'],
      ['us-chicago', 'cn-shanghai'],
      ['ie-dublin', 'fj-suva'],
      ['de-munich', 'cn-wuhan'],
      ['in-delhi', 'us-new-york'],
      ['br-sao-paulo', 'kr-seoul'],
    ];
    const digital = (i) =>
      call('/homeapiak/carbonCalculate/getDigital?language=1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify(
          [0, 1, 2, 3].map((k) => {
            const [o, d] = pairs[(i + k) % pairs.length];
            return { originLocationId: o, destinationLocationId: d, cargoWeightValue: String(1 + k), cargoWeightUnit: 'TEU', cargoNature: 'Dry', factorType: k % 2 ? 'WTW' : 'TTW', token };
          }),
        ),
      });
    await time(20, city);
    await time(10, digital);
    const c = await time(cityRuns, city);
    const d = await time(digitalRuns, digital);
    const row = (name, list) => `| ${name} | ${list.length} | ${percentile(list, 50).toFixed(2)} | ${percentile(list, 99).toFixed(2)} | ${list.at(-1).toFixed(2)} |`;
    console.log('\nCarbon calculator API (HTTP over one kept-alive loopback connection to the built server, one request at a time, after a warm-up):');
    console.log('\n| call | requests | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
    console.log(row('GET getCity (prefix search)', c));
    console.log(row('POST getDigital, 4 shipments', d));
    return { getCity: { p50: percentile(c, 50), p99: percentile(c, 99) }, getDigital4: { p50: percentile(d, 50), p99: percentile(d, 99) } };
  } finally {
    if (!site) await stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCarbonApi();
