import { importServerModules } from './lib/server-modules.mjs';
const { openDatabase, createApp, loadConfig, seedIfEmpty } = await importServerModules('zz-app', { 'src/server/db/index.ts': 'openDatabase', 'src/server/app.ts': 'createApp', 'src/server/config.ts': 'loadConfig', 'src/server/db/seed.ts': 'seedIfEmpty' });
const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_CARBON_CITY: '1000000/60' });
const dir = `var/zz-app-${process.pid}`;
const db = await openDatabase({ dataDir: dir });
await seedIfEmpty(db.db);
const app = createApp({ database: db, config });
const out = [];
for (let i = 0; i < 3000; i++) { const t = process.hrtime.bigint(); const r = await app.request(`http://x/homeapiak/carbonCalculate/getCity?prefix=ham&language=1`, {}, { clientAddress: '127.0.0.1' }); await r.text(); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
const s = out.slice(300).sort((a, b) => a - b);
const p = (q) => s[Math.ceil(q / 100 * s.length) - 1].toFixed(3);
console.log('in-process getCity p50', p(50), 'p99', p(99), 'max', s.at(-1).toFixed(2), '>2ms', s.filter((x) => x > 2).length);
await db.close();
(await import('node:fs')).rmSync(dir, { recursive: true, force: true });
