#!/usr/bin/env node
// The registry this project installs from does not carry every platform build of
// @astrojs/compiler-binding and pagefind (darwin, win32, freebsd, android, arm64, wasi). `npm install` then
// leaves them out of package-lock.json and `npm ci` refuses the lock as out of sync.
// This script records them as optional, platform-restricted entries, which `npm ci`
// skips on this platform without fetching. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
// Packages whose per-platform binaries the registry carries only in part.
const PARENTS = ['@astrojs/compiler-binding', 'pagefind'];
const platform = (name) => {
  const m = /(android|darwin|linux|win32|windows|freebsd|wasm32)-?(x64|arm64|ia32|arm|wasi)?-?(gnu|musl|msvc|wasi)?$/.exec(name);
  if (!m) throw new Error(`cannot tell the platform of ${name}`);
  const [, os, cpu, libc] = m;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return { cpu: [cpu], os: [os === 'windows' ? 'win32' : os], ...(libc === 'gnu' ? { libc: ['glibc'] } : libc === 'musl' ? { libc: ['musl'] } : {}) };
};
let added = 0;
for (const parentName of PARENTS) {
  const parent = lock.packages[`node_modules/${parentName}`];
  if (!parent) throw new Error(`no ${parentName} in package-lock.json`);
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    lock.packages[key] = { version, ...platform(name), license: 'MIT', optional: true };
    added++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform bindings recorded`);
