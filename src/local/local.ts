import { parseContent } from '../shared/parse-content';
import { LocalLanguageContent, LocalSite, PAGE_SUFFIX, type DefaultInfo, type LocalLang, type LocalNews, type PageMenu, type PageType } from '../content-model/schemas/local';
import { LOCAL_PAGE_SIZE, LOCAL_SEARCH_PAGE_SIZE, localUrl } from './local-rules';

/**
 * The regional local sites' content (content/local/{location}/site.json and {lang}.json),
 * loaded once, validated with the schemas of src/content-model/schemas/local.ts and cross-checked. The
 * build (pages) and the API (src/server/routes/local.ts) both read it from here.
 */

export interface LocalLanguage {
  location: string;
  lang: LocalLang;
  content: LocalLanguageContent;
  /** Every page entry, first-level pages and second-level pages alike, in menu order. */
  pages: MenuPage[];
}
export interface LocalLocation {
  location: string;
  site: LocalSite;
  languages: Map<LocalLang, LocalLanguage>;
}
/** A page entry of a menu with where it sits. */
export interface MenuPage {
  menu: PageMenu;
  /** The first-level entry it belongs to (none when it is a first-level page). */
  parent?: { id: string; menuText: string };
  level: 1 | 2;
  url: string;
}

const siteFiles = import.meta.glob('../../content/local/*/site.json', { eager: true, import: 'default' }) as Record<string, unknown>;
const languageFiles = import.meta.glob('../../content/local/*/*.json', { eager: true, import: 'default' }) as Record<string, unknown>;

let cache: Map<string, LocalLocation> | undefined;

const fileName = (key: string) => key.replace(/^(\.\.\/)+/, '');

/** Builds the sites from raw files (exported for the tests, which feed broken files). */
export function buildLocalSites(sites: Record<string, unknown>, languages: Record<string, unknown>): Map<string, LocalLocation> {
  const result = new Map<string, LocalLocation>();
  for (const [key, raw] of Object.entries(sites)) {
    const file = fileName(key);
    const location = /content\/local\/([^/]+)\/site\.json$/.exec(file)?.[1];
    if (!location || !/^[a-z][a-z0-9]{1,30}$/.test(location)) throw new Error(`${file}: the folder name must be a location key (lower-case letters and digits)`);
    const site = parseContent(file, LocalSite, raw);
    result.set(location, { location, site, languages: new Map() });
  }
  for (const [key, raw] of Object.entries(languages)) {
    const file = fileName(key);
    const match = /content\/local\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match || match[2] === 'site') continue;
    const [, location, lang] = match;
    const entry = result.get(location);
    if (!entry) throw new Error(`${file}: content/local/${location}/site.json is missing`);
    if (!entry.site.languages.some((l) => l.lang === lang)) {
      throw new Error(`${file}: language "${lang}" is not listed in content/local/${location}/site.json (languages: ${entry.site.languages.map((l) => l.lang).join(', ') || 'none'})`);
    }
    const content = parseContent(file, LocalLanguageContent, raw);
    entry.languages.set(lang as LocalLang, { location, lang: lang as LocalLang, content, pages: menuPages(location, lang, content) });
  }
  for (const entry of result.values()) {
    for (const { lang } of entry.site.languages) {
      if (!entry.languages.has(lang)) throw new Error(`content/local/${entry.location}/site.json: language "${lang}" is listed but content/local/${entry.location}/${lang}.json is missing`);
    }
    for (const language of entry.languages.values()) checkLanguage(language);
  }
  return result;
}

function checkLanguage(l: LocalLanguage): void {
  const file = `content/local/${l.location}/${l.lang}.json`;
  const urls = new Set<string>();
  for (const page of l.pages) {
    if (urls.has(page.url)) throw new Error(`${file}: two menu entries lead to ${page.url}`);
    urls.add(page.url);
    if ('items' in page.menu) {
      const ids = new Set<string>();
      for (const item of page.menu.items) {
        if (ids.has(item.id)) throw new Error(`${file}: menu ${page.menu.id} lists item ${item.id} twice`);
        ids.add(item.id);
      }
    }
  }
  const hasProfile = l.pages.some((p) => p.menu.pageType === 'Company_Profile_Page');
  if (!hasProfile) throw new Error(`${file}: the menu needs a Company_Profile_Page entry (the home page's profile links to it)`);
  for (const type of ['BUS', 'COM'] as const) {
    const pageType = type === 'BUS' ? 'Business_News_Page' : 'Company_News_Page';
    if (l.content.news.some((n) => n.newsType === type) && !l.pages.some((p) => p.menu.pageType === pageType)) {
      throw new Error(`${file}: there are ${type === 'BUS' ? 'business' : 'company'} news but no ${pageType} menu entry to list them`);
    }
  }
}

function menuPages(location: string, lang: string, content: LocalLanguageContent): MenuPage[] {
  const pages: MenuPage[] = [];
  for (const item of [...content.menu].sort((a, b) => a.seq - b.seq)) {
    if ('children' in item) {
      for (const child of [...item.children].sort((a, b) => a.seq - b.seq)) {
        pages.push({ menu: child, parent: { id: item.id, menuText: item.menuText }, level: 2, url: pageUrl(location, lang, child) });
      }
    } else pages.push({ menu: item, level: 1, url: pageUrl(location, lang, item) });
  }
  return pages;
}

/** /{location}/{lang}/{path}/{id}/{suffix} */
export function pageUrl(location: string, lang: string, menu: Pick<PageMenu, 'path' | 'id' | 'pageType'>): string {
  return localUrl(location, lang, `${menu.path}/${menu.id}/${PAGE_SUFFIX[menu.pageType]}`);
}

/** Where a menu entry sends the visitor: the external URL for Redirect_Page, else its page. */
export function menuHref(location: string, lang: string, menu: PageMenu): { href: string; newTab: boolean; external: boolean } {
  if (menu.pageType === 'Redirect_Page') return { href: menu.url, newTab: menu.isOpenNewTab === 1, external: true };
  return { href: pageUrl(location, lang, menu), newTab: false, external: false };
}

export function loadLocalSites(): Map<string, LocalLocation> {
  cache ??= buildLocalSites(siteFiles, languageFiles);
  return cache;
}

export function getLocalLocation(location: string): LocalLocation | undefined {
  return loadLocalSites().get(location);
}

export function getLocalLanguage(location: string, lang: string): LocalLanguage | undefined {
  return loadLocalSites()
    .get(location)
    ?.languages.get(lang as LocalLang);
}

/** Every location and language (for getStaticPaths). */
export function allLocalLanguages(): LocalLanguage[] {
  return [...loadLocalSites().values()].flatMap((l) => l.site.languages.map(({ lang }) => l.languages.get(lang)!));
}

export function findPage(l: LocalLanguage, menuId: string): MenuPage | undefined {
  return l.pages.find((p) => p.menu.id === menuId);
}

export type NewsKind = 'business' | 'company';
export const newsKindOf = (n: Pick<LocalNews, 'newsType'>): NewsKind => (n.newsType.includes('BUS') ? 'business' : 'company');
export const NEWS_PAGE_TYPE: Record<NewsKind, PageType> = { business: 'Business_News_Page', company: 'Company_News_Page' };

/** News of a kind, newest first (date, then id). */
export function newsOf(l: LocalLanguage, kind?: NewsKind): LocalNews[] {
  return l.content.news.filter((n) => !kind || newsKindOf(n) === kind).sort((a, b) => b.statusDt.localeCompare(a.statusDt) || b.id.localeCompare(a.id));
}

/** The menu page that lists a news kind. */
export function newsMenu(l: LocalLanguage, kind: NewsKind): MenuPage | undefined {
  return l.pages.find((p) => p.menu.pageType === NEWS_PAGE_TYPE[kind]);
}

/** URL of a news item's detail page (under its kind's menu). */
export function newsUrl(l: LocalLanguage, news: LocalNews): string {
  const menu = newsMenu(l, newsKindOf(news))!;
  return `${menu.url}/${news.id}`;
}

/** Items listed by a summary menu page (news of its kind, or its default infos), newest first. */
export function summaryItems(l: LocalLanguage, menu: PageMenu): (LocalNews | DefaultInfo)[] {
  if (menu.pageType === 'Business_News_Page') return newsOf(l, 'business');
  if (menu.pageType === 'Company_News_Page') return newsOf(l, 'company');
  if (menu.pageType === 'Default_Summary_Page') return [...menu.items].sort((a, b) => b.statusDt.localeCompare(a.statusDt) || b.id.localeCompare(a.id));
  return [];
}

/** Previous (newer) and next (older) neighbours of an item in its list; null at either end. */
export function neighbours<T extends { id: string }>(list: T[], id: string): { previous: T | null; next: T | null } | undefined {
  const index = list.findIndex((item) => item.id === id);
  if (index === -1) return undefined;
  return { previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}

/** One page of a list (pages count from 1); past the end is empty. */
export function pageOf<T>(list: T[], page: number, size = LOCAL_PAGE_SIZE): T[] {
  return list.slice((page - 1) * size, page * size);
}

export const pageCount = (total: number, size = LOCAL_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** Plain text of HTML (for excerpts and search). */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export interface LocalSearchHit {
  title: string;
  pageType: PageType;
  path: string;
  content: string;
  kind: 'news' | 'page';
  date?: string;
}

/** Every searchable document of a location and language: pages, news, default infos, files. */
export function searchDocuments(l: LocalLanguage): LocalSearchHit[] {
  const docs: LocalSearchHit[] = [];
  for (const page of l.pages) {
    const m = page.menu;
    const base = { pageType: m.pageType, path: page.url, kind: 'page' as const };
    switch (m.pageType) {
      case 'Default_Content_Page':
        docs.push({ ...base, title: m.title ?? m.menuText, content: plainText(m.html) });
        break;
      case 'Company_Profile_Page':
        docs.push({ ...base, title: m.menuText, content: plainText(l.content.profile.profileInfo) });
        break;
      case 'Charge_Page':
        docs.push({ ...base, title: m.menuText, content: [m.intro, ...m.rows.map((r) => `${r.item} ${r.basis} ${r.note ?? ''}`), ...m.notes].join(' ') });
        break;
      case 'Default_Summary_Page':
        for (const item of m.items) {
          docs.push({ ...base, title: item.defaultInfoTitle, path: `${page.url}/${item.id}`, content: plainText(item.defaultInfoText), date: item.statusDt });
        }
        break;
      case 'News_Letter_Page':
        for (const item of m.items) docs.push({ ...base, title: item.newsLetterTitle, path: item.file, content: `${m.menuText} ${item.statusDt}`, date: item.statusDt });
        break;
      case 'Form_Download_Page':
        for (const item of m.items) docs.push({ ...base, title: item.formDownloadTitle, path: item.file, content: `${m.menuText} ${item.statusDt}`, date: item.statusDt });
        break;
      default:
        break;
    }
  }
  for (const news of newsOf(l)) {
    docs.push({ title: news.newsTitle, pageType: NEWS_PAGE_TYPE[newsKindOf(news)], path: newsUrl(l, news), content: plainText(news.newsText), kind: 'news', date: news.statusDt });
  }
  return docs;
}

/**
 * Search of one location and language (the API's getContentByKeyWords): every word of the
 * keyword must occur in the title or text, case and accents ignored; Chinese is matched as
 * written (a run of Chinese characters is one word). Titles that match rank first, then newer.
 */
export function searchLocal(l: LocalLanguage, keyword: string, page = 1, size = LOCAL_SEARCH_PAGE_SIZE): { total: number; list: LocalSearchHit[] } {
  const words = fold(keyword).split(/\s+/).filter(Boolean);
  if (!words.length) return { total: 0, list: [] };
  const scored = searchDocuments(l)
    .map((doc) => {
      const title = fold(doc.title);
      const text = `${title} ${fold(doc.content)}`;
      if (!words.every((w) => text.includes(w))) return undefined;
      return { doc, score: words.filter((w) => title.includes(w)).length };
    })
    .filter((x): x is { doc: LocalSearchHit; score: number } => Boolean(x))
    .sort((a, b) => b.score - a.score || (b.doc.date ?? '').localeCompare(a.doc.date ?? '') || a.doc.title.localeCompare(b.doc.title));
  return { total: scored.length, list: pageOf(scored, page, size).map((s) => ({ ...s.doc, content: excerpt(s.doc.content, words[0]) })) };
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** About 160 characters of text around the first match. */
export function excerpt(text: string, word: string, length = 160): string {
  const at = Math.max(0, fold(text).indexOf(word));
  const start = Math.max(0, at - 40);
  const cut = text.slice(start, start + length);
  return `${start > 0 ? '…' : ''}${cut}${start + length < text.length ? '…' : ''}`;
}

/**
 * The meta description of a local page: the start of its own text (HTML or plain) where it has
 * one, else the page's name before the site's description (the home page's).
 */
export function localPageDescription(l: LocalLanguage, title: string, text?: string): string {
  const own = text ? plainText(text) : '';
  return own ? excerpt(own, '', 155) : `${title} · ${l.content.description}`;
}

/** A page the [...page] route of a local site renders. */
export type LocalRoute =
  | { kind: 'menu'; rest: string; page: MenuPage }
  | { kind: 'detail'; rest: string; page: MenuPage; itemId: string }
  | { kind: 'newsList'; rest: string; page: MenuPage; newsKind: NewsKind; pageNum: number };

/** Every page under /{location}/{lang}/ besides home, search and cookiePolicy. */
export function localRoutes(l: LocalLanguage): LocalRoute[] {
  const prefix = `/${l.location}/${l.lang}/`;
  const routes: LocalRoute[] = [];
  for (const page of l.pages) {
    routes.push({ kind: 'menu', rest: page.url.slice(prefix.length), page });
    for (const item of summaryItems(l, page.menu)) routes.push({ kind: 'detail', rest: `${page.url.slice(prefix.length)}/${item.id}`, page, itemId: item.id });
  }
  for (const newsKind of ['business', 'company'] as const) {
    const page = newsMenu(l, newsKind);
    if (!page) continue;
    const pages = pageCount(newsOf(l, newsKind).length);
    for (let n = 1; n <= pages; n++) routes.push({ kind: 'newsList', rest: `news/${newsKind}news/${page.menu.id}/${n}`, page, newsKind, pageNum: n });
  }
  return routes;
}

/** URL of the same page in another language of the site, or that language's home when it has no such page. */
export function samePageIn(other: LocalLanguage, rest: string): string {
  const fixed = ['home', 'search', 'cookiePolicy'];
  if (fixed.includes(rest) || localRoutes(other).some((r) => r.rest === rest)) return localUrl(other.location, other.lang, rest);
  return localUrl(other.location, other.lang, 'home');
}
