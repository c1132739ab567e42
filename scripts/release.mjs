#!/usr/bin/env node
// npm run release -- list | rollback
//
// The site's releases (src/releases/releases.mjs): every nightly or newsroom build is a folder
// under RELEASES_DIR (default var/releases); the served folder (dist/client, or dist for a static
// build) is a link to one of them. `list` shows them, the served one marked; `rollback` serves
// the one before it at once (an atomic switch of the link; nothing is rebuilt).
import { parseArgs } from 'node:util';
import { currentRelease, listReleases, releasePaths, rollback } from '../src/releases/releases.mjs';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
const command = positionals[0] ?? 'list';
if (values.help || !['list', 'rollback'].includes(command)) {
  console.log('usage: npm run release -- list | rollback');
  process.exit(values.help ? 0 : 2);
}
const paths = releasePaths();
if (command === 'rollback') {
  try {
    const { from, to } = rollback(paths);
    console.log(`release: now serving ${to} (was ${from})`);
  } catch (error) {
    console.error(`release: ${error.message}`);
    process.exit(1);
  }
}
const current = currentRelease(paths);
const all = listReleases(paths);
if (!all.length) console.log(`release: no releases in ${paths.releasesDir} (the site is served from a plain build, if any)`);
for (const name of all) console.log(`${name === current ? '*' : ' '} ${name}`);
