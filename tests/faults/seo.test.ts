import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = 'dist/client';

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Every page a search engine may index (no `robots: noindex`) has a language, a title and its own
 * meta description of plain text (Lighthouse's SEO audits; a page without one scored 92): the built
 * site in both languages and every local site's pages.
 */
describe.runIf(existsSync(`${ROOT}/en/home/index.html`))('what search engines read of every built page', () => {
  it('an indexable page has a language, a title and a meta description', () => {
    const problems: string[] = [];
    let indexable = 0;
    for (const file of htmlFiles(ROOT)) {
      const head = readFileSync(file, 'utf8').split('</head>')[0];
      if (/<meta name="robots" content="noindex/.test(head)) continue;
      indexable++;
      const page = file.slice(ROOT.length);
      if (!/<html lang="[a-zA-Z-]+"/.test(head)) problems.push(`${page}: no lang on <html>`);
      if (!/<title>[^<]{2,}<\/title>/.test(head)) problems.push(`${page}: no title`);
      const tag = /<meta name="description"[^>]*>/.exec(head)?.[0];
      const description = tag && attribute(tag, 'content');
      if (!description) problems.push(`${page}: no meta description`);
      else if (description.trim().length < 12) problems.push(`${page}: a meta description of ${description.trim().length} characters`);
      else if (/<|&lt;/.test(description)) problems.push(`${page}: markup in the meta description`);
    }
    expect(indexable).toBeGreaterThan(500);
    expect(problems.slice(0, 40), `${problems.length} pages`).toEqual([]);
  });
});
