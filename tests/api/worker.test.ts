import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_TYPE } from '../../src/contract/wire';
import { createStory, moveStory } from '../../src/newsroom/stories';
import type { StoryContent } from '../../src/newsroom/story';
import { siteBuilds, stories } from '../../src/server/db/schema';
import { openQueue, QUEUES, type SiteQueue } from '../../src/worker/queue';
import { siteStates } from '../../src/worker/site-builds';
import { startWorker } from '../../src/worker/worker';
import { serveOverHttp, startHarness, type Harness } from './harness';

/**
 * The worker on a real queue (pg-boss in the test's database: PGlite, or PostgreSQL in the
 * PostgreSQL run) building a small Astro project of its own, as tests/api/nightly.test.ts does:
 * its page lists the English titles of the snapshot, and refuses to build while a story titled
 * "Break the build" is in it.
 */
let h: Harness;
let server: Server;
let queue: SiteQueue;
const site = resolve(`var/test-worker-${process.pid}`);
const editor = { id: null, email: 'maria.editor@seabridgelines.com' };

beforeAll(async () => {
  h = await startHarness();
  let apiUrl: string;
  ({ server, apiUrl } = await serveOverHttp(h));
  mkdirSync(join(site, 'src/pages'), { recursive: true });
  writeFileSync(
    join(site, 'src/pages/index.astro'),
    `---
import { readdirSync, readFileSync } from 'node:fs';
const titles = readdirSync('content/news/en').map((f) => JSON.parse(readFileSync('content/news/en/' + f, 'utf8')).title);
if (titles.includes('Break the build')) throw new Error('a story titled Break the build');
---
<ul>{titles.map((t) => <li>{t}</li>)}</ul>
`,
  );
  queue = await openQueue(h.database, { databaseUrl: h.databaseUrl, work: true, log: () => {} });
  await startWorker({ db: h.database.db, queue, root: site, newsApiUrl: apiUrl, log: () => {} });
}, 240_000);
afterAll(async () => {
  await queue?.stop();
  await new Promise((ok) => server?.close(ok));
  await h?.close();
  rmSync(site, { recursive: true, force: true });
});

const notice = (title: string): StoryContent => ({
  meta: { typeId: NEWS_TYPE.notices, labels: [], tradeCodes: [], portCodes: ['CNYTN'], statusDt: '2026-11-26', important: false },
  en: { title, subTitle: '', author: '', summary: '', body: '<p>Gates at Yantian are closed.</p>', picUrl: null },
  zh: null,
});
const page = () => readFileSync(join(site, 'dist/index.html'), 'utf8');
const builds = () => h.database.db.select().from(siteBuilds).orderBy(siteBuilds.id);
/** Waits until no build job is waiting or running (pg-boss's job table) and none is recorded as running. */
async function settle() {
  for (let i = 0; i < 600; i++) {
    const open = await h.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUES.build} and state in ('created', 'retry', 'active')`);
    const waiting = Number((open as unknown as { rows: { n: number }[] }).rows[0].n);
    const running = (await builds()).some((b) => b.status === 'building');
    if (waiting === 0 && !running) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the worker did not finish its builds');
}
async function publish(title: string) {
  const { id, version } = await createStory(h.database.db, notice(title), editor);
  await moveStory(h.database.db, id, version, 'published', editor);
  return id;
}
const stateOf = async (id: string) => {
  const [row] = await h.database.db.select({ id: stories.id, siteChangedAt: stories.siteChangedAt }).from(stories).where(eq(stories.id, id));
  return (await siteStates(h.database.db, [row])).get(id);
};

// each test waits for one or two builds of the site copy: minutes on a busy machine
describe('the worker', { timeout: 300_000 }, () => {
  it('a published story is queued, then built into a release and live; the served page shows it', async () => {
    const id = await publish('Typhoon: Yantian gate closed');
    expect(await stateOf(id)).toEqual({ state: 'queued' });
    await queue.requestBuild('test');
    await settle();
    expect(page()).toContain('Typhoon: Yantian gate closed');
    expect(await stateOf(id)).toMatchObject({ state: 'live' });
    const [last] = (await builds()).slice(-1);
    expect(last.release).toMatch(/^\d{8}T\d{6}Z-\d+$/);
    expect(existsSync(join(site, 'var/releases', last.release!, 'index.html'))).toBe(true);
  });

  it('requests that arrive during a build are one next build', async () => {
    const before = (await builds()).length;
    await publish('Congestion surcharge at Yantian from 1 December');
    for (let i = 0; i < 5; i++) await queue.requestBuild(`burst ${i}`);
    await settle();
    const made = (await builds()).length - before;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(2);
    expect(page()).toContain('Congestion surcharge at Yantian from 1 December');
  });

  it('a failed build leaves the site as it was, and the story says why', async () => {
    const before = page();
    const id = await publish('Break the build');
    await queue.requestBuild('test');
    await settle();
    expect(page()).toBe(before);
    const state = await stateOf(id);
    expect(state).toMatchObject({ state: 'failed' });
    expect(state && 'error' in state ? state.error : '').toMatch(/Break the build/);
    // taken off the site again: the next build goes live
    const [row] = await h.database.db.select().from(stories).where(eq(stories.id, id));
    await moveStory(h.database.db, id, row.version, 'unpublished', editor);
    await queue.requestBuild('test');
    await settle();
    expect((await builds()).at(-1)?.status).toBe('live');
  });

  it('publishes the scheduled stories whose time has come, and asks for a build', async () => {
    const { id, version } = await createStory(h.database.db, notice('Rate restoration on the Asia–Europe trade'), editor);
    await moveStory(h.database.db, id, version, 'scheduled', editor, { at: new Date(Date.now() + 500) });
    await new Promise((r) => setTimeout(r, 600));
    // the minute's run, now rather than at the next minute
    await queue.boss.send(QUEUES.due, {});
    // until it is live: published first, then the build asked for and made (settle() alone could look in between)
    for (let i = 0; i < 600 && (await stateOf(id))?.state !== 'live'; i++) await new Promise((r) => setTimeout(r, 250));
    expect(await stateOf(id)).toMatchObject({ state: 'live' });
    expect(page()).toContain('Rate restoration on the Asia–Europe trade');
  });
});
