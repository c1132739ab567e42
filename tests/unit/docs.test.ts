import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ as a reader follows them: every relative link resolves to a file and its
 * #anchor to a heading there (GitHub's slugs), and the README's layout table names every folder of
 * src/ and nothing that is gone.
 */

const root = resolve(import.meta.dirname, '../..');
const markdownFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's heading slug: code marks, link targets and emphasis dropped, punctuation removed, spaces to hyphens. */
const slug = (text: string) =>
  text
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');

/** The lines of a markdown file outside fenced code blocks, with their numbers. */
function proseLines(file: string): [number, string][] {
  let fence = false;
  const out: [number, string][] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^```/.test(line)) fence = !fence;
      else if (!fence) out.push([i + 1, line]);
    });
  return out;
}

const anchorCache = new Map<string, Set<string>>();
function anchors(file: string): Set<string> {
  let set = anchorCache.get(file);
  if (set) return set;
  set = new Set();
  const seen = new Map<string, number>();
  for (const [, line] of proseLines(file)) {
    const m = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const s = slug(m[2]);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    set.add(n ? `${s}-${n}` : s);
  }
  anchorCache.set(file, set);
  return set;
}

/** Broken relative links of one markdown file, as "file:line: target (why)". */
function brokenLinks(rel: string): string[] {
  const file = join(root, rel);
  const broken: string[] = [];
  for (const [n, raw] of proseLines(file)) {
    const line = raw.replace(/`[^`]*`/g, '');
    for (const m of line.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [path, hash] = target.split('#');
      const dest = path ? resolve(dirname(file), path) : file;
      if (!existsSync(dest)) broken.push(`${rel}:${n}: ${target} (no such file)`);
      else if (hash !== undefined && dest.endsWith('.md') && !anchors(dest).has(hash)) broken.push(`${rel}:${n}: ${target} (no such heading)`);
    }
  }
  return broken;
}

describe('links in the README and docs/', () => {
  it.each(markdownFiles)('%s: every relative link and anchor resolves', (rel) => {
    expect(brokenLinks(rel)).toEqual([]);
  });

  it('the checker finds a missing file and a missing heading', () => {
    expect(anchors(join(root, 'docs/architecture.md')).has('shape')).toBe(true);
    expect(slug('Phones and tablets: widths checked')).toBe('phones-and-tablets-widths-checked');
    expect(slug('`src/` and *the* [API](api.md)')).toBe('src-and-the-api');
  });

  it('docs/architecture.md stays an overview (at most 300 lines) and links every domain file', () => {
    const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    expect(text.split('\n').length).toBeLessThanOrEqual(301);
    const domainFiles = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'architecture.md');
    expect(domainFiles.filter((f) => !text.includes(`](${f}`))).toEqual([]);
  });

  it('no heading names an issue instead of its domain', () => {
    const offenders = markdownFiles.flatMap((rel) =>
      proseLines(join(root, rel))
        .filter(([, l]) => /^#{1,6}\s.*\bissue\s+\d+/i.test(l))
        .map(([n, l]) => `${rel}:${n}: ${l}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("the README's layout table", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Layout of the code');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const firstCells = section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => l.split('|')[1]);
  const named = firstCells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));

  it('names every folder of src/', () => {
    const folders = readdirSync(join(root, 'src')).filter((f) => statSync(join(root, 'src', f)).isDirectory());
    const covered = new Set(named.map((p) => p.replace(/\/$/, '')));
    expect(folders.filter((f) => !covered.has(`src/${f}`))).toEqual([]);
  });

  it('names only paths that exist', () => {
    // tests/{unit,api} names tests/unit and tests/api
    const expand = (p: string) => {
      const m = /\{([^}]+)\}/.exec(p);
      return m ? m[1].split(',').map((x) => p.replace(m[0], x)) : [p];
    };
    const paths = named.flatMap(expand);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});
