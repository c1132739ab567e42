import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContentProblem, checkContent, checkContentReport, formatProblem } from '../../src/content-model/check';

/**
 * The content check against the real content/ (must pass) and against a copy with one fault
 * of each kind injected, each expected at the line found by searching the copy's text, so the
 * test does not depend on where things happen to be in today's files.
 */

const NODE = resolve('node_modules/.bin/node');
const runCli = (...args: string[]) => spawnSync(NODE, ['scripts/content-check.ts', ...args], { encoding: 'utf8' });

/** 1-based line of `offset` in `text`. */
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** Offset of `needle` in `text`, failing loudly when the content no longer has it. */
function find(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  if (at === -1) throw new Error(`test setup: ${JSON.stringify(needle)} not found`);
  return at;
}

describe('content check', () => {
  it('passes the real content with no problem', () => {
    expect(checkContent().map(formatProblem)).toEqual([]);
  });

  it('in the build (generated: false) reads only the edited files: a broken story is left to the news loader, a broken office is not', () => {
    const root = mkdtempSync(join(tmpdir(), 'content-check-build-'));
    try {
      cpSync('content', join(root, 'content'), { recursive: true });
      const all = checkContentReport(root);
      const edited = checkContentReport(root, { generated: false });
      expect(edited.problems).toEqual([]);
      expect(edited.files).toBeLessThan(all.files);
      const newsFile = join(root, 'content/news/en', readdirSync(join(root, 'content/news/en')).find((f) => f.endsWith('.json'))!);
      writeFileSync(newsFile, '{"broken": true}');
      expect(checkContentReport(root).problems.map((p) => p.file)).toContain(`content/news/en/${newsFile.split('/').pop()}`);
      expect(checkContentReport(root, { generated: false }).problems).toEqual([]);
      writeFileSync(join(root, 'content/offices/europe.json'), readFileSync('content/offices/europe.json', 'utf8').replace('+49 40 3609 6700', '040 36096700'));
      expect(checkContentReport(root, { generated: false }).problems.map((p) => p.file)).toEqual(['content/offices/europe.json']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('formats a problem as file: path (line): message', () => {
    const problem: ContentProblem = { file: 'content/offices/europe.json', path: 'countries[3].offices[0].tel', line: 212, message: 'must be …' };
    expect(formatProblem(problem)).toBe('content/offices/europe.json: countries[3].offices[0].tel (line 212): must be …');
    expect(formatProblem({ ...problem, line: null, path: '(root)' })).toBe('content/offices/europe.json: (root): must be …');
  });

  describe('on a copy of content/ with faults', () => {
    let root: string;
    const expected: Omit<ContentProblem, 'message'>[] = [];
    const messages = new Map<string, RegExp>();

    /** Rewrites a file of the copy and records the problem it must cause. */
    function inject(file: string, change: (text: string) => { text: string; path: string; line: number | null }, message: RegExp) {
      const full = join(root, 'content', file);
      const { text, path, line } = change(readFileSync(full, 'utf8'));
      writeFileSync(full, text);
      expected.push({ file: `content/${file}`, path, line });
      messages.set(`content/${file} ${path}`, message);
    }

    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), 'content-check-'));
      cpSync('content', join(root, 'content'), { recursive: true });

      // a bad phone number deep in europe.json: the last office of the fourth country
      inject(
        'offices/europe.json',
        (text) => {
          const country = JSON.parse(text).countries[3];
          const o = country.offices.length - 1;
          const at = find(text, '"tel": ', find(text, `"id": "${country.offices[o].id}"`));
          const end = text.indexOf('\n', at);
          return { text: `${text.slice(0, at)}"tel": "0031-10-2174400",${text.slice(end)}`, path: `countries[3].offices[${o}].tel`, line: lineOf(text, at) };
        },
        /^must be an international number such as \+31 10 217 4400/,
      );

      // a JSON syntax error: the first comma between two properties removed
      inject(
        'about/leaders.json',
        (text) => {
          const at = find(text, '",\n');
          return { text: `${text.slice(0, at + 1)}${text.slice(at + 2)}`, path: '(root)', line: lineOf(text, at) + 1 };
        },
        /^not valid JSON \(column \d+\): a comma is expected/,
      );

      // an unknown key beside an office's id
      inject(
        'offices/asia.json',
        (text) => {
          const id = JSON.parse(text).countries[0].offices[0].id;
          const at = find(text, `"id": "${id}",`);
          return { text: text.replace(`"id": "${id}",`, `"id": "${id}", "remarks": "call first",`), path: 'countries[0].offices[0].remarks', line: lineOf(text, at) };
        },
        /^unknown key "remarks" \(allowed here: id, city, company, address, tel, fax, linkmen\)$/,
      );

      // a missing required key: the company of an office, reported at the office's opening brace
      inject(
        'offices/africa.json',
        (text) => {
          const id = JSON.parse(text).countries[0].offices[0].id;
          const office = text.lastIndexOf('{', find(text, `"id": "${id}"`));
          const company = find(text, '"company": ', office);
          const end = text.indexOf('\n', company);
          return { text: `${text.slice(0, company)}${text.slice(end + 1).trimStart()}`, path: 'countries[0].offices[0]', line: lineOf(text, office) };
        },
        /^missing required key "company" \(expected: Company or branch name/,
      );

      // a bad date in the front matter of a markdown page
      inject(
        'pages/en/terms.md',
        (text) => {
          const at = find(text, '\nupdated: ') + 1;
          const end = text.indexOf('\n', at);
          return { text: `${text.slice(0, at)}updated: 2026-13-01${text.slice(end)}`, path: 'updated', line: lineOf(text, at) };
        },
        /^not a valid date: "2026-13-01" \(expected: .*YYYY-MM-DD\)$/,
      );

      // a stray file no pattern covers
      writeFileSync(join(root, 'content/offices/misnamed.txt'), 'Rotterdam office, see europe.json\n');
      expected.push({ file: 'content/offices/misnamed.txt', path: '(root)', line: null });
      messages.set('content/offices/misnamed.txt (root)', /^no content pattern covers this file.*offices\/\*\.json/);

      // a registry pattern left without files
      rmSync(join(root, 'content/scl'), { recursive: true });
      expected.push({ file: 'content/scl/*.json', path: '(root)', line: null });
      messages.set('content/scl/*.json (root)', /^no file matches this pattern of the registry/);
    });

    afterAll(() => {
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('reports each fault, and nothing else, with its file, path and line', () => {
      const problems = checkContent(root);
      const order = (a: Omit<ContentProblem, 'message'>, b: Omit<ContentProblem, 'message'>) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);
      expect(problems.map(({ file, path, line }) => ({ file, path, line })).sort(order)).toEqual([...expected].sort(order));
      for (const problem of problems) expect(problem.message).toMatch(messages.get(`${problem.file} ${problem.path}`) as RegExp);
    });

    it('prints the problems and exits 1 from the command line', () => {
      const run = runCli('--root', root);
      expect(run.status).toBe(1);
      const phone = checkContent(root).find((p) => p.path.endsWith('.tel')) as ContentProblem;
      expect(run.stderr).toContain(`${formatProblem(phone)}\n`);
      expect(run.stderr).toMatch(/content:check: 7 problems in 7 files \(\d+ files checked, \d+ ms\)\n$/);
    });
  });

  it('exits 0 with a one-line summary on the real content', () => {
    const run = runCli();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^content:check: \d+ files OK \(\d+ ms\)\n$/);
  });
});
