import { startSite } from './lib/serve-built.mjs';
import { request, Agent } from 'node:http';
const { base, stop } = await startSite();
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) => new Promise((ok, fail) => { const r = request(base + path, { agent }, (res) => { res.resume(); res.on('end', ok); }); r.on('error', fail); r.end(); });
const prefixes = ['sha', 'rott', 'chon', 'duis', 'new', 'los', 'ham', 'sing', 'mum', 'sao', '上海', '鹿特丹', 'ber', 'lon', 'mel', 'dub'];
const by = new Map();
for (let i = 0; i < 40; i++) await get('/homeapiak/health');
for (let i = 0; i < 800; i++) {
  const p = prefixes[i % 16];
  const t = process.hrtime.bigint();
  await get(`/homeapiak/carbonCalculate/getCity?prefix=${encodeURIComponent(p)}&language=${i % 2}`);
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (i >= 80) { const l = by.get(p) ?? []; l.push(ms); by.set(p, l); }
}
for (const [p, l] of by) { l.sort((a, b) => a - b); console.log(p.padEnd(5), 'min', l[0].toFixed(2), 'med', l[l.length >> 1].toFixed(2), 'max', l.at(-1).toFixed(2)); }
await stop();
