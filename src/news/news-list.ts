import { NEWS_TYPE, type NewsTypeId } from '../contract/wire';
import type { Locale } from '../i18n/locales';

/** The news list's rules (spec: News, state "News list"), shared by the pages and the list script. */

/** The spec's news page size. */
export const NEWS_PAGE_SIZE = 5;

/** Label names with a role of their own; labels are names in each language. */
export const OCEAN_ALLIANCE: Record<Locale, string> = { en: 'Ocean Alliance', zh: '海洋联盟' };
export const SERVICE_ENHANCEMENT: Record<Locale, string> = { en: 'Service Enhancement', zh: '服务提升' };
/** ?specialType=quality2019 opens the Service Enhancement list. */
export const QUALITY_SPECIAL_TYPE = 'quality2019';

/**
 * The label tabs of a type after 'all': the Ocean Alliance tab only for the special
 * topics, then one per label its items carry, most used first.
 */
export function labelTabs(items: readonly { labels: readonly string[] }[], typeId: NewsTypeId, locale: Locale): string[] {
  const counts = new Map<string, number>();
  for (const item of items) for (const label of item.labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  counts.delete(OCEAN_ALLIANCE[locale]);
  const labels = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([label]) => label);
  return typeId === NEWS_TYPE.specialTopic ? [OCEAN_ALLIANCE[locale], ...labels] : labels;
}

/** Number of pages for a count of items (at least one). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / NEWS_PAGE_SIZE));
}

/** A page number from the query, clamped to the pages that exist. */
export function clampPage(value: string | null, pages: number): number {
  const n = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, 1), pages) : 1;
}

/** The query of a list page: label (absent for 'all'), page (absent for 1), specialType kept. */
export function listQuery(state: { label?: string; page?: number; specialType?: string }): string {
  const q = new URLSearchParams();
  if (state.specialType) q.set('specialType', state.specialType);
  if (state.label) q.set('label', state.label);
  if (state.page && state.page > 1) q.set('page', String(state.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * Every item with its neighbours in the list of its type (the order given, newest first):
 * one pass over all items, where asking `neighbours` for each would be quadratic.
 */
export function withNeighbours<T extends { typeId: string }>(items: readonly T[]): { item: T; prev?: T; next?: T }[] {
  const byType = new Map<string, T[]>();
  for (const item of items) {
    const list = byType.get(item.typeId) ?? [];
    list.push(item);
    byType.set(item.typeId, list);
  }
  return [...byType.values()].flatMap((list) => list.map((item, i) => ({ item, prev: list[i - 1], next: list[i + 1] })));
}

/** Previous (newer) and next (older) item of one in a newest-first list. */
export function neighbours<T extends { newsUuid: string }>(items: readonly T[], newsUuid: string): { prev?: T; next?: T } {
  const i = items.findIndex((x) => x.newsUuid === newsUuid);
  return i < 0 ? {} : { prev: items[i - 1], next: items[i + 1] };
}

/**
 * What the lists show of a story (the news list, the home page's blocks, the RSS feed, a detail
 * page's links to its neighbours): everything but its body and the fields only its own page shows.
 * A publish re-renders a list only when what it shows of its stories changed (src/releases/news-state.ts).
 */
export interface NewsListing {
  newsUuid: string;
  typeId: NewsTypeId;
  statusDt: string;
  title: string;
  summary: string;
  labels: string[];
  picUrl?: string;
}

export function listingOf(item: NewsListing): NewsListing {
  const { newsUuid, typeId, statusDt, title, summary, labels, picUrl } = item;
  return { newsUuid, typeId, statusDt, title, summary, labels, ...(picUrl ? { picUrl } : {}) };
}

/** `a.localeCompare(b)` (the same collator, made once: a publish sorts 20,000 stories several times). */
const byTitle = new Intl.Collator().compare;

/** The site's order of stories: newest first, then by title. */
export function newestFirst<T extends { statusDt: string; title: string }>(items: readonly T[]): T[] {
  // dates are YYYY-MM-DD (the content schema): their order is their text's
  return [...items].sort((a, b) => (a.statusDt === b.statusDt ? byTitle(a.title, b.title) : a.statusDt < b.statusDt ? 1 : -1));
}

/** News blocks of the home page show at most this many items (the spec's "important news at most 5"). */
export const HOME_NEWS_BLOCK_SIZE = 5;

/** The home page's news blocks from a language's stories, newest first: the newest of four types. */
export function homeNewsBlocks<T extends { typeId: string }>(items: readonly T[]): { notices: T[]; specialTopics: T[]; updates: T[]; latest: T[] } {
  const newest = (typeId: NewsTypeId) => items.filter((item) => item.typeId === typeId).slice(0, HOME_NEWS_BLOCK_SIZE);
  return { notices: newest(NEWS_TYPE.notices), specialTopics: newest(NEWS_TYPE.specialTopic), updates: newest(NEWS_TYPE.updates), latest: newest(NEWS_TYPE.news) };
}
