import { dateOnly } from '../shared/format';
import { NEWS_BUNDLES, NEWS_RECENT_BUNDLE, SUPERSEDED_FILE } from './news-bundles';

/**
 * Site search in the browser over the static Pagefind index that the build writes
 * to /pagefind/ (src/search/integration.ts). No server: the runtime
 * (/pagefind/pagefind.js, its worker, WebAssembly and the index chunks) is fetched
 * on the first search, by a dynamic import of a URL so that Vite leaves it alone.
 *
 * Pagefind keeps one index per <html lang>, so a page searches its own language.
 * Results are limited to one site by the `site` filter (`corporate` or a local
 * site's location); `kind` (news, faq, page) picks a tab. The conventions pages
 * follow to be found are in docs/search.md ("Conventions for pages that want to be found").
 *
 * The pure parts (keyword, hit mapping, excerpt to plain text, counts, paging) are
 * exported for the unit tests.
 */

export type SearchKind = 'news' | 'faq' | 'page';
export const SEARCH_KINDS: readonly SearchKind[] = ['news', 'faq', 'page'];

export interface SearchHit {
  url: string;
  title: string;
  /** YYYY-MM-DD, when the page carries a date. */
  date?: string;
  labels: string[];
  /** Plain text, no HTML. */
  excerpt: string;
  kind: SearchKind;
}

export interface SearchPage {
  hits: SearchHit[];
  /** Results of the asked kind (all kinds when none was asked). */
  total: number;
  /** Results per kind for the keyword on this site; `all` is every kind together. */
  counts: Partial<Record<SearchKind, number>> & { all: number };
}

export interface SearchOptions {
  keyword: string;
  /** 'corporate' or a local site's location (e.g. 'shanghai'). */
  site: string;
  kind?: SearchKind;
  offset: number;
  limit: number;
}

/** What a result's data() gives (the part of Pagefind's fragment used here). */
export interface PagefindFragment {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
}
export interface PagefindResult {
  id: string;
  data(): Promise<PagefindFragment>;
}
export interface PagefindResults {
  results: PagefindResult[];
  filters: Record<string, Record<string, number>>;
}
/** The part of Pagefind's browser API used here. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  /** Loads every filter's values (without it, results count only the filters searched with). */
  filters(): Promise<Record<string, Record<string, number>>>;
  search(term: string, options?: { filters?: Record<string, string> }): Promise<PagefindResults | null>;
  /** Searches another bundle's index together with this one. */
  mergeIndex(path: string, options?: Record<string, unknown>): Promise<void>;
}

/** Words of an excerpt (Pagefind counts words; a Chinese word is one or a few characters): enough for two lines in either language. */
export const EXCERPT_WORDS = 60;

/** The keyword as searched: trimmed, inner runs of white space made one space. Empty means: do not search. */
export function normaliseKeyword(keyword: string): string {
  return keyword.replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Pagefind's excerpt (escaped text with <mark> around matches) as plain text. The
 * full stop Pagefind puts after a block ends Chinese text as 。.
 */
export function excerptToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
      if (name[0] === '#' && name !== '#39') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .replace(/([\p{Script=Han}])\. ?/gu, '$1。')
    .trim();
}

/**
 * An excerpt that begins with the page's search keywords (meta `keywords`: hidden
 * text before the heading) or with its own heading repeats what the hit shows
 * already: drop that start, also when the excerpt begins inside the keywords or
 * inside the heading, and the full stop Pagefind puts after a block.
 */
export function withoutLeading(excerpt: string, keywords: string | undefined, title: string): string {
  let text = excerpt;
  const k = keywords?.trim() ?? '';
  const t = title.trim();
  if (k && text.startsWith(k)) text = text.slice(k.length).replace(/^[\s.。:：]+/, '') || text;
  const at = t ? text.indexOf(t) : -1;
  // the heading comes right after the keywords: anything before it is (part of) them
  if (at === 0 || (at > 0 && at <= k.length + 2 && k.endsWith(text.slice(0, at).replace(/[\s.。:：]+$/, '')))) {
    text = text.slice(at + t.length).replace(/^[\s.。:：?？]+/, '') || text;
  } else if (at < 0) {
    // the window starts inside the heading: drop its tail (6 characters at least, so a chance match stays)
    for (let i = 1; i <= t.length - 6; i++) {
      if (text.startsWith(t.slice(i))) {
        text = text.slice(t.length - i).replace(/^[\s.。:：?？]+/, '') || text;
        break;
      }
    }
  }
  return text;
}

/** An excerpt cut in mid-sentence gets an ellipsis. */
export function withEllipsis(excerpt: string): string {
  return !excerpt || /[.!?。！？…]$/.test(excerpt) ? excerpt : `${excerpt} …`;
}

function kindOf(value: string | undefined): SearchKind {
  return SEARCH_KINDS.includes(value as SearchKind) ? (value as SearchKind) : 'page';
}

/** One Pagefind result as a search hit. */
export function toHit(fragment: PagefindFragment): SearchHit {
  const title = (fragment.meta.title ?? '').trim() || fragment.url;
  const rawDate = fragment.meta.date?.trim();
  let date: string | undefined;
  if (rawDate) {
    try {
      date = dateOnly(rawDate);
    } catch {
      date = undefined;
    }
  }
  const labels = (fragment.meta.labels ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  const hit: SearchHit = {
    url: fragment.url,
    title,
    labels,
    excerpt: withEllipsis(withoutLeading(excerptToText(fragment.excerpt ?? ''), fragment.meta.keywords, title)),
    kind: kindOf(fragment.filters.kind?.[0]),
  };
  if (date) hit.date = date;
  return hit;
}

/** Counts per kind from Pagefind's filter counts of a search limited to the site only. */
export function kindCounts(all: number, filters: Record<string, Record<string, number>> | undefined): SearchPage['counts'] {
  const counts: SearchPage['counts'] = { all };
  const byKind = filters?.kind ?? {};
  for (const kind of SEARCH_KINDS) if (byKind[kind]) counts[kind] = byKind[kind];
  return counts;
}

/** The slice [offset, offset + limit) of a list; offset and limit are whole numbers ≥ 0. */
export function pageOf<T>(items: readonly T[], offset: number, limit: number): T[] {
  const from = Math.max(0, Math.floor(offset));
  const size = Math.max(0, Math.floor(limit));
  return items.slice(from, from + size);
}

/** Pagefind's runtime with the stories' bundles merged, and the archive's page ids out of date. */
interface Runtime {
  api: PagefindApi;
  superseded: ReadonlySet<string>;
}
let runtime: Promise<Runtime> | undefined;

/** Loads Pagefind's runtime once (a failed load is tried again next time). */
function loadPagefind(bundle = '/pagefind/'): Promise<Runtime> {
  runtime ??= (async () => {
    const url = `${bundle}pagefind.js`;
    const api = (await import(/* @vite-ignore */ url)) as PagefindApi;
    await api.options({ excerptLength: EXCERPT_WORDS });
    // the stories are two bundles of their own, the archive and the recent ones (src/search/news-bundles.ts)
    for (const news of NEWS_BUNDLES) await api.mergeIndex(`${bundle}${news}/`, { excerptLength: EXCERPT_WORDS });
    // the archive's entries of stories a publish changed or removed since the full build (their new text is in the recent bundle)
    const answer = await fetch(`${bundle}${NEWS_RECENT_BUNDLE}/${SUPERSEDED_FILE}`);
    const superseded = new Set(answer.ok ? ((await answer.json()) as string[]) : []);
    await api.filters();
    return { api, superseded };
  })().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/** Results without the archive's out-of-date entries, and the kind counts less those (all of them stories). */
export function withoutSuperseded(found: PagefindResults | null, superseded: ReadonlySet<string>): { results: PagefindResult[]; counts: SearchPage['counts'] } {
  const all = found?.results ?? [];
  const results = superseded.size ? all.filter((r) => !superseded.has(r.id)) : all;
  const counts = kindCounts(results.length, found?.filters);
  const dropped = all.length - results.length;
  if (dropped && counts.news) {
    const news = counts.news - dropped;
    if (news > 0) counts.news = news;
    else delete counts.news;
  }
  return { results, counts };
}

/**
 * Searches the site in the page's language. An empty or blank keyword does not
 * search (nothing is loaded) and answers an empty page.
 */
export async function siteSearch(opts: SearchOptions): Promise<SearchPage> {
  const term = normaliseKeyword(opts.keyword);
  if (!term) return { hits: [], total: 0, counts: { all: 0 } };
  const { api: pagefind, superseded } = await loadPagefind();
  const { results, counts } = withoutSuperseded(await pagefind.search(term, { filters: { site: opts.site } }), superseded);
  const list = opts.kind ? withoutSuperseded(await pagefind.search(term, { filters: { site: opts.site, kind: opts.kind } }), superseded).results : results;
  const fragments = await Promise.all(pageOf(list, opts.offset, opts.limit).map((r) => r.data()));
  return { hits: fragments.map(toHit), total: list.length, counts };
}
