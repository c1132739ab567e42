/**
 * npm run derived — brings the files derived from the content up to date, as the build does
 * before it loads the content (src/build/derived/integration.ts): every step of
 * src/build/derived/steps.ts whose inputs or outputs differ from its stamp
 * (src/build/derived/stamps.json) is run and stamped again; the others cost their hashing.
 *
 * Usage: node scripts/derived.ts               update (one line per step)
 *        node scripts/derived.ts --check       only say which steps are stale; exit 1 if any
 *        node scripts/derived.ts --force       rerun every Node step, stale or not
 *        node scripts/derived.ts --run ID ...  run these steps (a Chromium one too) and stamp them
 *
 * Exits 1 when a generator fails or a Chromium step is stale (the message names its command).
 */
import { fileURLToPath } from 'node:url';
import { check, DerivedError, summarise, update } from '../src/build/derived/cache.ts';
import { NOT_STEPS, STEPS } from '../src/build/derived/steps.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

async function main(args: string[]): Promise<number> {
  const at = args.indexOf('--run');
  const only = at >= 0 ? args.slice(at + 1).filter((a) => !a.startsWith('--')) : undefined;
  const unknown = (only ?? []).filter((id) => !STEPS.some((s) => s.id === id));
  if (at >= 0 && (only!.length === 0 || unknown.length > 0)) {
    console.error(`derived: --run takes step ids${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}: ${STEPS.map((s) => s.id).join(', ')}`);
    return 2;
  }
  if (args.includes('--check')) {
    const t0 = performance.now();
    const statuses = check(root);
    for (const s of statuses) console.log(`derived: ${s.step.title} ${s.state === 'current' ? 'current' : `stale: ${summarise(s.reasons)} (${s.step.command})`}`);
    for (const n of NOT_STEPS) console.log(`derived: not a step: ${n.script}: ${n.why}`);
    const stale = statuses.filter((s) => s.state === 'stale');
    console.log(`derived: ${stale.length === 0 ? 'everything current' : `${stale.length} of ${statuses.length} steps stale`} (${Math.round(performance.now() - t0)} ms)`);
    return stale.length === 0 ? 0 : 1;
  }
  try {
    await update(root, { force: args.includes('--force') || only !== undefined, only, log: (line) => console.log(`derived: ${line}`) });
    return 0;
  } catch (error) {
    console.error(error instanceof DerivedError ? `derived: ${error.message}` : `derived: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
