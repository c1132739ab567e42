import { lstatSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activate,
  currentRelease,
  describeReleases,
  keepRevisions,
  lastSwitch,
  listReleases,
  recordRelease,
  releaseName,
  releasePaths,
  releaseRecord,
  releaseStories,
  rollback,
  servedRelease,
  useRelease,
} from '../../src/releases/releases.mjs';

/** The releases on disk (src/releases/releases.mjs): the adopted first one, what made each, use and rollback, the list. */
let root: string;
let paths: ReturnType<typeof releasePaths>;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'releases-'));
  paths = releasePaths({ root, releasesDir: 'var/releases' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A release of the Node adapter's shape with the story pages of `stories` ({locale}/{uuid}), and its revisions when given. */
function makeRelease(name: string, stories: string[], revisions?: Record<string, string>) {
  const dir = join(paths.releasesDir, name);
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client/index.html'), name);
  for (const key of stories) mkdirSync(join(dir, 'client', key.replace('/', '/home/News/detail/'), '1'), { recursive: true });
  if (revisions) {
    const manifest = join(root, `manifest-${name}.json`);
    writeFileSync(manifest, JSON.stringify({ version: 1, api: 'x', revisions: Object.fromEntries(Object.entries(revisions).map(([k, r]) => [`${k}.json`, r])) }));
    keepRevisions(paths, name, manifest);
  }
}

describe('releases', () => {
  it('the build the site started with is adopted under the time it was built, not 1970', () => {
    const built = new Date('2026-11-20T08:00:00Z');
    mkdirSync(join(root, 'dist/client/en/home/News/detail/n1/1'), { recursive: true });
    utimesSync(join(root, 'dist/client'), built, built);
    const name = releaseName(new Date('2026-11-21T08:00:00Z'));
    makeRelease(name, ['en/n1', 'en/n2']);
    recordRelease(paths, name, { kind: 'publish', reasons: ['n2 published'], stories: ['en/n2'] });
    activate(paths, name);
    const [adopted] = listReleases(paths);
    expect(adopted).toMatch(/^20261120T080000Z-\d+$/);
    expect(releaseRecord(paths, adopted)?.madeBy).toEqual({ kind: 'adopted' });
    expect(lstatSync(join(root, 'dist/client')).isSymbolicLink()).toBe(true);
    expect(servedRelease(paths)?.name).toBe(name);
  });

  it('use serves any kept release, back or forward, recording how; rollback the one before; the list says what each adds and drops', () => {
    const a = releaseName(new Date('2026-11-20T08:00:00Z'));
    const b = releaseName(new Date('2026-11-21T08:00:00Z'));
    makeRelease(a, ['en/n1'], { 'en/n1': 'r1' });
    makeRelease(b, ['en/n1', 'en/n2'], { 'en/n1': 'r2', 'en/n2': 'r1' });
    recordRelease(paths, a, { kind: 'nightly' });
    recordRelease(paths, b, { kind: 'publish', reasons: ['n2 published'] });
    activate(paths, b);
    expect(releaseStories(paths, b)).toEqual(
      new Map([
        ['en/n1', 'r2'],
        ['en/n2', 'r1'],
      ]),
    );
    expect(rollback(paths, 'ops')).toEqual({ from: b, to: a });
    expect(lastSwitch(paths)).toMatchObject({ release: a, how: 'rollback', by: 'ops' });
    const listed = describeReleases(paths);
    expect(listed.map((r) => [r.name, r.served, r.madeBy?.kind])).toEqual([
      [a, true, 'nightly'],
      [b, false, 'publish'],
    ]);
    expect(listed[1]).toMatchObject({ adds: ['en/n2'], drops: [], changes: ['en/n1'] });
    expect(() => rollback(paths)).toThrow(/oldest kept/);
    expect(useRelease(paths, b, 'ops')).toEqual({ from: a, to: b });
    expect(currentRelease(paths)).toBe(b);
    expect(lastSwitch(paths)).toMatchObject({ release: b, how: 'use' });
    expect(() => useRelease(paths, '20200101T000000Z-1')).toThrow(/no release 20200101T000000Z-1 is kept/);
  });
});
