import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allLocalLanguages, buildLocalSites, excerpt, getLocalLanguage, loadLocalSites, neighbours, newsOf, pageCount, pageOf, searchLocal, summaryItems } from '../../src/local/local';
import { chatChannel, chatMode, interfaceLocale, layoutFor, mourningApplies } from '../../src/local/local-rules';
import { PAGE_TYPES } from '../../src/content-model/schemas/local';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const site = (languages: string[]) => ({ name: { en: 'Test', zh: '测试' }, languages: languages.map((lang) => ({ lang, langText: lang })), logo: '/local/x.svg', logoWidth: 10, logoHeight: 10 });

describe('local site content', () => {
  const sites = loadLocalSites();

  it('holds the five locations of the issue and one without languages', () => {
    expect([...sites.keys()].sort()).toEqual(['cosconit', 'dalian', 'germany', 'hongkong', 'shanghai', 'singapore']);
    expect(sites.get('dalian')!.site.languages).toEqual([]);
    expect(sites.get('shanghai')!.site.languages.map((l) => l.lang)).toEqual(['cn', 'en']);
    expect(sites.get('hongkong')!.site.languages.map((l) => l.lang)).toEqual(['tc', 'en']);
    expect(sites.get('singapore')!.site.languages.map((l) => l.lang)).toEqual(['en']);
  });

  it('uses every page type somewhere', () => {
    const used = new Set(allLocalLanguages().flatMap((l) => l.pages.map((p) => p.menu.pageType)));
    expect([...used].sort()).toEqual([...PAGE_TYPES].sort());
  });

  it('gives cosconit its four product groups and at most six important news everywhere', () => {
    expect(getLocalLanguage('cosconit', 'en')!.content.products!.map((g) => g.group)).toEqual(['productCase', 'intelligentOperation', 'intelligentCommerce', 'intelligentManagement']);
    for (const l of allLocalLanguages()) expect(l.content.news.filter((n) => n.important).length).toBeLessThanOrEqual(6);
  });

  it('names only files that exist in public/', () => {
    const missing: string[] = [];
    for (const l of allLocalLanguages()) {
      const text = readFileSync(`content/local/${l.location}/${l.lang}.json`, 'utf8');
      for (const [, path] of text.matchAll(/"(\/local\/[^"]+)"/g)) if (!existsSync(`public${path}`)) missing.push(`${l.location}/${l.lang}: ${path}`);
    }
    for (const s of sites.values()) if (!existsSync(`public${s.site.logo}`)) missing.push(s.site.logo);
    expect(missing).toEqual([]);
  });

  it('links internal navigation cards to pages that exist', () => {
    for (const l of allLocalLanguages()) {
      const urls = new Set(l.pages.map((p) => p.url));
      for (const card of l.content.navCards.filter((c) => c.url.startsWith('/'))) expect(urls.has(card.url), `${l.location}/${l.lang}: ${card.url}`).toBe(true);
    }
  });
});

describe('loader errors name the file and the field', () => {
  const good = read('content/local/singapore/en.json');

  it('a bad field', () => {
    const bad = { ...good, banners: [{ ...good.banners[0], imgPath: 'banner.svg' }] };
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['en']) }, { '../../content/local/test/en.json': bad })).toThrow(
      /content\/local\/test\/en\.json: banners\.0\.imgPath: must be a path under public\//,
    );
  });

  it('an unknown page type', () => {
    const bad = { ...good, menu: [...good.menu, { id: '999999', seq: 9, menuText: 'X', path: 'x', pageType: 'Video_Page' }] };
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['en']) }, { '../../content/local/test/en.json': bad })).toThrow(/content\/local\/test\/en\.json: menu\.4/);
  });

  it('a language file that site.json does not list, and a listed one that is missing', () => {
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['cn']) }, { '../../content/local/test/en.json': good })).toThrow(
      /content\/local\/test\/en\.json: language "en" is not listed/,
    );
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['en']) }, {})).toThrow(/language "en" is listed but content\/local\/test\/en\.json is missing/);
  });

  it('more than six important news, a menu id used twice', () => {
    const many = { ...good, news: Array.from({ length: 7 }, (_, i) => ({ ...good.news[0], id: `13999${i}`, important: true })) };
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['en']) }, { '../../content/local/test/en.json': many })).toThrow(/at most 6 important news, found 7/);
    const twice = { ...good, menu: [...good.menu, { ...good.menu[3], seq: 9 }] };
    expect(() => buildLocalSites({ '../../content/local/test/site.json': site(['en']) }, { '../../content/local/test/en.json': twice })).toThrow(/menu id 130040 used twice/);
  });
});

describe('lists, neighbours and search', () => {
  const sh = getLocalLanguage('shanghai', 'en')!;

  it('pages 9 at a time, past the end empty', () => {
    const business = newsOf(sh, 'business');
    expect(business.length).toBeGreaterThan(9);
    expect(pageOf(business, 1)).toHaveLength(9);
    expect(pageOf(business, 2)).toHaveLength(business.length - 9);
    expect(pageOf(business, 3)).toEqual([]);
    expect(pageCount(business.length)).toBe(2);
    expect(pageCount(0)).toBe(1);
  });

  it('orders news newest first and finds the neighbours', () => {
    const list = summaryItems(sh, sh.pages.find((p) => p.menu.pageType === 'Business_News_Page')!.menu);
    expect(list.map((n) => n.statusDt)).toEqual([...list.map((n) => n.statusDt)].sort().reverse());
    expect(neighbours(list, list[0].id)).toEqual({ previous: null, next: list[1] });
    expect(neighbours(list, list.at(-1)!.id)!.next).toBeNull();
    expect(neighbours(list, 'nope')).toBeUndefined();
  });

  it('searches one location and language, every word, case ignored', () => {
    const hits = searchLocal(sh, 'YANGSHAN cut-off');
    expect(hits.total).toBeGreaterThan(0);
    expect(hits.list[0].title).toMatch(/Yangshan/);
    expect(hits.list.every((h) => h.path.startsWith('/shanghai/en/') || h.path.startsWith('/local/shanghai/'))).toBe(true);
    expect(searchLocal(getLocalLanguage('shanghai', 'cn')!, '洋山').total).toBeGreaterThan(0);
    expect(searchLocal(sh, '   ').total).toBe(0);
    expect(searchLocal(getLocalLanguage('singapore', 'en')!, 'Yangshan').total).toBe(0);
  });

  it('cuts an excerpt around the match', () => {
    const text = 'a'.repeat(300) + ' needle ' + 'b'.repeat(300);
    const cut = excerpt(text, 'needle');
    expect(cut).toContain('needle');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
  });
});

describe('location rules', () => {
  it('maps site languages to interface languages', () => {
    expect(['cn', 'tc', 'en'].map(interfaceLocale)).toEqual(['zh', 'zh', 'en']);
  });

  it('decides the floating chat by the stored location', () => {
    expect(chatMode('shanghai')).toBe('china');
    expect(chatMode('singapore')).toBe('overseas');
    expect(chatMode('new zealand')).toBe('overseas');
    expect(chatMode('germany')).toBe('unavailable');
    expect(chatMode(null)).toBe('none');
    expect(chatChannel('new zealand')).toBe('website.newzealand');
  });

  it('greys only the Chinese home pages of the listed locations', () => {
    expect(mourningApplies('shanghai', 'cn', true)).toBe(true);
    expect(mourningApplies('shanghai', 'en', true)).toBe(false);
    expect(mourningApplies('shanghai', 'cn', false)).toBe(false);
    expect(mourningApplies('hongkong', 'tc', true)).toBe(false);
  });

  it('chooses the shell by path', () => {
    expect(layoutFor('/shanghai/cn/home')).toMatchObject({ shell: 'local', location: 'shanghai', lang: 'cn', embedded: false });
    expect(layoutFor('/home/About')).toMatchObject({ shell: 'corporate' });
    expect(layoutFor('/en/home')).toMatchObject({ shell: 'corporate' });
    expect(layoutFor('/shanghai')).toMatchObject({ shell: 'corporate' });
    expect(layoutFor('/shanghai/en/customDefine/x')).toMatchObject({ shell: 'local', embedded: true });
  });
});

describe('local interface strings', () => {
  it('have a traditional-Chinese set with exactly the local keys of the Chinese one', async () => {
    const zh = read('src/i18n/dict/local.zh.json');
    const tc = read('src/i18n/dict/local.tc.json');
    expect(Object.keys(tc).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, value] of Object.entries(tc)) expect(String(value).trim(), key).not.toBe('');
    const { localTranslations } = await import('../../src/local/local-i18n');
    expect(localTranslations('tc')('local.noNews')).toBe('沒有新聞');
    expect(localTranslations('cn')('local.noNews')).toBe('没有新闻');
    expect(localTranslations('en')('local.noNews')).toBe('No News');
    expect(localTranslations('tc')('local.searchResults', { count: 3, keyword: '葵涌' })).toBe('「葵涌」共有3項結果');
  });

  it('show a Hong Kong page every shared string in traditional characters (OpenCC, Hong Kong variant), placeholders kept', async () => {
    const { localPickStrings, localString, localTranslations } = await import('../../src/local/local-i18n');
    const { zh } = await import('../../src/i18n/dict');
    expect(localTranslations('tc')('site.skipToContent')).toBe('跳到主要內容');
    expect(localTranslations('tc')('picker.title')).toBe('選擇區域網站');
    expect(localString('tc', 'cookie.text')).toContain('我們使用 Cookie 保障網站正常運行');
    expect(localPickStrings('tc', ['subscribe.codeSent'])['subscribe.codeSent']).toBe('6位驗證碼已發送至 {{email}}，{{minutes}}分鐘內有效。');
    // cn pages keep the simplified strings; tc keeps its own hand-written local.* ones
    expect(localString('cn', 'picker.title')).toBe(zh['picker.title']);
    expect(localString('tc', 'local.noNews')).toBe('沒有新聞');
    // no string a Hong Kong page can show is left with a simplified-only character
    const simplifiedOnly = /[们这个为国发时会对说样运过还进动么网页选择区请总]/;
    for (const key of Object.keys(zh) as (keyof typeof zh)[]) expect(localString('tc', key), key).not.toMatch(simplifiedOnly);
  });
});
