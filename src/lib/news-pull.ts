import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { calls, describeIssues } from '../contract/calls';
import { createClient } from '../contract/client';
import type { NewsListItem } from '../contract/news';
import { NewsItem } from '../schemas/news';
import { sanitizeHtml } from './sanitize-html';

/**
 * The nightly job's work (Node only; `npm run pull-news`): read every news item
 * of both languages from the API through the typed client, sanitize the HTML,
 * validate each file with the content schema, and replace content/news only
 * when something changed. Everything is fetched and checked before the
 * snapshot is touched; the new tree is written to a temporary folder beside it
 * and swapped in by two renames, so a failure at any point leaves the previous
 * snapshot as it was.
 */
export interface PullOptions {
  /** Base URL of the API, e.g. http://127.0.0.1:4321/homeapiak */
  apiUrl: string;
  /** The snapshot folder (content/news). */
  dir: string;
  /** Parallel detail requests. */
  concurrency?: number;
  /** Accept an API that answers no news at all (otherwise refused, to protect the snapshot). */
  allowEmpty?: boolean;
  fetch?: typeof fetch;
}

export interface PullResult {
  changed: boolean;
  added: string[];
  updated: string[];
  removed: string[];
  total: number;
}

const LANGS = [
  ['zh', 0],
  ['en', 1],
] as const;
const PAGE = 100;

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

/** Reads all news of one language from the API as snapshot files (name → text). */
async function fetchLanguage(options: PullOptions, language: 0 | 1): Promise<Map<string, string>> {
  const url = new URL(options.apiUrl);
  const client = createClient({ target: { origin: url.origin, base: url.pathname.replace(/\/+$/, ''), fetch: options.fetch }, language });
  const files = new Map<string, string>();
  const types = await client.call(calls.newsTypes);
  for (const { newsTypeId } of types) {
    const listed: NewsListItem[] = [];
    for (let currentPage = 1; ; currentPage++) {
      const page = await client.call(calls.typeNews, { params: { typeId: newsTypeId }, query: { currentPage, size: PAGE } });
      listed.push(...page.list);
      if (page.list.length < PAGE || listed.length >= page.count) break;
    }
    const items = await pool(listed, options.concurrency ?? 8, async (entry) => {
      const [, , detail] = await client.call(calls.newsLastNext, { params: { newsId: entry.newsUuid }, query: { newsTypeUuid: newsTypeId } });
      const candidate = {
        newsUuid: entry.newsUuid,
        typeId: newsTypeId,
        title: detail.title,
        subTitle: detail.subTitle,
        author: detail.author,
        statusDt: detail.statusDt,
        ...(detail.picUrl ? { picUrl: detail.picUrl } : {}),
        labels: detail.newLabels.map((l) => l.labelName),
        trades: detail.tradeLabelCodes ?? [],
        ports: detail.portCodes ?? [],
        important: detail.important,
        summary: detail.summary,
        body: sanitizeHtml(detail.content),
      };
      const parsed = NewsItem.safeParse(candidate);
      if (!parsed.success) throw new PullError(`news ${entry.newsUuid} (${language === 0 ? 'zh' : 'en'}) is not valid: ${describeIssues(parsed.error)}`);
      return parsed.data;
    });
    for (const item of items) {
      const name = `${item.newsUuid}.json`;
      if (files.has(name)) throw new PullError(`news ${item.newsUuid} (${language === 0 ? 'zh' : 'en'}) is listed twice`);
      files.set(name, newsFileText(item));
    }
  }
  return files;
}

function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [lang] of LANGS) {
    const folder = join(dir, lang);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)) if (name.endsWith('.json')) files.set(`${lang}/${name}`, readFileSync(join(folder, name), 'utf8'));
  }
  return files;
}

export async function pullNews(options: PullOptions): Promise<PullResult> {
  const dir = resolve(options.dir);
  const next = new Map<string, string>();
  for (const [lang, language] of LANGS) {
    for (const [name, text] of await fetchLanguage(options, language)) next.set(`${lang}/${name}`, text);
  }
  if (next.size === 0 && !options.allowEmpty) throw new PullError('the API answered no news at all; keeping the snapshot (pass --allow-empty to accept an empty snapshot)');
  const current = readTree(dir);
  const added = [...next.keys()].filter((k) => !current.has(k)).sort();
  const updated = [...next.keys()].filter((k) => current.has(k) && current.get(k) !== next.get(k)).sort();
  const removed = [...current.keys()].filter((k) => !next.has(k)).sort();
  const result = { changed: added.length + updated.length + removed.length > 0, added, updated, removed, total: next.size };
  if (!result.changed) return result;

  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const stamp = `${process.pid}-${Date.now()}`;
  const fresh = join(parent, `.${basename(dir)}.new-${stamp}`);
  const old = join(parent, `.${basename(dir)}.old-${stamp}`);
  try {
    for (const [lang] of LANGS) mkdirSync(join(fresh, lang), { recursive: true });
    for (const [key, text] of next) writeFileSync(join(fresh, key), text);
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
