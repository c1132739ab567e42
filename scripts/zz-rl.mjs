import { importServerModules } from './lib/server-modules.mjs';
const { openDatabase, RateLimiter, loadConfig, seedIfEmpty } = await importServerModules('zz-rl', { 'src/server/db/index.ts': 'openDatabase', 'src/server/forms/rate-limit.ts': 'RateLimiter', 'src/server/config.ts': 'loadConfig', 'src/server/db/seed.ts': 'seedIfEmpty' });
const config = loadConfig({ LOG_LEVEL: 'silent' });
const dir = `var/zz-rl-${process.pid}`;
const db = await openDatabase({ dataDir: process.argv[2] === 'mem' ? ':memory:' : dir });
const rl = new RateLimiter(db.db, config.forms, () => new Date());
const out = [];
for (let i = 0; i < 3000; i++) { const t = process.hrtime.bigint(); await rl.hit('carbonCity', '127.0.0.1'); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
const s = out.slice(200).sort((a, b) => a - b);
const p = (q) => s[Math.ceil(q / 100 * s.length) - 1].toFixed(3);
console.log(process.argv[2] ?? 'dir', 'p50', p(50), 'p99', p(99), 'max', s.at(-1).toFixed(2));
await db.close();
(await import('node:fs')).rmSync(dir, { recursive: true, force: true });
