import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, pullNews } from '../../src/news/news-pull';
import { newsItemLabels, newsItems } from '../../src/server/db/schema';
import { readNewsSnapshot } from '../../src/server/news/snapshot';
import { serveOverHttp, startHarness, type Harness } from './harness';

let h: Harness;
let server: Server;
let apiUrl: string;
let work: string;
beforeAll(async () => {
  h = await startHarness();
  ({ server, apiUrl } = await serveOverHttp(h));
  work = mkdtempSync(join(tmpdir(), 'pull-news-'));
});
afterAll(async () => {
  await new Promise((ok) => server?.close(ok));
  await h?.close();
  rmSync(work, { recursive: true, force: true });
});

const tree = (dir: string) =>
  Object.fromEntries(['en', 'zh'].flatMap((lang) => (existsSync(join(dir, lang)) ? readdirSync(join(dir, lang)).map((f) => [`${lang}/${f}`, readFileSync(join(dir, lang, f), 'utf8')]) : [])));
const run = promisify(execFile);

describe('pull-news against the running API', () => {
  it('a first pull writes every story of both languages, valid and sanitized', async () => {
    const dir = join(work, 'news');
    const result = await pullNews({ apiUrl, dir });
    expect(result.changed).toBe(true);
    const seeded = readNewsSnapshot();
    expect(result.added.length).toBe(seeded.length);
    const pulled = readNewsSnapshot(dir);
    expect(pulled.length).toBe(seeded.length);
    const key = (n: { language: number; newsUuid: string }) => `${n.language}/${n.newsUuid}`;
    const byKey = new Map(seeded.map((n) => [key(n), n]));
    for (const n of pulled) {
      const s = byKey.get(key(n))!;
      expect({ ...n, body: undefined }).toEqual({ ...s, body: undefined });
    }
    // no temporary folders left behind
    expect(readdirSync(work)).toEqual(['news']);
  });

  it('the committed snapshot is exactly what a pull of the seeded API writes', async () => {
    const dir = join(work, 'committed');
    cpSync('content/news', dir, { recursive: true });
    try {
      const result = await pullNews({ apiUrl, dir });
      expect(result).toMatchObject({ changed: false, added: [], updated: [], removed: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a second pull changes nothing and touches no file', async () => {
    const dir = join(work, 'news');
    const file = join(dir, 'en', readdirSync(join(dir, 'en'))[0]);
    const before = statSync(file).mtimeMs;
    const result = await pullNews({ apiUrl, dir });
    expect(result).toMatchObject({ changed: false, added: [], updated: [], removed: [] });
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it('a changed item rewrites that file only, with its HTML sanitized', async () => {
    const dir = join(work, 'news');
    const before = tree(dir);
    const [row] = await h.database.db.select().from(newsItems).where(eq(newsItems.language, 1)).limit(1);
    await h.database.db
      .update(newsItems)
      .set({ title: 'Amended: new cut-off times', body: '<p onclick="steal()">Updated.<script>alert(1)</script></p><a href="javascript:x()">here</a>' })
      .where(and(eq(newsItems.uuid, row.uuid), eq(newsItems.language, 1)));
    const result = await pullNews({ apiUrl, dir });
    expect(result).toMatchObject({ changed: true, added: [], updated: [`en/${row.uuid}.json`], removed: [] });
    const after = tree(dir);
    for (const k of Object.keys(before)) if (k !== `en/${row.uuid}.json`) expect(after[k]).toBe(before[k]);
    const item = JSON.parse(after[`en/${row.uuid}.json`]);
    expect(item.title).toBe('Amended: new cut-off times');
    expect(item.body).toBe('<p>Updated.</p><a>here</a>');
  });

  it('a quiet pull fetches no story; a changed one fetches that story only (its labels count too)', async () => {
    const dir = join(work, 'news');
    expect(await pullNews({ apiUrl, dir })).toMatchObject({ changed: false, fetched: 0 });
    const [row] = await h.database.db.select().from(newsItems).where(eq(newsItems.language, 0)).limit(1);
    await h.database.db.delete(newsItemLabels).where(and(eq(newsItemLabels.uuid, row.uuid), eq(newsItemLabels.language, 0)));
    const result = await pullNews({ apiUrl, dir });
    expect(result).toMatchObject({ changed: true, fetched: 1, added: [], updated: [`zh/${row.uuid}.json`], removed: [] });
    expect(JSON.parse(readFileSync(join(dir, 'zh', `${row.uuid}.json`), 'utf8')).labels).toEqual([]);
  });

  it('a snapshot without its manifest (a fresh clone) is pulled in full once, and files stay as they were', async () => {
    const dir = join(work, 'news');
    const before = tree(dir);
    rmSync(join(dir, MANIFEST_FILE));
    const full = await pullNews({ apiUrl, dir });
    expect(full).toMatchObject({ changed: false, fetched: Object.keys(before).length });
    expect(tree(dir)).toEqual(before);
    expect(existsSync(join(dir, MANIFEST_FILE))).toBe(true);
    expect((await pullNews({ apiUrl, dir })).fetched).toBe(0);
    // a file deleted by hand is fetched again
    const gone = Object.keys(before)[3];
    rmSync(join(dir, gone));
    expect(await pullNews({ apiUrl, dir })).toMatchObject({ fetched: 1, added: [gone] });
    expect(tree(dir)).toEqual(before);
  });

  it('an API that fails in the middle of the pull leaves the snapshot and its manifest exactly as they were', async () => {
    const dir = join(work, 'news');
    const before = tree(dir);
    const manifest = readFileSync(join(dir, MANIFEST_FILE), 'utf8');
    rmSync(join(dir, MANIFEST_FILE)); // so that every story is fetched again, in batches of 5
    writeFileSync(join(dir, MANIFEST_FILE), '{}');
    let exports = 0;
    const failing: typeof fetch = async (input, init) => {
      if (String(input).includes('/exportNews') && ++exports === 7) return new Response('upstream reset', { status: 503 });
      return fetch(input, init);
    };
    await expect(pullNews({ apiUrl, dir, fetch: failing, batchSize: 5 })).rejects.toThrow();
    expect(exports).toBeGreaterThanOrEqual(7);
    expect(tree(dir)).toEqual(before);
    expect(readFileSync(join(dir, MANIFEST_FILE), 'utf8')).toBe('{}');
    expect(readdirSync(work)).toEqual(['news']);
    writeFileSync(join(dir, MANIFEST_FILE), manifest);
  });

  it('a deleted item is removed from the snapshot', async () => {
    const dir = join(work, 'news');
    const [row] = await h.database.db.select().from(newsItems).where(eq(newsItems.language, 0)).limit(1);
    await h.database.db.delete(newsItems).where(and(eq(newsItems.uuid, row.uuid), eq(newsItems.language, 0)));
    const result = await pullNews({ apiUrl, dir });
    expect(result.removed).toEqual([`zh/${row.uuid}.json`]);
    expect(existsSync(join(dir, 'zh', `${row.uuid}.json`))).toBe(false);
  });

  it('an API that answers garbage fails and leaves the snapshot untouched', async () => {
    const dir = join(work, 'news');
    const before = tree(dir);
    const garbage: typeof fetch = async () =>
      new Response(JSON.stringify({ code: '200', message: 'success', data: { content: [{ nonsense: true }] } }), { headers: { 'content-type': 'application/json' } });
    await expect(pullNews({ apiUrl, dir, fetch: garbage })).rejects.toThrow(/Unexpected answer/);
    const html: typeof fetch = async () => new Response('<html>502 Bad Gateway</html>', { status: 502 });
    await expect(pullNews({ apiUrl, dir, fetch: html })).rejects.toThrow(/not JSON/);
    expect(tree(dir)).toEqual(before);
    expect(readdirSync(work)).toEqual(['news']);
  });

  it('npm run pull-news: an API that is down exits non-zero with a clear message, the snapshot unchanged', async () => {
    const dir = join(work, 'copy');
    cpSync(join(work, 'news'), dir, { recursive: true });
    const before = tree(dir);
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', () => ok()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const failure = await run(process.execPath, ['scripts/pull-news.mjs', '--dir', dir], { env: { ...process.env, NEWS_API_URL: `http://127.0.0.1:${port}/homeapiak` } }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/pull-news: failed, content\/news left unchanged: Request failed/);
    expect(tree(dir)).toEqual(before);
  });

  it('npm run pull-news against the live API reports what it did', async () => {
    const dir = join(work, 'copy');
    const { stdout } = await run(process.execPath, ['scripts/pull-news.mjs', '--dir', dir], { env: { ...process.env, NEWS_API_URL: apiUrl } });
    expect(stdout).toMatch(/nothing changed/);
  });
});
