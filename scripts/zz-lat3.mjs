import { request, Agent } from 'node:http';
const base = process.argv[2];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) => new Promise((ok, fail) => { const r = request(base + path, { agent }, (res) => { res.resume(); res.on('end', ok); }); r.on('error', fail); r.end(); });
const out = [];
for (let i = 0; i < 1000; i++) { const t = process.hrtime.bigint(); await get(`/homeapiak/carbonCalculate/getCity?prefix=ham&language=1`); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
const s = out.slice(100).sort((a, b) => a - b);
console.log('p50', s[450].toFixed(2), 'p99', s[890].toFixed(2), 'slow>2ms', s.filter((x) => x > 2).length);
