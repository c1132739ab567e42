import { describe, expect, it } from 'vitest';
import { excerptToText, kindCounts, normaliseKeyword, pageOf, siteSearch, toHit, withEllipsis, withoutLeading, type PagefindFragment } from '../../src/search/site-search';

/** The pure parts of the site search; the real index is searched in tests/e2e/search.spec.ts. */

const fragment = (over: Partial<PagefindFragment> = {}): PagefindFragment => ({
  url: '/en/home/News/detail/n2026-0630-598f/50000000000000233/',
  excerpt: 'The partners of the Ocean <mark>Alliance</mark> will coordinate the bunkering',
  meta: { title: 'Ocean Alliance Partners Pool Biofuel Bunkering', date: '2026-06-30', labels: 'Ocean Alliance, Sustainability' },
  filters: { site: ['corporate'], kind: ['news'] },
  ...over,
});

describe('site search: keyword', () => {
  it('trims and folds white space; blank is empty', () => {
    expect(normaliseKeyword('  bill   of\tlading ')).toBe('bill of lading');
    expect(normaliseKeyword(' \n\t ')).toBe('');
    expect(normaliseKeyword('　提单　')).toBe('提单'); // ideographic spaces
  });

  it('does not search (nor load anything) for an empty keyword', async () => {
    // no Pagefind runtime exists in Node: a search attempt would throw
    await expect(siteSearch({ keyword: '   ', site: 'corporate', offset: 0, limit: 10 })).resolves.toEqual({ hits: [], total: 0, counts: { all: 0 } });
  });
});

describe('site search: excerpt to plain text', () => {
  it('drops <mark> and any other tag, decodes entities, folds spaces', () => {
    expect(excerptToText('Ocean <mark>Alliance</mark> renews for 2032 &amp; more: &lt;tag&gt; &quot;x&quot; &#39;y&#39;')).toBe(`Ocean Alliance renews for 2032 & more: <tag> "x" 'y'`);
    expect(excerptToText('a&nbsp;b &#x4E2D;&#25991; <b>\n c</b>')).toBe('a b 中文 c');
    expect(excerptToText('在<mark>上海</mark><mark>港</mark>开通')).toBe('在上海港开通');
    // the full stop Pagefind adds after a block of Chinese text
    expect(excerptToText('培养新一代海员. 今年共有 120 名. TEU. 完')).toBe('培养新一代海员。今年共有 120 名。TEU. 完');
  });

  it('leaves unknown or broken entities as they are', () => {
    expect(excerptToText('&bogus; &#xZZ; &#0; AT&T')).toBe('&bogus; &#xZZ; &#0; AT&T');
  });

  it('drops a start that repeats the keywords and the title', () => {
    expect(withoutLeading('News · Notices. Port closure in Ningbo. The terminal closes', 'News · Notices', 'Port closure in Ningbo')).toBe('The terminal closes');
    expect(withoutLeading('Port closure in Ningbo。码头关闭', undefined, 'Port closure in Ningbo')).toBe('码头关闭');
    // the window starts inside the keywords
    expect(withoutLeading('动态 · 企业传播部. 首艘甲醇双燃料船在上海命名. 该船载箱量', '新闻中心 · 新闻动态 · 企业传播部', '首艘甲醇双燃料船在上海命名')).toBe('该船载箱量');
    expect(withoutLeading('Where can I read the terms? The full terms', '', 'Where can I read the terms?')).toBe('The full terms');
    // the window starts inside the heading
    expect(withoutLeading('terms of your bill of lading? The full terms', '', 'Where can I read the terms of your bill of lading?')).toBe('The full terms');
    expect(withoutLeading('查阅提单条款？提单背面印有', undefined, '在哪里可以查阅提单条款？')).toBe('提单背面印有');
    expect(withoutLeading('ding. The port', '', 'Port closure in Ningbo after flooding.')).toBe('ding. The port'); // too short to tell
    // the title later in the text, or nothing left: unchanged
    expect(withoutLeading('The port said: Port closure in Ningbo', 'x', 'Port closure in Ningbo')).toBe('The port said: Port closure in Ningbo');
    expect(withoutLeading('before Port closure in Ningbo', 'before', 'Port closure in Ningbo')).toBe('Port closure in Ningbo');
    expect(withoutLeading('Port closure in Ningbo.', '', 'Port closure in Ningbo')).toBe('Port closure in Ningbo.');
  });
});

describe('site search: ellipsis', () => {
  it('marks an excerpt cut in mid-sentence, not one that ends a sentence', () => {
    expect(withEllipsis('The terminal closes at')).toBe('The terminal closes at …');
    expect(withEllipsis('The terminal closes.')).toBe('The terminal closes.');
    expect(withEllipsis('码头关闭。')).toBe('码头关闭。');
    expect(withEllipsis('')).toBe('');
  });
});

describe('site search: hit mapping', () => {
  it('maps a news page: title, date, labels, plain excerpt, kind', () => {
    expect(toHit(fragment())).toEqual({
      url: '/en/home/News/detail/n2026-0630-598f/50000000000000233/',
      title: 'Ocean Alliance Partners Pool Biofuel Bunkering',
      date: '2026-06-30',
      labels: ['Ocean Alliance', 'Sustainability'],
      excerpt: 'The partners of the Ocean Alliance will coordinate the bunkering …',
      kind: 'news',
    });
  });

  it('maps an FAQ entry (no date, the type as label)', () => {
    const hit = toHit(
      fragment({
        url: '/zh/home/HelpCenter/questions/2#faq-bl-terms',
        meta: { title: '在哪里可以查阅提单条款？', labels: '提单' },
        filters: { kind: ['faq'], site: ['corporate'] },
        excerpt: '<mark>提单</mark>条款印在提单背面。',
      }),
    );
    expect(hit).toEqual({ url: '/zh/home/HelpCenter/questions/2#faq-bl-terms', title: '在哪里可以查阅提单条款？', labels: ['提单'], excerpt: '提单条款印在提单背面。', kind: 'faq' });
    expect('date' in hit).toBe(false);
  });

  it('falls back for a page without meta: URL as title, kind page, no labels, a bad date left out', () => {
    const hit = toHit(fragment({ meta: { date: 'last spring', labels: ' , ' }, filters: {}, excerpt: '' }));
    expect(hit).toEqual({ url: fragment().url, title: fragment().url, labels: [], excerpt: '', kind: 'page' });
    expect(toHit(fragment({ filters: { kind: ['video'] } })).kind).toBe('page');
    expect(toHit(fragment({ meta: { title: 'x', date: '2026-06-30T08:00:00+08:00' } })).date).toBe('2026-06-30');
  });
});

describe('site search: counts and paging', () => {
  it('counts per kind from the filter counts; all is the whole result', () => {
    expect(kindCounts(14, { kind: { news: 5, faq: 9 }, site: { corporate: 14 } })).toEqual({ all: 14, news: 5, faq: 9 });
    expect(kindCounts(3, { kind: { page: 3, other: 2 } })).toEqual({ all: 3, page: 3 });
    expect(kindCounts(0, undefined)).toEqual({ all: 0 });
    expect(kindCounts(2, { kind: { news: 0, faq: 2 } })).toEqual({ all: 2, faq: 2 });
  });

  it('pages by offset and limit, growing by 10 until all are shown', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 0, 10)).toEqual(items.slice(0, 10));
    expect(pageOf(items, 10, 10)).toEqual(items.slice(10, 20));
    expect(pageOf(items, 20, 10)).toEqual([20, 21, 22]);
    expect(pageOf(items, 30, 10)).toEqual([]);
    expect(pageOf(items, -5, 2.7)).toEqual([0, 1]);
    let shown = 0;
    const pages: number[] = [];
    while (shown < items.length) {
      const page = pageOf(items, shown, 10);
      pages.push(page.length);
      shown += page.length;
    }
    expect(pages).toEqual([10, 10, 3]);
  });
});
