/**
 * The stories' search index is written apart from the rest of the site's (src/search/integration.ts),
 * in two Pagefind bundles the browser merges (src/search/site-search.ts): the archive, and the stories
 * dated on or after a day some weeks before the build ("recent"). A publish (src/releases/news-patch.ts)
 * then indexes again only the recent bundle, in a second or two, where the whole index of 10,000
 * stories a language takes minutes. An old story edited (or added) after the full build is indexed in
 * the recent bundle too, and its entry in the archive, now out of date, is named in the recent bundle's
 * `superseded.json` (the archive's page ids), which the browser leaves out of the results: so a publish
 * never writes the archive, and the next full build puts the story back in it. The day is the build's,
 * kept with its release, so that a story stays in its bundle until the next full build.
 */
export const NEWS_ARCHIVE_BUNDLE = 'news';
export const NEWS_RECENT_BUNDLE = 'news-recent';
export const NEWS_BUNDLES = [NEWS_ARCHIVE_BUNDLE, NEWS_RECENT_BUNDLE] as const;
export type NewsBundle = (typeof NEWS_BUNDLES)[number];

/** How far back the recent bundle reaches from its build. */
export const RECENT_DAYS = 60;
/** A build's day for the recent bundle (YYYY-MM-DD): NEWS_RECENT_SINCE when the nightly job sets it, else RECENT_DAYS before now. */
export const RECENT_SINCE_ENV = 'NEWS_RECENT_SINCE';

export function recentSince(now = new Date(), env: Record<string, string | undefined> = process.env): string {
  const given = env[RECENT_SINCE_ENV];
  if (given && /^\d{4}-\d{2}-\d{2}$/.test(given)) return given;
  return new Date(now.getTime() - RECENT_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The bundle a story of that date is indexed in; `edited`: changed or added since the full build (the recent one). */
export function newsBundleOf(statusDt: string, since: string, edited = false): NewsBundle {
  return edited || statusDt.slice(0, 10) >= since ? NEWS_RECENT_BUNDLE : NEWS_ARCHIVE_BUNDLE;
}

/** In the recent bundle's folder: the archive's page ids (Pagefind's) out of date, a JSON array. */
export const SUPERSEDED_FILE = 'superseded.json';
