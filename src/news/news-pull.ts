import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { calls, describeIssues } from '../contract/calls';
import { createClient } from '../contract/client';
import { NEWS_EXPORT_MAX, type NewsExportItem } from '../contract/news';
import { NewsItem } from '../content-model/schemas/news';
import { sanitizeHtml } from '../shared/sanitize-html';
import { NEWS_IMAGE_PREFIX, newsImageNames } from '../newsroom/images';

/**
 * The nightly job's work (Node only; `npm run pull-news`): bring content/news up to
 * date with the API, in bulk and incrementally.
 *
 * 1. For each language, one request lists every story with its revision
 *    (exportRevisions; the revision moves whenever the story or its labels change).
 * 2. Only the stories the snapshot does not hold at that revision (new, changed, or
 *    whose file is missing) are fetched in full, up to 500 per request (exportNews),
 *    a few requests at a time; the HTML is sanitized and each file is validated with
 *    the content schema. A story listed but gone by the time it is fetched is treated
 *    as removed.
 * 3. The revisions held are kept in the snapshot itself (`.pull-manifest.json`, with
 *    the API's address: another API means a full pull). A quiet night is two listings
 *    and a comparison, and touches no file.
 *
 * All or nothing: everything is fetched and checked before the snapshot is touched; a
 * changed snapshot is assembled in a temporary folder beside it (unchanged files are
 * hard links, so this costs little at 10,000 stories) and swapped in by two renames,
 * so a failure at any point leaves the previous snapshot as it was.
 */
export interface PullOptions {
  /** Base URL of the API, e.g. http://127.0.0.1:4321/homeapiak */
  apiUrl: string;
  /** The snapshot folder (content/news). */
  dir: string;
  /** Parallel export requests. */
  concurrency?: number;
  /** Stories per export request (at most NEWS_EXPORT_MAX). */
  batchSize?: number;
  /** Accept an API that answers no news at all (otherwise refused, to protect the snapshot). */
  allowEmpty?: boolean;
  fetch?: typeof fetch;
  /** Where the newsroom's uploaded pictures (/files/news/…) that the stories use are copied (public/files/news); none when unset. */
  imagesDir?: string;
}

export interface PullResult {
  changed: boolean;
  added: string[];
  updated: string[];
  removed: string[];
  total: number;
  /** Stories fetched in full (the rest were held at their current revision). */
  fetched: number;
}

/** The revisions a snapshot holds, beside its files. */
export const MANIFEST_FILE = '.pull-manifest.json';
interface Manifest {
  version: 1;
  /** The API the revisions are from. */
  api: string;
  /** `en/{uuid}.json` → revision */
  revisions: Record<string, string>;
}

const LANGS = [
  ['zh', 0],
  ['en', 1],
] as const;

/** The file text of one item: fixed key order, two-space indent, final newline. */
export function newsFileText(item: NewsItem): string {
  const { newsUuid, typeId, title, subTitle, author, statusDt, picUrl, labels, trades, ports, important, summary, body } = item;
  // trades and ports only when the story has some, so untagged stories keep their files as they were
  const tags = { ...(trades?.length ? { trades } : {}), ...(ports?.length ? { ports } : {}) };
  return `${JSON.stringify({ newsUuid, typeId, title, subTitle, author, statusDt, ...(picUrl ? { picUrl } : {}), labels, ...tags, important, summary, body }, null, 2)}\n`;
}

export class PullError extends Error {}

async function pool<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/** One story of the API as its snapshot file text (sanitized, validated). */
function fileOf(story: NewsExportItem, lang: string): string {
  const candidate = {
    newsUuid: story.newsUuid,
    typeId: story.newsTypeId,
    title: story.title,
    subTitle: story.subTitle,
    author: story.author,
    statusDt: story.statusDt,
    ...(story.picUrl ? { picUrl: story.picUrl } : {}),
    labels: story.newLabels.map((l) => l.labelName),
    trades: story.tradeLabelCodes ?? [],
    ports: story.portCodes ?? [],
    important: story.important,
    summary: story.summary,
    body: sanitizeHtml(story.content),
  };
  const parsed = NewsItem.safeParse(candidate);
  if (!parsed.success) throw new PullError(`news ${story.newsUuid} (${lang}) is not valid: ${describeIssues(parsed.error)}`);
  return newsFileText(parsed.data);
}

interface LanguagePull {
  /** Every story the API lists: key → revision. */
  listed: Map<string, string>;
  /** The stories fetched in full: key → file text. */
  fetched: Map<string, string>;
}

/** Lists one language and fetches in full what the snapshot does not hold at its revision. */
async function pullLanguage(options: PullOptions, lang: string, language: 0 | 1, held: (key: string, revision: string) => boolean): Promise<LanguagePull> {
  const url = new URL(options.apiUrl);
  const client = createClient({ target: { origin: url.origin, base: url.pathname.replace(/\/+$/, ''), fetch: options.fetch }, language });
  const { list } = await client.call(calls.newsRevisions);
  const listed = new Map<string, string>();
  const wanted: string[] = [];
  for (const { newsUuid, revision } of list) {
    const key = `${lang}/${newsUuid}.json`;
    if (listed.has(key)) throw new PullError(`news ${newsUuid} (${lang}) is listed twice`);
    listed.set(key, revision);
    if (!held(key, revision)) wanted.push(newsUuid);
  }
  const size = Math.min(options.batchSize ?? NEWS_EXPORT_MAX, NEWS_EXPORT_MAX);
  const batches = Array.from({ length: Math.ceil(wanted.length / size) }, (_, i) => wanted.slice(i * size, (i + 1) * size));
  const fetched = new Map<string, string>();
  const answers = await pool(batches, options.concurrency ?? 4, (ids) => client.call(calls.newsExport, { body: { ids } }));
  const gone = new Set(wanted.map((id) => `${lang}/${id}.json`));
  for (const story of answers.flatMap((a) => a.list)) {
    const key = `${lang}/${story.newsUuid}.json`;
    if (!gone.delete(key)) throw new PullError(`news ${story.newsUuid} (${lang}) was answered but not asked for, or twice`);
    fetched.set(key, fileOf(story, lang));
    listed.set(key, story.revision);
  }
  // asked for but not answered: deleted since the listing
  for (const key of gone) listed.delete(key);
  return { listed, fetched };
}

function readManifest(dir: string, api: string): Map<string, string> {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    if (manifest.version === 1 && manifest.api === api) return new Map(Object.entries(manifest.revisions));
  } catch {
    /* none yet, or unreadable: a full pull */
  }
  return new Map();
}

const manifestText = (api: string, revisions: Map<string, string>) =>
  `${JSON.stringify({ version: 1, api, revisions: Object.fromEntries([...revisions].sort(([a], [b]) => (a < b ? -1 : 1))) } satisfies Manifest)}\n`;

/** The snapshot's file names (en/…, zh/…), without reading them. */
function listTree(dir: string): Set<string> {
  const files = new Set<string>();
  for (const [lang] of LANGS) {
    const folder = join(dir, lang);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) if (name.endsWith('.json')) files.add(`${lang}/${name}`);
  }
  return files;
}

export async function pullNews(options: PullOptions): Promise<PullResult> {
  const dir = resolve(options.dir);
  const api = new URL(options.apiUrl).href.replace(/\/+$/, '');
  const manifest = readManifest(dir, api);
  const present = listTree(dir);
  const held = (key: string, revision: string) => present.has(key) && manifest.get(key) === revision;

  const listed = new Map<string, string>();
  const fetched = new Map<string, string>();
  for (const [lang, language] of LANGS) {
    const part = await pullLanguage(options, lang, language, held);
    for (const [k, v] of part.listed) listed.set(k, v);
    for (const [k, v] of part.fetched) fetched.set(k, v);
  }
  if (listed.size === 0 && !options.allowEmpty) throw new PullError('the API answered no news at all; keeping the snapshot (pass --allow-empty to accept an empty snapshot)');

  const added = [...fetched.keys()].filter((k) => !present.has(k)).sort();
  const updated = [...fetched.keys()].filter((k) => present.has(k) && readFileSync(join(dir, k), 'utf8') !== fetched.get(k)).sort();
  const removed = [...present].filter((k) => !listed.has(k)).sort();
  const result: PullResult = { changed: added.length + updated.length + removed.length > 0, added, updated, removed, total: listed.size, fetched: fetched.size };
  const manifestNext = manifestText(api, listed);
  // the pictures the fetched stories use, beside the snapshot before it changes (a picture more is harmless)
  if (options.imagesDir) await pullImages(options, api, [...fetched.values()]);

  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now()}`;
  if (!result.changed) {
    // the files are current; keep the revisions (one file, replaced by a rename) unless they are too
    if (manifestNext !== manifestText(api, manifest)) {
      const temporary = join(dir, `${MANIFEST_FILE}.${stamp}`);
      writeFileSync(temporary, manifestNext);
      renameSync(temporary, join(dir, MANIFEST_FILE));
    }
    return result;
  }

  const fresh = join(parent, `.${basename(dir)}.new-${stamp}`);
  const old = join(parent, `.${basename(dir)}.old-${stamp}`);
  try {
    for (const [lang] of LANGS) mkdirSync(join(fresh, lang), { recursive: true });
    for (const key of listed.keys()) {
      const text = fetched.get(key);
      if (text !== undefined) writeFileSync(join(fresh, key), text);
      else keepFile(join(dir, key), join(fresh, key));
    }
    writeFileSync(join(fresh, MANIFEST_FILE), manifestNext);
    if (existsSync(dir)) renameSync(dir, old);
    try {
      renameSync(fresh, dir);
    } catch (error) {
      if (existsSync(old)) renameSync(old, dir);
      throw error;
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
  return result;
}

/** Copies the uploaded pictures the stories name that the images folder lacks, from the API's origin. */
async function pullImages(options: PullOptions, api: string, texts: string[]): Promise<void> {
  const dir = resolve(options.imagesDir as string);
  const missing = newsImageNames(...texts).filter((name) => !existsSync(join(dir, name)));
  if (!missing.length) return;
  mkdirSync(dir, { recursive: true });
  const origin = new URL(api).origin;
  for (const name of missing) {
    const response = await (options.fetch ?? fetch)(`${origin}${NEWS_IMAGE_PREFIX}${name}`);
    if (!response.ok) throw new PullError(`the picture ${NEWS_IMAGE_PREFIX}${name} answered HTTP ${response.status}`);
    const temporary = join(dir, `.${name}.${process.pid}`);
    writeFileSync(temporary, new Uint8Array(await response.arrayBuffer()));
    renameSync(temporary, join(dir, name));
  }
}

/** An unchanged file into the new tree: a hard link (no copy), or a copy where links are not allowed. */
function keepFile(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}
