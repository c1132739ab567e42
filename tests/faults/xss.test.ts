import { readdirSync, readFileSync, statSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every built page is inert apart from the site's own scripts: no inline event
 * handler, no javascript: URL, no script other than the bundled modules, JSON data
 * and the inline scripts Astro lists by hash in the page's content-security-policy.
 * Content HTML (news bodies, FAQ answers, local pages) is sanitized before it is
 * written into a page; this checks what came out.
 */
const root = 'dist/client';

function* htmlFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '_astro' && name !== 'pagefind') yield* htmlFiles(file);
    } else if (name.endsWith('.html')) yield file;
  }
}

describe.runIf(existsSync(`${root}/en/home/index.html`))('built pages', () => {
  it('carry no inline event handler, no javascript: URL and no unlisted script', async () => {
    const { createHash } = await import('node:crypto');
    const problems: string[] = [];
    let pages = 0;
    for (const file of htmlFiles(root)) {
      pages++;
      const html = readFileSync(file, 'utf8');
      const page = file.slice(root.length);
      // attributes only (not text): a tag's on*= attribute
      for (const m of html.matchAll(/<[a-zA-Z][^>]*?\son[a-z]+\s*=\s*["']?[^"'\s>]*/g)) problems.push(`${page}: event handler ${m[0].slice(0, 120)}`);
      for (const m of html.matchAll(/\s(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:/gi)) problems.push(`${page}: javascript: URL ${m[0]}`);
      const csp = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html)?.[1] ?? '';
      for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        const [, attrs, body] = m;
        if (/\bsrc="\/_astro\/[^"]+\.js"/.test(attrs) || /\bsrc="\/[a-z-]+\.js"/.test(attrs)) continue; // bundled or public module of this site
        if (/type="application\/(ld\+)?json"/.test(attrs)) continue; // data, never executed
        const hash = `sha256-${createHash('sha256').update(body).digest('base64')}`;
        if (!csp.includes(hash)) problems.push(`${page}: inline script not listed in the page's policy: ${body.slice(0, 80)}`);
      }
    }
    expect(pages).toBeGreaterThan(500);
    expect(problems.slice(0, 30)).toEqual([]);
  });
});
