import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../scripts/lib/serve-built.mjs';
import { newsFileText } from '../../src/news/news-pull';
import { NEWS_STATE_FILE, type NewsState } from '../../src/releases/news-state';
import { patchRelease, prepareNextCopy, preparePatch, warmRenderCode, writeNewsState } from '../../src/releases/news-patch';
import { RENDER_TOKEN_HEADER } from '../../src/releases/render-access';
import { hasSpareFor, takeSpare } from '../../src/releases/spares';
import { bundlePageIds } from '../../src/search/news-index';
import { newsDetailFile } from '../../src/news/article';

/**
 * A publish without a build (src/releases/news-patch.ts) on the built site: the release served now,
 * copied by hard links, with what the changed stories touch written again by the release's own server
 * code. Every file it writes is the file a full build of the same news writes, byte for byte; a
 * changed, a new and a removed story reach every page that shows them; the release it was copied
 * from is untouched. The render routes answer no one on a site's server.
 */
const built = existsSync('dist/server/entry.mjs') && existsSync('dist/client/en/home/index.html');
const work = resolve(`var/test-news-patch-${process.pid}`);
const root = join(work, 'project');
const releases = join(work, 'releases');
const SITE = 'https://www.seabridgelines.com';

/** Every file of a tree (relative), without the search bundles (compared apart) and the twins. */
function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => !f.startsWith('pagefind') && !/\.(br|gz)$/.test(f) && statSync(join(dir, f)).isFile()).sort();
}
const differing = (a: string, b: string) => {
  const left = files(a);
  expect(files(b)).toEqual(left);
  return left.filter((f) => !readFileSync(join(a, f)).equals(readFileSync(join(b, f))));
};
const state = (release: string) => JSON.parse(readFileSync(join(releases, release, NEWS_STATE_FILE), 'utf8')) as NewsState;
const since = '2026-09-01';

describe.runIf(built)('a publish patches the served release', () => {
  beforeAll(() => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    // a project of its own (its news is changed below): the build identity's files, and the news
    for (const entry of ['src', 'content', 'package-lock.json']) execFileSync('cp', ['-a', entry, join(root, entry)]);
    mkdirSync(join(releases, 'base'), { recursive: true });
    execFileSync('cp', ['-al', 'dist/client', join(releases, 'base/client')]);
    execFileSync('cp', ['-al', 'dist/server', join(releases, 'base/server')]);
    writeNewsState({ root, release: join(releases, 'base'), site: SITE, since });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true, maxRetries: 5 }));

  it("after a full build, the server code the publishes render with is linked to its place and its pages rendered once (V8's code cache)", async () => {
    const seconds = await warmRenderCode(releases, 'base');
    expect(seconds).toBeGreaterThan(0);
    const kept = readdirSync(join(releases, '.render'));
    expect(kept).toHaveLength(1);
    expect(statSync(join(releases, '.render', kept[0], 'server/entry.mjs')).ino).toBe(statSync(join(releases, 'base/server/entry.mjs')).ino);
  });

  it('writes again, byte for byte, what the build wrote: stories the state lacks, their neighbours, lists, feeds, homes and the sitemap', async () => {
    const recorded = state('base');
    const keys = Object.keys(recorded.stories).sort();
    // the newest notice of each language and an English story in one language only: the release "lacks" them
    const lacking = [keys.find((k) => k.startsWith('en/'))!, keys.find((k) => k.startsWith('zh/'))!];
    for (const key of lacking) delete recorded.stories[key];
    writeFileSync(join(releases, 'base', NEWS_STATE_FILE), JSON.stringify(recorded));
    // loaded ahead, as by a nightly process standing by (scripts/nightly.mjs --standby): what it writes is the same
    expect(await preparePatch(releases, 'base')).toBeGreaterThan(0);
    const result = await patchRelease({ root, releasesDir: releases, base: 'base', name: 'same' });
    expect(result.patched, JSON.stringify(result)).toBe(true);
    if (!result.patched) return;
    expect(result.ahead).toBe(true);
    expect(result.added).toBe(2);
    expect(result.pages).toBeGreaterThanOrEqual(2);
    // the written files are new files (not the links), and equal to the build's
    const detail = `en/home/News/detail/${lacking[0].slice(3)}`;
    const page = readdirSync(join(releases, 'same/client', detail))[0];
    expect(statSync(join(releases, 'same/client', detail, page, 'index.html')).ino).not.toBe(statSync(join('dist/client', detail, page, 'index.html')).ino);
    expect(differing('dist/client', join(releases, 'same/client'))).toEqual([]);
    expect(Object.keys(state('same').stories)).toHaveLength(keys.length);
  });

  it('a changed, a new and a removed story reach every page that shows them; the release copied from is untouched', async () => {
    const snapshot = join(root, 'content/news');
    const before = state('same');
    const english = Object.entries(before.stories)
      .filter(([k]) => k.startsWith('en/'))
      .sort(([, a], [, b]) => b.listing.statusDt.localeCompare(a.listing.statusDt));
    const [changedKey] = english[0];
    const [removedKey, removedRecord] = english[english.length - 1];
    const changed = JSON.parse(readFileSync(join(snapshot, `${changedKey}.json`), 'utf8'));
    changed.title = 'Typhoon: Yantian gates closed on Friday';
    rmSync(join(snapshot, `${changedKey}.json`));
    writeFileSync(join(snapshot, `${changedKey}.json`), newsFileText(changed));
    const added = { ...changed, newsUuid: 'patch-test-0001', title: 'Congestion surcharge from 1 December', statusDt: '2026-11-27' };
    writeFileSync(join(snapshot, 'en/patch-test-0001.json'), newsFileText(added));
    rmSync(join(snapshot, `${removedKey}.json`));

    const copiedFrom = readFileSync(join(releases, 'same/client/en/home/index.html'));
    // loaded ahead, then the release's state file written again (a file of its own): what was loaded is not used
    await preparePatch(releases, 'same');
    const recorded = readFileSync(join(releases, 'same', NEWS_STATE_FILE));
    rmSync(join(releases, 'same', NEWS_STATE_FILE));
    writeFileSync(join(releases, 'same', NEWS_STATE_FILE), recorded);
    const result = await patchRelease({ root, releasesDir: releases, base: 'same', name: 'next' });
    expect(result.patched, JSON.stringify(result)).toBe(true);
    expect(result.patched && result.ahead).toBe(false);
    const client = join(releases, 'next/client');
    const read = (file: string) => readFileSync(join(client, file), 'utf8');
    const list = read(`en/home/News/news/${changed.typeId}/index.html`);
    expect(list).toContain('Typhoon: Yantian gates closed on Friday');
    expect(list).toContain('Congestion surcharge from 1 December');
    expect(read(`en/home/News/rss/${changed.typeId}.xml`)).toContain('<title>Congestion surcharge from 1 December</title>');
    expect(read('en/home/index.html')).toContain('Congestion surcharge from 1 December');
    expect(read(`en/home/News/detail/patch-test-0001/${changed.typeId}/index.html`)).toContain('Congestion surcharge from 1 December');
    // a bare twin for the new English page; the sitemap lists stories in both languages only
    expect(existsSync(join(client, `home/News/detail/patch-test-0001/${changed.typeId}/index.html`))).toBe(true);
    expect(read('sitemap.xml')).not.toContain('patch-test-0001');
    // the removed story's page and its bare twin are gone
    const gone = `home/News/detail/${removedRecord.listing.newsUuid}/${removedRecord.listing.typeId}/index.html`;
    expect(existsSync(join(client, 'en', gone))).toBe(false);
    expect(existsSync(join(client, gone))).toBe(false);
    // in the recent stories' search bundle, which names the new page
    expect(result.patched && result.bundles).toContain('news-recent');
    const entry = JSON.parse(read('pagefind/news-recent/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    expect(Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0)).toBeGreaterThan(0);
    expect(existsSync(join(client, 'pagefind/news-recent/pagefind.js.br'))).toBe(true);
    // the release it was copied from serves what it served
    expect(readFileSync(join(releases, 'same/client/en/home/index.html')).equals(copiedFrom)).toBe(true);
    expect(existsSync(join(releases, 'same/client/en', gone))).toBe(true);
  });

  it('takes the copy made ahead once the release is served, and writes what changed into it', async () => {
    prepareNextCopy(releases, 'next');
    // a publish that comes at once sees it, even before the copying process has started (a busy machine)
    expect(hasSpareFor(releases, 'next')).toBe(true);
    // made by a process of its own; the publish waits for one being made
    const snapshot = join(root, 'content/news');
    const key = Object.keys(state('next').stories).find((k) => k.startsWith('zh/'))!;
    const story = JSON.parse(readFileSync(join(snapshot, `${key}.json`), 'utf8'));
    story.subTitle = '闸口于周六早上六点重新开放';
    rmSync(join(snapshot, `${key}.json`));
    writeFileSync(join(snapshot, `${key}.json`), newsFileText(story));
    const result = await patchRelease({ root, releasesDir: releases, base: 'next', name: 'ahead' });
    expect(result.patched, JSON.stringify(result)).toBe(true);
    expect(readdirSync(releases).filter((n) => n.startsWith('.prepared-') || n.startsWith('.preparing-'))).toEqual([]);
    expect(readFileSync(join(releases, 'ahead/client', `zh/home/News/detail/${story.newsUuid}/${story.typeId}/index.html`), 'utf8')).toContain('闸口于周六早上六点重新开放');
    expect(readFileSync(join(releases, 'next/client', `zh/home/News/detail/${story.newsUuid}/${story.typeId}/index.html`), 'utf8')).not.toContain('闸口于周六早上六点重新开放');
  });

  it('a spare of an older release is brought forward by the patches since, to the release served, file for file', async () => {
    // `same` as it was (untouched since `next` was made from it), kept as a spare as the nightly job keeps a pruned release
    execFileSync('cp', ['-al', join(releases, 'same'), join(releases, '.spare-same')]);
    // a spare no patch leads from (a release made by another full build) is removed, not taken
    execFileSync('cp', ['-al', join(releases, 'base'), join(releases, '.spare-other')]);
    const taken = await takeSpare(releases, 'ahead', join(releases, 'check'));
    expect(taken && taken.from).toBe('same');
    const all = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).sort();
    const ahead = join(releases, 'ahead');
    const check = join(releases, 'check');
    expect(all(check)).toEqual(all(ahead));
    expect(all(ahead).filter((f) => !readFileSync(join(ahead, f)).equals(readFileSync(join(check, f))))).toEqual([]);
    // brought forward by links: the pages `next` and `ahead` wrote are theirs, not copies
    const record = JSON.parse(readFileSync(join(ahead, 'patch.json'), 'utf8')) as { base: string; files: string[] };
    expect(record.base).toBe('next');
    expect(statSync(join(check, record.files[0])).ino).toBe(statSync(join(ahead, record.files[0])).ino);
    expect(readdirSync(releases).filter((n) => n.startsWith('.spare-') || n.startsWith('.prepared-'))).toEqual([]);
    // the releases it passed through are as they were
    expect(existsSync(join(releases, 'same/patch.json')) && JSON.parse(readFileSync(join(releases, 'same/patch.json'), 'utf8')).base).toBe('base');
    rmSync(check, { recursive: true, force: true });
  });

  it('an old story edited: indexed in the recent bundle, its archive entry named superseded, the archive not written', async () => {
    const snapshot = join(root, 'content/news');
    const recorded = state('ahead');
    const [key, old] = Object.entries(recorded.stories).find(([k, r]) => k.startsWith('en/') && r.listing.statusDt < since && recorded.archiveIds[k])!;
    const story = JSON.parse(readFileSync(join(snapshot, `${key}.json`), 'utf8'));
    story.title = 'Reefer plugs at Rotterdam doubled overnight';
    rmSync(join(snapshot, `${key}.json`));
    writeFileSync(join(snapshot, `${key}.json`), newsFileText(story));
    const result = await patchRelease({ root, releasesDir: releases, base: 'ahead', name: 'old-edit' });
    expect(result.patched && result.bundles).toEqual(['news-recent']);
    const client = join(releases, 'old-edit/client');
    const url = `/${newsDetailFile(old.listing, 'en').replace(/index\.html$/, '')}`;
    expect(bundlePageIds(join(client, 'pagefind/news-recent')).has(url)).toBe(true);
    // with those the publishes before superseded (a story removed and one changed among the old ones)
    expect(JSON.parse(readFileSync(join(client, 'pagefind/news-recent/superseded.json'), 'utf8'))).toEqual([...recorded.superseded, recorded.archiveIds[key]].sort());
    expect(recorded.superseded.length).toBeGreaterThan(0);
    // the archive's entry is that page's, and the archive is the one the release was copied from
    expect(bundlePageIds(join(client, 'pagefind/news')).get(url)).toBe(recorded.archiveIds[key]);
    const entry = 'pagefind/news/pagefind-entry.json';
    expect(statSync(join(client, entry)).ino).toBe(statSync(join(releases, 'ahead/client', entry)).ino);
    expect(state('old-edit').edited).toEqual([...recorded.edited, key].sort());
  });

  it('every patch of one full build renders with its server code from one place (V8 caches its compiled modules by path)', () => {
    const render = join(releases, '.render');
    const kept = readdirSync(render).filter((n) => !n.startsWith('.removed-'));
    expect(kept).toHaveLength(1);
    // the release's own code, by links: the same files as every patch of the build holds
    for (const release of ['base', 'same', 'ahead']) expect(statSync(join(render, kept[0], 'server/entry.mjs')).ino).toBe(statSync(join(releases, release, 'server/entry.mjs')).ino);
  });

  it('a release whose code or content changed since its build is built in full, and says why', async () => {
    writeFileSync(join(root, 'content/brand-note.txt'), 'a content change\n');
    const result = await patchRelease({ root, releasesDir: releases, base: 'ahead', name: 'refused' });
    rmSync(join(root, 'content/brand-note.txt'));
    expect(result).toEqual({ patched: false, reason: 'the code or the content (not the news) changed since the release was built' });
    expect(existsSync(join(releases, 'refused'))).toBe(false);
  });
});

describe.runIf(built)("the render routes on a site's server", () => {
  let site: { base: string; stop: () => Promise<void> };
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.stop());

  it('answer 404 to every request: no token is given to a site', async () => {
    const routes = readdirSync('src/pages/internal/render').map((f) => f.replace(/\.astro$/, ''));
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const route of routes) {
      const url = `${site.base}/internal/render/${route}`;
      const body = JSON.stringify({ locale: 'en', item: { title: '<script>alert(1)</script>' } });
      for (const answer of [
        await fetch(url),
        await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
        await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', [RENDER_TOKEN_HEADER]: 'x'.repeat(48) } }),
      ]) {
        expect(answer.status, url).toBe(404);
        expect(await answer.text()).not.toContain('<script>alert(1)');
      }
    }
  });
});
