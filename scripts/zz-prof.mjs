import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const windows = (process.argv[3] ?? '0-999').split(',').map((w) => w.split('-').map(Number));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = prof.startTime;
const times = prof.timeDeltas.map((d) => (t += d));
const label = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/site\//, '')}:${n.callFrame.lineNumber}`;
for (const [a, b] of windows) {
  const self = new Map();
  const incl = new Map();
  let total = 0;
  prof.samples.forEach((id, i) => {
    const s = (times[i] - prof.startTime) / 1e6;
    if (s < a || s >= b) return;
    total++;
    const n = byId.get(id);
    self.set(label(n), (self.get(label(n)) ?? 0) + 1);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const l = label(byId.get(x));
      if (seen.has(l)) continue;
      seen.add(l);
      incl.set(l, (incl.get(l) ?? 0) + 1);
    }
  });
  const dt = (prof.endTime - prof.startTime) / 1e6 / prof.samples.length;
  console.log(`\n=== ${a}-${b} s: ${total} samples (~${(total * dt).toFixed(1)} s)`);
  console.log('-- self');
  for (const [k, v] of [...self].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log((v * dt).toFixed(2).padStart(7), k);
  console.log('-- inclusive');
  for (const [k, v] of [...incl].sort((x, y) => y[1] - x[1]).slice(0, 45)) console.log((v * dt).toFixed(2).padStart(7), k);
}
