import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Cache keys for Astro's incremental build (`experimental.incrementalBuild`): a page whose
 * `getStaticPaths()` entry carries a key, and whose module graph is unchanged, is copied from the
 * previous build instead of rendered. A key must change whenever anything the page shows changes.
 * The news pages show their stories and the site's frame (navigation, footer, brand, strings), so
 * each key is the hash of the page's own stories and of everything else the build reads: the content
 * outside content/news, and the year (the footer's). A change of code changes the module graph,
 * which Astro hashes itself.
 */
const frames = new Map<string, string>();

/** The hash of the content the site's frame is built from: every file under content/ but the news, and the year. */
export function siteFrameKey(root = process.cwd()): string {
  const known = frames.get(root);
  if (known) return known;
  const hash = createHash('sha256');
  const content = join(root, 'content');
  const files = (readdirSync(content, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !relative(content, path).startsWith('news'))
    .sort();
  for (const path of files) hash.update(relative(content, path)).update('\0').update(readFileSync(path)).update('\0');
  hash.update(String(new Date().getFullYear()));
  const frame = hash.digest('hex').slice(0, 16);
  frames.set(root, frame);
  return frame;
}

/** A page's key: what it shows of its own (stories, in order), and the frame. */
export function pageCacheKey(...shown: unknown[]): string {
  return `${createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 24)}.${siteFrameKey()}`;
}
