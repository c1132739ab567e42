import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const target = process.argv[3];
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
const dt = (prof.endTime - prof.startTime) / 1e6 / prof.samples.length;
const label = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/site\//, '')}:${n.callFrame.lineNumber}`;
for (const id of prof.samples) {
  const chain = [];
  let hit = false;
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const n = byId.get(x);
    if (hit) { chain.push(label(n)); if (chain.length >= +(process.argv[4] ?? 4)) break; }
    if (!hit && n.callFrame.functionName === target) hit = true;
  }
  if (hit) counts.set(chain.join(' < '), (counts.get(chain.join(' < ')) ?? 0) + 1);
}
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log((v * dt).toFixed(2), k);
