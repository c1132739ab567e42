import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NEWS_TYPE } from '../../src/contract/wire';
import { sitemap } from '../../src/i18n/integration.mjs';
import { newsFileText } from '../../src/news/news-pull';
import type { NewsItem } from '../../src/content-model/schemas/news';
import { listingOf } from '../../src/news/news-list';
import { newsChanges, scanSnapshot, type NewsState, type StoryRecord } from '../../src/releases/news-state';
import { sitemapWith, withPolicyMeta } from '../../src/releases/news-patch';
import { withoutSuperseded } from '../../src/search/site-search';

/**
 * What a publish writes again (src/releases/news-state.ts): the pages, feeds and search bundles a
 * changed story touches, and nothing else; the snapshot's files found again by inode, time and size.
 */
const SINCE = '2026-10-01';
let n = 0;
function item(uuid: string, over: Partial<NewsItem> = {}): NewsItem {
  return {
    newsUuid: uuid,
    typeId: NEWS_TYPE.notices,
    title: `Notice ${uuid}`,
    subTitle: '',
    author: '',
    statusDt: '2026-11-01',
    labels: [],
    trades: [],
    ports: [],
    important: false,
    summary: '',
    body: '<p>Text.</p>',
    ...over,
  };
}
function record(i: NewsItem, digest = JSON.stringify(i)): StoryRecord {
  return { ino: ++n, mtimeMs: 0, size: 0, digest, listing: listingOf(i) };
}
function stories(...items: [string, NewsItem][]): Record<string, StoryRecord> {
  return Object.fromEntries(items.map(([locale, i]) => [`${locale}/${i.newsUuid}`, record(i)]));
}
const state = (s: Record<string, StoryRecord>, archiveIds: Record<string, string> = {}): NewsState => ({
  version: 2,
  buildId: 'x',
  year: 2026,
  site: 'https://example.com',
  recentSince: SINCE,
  builtAt: '2026-11-26T00:00:00Z',
  stories: s,
  edited: [],
  archiveIds,
  superseded: [],
});
const kinds = (c: ReturnType<typeof newsChanges>) =>
  c.pages.map((p) => (p.kind === 'detail' ? `detail ${p.locale}/${p.key.split('/')[1]}` : p.kind === 'home' ? `home ${p.locale}` : `${p.kind} ${p.locale} ${p.typeId}`)).sort();

// ten notices a language, a day apart (newest: n09), and one older story of another type
const base: [string, NewsItem][] = [];
for (const locale of ['en', 'zh']) {
  for (let i = 0; i < 10; i++) base.push([locale, item(`story-n0${i}`, { statusDt: `2026-11-${String(10 + i).padStart(2, '0')}` })]);
  base.push([locale, item('story-old1', { typeId: NEWS_TYPE.news, statusDt: '2019-05-01' })]);
}
const before = state(stories(...base));

describe('what a publish writes again', () => {
  it('nothing when no story changed', () => {
    const c = newsChanges(before, stories(...base));
    expect(c.pages).toEqual([]);
    expect(c.bundles).toEqual([]);
    expect(c.sitemap).toBe(false);
  });

  it('a new notice in English: its page, its neighbour, the list, the feed and the home page of English; the recent bundle', () => {
    const c = newsChanges(before, { ...stories(...base), ...stories(['en', item('story-new1', { statusDt: '2026-11-25' })]) });
    expect(c.added).toEqual(['en/story-new1']);
    // the newest before (n09) now has a newer neighbour
    expect(kinds(c)).toEqual(['detail en/story-n09', 'detail en/story-new1', `feed en ${NEWS_TYPE.notices}`, 'home en', `list en ${NEWS_TYPE.notices}`]);
    expect(c.bundles).toEqual(['news-recent']);
    // in one language only: not in the sitemap
    expect(c.sitemap).toBe(false);
  });

  it('a new story in both languages enters the sitemap', () => {
    const c = newsChanges(before, { ...stories(...base), ...stories(['en', item('story-new2')], ['zh', item('story-new2')]) });
    expect(c.sitemap).toBe(true);
  });

  it('a new title changes the pages that show it: its neighbours, not the home page when it is not among its newest', () => {
    const after = stories(...base);
    const changed = item('story-n02', { statusDt: '2026-11-12', title: 'Gate hours changed' });
    after['zh/story-n02'] = record(changed);
    const c = newsChanges(before, after);
    expect(c.changed).toEqual(['zh/story-n02']);
    expect(kinds(c)).toEqual(['detail zh/story-n01', 'detail zh/story-n02', 'detail zh/story-n03', `feed zh ${NEWS_TYPE.notices}`, `list zh ${NEWS_TYPE.notices}`]);
  });

  it('a change of the body alone writes only the story page and its bundle', () => {
    const after = stories(...base);
    after['en/story-n05'] = record(item('story-n05', { statusDt: '2026-11-15', body: '<p>Corrected.</p>' }));
    const c = newsChanges(before, after);
    expect(kinds(c)).toEqual(['detail en/story-n05']);
    expect(c.bundles).toEqual(['news-recent']);
  });

  it('an old story edited goes to the recent bundle, its archive entry superseded (the archive is never written); one moved to another type leaves its old page', () => {
    const after = stories(...base);
    after['en/story-old1'] = record(item('story-old1', { typeId: NEWS_TYPE.updates, statusDt: '2019-05-01' }));
    const c = newsChanges({ ...before, archiveIds: { 'en/story-old1': 'en-us_0ld1', 'zh/story-old1': 'zh-cn_0ld1' } }, after);
    expect(c.bundles).toEqual(['news-recent']);
    expect(c.edited).toEqual(['en/story-old1']);
    expect(c.superseded).toEqual(['en-us_0ld1']);
    expect(c.gone.map((g) => `${g.locale}/${g.listing.newsUuid}/${g.listing.typeId}`)).toEqual([`en/story-old1/${NEWS_TYPE.news}`]);
    expect(kinds(c)).toContain(`list en ${NEWS_TYPE.updates}`);
    expect(kinds(c)).toContain(`list en ${NEWS_TYPE.news}`);
    expect(c.sitemap).toBe(true);
  });

  it('a story removed: gone, its neighbours written again', () => {
    const after = stories(...base);
    delete after['en/story-n04'];
    const c = newsChanges(before, after);
    expect(c.removed).toEqual(['en/story-n04']);
    expect(c.gone.map((g) => g.listing.newsUuid)).toEqual(['story-n04']);
    expect(kinds(c)).toEqual(['detail en/story-n03', 'detail en/story-n05', `feed en ${NEWS_TYPE.notices}`, `list en ${NEWS_TYPE.notices}`]);
  });

  it('publish after publish: an old story added stays in the recent bundle; removed, it leaves it and its archive entry stays superseded', () => {
    const ids = { 'zh/story-old1': 'zh-cn_0ld1' };
    const first = newsChanges(state(stories(...base), ids), { ...stories(...base), ...stories(['en', item('story-old2', { statusDt: '2020-01-02' })]) });
    expect(first.edited).toEqual(['en/story-old2']);
    expect(first.superseded).toEqual([]);
    const after = { ...stories(...base), ...stories(['en', item('story-old2', { statusDt: '2020-01-02' })]) };
    delete after['zh/story-old1'];
    const second = newsChanges({ ...state(stories(...base), ids), edited: first.edited, stories: { ...stories(...base), ...stories(['en', item('story-old2', { statusDt: '2020-01-02' })]) } }, after);
    expect(second.removed).toEqual(['zh/story-old1']);
    expect(second.edited).toEqual(['en/story-old2']);
    expect(second.superseded).toEqual(['zh-cn_0ld1']);
    expect(second.bundles).toEqual(['news-recent']);
  });
});

describe('search results without the archive entries a publish superseded', () => {
  const result = (id: string) => ({ id, data: async () => ({ url: `/${id}`, content: '', excerpt: '', meta: {} }) as never });
  it('leaves them out of the results, the count of all and the count of stories', () => {
    const found = { results: ['a', 'b', 'old1', 'c'].map(result), filters: { kind: { news: 3, page: 1 } } };
    const { results, counts } = withoutSuperseded(found, new Set(['old1']));
    expect(results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(counts).toEqual({ all: 3, news: 2, page: 1 });
    expect(withoutSuperseded(found, new Set()).counts).toEqual({ all: 4, news: 3, page: 1 });
  });
});

describe('the snapshot scan', () => {
  const dir = mkdtempSync(join(tmpdir(), 'news-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads only the files that are not as recorded', () => {
    mkdirSync(join(dir, 'en'), { recursive: true });
    mkdirSync(join(dir, 'zh'), { recursive: true });
    for (const [locale, i] of base) writeFileSync(join(dir, locale, `${i.newsUuid}.json`), newsFileText(i));
    writeFileSync(join(dir, '.pull-manifest.json'), '{}');
    const first = scanSnapshot(dir);
    expect(first.read).toBe(22);
    expect(Object.keys(first.stories)).toHaveLength(22);
    const again = scanSnapshot(dir, first.stories);
    expect(again.read).toBe(0);
    // the pull writes a changed story as a new file
    rmSync(join(dir, 'en/story-n03.json'));
    writeFileSync(join(dir, 'en/story-n03.json'), newsFileText(item('story-n03', { title: 'Changed' })));
    const third = scanSnapshot(dir, first.stories);
    expect(third.read).toBe(1);
    expect(third.stories['en/story-n03'].listing.title).toBe('Changed');
    expect(third.stories['en/story-n03'].digest).not.toBe(first.stories['en/story-n03'].digest);
  });

  it('names the file of a story the content schema refuses', () => {
    writeFileSync(join(dir, 'zh/bad-story.json'), JSON.stringify({ newsUuid: 'bad-story' }));
    expect(() => scanSnapshot(dir)).toThrow(/content\/news\/zh\/bad-story\.json/);
    rmSync(join(dir, 'zh/bad-story.json'));
  });
});

describe('the files a publish writes without rendering', () => {
  it('the sitemap lists the stories in both languages in place of those it listed', () => {
    const site = 'https://example.com';
    const old = sitemap(['home', 'home/News/detail/a1/50000000000000231', 'home/about'], site);
    const next = sitemapWith(old, ['b2/50000000000000231'], site);
    expect(next).toBe(sitemap(['home', 'home/News/detail/b2/50000000000000231', 'home/about'], site));
  });

  it("a page rendered on demand gets its policy where the build writes it: before the page's styles", () => {
    const html = '<!DOCTYPE html><html><head><title>x</title><link rel="alternate" href="/f.xml"><style>a{}</style></head><body></body></html>';
    expect(withPolicyMeta(html, `default-src 'self'; script-src "x"`)).toBe(
      `<!DOCTYPE html><html><head><title>x</title><link rel="alternate" href="/f.xml"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src &quot;x&quot;"><style>a{}</style></head><body></body></html>`,
    );
  });
});
