#!/usr/bin/env node
// The registry this project installs from does not carry every platform build of
// @astrojs/compiler-binding (darwin, win32, android, arm64, wasi). `npm install` then
// leaves them out of package-lock.json and `npm ci` refuses the lock as out of sync.
// This script records them as optional, platform-restricted entries, which `npm ci`
// skips on this platform without fetching. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const parent = lock.packages['node_modules/@astrojs/compiler-binding'];
if (!parent) throw new Error('no @astrojs/compiler-binding in package-lock.json');
const platform = (name) => {
  const m = /compiler-binding-(android|darwin|linux|win32|wasm32)-?([a-z0-9]+)?-?(gnu|musl|msvc|wasi)?/.exec(name);
  const [, os, cpu, libc] = m;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return { cpu: [cpu], os: [os], ...(libc === 'gnu' ? { libc: ['glibc'] } : libc === 'musl' ? { libc: ['musl'] } : {}) };
};
let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = { version, ...platform(name), license: 'MIT', optional: true };
  added++;
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform bindings recorded`);
