import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as pagefind from 'pagefind';

/** Pagefind bundles not used by the site (it has its own search page). */
export const UNUSED = ['pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js', 'pagefind-component-ui.css', 'pagefind-highlight.js'];

/**
 * A bundle of stories' documents, written whole to outputPath: even when empty, so that the bundle the
 * browser merges is always there; without Pagefind's UI files. Used by the build and by a publish
 * (src/releases/news-patch.ts). Answers Pagefind's problems.
 */
export async function writeNewsBundle(docs: readonly { sourcePath: string; content: string }[], outputPath: string, concurrency = 16): Promise<string[]> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) return errors.length ? errors : ['pagefind: no index'];
  try {
    const problems: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < docs.length) {
          const { sourcePath, content } = docs[next++];
          problems.push(...(await index.addHTMLFile({ sourcePath, content })).errors);
        }
      }),
    );
    problems.push(...(await index.writeFiles({ outputPath })).errors);
    await Promise.all(UNUSED.map((f) => rm(join(outputPath, f), { force: true })));
    return problems;
  } finally {
    await index.deleteIndex();
  }
}

/** The pages of a written bundle: each page's URL → its Pagefind id (the name of its fragment, as the browser's results name it). */
export function bundlePageIds(outputPath: string): Map<string, string> {
  const ids = new Map<string, string>();
  const folder = join(outputPath, 'fragment');
  if (!existsSync(folder)) return ids;
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.pf_fragment')) continue;
    // gzip of a signature and JSON: a page's fragment, or a group of them by their ids (Pagefind groups small ones)
    const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, unknown>;
    if (typeof fragment.url === 'string') ids.set(fragment.url, name.slice(0, -'.pf_fragment'.length));
    else for (const [id, page] of Object.entries(fragment)) if (typeof (page as { url?: unknown })?.url === 'string') ids.set((page as { url: string }).url, id);
  }
  return ids;
}
