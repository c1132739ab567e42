import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { fork } from 'node:child_process';
if (process.argv[2] === 'server') {
  const app = new Hono().get('/hello', (c) => c.json({ code: '200', message: 'success', data: { content: 'hello' } }));
  serve({ fetch: app.fetch, port: 4504, hostname: '127.0.0.1' }, () => process.send('up'));
} else {
  const child = fork(new URL(import.meta.url).pathname, ['server']);
  await new Promise((r) => child.once('message', r));
  const { request, Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path) => new Promise((ok, fail) => { const r = request('http://127.0.0.1:4504' + path, { agent }, (res) => { res.resume(); res.on('end', ok); }); r.on('error', fail); r.end(); });
  const out = [];
  for (let i = 0; i < 2000; i++) { const t = process.hrtime.bigint(); await get('/hello'); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
  const s = out.slice(200).sort((a, b) => a - b);
  console.log('hello p50', s[900].toFixed(2), 'p99', s[1782].toFixed(2), 'max', s.at(-1).toFixed(2), '>2ms', s.filter((x) => x > 2).length);
  child.kill();
}
