import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { inviteStaff, signInStaff } from '../../scripts/lib/staff-client.mjs';
import { expect, test } from '../e2e/fixtures';
import { type RawAnswer, rawRequest } from '../faults/support';

/**
 * The edge purged by every change of the served release, end to end: Varnish before nginx before the
 * API processes, and the worker (scripts/worker.mjs) beside them, on a copy of the project served from
 * its releases (scripts/lib/nginx-stack.mjs, `site`). An editor publishes through the edge; the worker
 * patches a release and switches to it; its reconciler (src/edge/reconciler.ts) purges exactly the
 * paths that changed, in every encoding. A rollback is seen at the edge; with the edge down nginx
 * still serves, the purge waits in the queue (the newsroom says it is failing) and completes once the
 * edge is back. Runs after the other smoke tests (they compare pages with the build's files) and
 * before the failover, one test after another: each one starts where the one before left the site.
 */

const edge = process.env.EDGE_BASE_URL ?? '';
const nginx = process.env.NGINX_BASE_URL!;
const control = process.env.EDGE_CONTROL_URL ?? '';
const siteRoot = process.env.SITE_ROOT ?? '';
test.skip(!edge || !siteRoot, 'no edge: varnishd is not installed (apt-get install varnish)');
test.describe.configure({ mode: 'serial' });

const NOTICES = '50000000000000231';
const LIST = `/en/home/News/news/${NOTICES}`;
const RSS = `/en/home/News/rss/${NOTICES}.xml`;
/** A page no publish of a notice changes: it must stay in the edge's store. */
const UNTOUCHED = '/en/home/About/history';
const title = `Typhoon Koinu: Yantian terminal gates closed ${Date.now()}`;
const ENCODINGS = [
  ['br', (b: Buffer) => brotliDecompressSync(b)],
  ['gzip', (b: Buffer) => gunzipSync(b)],
  ['identity', (b: Buffer) => b],
] as const;

/** The page as the edge answers it in one encoding: its status, whether the edge held it, its text. */
async function atEdge(path: string, encoding = 'identity'): Promise<{ answer: RawAnswer; text: string }> {
  const answer = await rawRequest(`${edge}${path}`, { 'accept-encoding': encoding });
  const decode = ENCODINGS.find(([e]) => e === (answer.headers['content-encoding'] ?? 'identity'))![1];
  return { answer, text: answer.status === 200 ? decode(answer.body).toString('utf8') : '' };
}

/** Whether every encoding of the page at the edge carries the text (or, with `present` false, none does). */
async function everyEncoding(path: string, text: string, present = true): Promise<boolean> {
  for (const [encoding] of ENCODINGS) if ((await atEdge(path, encoding)).text.includes(text) !== present) return false;
  return true;
}

/** `npm run release -- …` in the copy of the project, as an operator runs it there. */
function release(...args: string[]): string {
  const done = spawnSync(resolve('node_modules/.bin/node'), ['scripts/release.mjs', ...args], { cwd: siteRoot, encoding: 'utf8' });
  expect(done.status, `${done.error ?? ''}${done.stderr}`).toBe(0);
  return done.stdout;
}

let staff: Awaited<ReturnType<typeof signInStaff>>;
let id = '';
const detail = () => `/en/home/News/detail/${id}/${NOTICES}`;
/** The story's site state in the newsroom, asked through the edge (or nginx behind it, while the edge is down). */
const siteState = async (via = edge) => ((await staff(`/news/stories/${id}`, undefined, via)) as { story: { site: { state: string; failingSince?: string | null } | null } }).story.site;

test.beforeAll(async () => {
  const email = 'edge.editor@seabridgelines.com';
  const token = inviteStaff({
    email,
    role: 'editor',
    name: 'Edge Editor',
    node: 'node_modules/.bin/node',
    env: { ...process.env, DATABASE_URL: process.env.STACK_DATABASE_URL, DATA_DIR: process.env.STACK_DATA_DIR, STAFF_ORIGIN: edge, LOG_LEVEL: 'error' },
  });
  staff = await signInStaff(edge, { email, token, password: 'Edge gate at Yantian 2026' });
});

test('a publish purges exactly what changed: its detail page, the list in br, gzip and identity, the RSS feed fresh at the edge; an untouched page stays in its store; the newsroom says live only then', async () => {
  test.setTimeout(600_000);
  // the edge holds the list, the feed and an untouched page in every encoding
  for (const path of [LIST, RSS, UNTOUCHED]) for (const [encoding] of ENCODINGS) await atEdge(path, encoding);
  for (const path of [LIST, RSS, UNTOUCHED]) for (const [encoding] of ENCODINGS) expect((await atEdge(path, encoding)).answer.headers['x-cache'], `${path} ${encoding}`).toBe('HIT');

  const created = (await staff('/news/stories', {
    meta: { typeId: NOTICES, labels: ['port-operations'], tradeCodes: [], portCodes: ['CNYTN'], statusDt: new Date().toISOString().slice(0, 10), important: true },
    en: { title, body: `<p>${title}. Export cargo cut-off moves by 24 hours.</p>` },
    zh: { title: '台风“小犬”：盐田码头闸口关闭', body: '<p>盐田国际集装箱码头闸口关闭，出口截关时间顺延24小时。</p>' },
  })) as { id: string; version: number };
  id = created.id;
  // asked before it is there: the edge keeps the 404 a minute, and the purge of the new page drops it
  expect((await atEdge(detail())).answer.status).toBe(404);
  await staff(`/news/stories/${id}/publish`, { version: created.version });

  // the worker patches a release and switches; the reconciler purges: the edge serves the new pages
  await expect.poll(async () => (await atEdge(detail())).answer.status, { timeout: 480_000, intervals: [500] }).toBe(200);
  await expect.poll(() => everyEncoding(LIST, title), { timeout: 60_000, intervals: [500] }).toBe(true);
  await expect.poll(() => everyEncoding(RSS, title), { timeout: 60_000, intervals: [500] }).toBe(true);
  for (const [encoding] of ENCODINGS) expect((await atEdge(UNTOUCHED, encoding)).answer.headers['x-cache'], `${UNTOUCHED} ${encoding}: not purged`).toBe('HIT');
  // live in the newsroom once the edge is purged for the served release (src/releases/site-state.ts)
  await expect.poll(async () => (await siteState())?.state, { timeout: 60_000, intervals: [500] }).toBe('live');
});

test('a rollback is seen at the edge: the story’s page gone, the list without it; `release use` serves it again', async () => {
  test.setTimeout(300_000);
  expect(id).toBeTruthy();
  const published = /now serving (\S+) \(was (\S+)\)/.exec(release('rollback'))!;
  expect(published).toBeTruthy();
  await expect.poll(async () => (await atEdge(detail())).answer.status, { timeout: 120_000, intervals: [500] }).toBe(404);
  await expect.poll(() => everyEncoding(LIST, title, false), { timeout: 60_000, intervals: [500] }).toBe(true);
  await expect.poll(async () => (await siteState())?.state, { timeout: 60_000, intervals: [500] }).toBe('rolledBack');
  release('use', published[2]);
  await expect.poll(async () => (await atEdge(detail())).answer.status, { timeout: 120_000, intervals: [500] }).toBe(200);
  await expect.poll(() => everyEncoding(LIST, title), { timeout: 60_000, intervals: [500] }).toBe(true);
  await expect.poll(async () => (await siteState())?.state, { timeout: 60_000, intervals: [500] }).toBe('live');
});

test('the edge down: nginx still serves; the purge waits in the queue, the newsroom says it is failing, and it completes once the edge is back', async () => {
  test.setTimeout(420_000);
  expect(id).toBeTruthy();
  expect((await fetch(`${control}/stop`, { method: 'POST' })).status).toBe(204);
  try {
    expect((await rawRequest(`${nginx}${LIST}`)).status).toBe(200);
    // a switch while the edge is down: the story off the site, its purge refused by a closed port
    const back = /now serving \S+ \(was (\S+)\)/.exec(release('rollback'))!;
    expect((await rawRequest(`${nginx}${detail()}`)).status).toBe(404);
    await expect.poll(async () => (await siteState(nginx))?.state, { timeout: 60_000, intervals: [500] }).toBe('rolledBack');
    // served again while the edge is still down: on the site, the edge not cleared, its purges failing
    release('use', back[1]);
    await expect
      .poll(
        async () => {
          const state = await siteState(nginx);
          return state?.state === 'edge' && Boolean(state.failingSince);
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe(true);
  } finally {
    expect((await fetch(`${control}/start`, { method: 'POST' })).status).toBe(204);
  }
  // the queue's retries (back-off up to a minute apart) reach the edge again: the purges complete
  await expect.poll(async () => (await siteState())?.state, { timeout: 240_000, intervals: [1000] }).toBe('live');
  expect((await atEdge(detail())).answer.status).toBe(200);
  expect(await everyEncoding(LIST, title)).toBe(true);
});
