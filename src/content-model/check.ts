import { globSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, matchesGlob, relative, sep } from 'node:path';
import { explainIssues } from './explain-issues.ts';
import { CONTENT_FILES, type ContentFile } from './registry.ts';
import { readFrontMatter, readJson, type ValuePath } from './source.ts';

/**
 * The content check (npm run content:check, and the first step of the build): every file
 * under content/ against its schema from the registry, with each problem at the line a
 * maintainer has to change. Runs under plain Node (no Vite, no Astro), so it answers in well
 * under a second instead of after a failed build.
 */

/** One thing wrong in content/: the file, the path of the value inside it, its line (null: the file as a whole). */
export interface ContentProblem {
  /** Relative to the project root, with forward slashes: `content/offices/europe.json`. */
  file: string;
  /** `countries[3].offices[0].tel`; `(root)` for the whole file. */
  path: string;
  line: number | null;
  message: string;
}

export interface ContentReport {
  /** How many files were read and checked against a schema. */
  files: number;
  problems: ContentProblem[];
}

/**
 * Files under content/ that no registry pattern covers on purpose. Anything else uncovered is
 * reported: a misnamed file (`europe.jsn`, `offices/Europe.JSON`) would otherwise be silently
 * left out of the site.
 */
export const UNREGISTERED_FILES: readonly string[] = [
  // plain markdown without front matter, imported as is by src/pages/[location]/[lang]/cookiePolicy.astro
  'local/cookie-policy.md',
  // the news pull's record of the revisions it holds (MANIFEST_FILE in src/news/news-pull.ts), not content
  'news/.pull-manifest.json',
];

const CONTENT_DIR = 'content';

/** Checks content/ under `root`; the problems sorted by file, then line. */
export function checkContent(root = process.cwd()): ContentProblem[] {
  return checkContentReport(root).problems;
}

/**
 * {@link checkContent}, with the number of files checked (for the summary line). With
 * `generated: false` the generated files are only accounted for, not read: the build checks
 * them where they are made (the news loader validates every story, with digests of the ones it
 * has seen), and at 10,000 stories per language reading them again would cost the nightly build
 * some 0.7 s.
 */
export function checkContentReport(root = process.cwd(), options: { generated?: boolean } = {}): ContentReport {
  const readGenerated = options.generated ?? true;
  let read = 0;
  const base = join(root, CONTENT_DIR);
  const present = listFiles(base);
  if (present === undefined) return { files: 0, problems: [{ file: `${CONTENT_DIR}/`, path: '(root)', line: null, message: `folder not found under ${root}` }] };
  const problems: ContentProblem[] = [];
  const covered = new Set<string>();
  for (const entry of CONTENT_FILES) {
    const files = globSync(entry.pattern, { cwd: base })
      .map(toPosix)
      .filter((file) => present.has(file))
      .sort();
    // a generated file that is missing is made again by the build's next step (src/build/derived/), not a content problem
    if (files.length === 0 && entry.origin === 'edited') {
      problems.push({ file: `${CONTENT_DIR}/${entry.pattern}`, path: '(root)', line: null, message: `no file matches this pattern of the registry (${entry.label}): moved or renamed?` });
    }
    for (const file of files) {
      covered.add(file);
      if (!readGenerated && entry.origin === 'generated') continue;
      read++;
      problems.push(...checkFile(base, file, entry));
    }
  }
  for (const file of present) {
    if (covered.has(file) || UNREGISTERED_FILES.includes(file)) continue;
    problems.push({ file: `${CONTENT_DIR}/${file}`, path: '(root)', line: null, message: uncoveredMessage(file) });
  }
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : (a.line ?? 0) - (b.line ?? 0)));
  return { files: read, problems };
}

/** `content/offices/europe.json: countries[3].offices[0].tel (line 212): must be …` */
export function formatProblem(problem: ContentProblem): string {
  const line = problem.line === null ? '' : ` (line ${problem.line})`;
  return `${problem.file}: ${problem.path}${line}: ${problem.message}`;
}

/** `countries[3].offices[0].tel`; keys that are not plain names in brackets: `legs["CNSHA-NLRTM"]`. */
export function formatPath(path: ValuePath): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, i) => {
      if (typeof key === 'number') return `[${key}]`;
      if (/^[A-Za-z_$][\w$]*$/.test(key)) return i === 0 ? key : `.${key}`;
      return `[${JSON.stringify(key)}]`;
    })
    .join('');
}

function checkFile(base: string, file: string, entry: ContentFile): ContentProblem[] {
  const name = `${CONTENT_DIR}/${file}`;
  let text: string;
  try {
    text = readFileSync(join(base, file), 'utf8');
  } catch (error) {
    return [{ file: name, path: '(root)', line: null, message: `cannot be read: ${(error as Error).message}` }];
  }
  const read = entry.format === 'json' ? readJson(text) : readFrontMatter(text);
  if (!read.ok) return [{ file: name, path: '(root)', line: read.fault.line, message: read.fault.message }];
  // the input in each issue tells a union's branches apart and words "received …"
  const parsed = entry.schema.safeParse(read.source.value, { reportInput: true });
  if (parsed.success) return [];
  return explainIssues(entry.schema, read.source, parsed.error.issues).map((issue) => ({ file: name, path: formatPath(issue.path), line: issue.line, message: issue.message }));
}

/** What to do about a file no pattern covers; names the patterns for files of its folder, if any. */
function uncoveredMessage(file: string): string {
  const folder = dirname(file);
  const here = CONTENT_FILES.filter((entry) => matchesGlob(folder, dirname(entry.pattern))).map((entry) => entry.pattern);
  const expected = here.length > 0 ? `; files here must match ${here.join(' or ')}` : '';
  return `no content pattern covers this file, so the site ignores it${expected} (rename it, or register it in src/content-model/registry.ts)`;
}

/** Every file under `dir`, relative and with forward slashes, or undefined when there is no such folder. */
function listFiles(dir: string): Set<string> | undefined {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((entry) => entry.isFile()).map((entry) => toPosix(relative(dir, join(entry.parentPath, entry.name)))));
  } catch {
    return undefined;
  }
}

const toPosix = (path: string) => path.split(sep).join('/');
