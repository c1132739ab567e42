import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NEWS_TYPE_IDS, type NewsTypeId } from '../contract/wire';
import { NewsItem } from '../content-model/schemas/news';
import { LOCALES, type Locale } from '../i18n/locales';
import { homeNewsBlocks, listingOf, newestFirst, withNeighbours, type NewsListing } from '../news/news-list';
import { parseContent } from '../shared/parse-content';
import { NEWS_ARCHIVE_BUNDLE, NEWS_RECENT_BUNDLE, newsBundleOf, type NewsBundle } from '../search/news-bundles';

/**
 * What a release holds of the news, kept beside its folders (news-state.json): each story's file as it
 * was when the release was made (found again by inode, time and size, so a publish reads only the
 * files the pull replaced), its digest and what the lists show of it. From two states, `newsChanges`
 * tells which pages, feeds and search bundles a publish must write again (src/releases/news-patch.ts).
 */
export const NEWS_STATE_FILE = 'news-state.json';
/** The shape of the state and of the render routes' input; another version means a full build. */
export const NEWS_STATE_VERSION = 2;

export interface StoryRecord {
  ino: number;
  mtimeMs: number;
  size: number;
  /** sha-256 of the file's text. */
  digest: string;
  listing: NewsListing;
}

export interface NewsState {
  version: number;
  /** The project's build identity the release was built from (src/build/build-id.mjs). */
  buildId: string;
  /** The year its pages show (the footer's). */
  year: number;
  /** The site's address its feeds and sitemap name. */
  site: string;
  /** The first day of the recent stories' search bundle (src/search/news-bundles.ts). */
  recentSince: string;
  /** When the full build the release descends from was made (ISO). */
  builtAt: string;
  /** `{locale}/{newsUuid}` → the story's record. */
  stories: Record<string, StoryRecord>;
  /** Stories dated before `recentSince` changed or added since the full build: indexed in the recent bundle. */
  edited: string[];
  /** The archive bundle's pages as the full build wrote it: story key → Pagefind's page id. */
  archiveIds: Record<string, string>;
  /** Page ids of the archive out of date (their stories changed or removed since): left out of results. */
  superseded: string[];
}

export function readNewsState(file: string): NewsState | null {
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as NewsState;
    return state.version === NEWS_STATE_VERSION && state.stories ? state : null;
  } catch {
    return null;
  }
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** A story's file read and checked by the content schema (as the build's loader does). */
export function readStory(snapshot: string, key: string): NewsItem {
  const file = `${key}.json`;
  return parseContent(`content/news/${file}`, NewsItem, JSON.parse(readFileSync(join(snapshot, file), 'utf8')));
}

/**
 * The stories of the snapshot (content/news/{en,zh}/*.json) as records: a file with the inode, time and
 * size recorded in `previous` is taken from there unread; any other is read, checked and digested.
 * Answers the records and how many files were read.
 */
export function scanSnapshot(snapshot: string, previous: Record<string, StoryRecord> = {}): { stories: Record<string, StoryRecord>; read: number } {
  const stories: Record<string, StoryRecord> = {};
  let read = 0;
  for (const locale of LOCALES) {
    const folder = join(snapshot, locale);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.json')) continue;
      const key = `${locale}/${name.slice(0, -5)}`;
      const { ino, mtimeMs, size } = statSync(join(folder, name));
      const known = previous[key];
      if (known && known.ino === ino && known.mtimeMs === mtimeMs && known.size === size) {
        stories[key] = known;
        continue;
      }
      const text = readFileSync(join(folder, name), 'utf8');
      const item = parseContent(`content/news/${key}.json`, NewsItem, JSON.parse(text));
      stories[key] = { ino, mtimeMs, size, digest: digestOf(text), listing: listingOf(item) };
      read++;
    }
  }
  return { stories, read };
}

/** A page the publish writes again: what it is, and the stories (keys) whose full text it needs. */
export type PageWork =
  | { kind: 'detail'; locale: Locale; key: string; prev?: NewsListing; next?: NewsListing }
  | { kind: 'list'; locale: Locale; typeId: NewsTypeId; items: NewsListing[] }
  | { kind: 'feed'; locale: Locale; typeId: NewsTypeId; items: NewsListing[] }
  | { kind: 'home'; locale: Locale; news: NewsListing[] };

export interface NewsChanges {
  /** Stories added, changed (their file's digest) and removed. */
  added: string[];
  changed: string[];
  removed: string[];
  pages: PageWork[];
  /** Detail pages to delete: `{locale}/{newsUuid}/{typeId}` of stories gone (or moved to another type). */
  gone: { locale: Locale; listing: NewsListing }[];
  /** The search bundles to write again: the recent one when any story changed (a publish never writes the archive). */
  bundles: NewsBundle[];
  /** The state's `edited` and `superseded` after the publish. */
  edited: string[];
  superseded: string[];
  /** The set of stories in both languages changed (the sitemap lists their pages). */
  sitemap: boolean;
}

/** The same story as the pages show it in a neighbour's link (or both none). */
const sameRef = (a?: NewsListing, b?: NewsListing) => a === b || (!!a && !!b && a.newsUuid === b.newsUuid && a.typeId === b.typeId && a.title === b.title);
/**
 * Lists that show the same: the same listings in the same order. An unchanged story's listing is the
 * very object of the state before (scanSnapshot keeps its record), so most are told equal by reference.
 */
function sameListings(a: readonly NewsListing[] = [], b: readonly NewsListing[] = []): boolean {
  return a.length === b.length && a.every((l, i) => l === b[i] || JSON.stringify(l) === JSON.stringify(b[i]));
}

/** A locale's stories, newest first: each story's neighbours, the lists by type, the home page's blocks. */
function pagesOf(stories: Record<string, StoryRecord>, locale: Locale) {
  const prefix = `${locale}/`;
  const keyOf = new Map<string, string>();
  const listings: NewsListing[] = [];
  for (const key in stories) {
    if (!key.startsWith(prefix)) continue;
    const { listing } = stories[key];
    keyOf.set(listing.newsUuid, key);
    listings.push(listing);
  }
  const sorted = newestFirst(listings);
  const detail = new Map<string, { prev?: NewsListing; next?: NewsListing }>();
  for (const { item, prev, next } of withNeighbours(sorted)) detail.set(keyOf.get(item.newsUuid)!, { prev, next });
  const lists = new Map(NEWS_TYPE_IDS.map((typeId) => [typeId, sorted.filter((l) => l.typeId === typeId)]));
  return { detail, lists, home: homeNewsBlocks(sorted) };
}

/** What a publish must write again to go from the release's state `before` to the snapshot's `after`. */
export function newsChanges(before: NewsState, after: Record<string, StoryRecord>, since = before.recentSince): NewsChanges {
  const keys = new Set([...Object.keys(before.stories), ...Object.keys(after)]);
  const added: string[] = [];
  const changed: string[] = [];
  const removed: string[] = [];
  const edited = new Set(before.edited);
  const superseded = new Set(before.superseded);
  for (const key of [...keys].sort()) {
    const old = before.stories[key];
    const now = after[key];
    if (old && now && old.digest === now.digest) continue;
    (!old ? added : !now ? removed : changed).push(key);
    // an old story's new text goes to the recent bundle; what the archive holds of it is out of date
    if (now && newsBundleOf(now.listing.statusDt, since) === NEWS_ARCHIVE_BUNDLE) edited.add(key);
    else edited.delete(key);
    if (before.archiveIds[key]) superseded.add(before.archiveIds[key]);
  }
  const pages: PageWork[] = [];
  const gone: NewsChanges['gone'] = [];
  for (const locale of LOCALES) {
    const was = pagesOf(before.stories, locale);
    const is = pagesOf(after, locale);
    for (const [key, page] of is.detail) {
      // a detail page shows its story's text (its file's digest) and links to its two neighbours
      const old = was.detail.get(key);
      const same = old && before.stories[key].digest === after[key].digest && sameRef(old.prev, page.prev) && sameRef(old.next, page.next);
      if (!same) pages.push({ kind: 'detail', locale, key, prev: page.prev, next: page.next });
    }
    for (const [key] of was.detail) {
      const listing = before.stories[key].listing;
      const now = after[key]?.listing;
      // gone, or moved to another type (its page's path names the type)
      if (!now || now.typeId !== listing.typeId) gone.push({ locale, listing });
    }
    for (const typeId of NEWS_TYPE_IDS) {
      const items = is.lists.get(typeId)!;
      if (sameListings(was.lists.get(typeId), items)) continue;
      pages.push({ kind: 'list', locale, typeId, items }, { kind: 'feed', locale, typeId, items });
    }
    const blocks = Object.keys(is.home) as (keyof typeof is.home)[];
    if (!blocks.every((block) => sameListings(was.home[block], is.home[block]))) pages.push({ kind: 'home', locale, news: Object.values(is.home).flat() });
  }
  return {
    added,
    changed,
    removed,
    pages,
    gone,
    bundles: added.length + changed.length + removed.length ? [NEWS_RECENT_BUNDLE] : [],
    edited: [...edited].sort(),
    superseded: [...superseded].sort(),
    sitemap: !sameSet(bilingualPages(before.stories), bilingualPages(after)),
  };
}

/** The detail pages in both languages (the sitemap lists a page only when it has both): `{newsUuid}/{typeId}`. */
function bilingualPages(stories: Record<string, StoryRecord>): Set<string> {
  const english = new Set<string>();
  const both = new Set<string>();
  for (const key in stories) if (key.startsWith('en/')) english.add(pathOf(stories[key].listing));
  for (const key in stories) {
    if (!key.startsWith('zh/')) continue;
    const path = pathOf(stories[key].listing);
    if (english.has(path)) both.add(path);
  }
  return both;
}
const pathOf = (l: NewsListing) => `${l.newsUuid}/${l.typeId}`;
const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The detail pages in both languages, sorted (as the sitemap lists them). */
export function bilingual(stories: Record<string, StoryRecord>): string[] {
  return [...bilingualPages(stories)].sort();
}
