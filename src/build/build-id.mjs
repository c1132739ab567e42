// The build's identity: a hash of what its pages and answers are made from (the code, the content
// but the news, the locked packages). Plain JavaScript: astro.config.mjs and the nightly job's
// publish path (src/releases/news-patch.ts) import it without a build step.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Not a random value: it is part of Astro's config hash, which must stay the same from one build to
 * the next for the incremental build to reuse pages (src/build/cache-keys.ts); the schedules API
 * derives its ETags from it (src/server/dcsa/app.ts); a publish patches a release only while the
 * project's files still make this same identity (src/releases/news-patch.ts).
 * @param {string} [root] the project folder
 */
export function buildId(root = '.') {
  const hash = createHash('sha256');
  for (const folder of ['src', 'content']) {
    // the news (content/news*) is not listed at all: at 10,000 stories a language, 20,000 files
    const top = readdirSync(join(root, folder), { withFileTypes: true }).filter((e) => folder !== 'content' || !e.name.startsWith('news'));
    const files = top
      .flatMap((e) => (e.isDirectory() ? readdirSync(join(root, folder, e.name), { recursive: true, withFileTypes: true }) : [e]))
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
    for (const path of files)
      hash
        .update(path)
        .update('\0')
        .update(readFileSync(join(root, path)))
        .update('\0');
  }
  if (existsSync(join(root, 'package-lock.json'))) hash.update(readFileSync(join(root, 'package-lock.json')));
  return hash.digest('hex').slice(0, 32);
}
