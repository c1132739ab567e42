#!/usr/bin/env node
// npm run release -- list | rollback | use NAME
//
// The site's releases (src/releases/releases.mjs): every nightly or newsroom build is a folder
// under RELEASES_DIR (default var/releases); the served folder (dist/client, or dist for a static
// build) is a link to one of them. `list` shows them, oldest first, the served one marked: each
// one's time, what made it (the nightly job, a publish of which stories, an adopted build), and
// the stories it adds (+), drops (-) and holds at another revision (~) against the one served.
// `rollback` serves the one before the served one, `use NAME` any kept one (forward or back): an
// atomic switch of the link; nothing is rebuilt. The newsroom reads its stories' site state from
// the release served (src/releases/site-state.ts), so it says so at once.
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { describeReleases, lastSwitch, releasePaths, rollback, useRelease } from '../src/releases/releases.mjs';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
const command = positionals[0] ?? 'list';
const usage = 'usage: npm run release -- list | rollback | use NAME';
if (values.help || !['list', 'rollback', 'use'].includes(command) || (command === 'use' && !positionals[1])) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
const paths = releasePaths();
const by = `${userInfo().username} (release command)`;
try {
  if (command === 'rollback') {
    const { from, to } = rollback(paths, by);
    console.log(`release: now serving ${to} (was ${from})`);
  } else if (command === 'use') {
    const { from, to } = useRelease(paths, positionals[1], by);
    console.log(from === to ? `release: ${to} is served already` : `release: now serving ${to} (was ${from ?? 'a plain build'})`);
  }
} catch (error) {
  console.error(`release: ${error.message}`);
  process.exit(1);
}

const releases = describeReleases(paths);
if (!releases.length) console.log(`release: no releases in ${paths.releasesDir} (the site is served from a plain build, if any)`);
const made = (m) => {
  if (!m) return 'made before releases recorded it';
  if (m.kind === 'adopted') return 'adopted (the build the site started with)';
  const what = m.kind === 'publish' ? `publish: ${(m.reasons ?? []).join('; ')}` : 'nightly';
  return m.base ? `${what}, from ${m.base}` : what;
};
const few = (sign, keys) =>
  keys.length
    ? ` ${keys
        .slice(0, 8)
        .map((k) => `${sign}${k}`)
        .join(' ')}${keys.length > 8 ? ` …(${keys.length})` : ''}`
    : '';
for (const r of releases) {
  const against = r.served
    ? 'served'
    : `${r.adds.length} added, ${r.drops.length} dropped, ${r.changes.length} changed against the served one:${few('+', r.adds)}${few('-', r.drops)}${few('~', r.changes)}`;
  console.log(
    `${r.served ? '*' : ' '} ${r.name}  ${r.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}  ${r.stories} story versions  ${made(r.madeBy)}\n    ${against}${r.served ? ` since ${r.servedSince}` : ''}`,
  );
}
const last = lastSwitch(paths);
if (last) console.log(`last switch: ${last.release} at ${last.at} (${last.how}${last.by ? `, by ${last.by}` : ''})`);
