import { it } from 'vitest';
import { startHarness } from '../api/harness';
it('lat', async () => {
  const h = await startHarness({ RATE_LIMIT_CARBON_CITY: '1000000/60' });
  const out: number[] = [];
  for (let i = 0; i < 3000; i++) { const t = process.hrtime.bigint(); const r = await h.app.request(`http://x/homeapiak/carbonCalculate/getCity?prefix=ham&language=1`, {}, { clientAddress: '127.0.0.1' }); await r.text(); out.push(Number(process.hrtime.bigint() - t) / 1e6); }
  const s = out.slice(300).sort((a, b) => a - b);
  const p = (q: number) => s[Math.ceil(q / 100 * s.length) - 1].toFixed(3);
  console.log('in-process getCity p50', p(50), 'p99', p(99), 'max', s.at(-1)!.toFixed(2), '>2ms', s.filter((x) => x > 2).length);
  await h.close();
}, 60000);
