import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { close as closePagefind } from 'pagefind';
import { buildId } from '../build/build-id.mjs';
import { precompressFile, precompressFolder } from '../build/precompress.mjs';
import { barePage, sitemap } from '../i18n/integration.mjs';
import { NEWS_TYPE } from '../contract/wire';
import type { Locale } from '../i18n/locales';
import { newsDetailFile, newsSearchDocument } from '../news/article';
import { newsFeedXml } from '../news/feed';
import type { NewsListing } from '../news/news-list';
import { bundlePageIds, writeNewsBundle } from '../search/news-index';
import { NEWS_ARCHIVE_BUNDLE, NEWS_RECENT_BUNDLE, SUPERSEDED_FILE, newsBundleOf, recentSince } from '../search/news-bundles';
import { prepareSpares, takeSpare, writePatchRecord } from './spares';
import { RELEASE_FILE, REVISIONS_FILE, removeInBackground } from './releases.mjs';
import { RENDER_PREFIX, RENDER_TOKEN_ENV, RENDER_TOKEN_HEADER } from './render-access';
import { NEWS_STATE_FILE, NEWS_STATE_VERSION, bilingual, newsChanges, readNewsState, readStory, scanSnapshot, type NewsState, type PageWork } from './news-state';

/**
 * A publish without a build: the release served now, copied by hard links into a new release folder,
 * with only what the changed stories touch written again (src/releases/news-state.ts says what):
 * their detail pages and their neighbours', the lists, feeds and home pages that show them, the
 * sitemap, the bare twins, and the search bundle they are in. The pages come from the release's own
 * server code (its components, through the render routes of src/releases/render-access.ts), so they
 * are what a full build of the same news would write; the release's assets are its own.
 *
 * A full build is needed (and the answer says why) when the release has no state or no server code,
 * when the project's files no longer make the release's build identity, when its pages show another
 * year, when its full build is a week old (the recent search bundle grows until the next one), or when
 * so many pages changed that a build is as quick.
 */
export interface PatchOptions {
  /** The project folder: content/news, public/files/news, and the files its build identity is made of. */
  root: string;
  releasesDir: string;
  /** The release served now, and the new one's name. */
  base: string;
  name: string;
  now?: Date;
  /** More detail pages than this to write: a full build instead. */
  maxPages?: number;
  log?: (line: string) => void;
}

export type PatchResult =
  | { patched: false; reason: string /** The release holds the news as it is: nothing to write, nor to build. */; current?: true }
  | {
      patched: true;
      added: number;
      changed: number;
      removed: number;
      pages: number;
      bundles: string[];
      /** Seconds of each step. */
      steps: Record<string, number>;
      /** The release's state and its server code were loaded ahead (preparePatch). */
      ahead: boolean;
    };

/** A release's full build is this old at most for a publish to patch it. */
export const PATCH_MAX_AGE_DAYS = 7;
const MAX_PAGES = 400;

export async function patchRelease(options: PatchOptions): Promise<PatchResult> {
  // loaded ahead by a nightly process standing by for this publish (preparePatch), while the release's state is as it was read
  const ready = prepared;
  prepared = undefined;
  const baseState = join(options.releasesDir, options.base, NEWS_STATE_FILE);
  const ahead = ready?.base === options.base && ready.releasesDir === options.releasesDir && ready.stamp === stampOf(baseState) ? ready : undefined;
  try {
    return await patchWith(options, ahead);
  } finally {
    // its server, when the patch did not use it or stopped before
    ready?.renderer.close();
  }
}

async function patchWith(options: PatchOptions, ahead: Prepared | undefined): Promise<PatchResult> {
  const now = options.now ?? new Date();
  const baseDir = join(options.releasesDir, options.base);
  const dir = join(options.releasesDir, options.name);
  const snapshot = join(options.root, 'content/news');
  const steps: Record<string, number> = {};
  let lap = performance.now();
  const step = (name: string) => {
    const t = performance.now();
    steps[name] = Math.round(t - lap) / 1000;
    lap = t;
  };

  const state = ahead?.state ?? readNewsState(join(baseDir, NEWS_STATE_FILE));
  if (!state) return { patched: false, reason: `release ${options.base} has no news state (made by a full build of the nightly job)` };
  if (!existsSync(join(baseDir, 'server/entry.mjs')) || !existsSync(join(baseDir, 'client'))) return { patched: false, reason: `release ${options.base} has no server code of its own` };
  if (state.year !== now.getFullYear()) return { patched: false, reason: `release ${options.base} shows the year ${state.year}` };
  if (now.getTime() - Date.parse(state.builtAt) > PATCH_MAX_AGE_DAYS * 86_400_000) return { patched: false, reason: `release ${options.base} descends from a full build of ${state.builtAt}` };
  if (buildId(options.root) !== state.buildId) return { patched: false, reason: 'the code or the content (not the news) changed since the release was built' };
  const { stories, read } = scanSnapshot(snapshot, state.stories);
  const changes = newsChanges(state, stories);
  step('state');
  if (!changes.added.length && !changes.changed.length && !changes.removed.length) return { patched: false, current: true, reason: 'the news is as the release holds it' };
  const details = changes.pages.filter((p) => p.kind === 'detail').length;
  if (details > (options.maxPages ?? MAX_PAGES)) return { patched: false, reason: `${details} story pages to write: a build` };

  // the new release folder: a spare brought forward to the release served (src/releases/spares.ts), or else
  // its copy by hard links (at 10,000 stories a language some 160,000 links, tens of seconds on a busy
  // machine); every file written below replaces its link
  const spare = await takeSpare(options.releasesDir, options.base, dir);
  if (!spare) {
    const copied = spawnSync('cp', ['-al', baseDir, dir], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`copying release ${options.base}: ${copied.stderr || copied.error?.message}`);
  }
  // what made the release copied, and the revisions it holds, are its own: the new one's are written when it is served
  for (const own of [RELEASE_FILE, REVISIONS_FILE]) await rm(join(dir, own), { force: true });
  step(spare ? 'spare' : 'copy');
  const client = join(dir, 'client');
  // what the patch wrote and removed, for the record that brings a spare forward (src/releases/spares.ts)
  const written: string[] = [];
  const folders: string[] = [];
  const put = async (file: string, data: string | Buffer) => {
    await replaceFile(join(client, file), data);
    written.push(file);
  };
  let renderer: Renderer | undefined;
  try {
    const code = renderCode(options.releasesDir, dir, state);
    renderer = ahead?.folder === code ? ahead.renderer : await startRenderer(code);
    step('renderer');
    const render = renderer;
    const full = new Map<string, ReturnType<typeof readStory>>();
    const story = (key: string) => full.get(key) ?? full.set(key, readStory(snapshot, key)).get(key)!;
    await pool(changes.pages, 4, async (work) => {
      const { file, body } = await renderPage(render, work, story, state.site);
      await put(file, body);
    });
    step('pages');
    for (const { locale, listing } of changes.gone) {
      const gone = [newsDetailFile(listing, locale).replace(/\/index\.html$/, ''), ...(locale === 'en' ? [`home/News/detail/${listing.newsUuid}/${listing.typeId}`] : [])];
      for (const folder of gone) await removePage(client, folder);
      folders.push(...gone);
    }
    for (const work of changes.pages) {
      if (work.kind !== 'detail' || work.locale !== 'en') continue;
      const { newsUuid, typeId } = stories[work.key].listing;
      const bare = `home/News/detail/${newsUuid}/${typeId}/index.html`;
      if (!existsSync(join(client, bare))) await put(bare, barePage(`/${bare.replace(/\/index\.html$/, '')}`, state.site));
    }
    if (changes.sitemap) await put('sitemap.xml', sitemapWith(readFileSync(join(client, 'sitemap.xml'), 'utf8'), bilingual(stories), state.site));
    for (const name of await syncImages(join(options.root, 'public/files/news'), join(client, 'files/news'))) written.push(`files/news/${name}`);
    step('files');
    const edited = new Set(changes.edited);
    for (const bundle of changes.bundles) {
      const docs = Object.entries(stories)
        .filter(([key, r]) => newsBundleOf(r.listing.statusDt, state.recentSince, edited.has(key)) === bundle)
        .map(([key]) => newsSearchDocument(story(key), key.slice(0, 2) as Locale));
      const target = join(client, 'pagefind', bundle);
      const staging = `${target}.next-${process.pid}`;
      await rm(staging, { recursive: true, force: true });
      const problems = await writeNewsBundle(docs, staging);
      if (problems.length) throw new Error(`pagefind: ${problems.join('; ')}`);
      // the archive's entries of the stories changed or removed since the full build, left out by the browser
      if (bundle === NEWS_RECENT_BUNDLE) await writeFile(join(staging, SUPERSEDED_FILE), JSON.stringify(changes.superseded));
      await precompressFolder(staging);
      await rm(target, { recursive: true, force: true });
      await rename(staging, target);
      folders.push(`pagefind/${bundle}`);
    }
    step('search');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    renderer?.close();
    await closePagefind().catch(() => {});
  }
  writePatchRecord(dir, { base: options.base, files: written.map((f) => `client/${f}`), folders: folders.map((f) => `client/${f}`) });
  await rm(join(dir, NEWS_STATE_FILE), { force: true });
  writeFileSync(join(dir, NEWS_STATE_FILE), JSON.stringify({ ...state, stories, edited: changes.edited, superseded: changes.superseded } satisfies NewsState));
  step('state written');
  options.log?.(`news patch: ${read} story files read, ${written.length} files written, bundles ${changes.bundles.join(', ') || 'none'}`);
  return {
    patched: true,
    added: changes.added.length,
    changed: changes.changed.length,
    removed: changes.removed.length,
    pages: changes.pages.length,
    bundles: changes.bundles,
    steps,
    ahead: renderer === ahead?.renderer,
  };
}

/** After a full build: the release's news state, from the snapshot it was built from. */
export function writeNewsState(options: { root: string; release: string; site: string; since: string; now?: Date }): { stories: number } {
  const now = options.now ?? new Date();
  const { stories } = scanSnapshot(join(options.root, 'content/news'));
  // the archive bundle's page ids, so that a publish can leave out of the results what it makes out of date
  const ids = bundlePageIds(join(options.release, 'client/pagefind', NEWS_ARCHIVE_BUNDLE));
  const archiveIds: Record<string, string> = {};
  for (const [key, record] of Object.entries(stories)) {
    const id = ids.get(`/${newsDetailFile(record.listing, key.slice(0, 2) as Locale).replace(/index\.html$/, '')}`);
    if (id) archiveIds[key] = id;
  }
  const state: NewsState = {
    version: NEWS_STATE_VERSION,
    buildId: buildId(options.root),
    year: now.getFullYear(),
    site: options.site,
    recentSince: options.since,
    builtAt: now.toISOString(),
    stories,
    edited: [],
    archiveIds,
    superseded: [],
  };
  writeFileSync(join(options.release, NEWS_STATE_FILE), JSON.stringify(state));
  return { stories: Object.keys(stories).length };
}

export { recentSince };

/**
 * After a release is served: a spare for the next publish (src/releases/spares.ts), a copy of it made
 * ahead by a process of its own, unless a spare that leads to it is there already. Only for a release a
 * publish can patch (made by a full build of the nightly job, or patched, with its server code).
 */
export function prepareNextCopy(releasesDir: string, served: string): void {
  if (!existsSync(join(releasesDir, served, NEWS_STATE_FILE)) || !existsSync(join(releasesDir, served, 'server/entry.mjs'))) return;
  prepareSpares(releasesDir, served);
}

interface Renderer {
  post(route: string, input: unknown): Promise<string>;
  close(): void;
}

/**
 * After a full build: the server code the publishes will render with, linked to its place (renderCode) and
 * its pages' modules compiled once by rendering a home page and a list with no stories, so that V8's code
 * cache holds them and the first publish after the build does not compile them (3 s at 10,000 stories a
 * language). Returns the seconds it took; nothing for a release a publish cannot patch.
 */
export async function warmRenderCode(releasesDir: string, release: string): Promise<number | undefined> {
  const started = performance.now();
  const loaded = await loadRenderer(releasesDir, release);
  if (!loaded) return undefined;
  loaded.renderer.close();
  return Math.round(performance.now() - started) / 1000;
}

/** What a nightly process standing by for a publish loaded ahead (preparePatch): used by the next patchRelease of that release in this process, once. */
interface Prepared {
  releasesDir: string;
  base: string;
  /** The identity of the state file read (stampOf). */
  stamp: string;
  state: NewsState;
  /** The render code's folder (renderCode) and its server, started. */
  folder: string;
  renderer: Renderer;
}
let prepared: Prepared | undefined;

/**
 * For a nightly process started ahead of the next publish (scripts/nightly.mjs --standby): the served
 * release's news state read and its server code loaded and rendering (the content store of its build
 * read, its pages' modules run once), kept for the next patchRelease of that release in this process.
 * The patch uses them only while the release's state file is the one read here. Returns the seconds it
 * took; nothing for a release a publish cannot patch.
 */
export async function preparePatch(releasesDir: string, base: string): Promise<number | undefined> {
  const started = performance.now();
  prepared?.renderer.close();
  prepared = undefined;
  const loaded = await loadRenderer(releasesDir, base);
  if (!loaded) return undefined;
  prepared = { releasesDir, base, ...loaded };
  return Math.round(performance.now() - started) / 1000;
}

/** A state file's identity (inode, time, size): the same file unchanged. */
function stampOf(file: string): string {
  try {
    const { ino, mtimeMs, size } = statSync(file);
    return `${ino}:${mtimeMs}:${size}`;
  } catch {
    return '';
  }
}

/** A patchable release's state, and its render code started and run once (a home page and a list with no stories). */
async function loadRenderer(releasesDir: string, release: string): Promise<Omit<Prepared, 'releasesDir' | 'base'> | undefined> {
  const dir = join(releasesDir, release);
  const file = join(dir, NEWS_STATE_FILE);
  const stamp = stampOf(file);
  const state = readNewsState(file);
  if (!state || !existsSync(join(dir, 'server/entry.mjs'))) return undefined;
  const folder = renderCode(releasesDir, dir, state);
  const renderer = await startRenderer(folder);
  try {
    await renderer.post('home', { locale: 'en', news: [] });
    await renderer.post('news-list', { locale: 'en', typeId: NEWS_TYPE.notices, items: [] });
  } catch (error) {
    renderer.close();
    throw error;
  }
  return { stamp, state, folder, renderer };
}

/** Where the server code the patches render with is kept (src/releases/news-patch.ts renderCode). */
const RENDER_CODE = '.render';

/**
 * A folder holding the release's server code (`server/`, a copy by hard links) at a path that is the same
 * for every release patched from one full build, whose `server/` they all share (a patch never writes it):
 * V8's code cache (scripts/nightly.mjs) is keyed on a module's path, so the server code, with the data
 * layer it holds (at 10,000 stories a language 3 s to compile), is compiled once a full build instead of
 * at every publish. The folders of other full builds are removed.
 */
function renderCode(releasesDir: string, release: string, state: NewsState): string {
  const key = createHash('sha256').update(`${state.buildId}\n${state.builtAt}`).digest('hex').slice(0, 16);
  const root = join(releasesDir, RENDER_CODE);
  const folder = join(root, key);
  if (!existsSync(join(folder, 'server/entry.mjs'))) {
    const staging = `${folder}.next-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    const copied = spawnSync('cp', ['-al', join(release, 'server'), join(staging, 'server')], { encoding: 'utf8' });
    if (copied.status !== 0) throw new Error(`linking the server code of ${release}: ${copied.stderr || copied.error?.message}`);
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  }
  for (const other of readdirSync(root)) {
    if (other === key || other.startsWith('.removed-')) continue;
    const doomed = join(root, `.removed-${other}-${process.pid}`);
    renameSync(join(root, other), doomed);
    removeInBackground(doomed);
  }
  return folder;
}

/** The server code in `release` (a folder with `server/entry.mjs`) in this process, on a loopback port, answering the render routes to this process's token. */
async function startRenderer(release: string): Promise<Renderer> {
  const token = randomBytes(24).toString('hex');
  process.env[RENDER_TOKEN_ENV] = token;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const { handler } = (await import(pathToFileURL(join(release, 'server/entry.mjs')).href)) as { handler: (req: unknown, res: unknown) => void };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    async post(route, input) {
      const answer = await fetch(`http://127.0.0.1:${port}${RENDER_PREFIX}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [RENDER_TOKEN_HEADER]: token },
        body: JSON.stringify(input),
      });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`rendering ${route}: ${answer.status} ${text.slice(0, 300)}`);
      const csp = answer.headers.get('content-security-policy');
      return csp ? withPolicyMeta(text, csp) : text;
    },
    close() {
      if (!server.listening) return;
      server.close();
      server.closeAllConnections();
    },
  };
}

/**
 * A page rendered on demand carries its content security policy in a header, where the build writes it
 * into the page (a meta element before the page's styles): put it where the build does.
 */
export function withPolicyMeta(html: string, policy: string): string {
  if (html.includes('http-equiv="content-security-policy"')) return html;
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const at = html.search(/<(style|link rel="stylesheet"|script)[\s>]/);
  const head = html.indexOf('</head>');
  const where = at >= 0 && (head < 0 || at < head) ? at : head;
  if (where < 0) throw new Error('a rendered page without a head');
  return html.slice(0, where) + meta + html.slice(where);
}

async function renderPage(renderer: Renderer, work: PageWork, story: (key: string) => ReturnType<typeof readStory>, site: string): Promise<{ file: string; body: string }> {
  switch (work.kind) {
    case 'detail': {
      const item = story(work.key);
      return { file: newsDetailFile(item, work.locale), body: await renderer.post('news-detail', { locale: work.locale, item, prev: work.prev, next: work.next }) };
    }
    case 'list':
      return { file: `${work.locale}/home/News/news/${work.typeId}/index.html`, body: await renderer.post('news-list', { locale: work.locale, typeId: work.typeId, items: work.items }) };
    case 'home':
      return { file: `${work.locale}/home/index.html`, body: await renderer.post('home', { locale: work.locale, news: work.news }) };
    case 'feed':
      return { file: `${work.locale}/home/News/rss/${work.typeId}.xml`, body: newsFeedXml(work.locale, work.typeId, work.items as NewsListing[], site) };
  }
}

/** A file of the new release written anew (never through the hard link it may be), with its .br and .gz twins (each replaced by a rename). */
async function replaceFile(path: string, data: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await rm(path, { force: true });
  await writeFile(path, data);
  await precompressFile(path);
}

/** A page's folder removed from the new release (its links only: the release it was copied from keeps its files). */
async function removePage(client: string, folder: string): Promise<void> {
  await rm(join(client, folder), { recursive: true, force: true });
}

/** The sitemap with the story pages of `stories` (`{newsUuid}/{typeId}` in both languages) in place of those it lists. */
export function sitemapWith(xml: string, stories: string[], site: string): string {
  const prefix = new URL('/en/', site).href;
  const pages = new Set<string>();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = loc.replace(/&amp;/g, '&');
    if (url.startsWith(prefix)) pages.add(url.slice(prefix.length));
  }
  const kept = [...pages].filter((p) => !p.startsWith('home/News/detail/'));
  return sitemap([...kept, ...stories.map((s) => `home/News/detail/${s}`)].sort(), site);
}

/** The newsroom's pictures the pull brought (public/files/news) that the release lacks: their names. */
async function syncImages(from: string, to: string): Promise<string[]> {
  if (!existsSync(from)) return [];
  await mkdir(to, { recursive: true });
  const present = new Set(existsSync(to) ? readdirSync(to) : []);
  const added = readdirSync(from).filter((name) => !present.has(name));
  for (const name of added) await copyFile(join(from, name), join(to, name));
  return added;
}

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
