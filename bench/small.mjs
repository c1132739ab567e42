#!/usr/bin/env node
// The benches that only need a started site, once and small, on ONE start of it (npm test's step
// "benches on one started site"): the carbon API bench, the schedules bench (ten queries, two
// searches in Chromium) and Lighthouse on the server-rendered tracking results (one run). Each used to
// start the site itself, a start with its warm-up each; the figures are the same benches' (bench/api.mjs,
// bench/schedules.mjs, bench/lighthouse.mjs), printed, never asserted. Writes test-results/bench-small.json
// (each bench's title and whether it ran) for scripts/test.mjs, which counts each as a test.
//
//   node bench/small.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { startSite } from '../scripts/lib/serve-built.mjs';
import { benchCarbonApi } from './api.mjs';
import { benchLighthouse, printLighthouse } from './lighthouse.mjs';
import { benchSchedules } from './schedules.mjs';

const BENCHES = [
  ['carbon API bench', (site) => benchCarbonApi({ site })],
  ['schedules bench, small (ten queries, two searches in Chromium)', (site) => benchSchedules({ runs: 10, browserRuns: 2, site })],
  ['Lighthouse bench, small (the server-rendered tracking results, one run)', async (site) => printLighthouse(await benchLighthouse({ runs: 1, only: 'results page', site }))],
];

const results = [];
const site = await startSite();
try {
  for (const [title, bench] of BENCHES) {
    console.log(`\n--- ${title}`);
    try {
      await bench(site);
      results.push({ title, ok: true });
    } catch (error) {
      console.error(`${title} failed:`, error);
      results.push({ title, ok: false, error: String(error?.message ?? error) });
    }
  }
} finally {
  await site.stop();
}
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/bench-small.json', `${JSON.stringify(results, null, 2)}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
