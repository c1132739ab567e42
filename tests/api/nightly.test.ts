import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../src/server/db/schema';
import { serveOverHttp, startHarness, type Harness } from './harness';

/**
 * `npm run nightly` against the API over HTTP, building a small Astro project of its own
 * (under var/, so it finds the project's node_modules): its page counts the English
 * stories of the snapshot and refuses to build while a story named "break-build" is in it.
 * A quiet night builds nothing; a changed night builds and the page shows the change; a
 * failed build leaves the previous one in place and is built again the next night even though
 * the news did not change again.
 */

let h: Harness;
let server: Server;
let apiUrl: string;
const site = resolve(`var/test-nightly-${process.pid}`);

beforeAll(async () => {
  h = await startHarness();
  ({ server, apiUrl } = await serveOverHttp(h));
  mkdirSync(join(site, 'src/pages'), { recursive: true });
  writeFileSync(
    join(site, 'src/pages/index.astro'),
    `---
import { existsSync, readdirSync } from 'node:fs';
const names = readdirSync('content/news/en');
if (names.includes('break-build.json')) throw new Error('a story named break-build');
---
<p id="count">{names.length} stories</p>
`,
  );
});
afterAll(async () => {
  await new Promise((ok) => server?.close(ok));
  await h?.close();
  rmSync(site, { recursive: true, force: true });
});

function nightly(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((ok) =>
    execFile(process.execPath, [resolve('scripts/nightly.mjs'), ...args], { cwd: site, env: { ...process.env, NEWS_API_URL: apiUrl } }, (error, stdout, stderr) =>
      ok({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
}
const page = () => readFileSync(join(site, 'dist/index.html'), 'utf8');
const story = (uuid: string) => ({ uuid, language: 1, typeId: '50000000000000231', title: `Nightly test ${uuid}`, statusDt: '2026-11-24', body: '<p>Test.</p>' });

// each test builds a small site once or several times: minutes on a busy 2-core machine
describe('npm run nightly', { timeout: 300_000 }, () => {
  it('pulls everything and builds on the first night', async () => {
    const { code, out } = await nightly();
    expect(code, out).toBe(0);
    expect(out).toMatch(/pull-news: \d+ stories from .*: \d+ added, 0 changed, 0 removed/);
    expect(out).toMatch(/nightly: building because the news changed/);
    expect(out).toMatch(/nightly: \d+ added, 0 changed, 0 removed; pull [\d.]+ s, build [\d.]+ s \(1 pages\); [\d.]+ s in all/);
    const n = await h.database.db.$count(newsItems, eq(newsItems.language, 1));
    expect(page()).toContain(`${n} stories`);
  });

  it('builds nothing on a quiet night', async () => {
    const before = page();
    const { code, out } = await nightly();
    expect(code, out).toBe(0);
    expect(out).toMatch(/0 fetched in full, nothing changed/);
    expect(out).toMatch(/nightly: news unchanged \(\d+ stories\), no build/);
    expect(page()).toBe(before);
  });

  it('builds a night with a new story, and the page shows it', async () => {
    const count = Number(/(\d+) stories/.exec(page())![1]);
    await h.database.db.insert(newsItems).values(story('nightly-new-1'));
    const { code, out } = await nightly();
    expect(code, out).toBe(0);
    expect(out).toMatch(/1 fetched in full: 1 added, 0 changed, 0 removed/);
    expect(out).toContain('+ en/nightly-new-1.json');
    expect(page()).toContain(`${count + 1} stories`);
  });

  it('a failed build leaves the previous one in dist/, and is built again the next night though the news did not change again', async () => {
    const before = page();
    await h.database.db.insert(newsItems).values(story('break-build'));
    const failed = await nightly();
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/nightly: the build failed after [\d.]+ s; the site still serves the previous build/);
    expect(page()).toBe(before);
    expect(existsSync(join(site, 'var/nightly-build-pending'))).toBe(true);
    const again = await nightly();
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/nothing changed/);
    expect(again.out).toMatch(/building because the last build did not finish/);
    await h.database.db.delete(newsItems).where(and(eq(newsItems.uuid, 'break-build'), eq(newsItems.language, 1)));
    const fixed = await nightly();
    expect(fixed.code, fixed.out).toBe(0);
    expect(fixed.out).toMatch(/0 added, 0 changed, 1 removed/);
    expect(existsSync(join(site, 'var/nightly-build-pending'))).toBe(false);
  });

  it('every build is a release: dist is a link switched to it; five are kept; rollback serves the one before', async () => {
    const releases = () =>
      readdirSync(join(site, 'var/releases'))
        .filter((n) => /^\d{8}T\d{6}Z-\d+$/.test(n))
        .sort();
    expect(lstatSync(join(site, 'dist')).isSymbolicLink()).toBe(true);
    for (let i = 0; i < 4; i++) {
      const { code, out } = await nightly('--force');
      expect(code, out).toBe(0);
      expect(out).toMatch(/nightly: release \d{8}T\d{6}Z-\d+ served; \d+ kept/);
    }
    const kept = releases();
    expect(kept).toHaveLength(5);
    expect(readlinkSync(join(site, 'dist'))).toBe(join(site, 'var/releases', kept[4]));
    // a story more, built: then rolled back to the build before it
    const count = Number(/(\d+) stories/.exec(page())![1]);
    await h.database.db.insert(newsItems).values(story('nightly-new-2'));
    expect((await nightly()).code).toBe(0);
    expect(page()).toContain(`${count + 1} stories`);
    const back = await new Promise<{ code: number; out: string }>((ok) =>
      execFile(process.execPath, [resolve('scripts/release.mjs'), 'rollback'], { cwd: site }, (error, stdout, stderr) => ok({ code: error ? 1 : 0, out: stdout + stderr })),
    );
    expect(back.code, back.out).toBe(0);
    expect(back.out).toMatch(/release: now serving \S+ \(was \S+\)/);
    expect(page()).toContain(`${count} stories`);
  });

  it('an API that is down fails the night before any build, and says so', async () => {
    const before = page();
    const { code, out } = await new Promise<{ code: number; out: string }>((ok) =>
      execFile(process.execPath, [resolve('scripts/nightly.mjs'), '--force'], { cwd: site, env: { ...process.env, NEWS_API_URL: 'http://127.0.0.1:9/homeapiak' } }, (error, stdout, stderr) =>
        ok({ code: error ? 1 : 0, out: stdout + stderr }),
      ),
    );
    expect(code).toBe(1);
    expect(out).toMatch(/pull-news: failed, content\/news left unchanged/);
    expect(out).toMatch(/nightly: failed in pull-news after [\d.]+ s; nothing built/);
    expect(page()).toBe(before);
  });
});
