import { startSite } from './lib/serve-built.mjs';
import { request } from 'node:http';
const { base, stop } = await startSite();
const pct = (a, p) => a[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)];
const agent = new (await import('node:http')).Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) => new Promise((ok, fail) => { const r = request(base + path, { agent }, (res) => { res.resume(); res.on('end', ok); }); r.on('error', fail); r.end(); });
async function time(label, path, n = 400, via = 'http') {
  const out = [];
  for (let i = 0; i < 30; i++) via === 'http' ? await get(path(i)) : await fetch(base + path(i)).then((r) => r.arrayBuffer());
  for (let i = 0; i < n; i++) { const t = process.hrtime.bigint(); via === 'http' ? await get(path(i)) : await fetch(base + path(i)).then((r) => r.arrayBuffer()); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
  out.sort((a, b) => a - b);
  console.log(label, via, 'p50', pct(out, 50).toFixed(2), 'p99', pct(out, 99).toFixed(2), 'max', out.at(-1).toFixed(2));
}
const pre = ['sha', 'rott', 'chon', 'duis', 'new', 'los', 'ham', 'sing'];
for (const via of ['fetch', 'http']) {
  await time('health', () => '/homeapiak/health', 400, via);
  await time('getCity', (i) => `/homeapiak/carbonCalculate/getCity?prefix=${pre[i % 8]}&language=${i % 2}`, 400, via);
  await time('static', () => '/en/home/', 400, via);
}
await stop();
