import { and, inArray } from 'drizzle-orm';
import type { Db } from '../server/db';
import { newsRevision } from '../server/db/news-revision';
import { newsItems } from '../server/db/schema';
import { buildStates } from '../worker/site-builds';
import { edgeState } from '../edge/reconciler';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NEWS_STATE_FILE } from './news-state';
import { listReleases, REVISIONS_FILE, releasePaths, releaseRecord, releaseStories, releaseTime, servedRelease, storiesInPages } from './releases.mjs';

/**
 * Where a story is on the site, read from the release served now (the served link, and what that
 * release holds: src/releases/releases.mjs), never remembered from the last build:
 *
 * - published, and the served release holds its current revision in every language: live, since that
 *   release is served;
 * - published, and the served release lacks it (or holds an older revision): waiting, with the reason:
 *   the site was rolled back (a newer release kept holds it), or a build is to come (queued, building,
 *   or failed: src/worker/site-builds.ts);
 * - not published, and the served release still has it: still on the site;
 * - otherwise: not on the site (null).
 *
 * `servedForSite` is the one place that says which release is served and since when. With a CDN edge
 * (EDGE_PURGE: src/edge/), a story in the served release counts as live only once the edge has been
 * purged for that release (its record in the database says so: src/edge/reconciler.ts edgeState);
 * until then it is `edge`: served by the origin, waiting for the edge, failing since when if it fails.
 */
export type SiteState =
  | { state: 'live'; since: string; release: string }
  | { state: 'edge'; since: string; release: string; failingSince: string | null }
  | { state: 'queued' }
  | { state: 'building'; since: string }
  | { state: 'failed'; at: string; error: string }
  | { state: 'rolledBack'; release: string; builtAt: string }
  | { state: 'stillServed'; since: string; release: string };

export type ReleasePaths = ReturnType<typeof releasePaths>;

export interface Served {
  /** The release's name; null: a plain build served from dist/ (no releases yet). */
  name: string | null;
  since: Date;
  /** When the release was made (its name's time). */
  builtAt: Date;
  /** `{locale}/{uuid}` → the revision its pages hold (null: not kept; the release's time says). */
  stories: Map<string, string | null>;
}

// a release's stories, read once per version of the files that say them (a release being made may hold, for
// a moment, the files of the one it was copied from: the key is the file's identity, not the release's name)
const cache = new Map<string, Map<string, string | null>>();
function storiesOf(paths: ReleasePaths, name: string): Map<string, string | null> {
  const folder = join(paths.releasesDir, name);
  const file = [REVISIONS_FILE, NEWS_STATE_FILE].map((f) => join(folder, f)).find((f) => existsSync(f));
  let key: string | null = null;
  try {
    const stat = file ? statSync(file) : null;
    key = stat ? `${file}:${stat.ino}:${stat.mtimeMs}:${stat.size}` : null;
  } catch {
    key = null;
  }
  const known = key ? cache.get(key) : undefined;
  if (known) return known;
  const stories = releaseStories(paths, name);
  if (key && releaseRecord(paths, name)) {
    if (cache.size > 20) cache.delete(cache.keys().next().value as string);
    cache.set(key, stories);
  }
  return stories;
}

/**
 * The release served now and since when, with what it holds; before any release, the plain build
 * served from dist/ (the quick start's `npm run build`: its pages say which stories it has, since it
 * was built); null: nothing is served.
 */
export function servedForSite(paths: ReleasePaths): Served | null {
  const served = servedRelease(paths);
  if (served) return { name: served.name, since: served.since, builtAt: releaseTime(served.name) ?? served.since, stories: storiesOf(paths, served.name) };
  for (const folder of [join(paths.dist, 'client'), paths.dist]) {
    if (!existsSync(join(folder, 'index.html'))) continue;
    const since = statSync(join(folder, 'index.html')).mtime;
    return { name: null, since, builtAt: since, stories: storiesInPages(folder) };
  }
  return null;
}

interface StoryRow {
  id: string;
  status: string;
  siteChangedAt: Date | null;
}

/** Whether a release holds a story at the revisions the public API serves now (`revisions`: locale → revision). */
function holds(stories: Map<string, string | null>, builtAt: Date, story: StoryRow, revisions: Map<string, string>): boolean {
  if (!revisions.size) return false;
  for (const [locale, revision] of revisions) {
    const held = stories.get(`${locale}/${story.id}`);
    if (held === undefined) return false;
    // a release that did not keep its revisions holds what was public when it was made
    if (held === null ? !!story.siteChangedAt && story.siteChangedAt.getTime() > builtAt.getTime() : held !== revision) return false;
  }
  return true;
}

/** The site state of each story (those neither on the site nor published are left out). */
export async function siteStates(db: Db, paths: ReleasePaths, rows: StoryRow[]): Promise<Map<string, SiteState>> {
  const states = new Map<string, SiteState>();
  if (!rows.length) return states;
  const served = servedForSite(paths);
  const edge = await edgeState(db, paths.root);
  const live = (since: Date, release: string): SiteState =>
    edge.current ? { state: 'live', since: since.toISOString(), release } : { state: 'edge', since: since.toISOString(), release, failingSince: edge.failingSince };
  const published = rows.filter((r) => r.status === 'published');
  const revisions = new Map<string, Map<string, string>>();
  if (published.length) {
    const found = await db
      .select({ uuid: newsItems.uuid, language: newsItems.language, revision: newsRevision })
      .from(newsItems)
      .where(
        and(
          inArray(
            newsItems.uuid,
            published.map((r) => r.id),
          ),
        ),
      );
    for (const f of found) {
      const of = revisions.get(f.uuid) ?? revisions.set(f.uuid, new Map()).get(f.uuid)!;
      of.set(f.language === 0 ? 'zh' : 'en', f.revision);
    }
  }
  // the releases kept after the one served (a rollback left them), newest first
  const newer = served?.name
    ? listReleases(paths)
        .filter((n: string) => n > (served.name as string) && releaseRecord(paths, n))
        .reverse()
    : [];
  const waiting: StoryRow[] = [];
  for (const story of rows) {
    if (story.status !== 'published') {
      if (served && (served.stories.has(`en/${story.id}`) || served.stories.has(`zh/${story.id}`)))
        states.set(story.id, { state: 'stillServed', since: served.since.toISOString(), release: served.name ?? '' });
      continue;
    }
    const current = revisions.get(story.id) ?? new Map<string, string>();
    if (served && holds(served.stories, served.builtAt, story, current)) {
      states.set(story.id, live(served.since, served.name ?? ''));
      continue;
    }
    const ahead = newer.find((name: string) => holds(storiesOf(paths, name), releaseTime(name) ?? new Date(0), story, current));
    if (served?.name && ahead) states.set(story.id, { state: 'rolledBack', release: served.name, builtAt: served.builtAt.toISOString() });
    else waiting.push(story);
  }
  const builds = await buildStates(db, waiting);
  for (const story of waiting) {
    const build = builds.get(story.id);
    // a build that went live after the change, yet the served release lacks it: the next one is to come
    states.set(story.id, !build || build.state === 'live' ? { state: 'queued' } : build);
  }
  return states;
}
