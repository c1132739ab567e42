import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWS_TYPE } from '../../src/contract/wire';
import { createStory, moveStory } from '../../src/newsroom/stories';
import type { StoryContent } from '../../src/newsroom/story';
import { appMeta, siteBuilds, stories } from '../../src/server/db/schema';
import { ensureQueue, openQueue, QUEUES, type SiteQueue } from '../../src/worker/queue';
import { siteStates } from '../../src/releases/site-state';
import { describeReleases, releasePaths, rollback, useRelease } from '../../src/releases/releases.mjs';
import { importPublishedNews } from '../../src/newsroom/stories';
import { newsItems } from '../../src/server/db/schema';
import { NightlyRunner, startWorker } from '../../src/worker/worker';
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

let apiUrl: string;

beforeAll(async () => {
  h = await startHarness();
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
const paths = () => releasePaths({ root: site });
/** The nightly processes standing by in `root` (their command line and working folder, read in /proc). */
function standingBy(root: string): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.some((a) => a.endsWith('scripts/nightly.mjs')) && args.includes('--standby') && readlinkSync(`/proc/${pid}/cwd`) === root;
      } catch {
        return false;
      }
    })
    .map(Number);
}
const stateOf = async (id: string) => {
  const [row] = await h.database.db.select({ id: stories.id, status: stories.status, siteChangedAt: stories.siteChangedAt }).from(stories).where(eq(stories.id, id));
  return (await siteStates(h.database.db, paths(), [row])).get(id);
};

// each test waits for one or two builds of the site copy: minutes on a busy machine
describe('the worker', { timeout: 300_000 }, () => {
  it('is woken by the queue when a build is asked for: the build queue notifies, and the worker listens on its channel', async () => {
    expect((await queue.boss.getQueue(QUEUES.build))?.notify).toBe(true);
    // a queue made before it notified is brought to it
    await queue.boss.createQueue('notify-later', { policy: 'stately' });
    await ensureQueue(queue.boss, 'notify-later', { policy: 'stately', notify: true });
    expect((await queue.boss.getQueue('notify-later'))?.notify).toBe(true);
    await queue.boss.deleteQueue('notify-later');
    // pg-boss's channel for the schema, as the worker's listening connection holds it
    const rows = async (query: ReturnType<typeof sql>) => (await h.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    const channel = String((await rows(sql`select 'pgboss_' || left(encode(sha224('pgboss'::bytea), 'hex'), 24) as c`)).rows[0].c);
    if (h.database.pglite) {
      // one connection, the worker's own: it listens
      expect((await rows(sql`select pg_listening_channels() as c`)).rows.map((r) => r.c)).toContain(channel);
      // and a build asked for is announced on it
      const heard: string[] = [];
      const unlisten = await h.database.pglite.listen(channel, (payload) => heard.push(payload));
      await queue.requestBuild('notify test');
      await unlisten();
      expect(heard).toContain(QUEUES.build);
    } else {
      // the worker's listening connection, and a build asked for announced on the channel
      const listening = await rows(
        sql`select count(*)::int as n from pg_stat_activity where application_name = 'carrier-worker' and (query ilike ${`%listen%${channel}%`} or query ilike '%pg_listening_channels%')`,
      );
      expect(Number(listening.rows[0].n)).toBeGreaterThan(0);
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: h.databaseUrl });
      await client.connect();
      const heard = new Promise<string>((done) => client.on('notification', (n) => done(String(n.payload))));
      await client.query(`LISTEN "${channel}"`);
      await queue.requestBuild('notify test');
      expect(await heard).toBe(QUEUES.build);
      await client.end();
    }
    await settle();
  });

  it('a nightly process standing by takes the next run: started ahead, it runs on the word with its reasons, and the next one stands by after it', async () => {
    const runner = new NightlyRunner(site, apiUrl, true);
    try {
      expect(standingBy(site)).toHaveLength(1);
      // the word at once, before the process has started to listen for it: it is sent when it listens
      const id = await publish('Ningbo: berth windows moved');
      const first = await runner.run([`${id} published`]);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain('nightly: standing by');
      expect(page()).toContain('Ningbo: berth windows moved');
      expect(describeReleases(paths()).at(-1)?.madeBy?.reasons).toEqual([`${id} published`]);
      // the next one, started as the run ended, takes the next run
      await expect.poll(() => standingBy(site).length, { timeout: 60_000 }).toBe(1);
      // it stands by for the release served: another one switched in while it waits (a rollback), it follows
      const served = describeReleases(paths()).at(-1)!.name;
      await expect.poll(() => runner.standingBy(), { timeout: 60_000 }).toContain(`standing by for release ${served}`);
      const older = describeReleases(paths()).at(-2)!.name;
      useRelease(paths(), older);
      await expect.poll(() => runner.standingBy(), { timeout: 60_000 }).toContain(`standing by for release ${older}`);
      useRelease(paths(), served);
      const second = await runner.run(['nothing new']);
      expect(second.code, second.output).toBe(0);
      expect(second.output).toContain('nightly: standing by');
      expect(second.output).toContain('news unchanged');
    } finally {
      runner.stop();
    }
    await expect.poll(() => standingBy(site), { timeout: 30_000 }).toEqual([]);
  });

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

  it('the site state is read from the served release: rolled back, moved forward with use, unpublished but still served, imported', async () => {
    const id = await publish('Yantian gates open again');
    await queue.requestBuild(`${id} published`);
    await settle();
    const live = await stateOf(id);
    expect(live).toMatchObject({ state: 'live' });
    const newest = describeReleases(paths()).at(-1)!;
    expect(newest).toMatchObject({ served: true, madeBy: { kind: 'publish' } });
    expect(newest.madeBy?.reasons).toContain(`${id} published`);
    expect(newest.madeBy?.stories).toContain(`en/${id}`);
    // the stories the public API served before the newsroom (imported) are on the site: live
    await importPublishedNews(h.database.db);
    const [imported] = await h.database.db.select({ id: stories.id }).from(stories).where(eq(stories.createdBy, 'import')).limit(1);
    expect(imported).toBeDefined();
    expect(await stateOf(imported.id)).toMatchObject({ state: 'live' });

    // rolled back: the served release lacks it, the newer one kept has it
    const { from, to } = rollback(paths());
    const back = await stateOf(id);
    expect(back).toMatchObject({ state: 'rolledBack', release: to });
    expect(page()).not.toContain('Yantian gates open again');
    const listed = describeReleases(paths()).find((r) => r.name === from)!;
    expect(listed.adds).toContain(`en/${id}`);
    // a fresh process (a restart) reads the same: nothing is remembered
    vi.resetModules();
    const fresh = (await import('../../src/releases/site-state')) as typeof import('../../src/releases/site-state');
    const [row] = await h.database.db.select().from(stories).where(eq(stories.id, id));
    expect((await fresh.siteStates(h.database.db, paths(), [row])).get(id)).toMatchObject({ state: 'rolledBack' });

    // forward again with use: live, since the switch
    useRelease(paths(), from as string);
    const again = await stateOf(id);
    expect(again).toMatchObject({ state: 'live', release: from });
    expect(Date.parse((again as { since: string }).since)).toBeGreaterThanOrEqual(Date.parse((live as { since: string }).since));
    expect(page()).toContain('Yantian gates open again');

    // behind a CDN edge (src/edge/): live only once the edge has been purged for the served release; its
    // reconciler's record says how far it got (tests/api/edge.test.ts runs it against a real Varnish)
    const edgeRecord = (purged: string, failingSince: string | null) =>
      h.database.db
        .insert(appMeta)
        .values({ key: 'edge_purge', value: JSON.stringify({ purged, target: from, steps: [], failingSince, lastError: failingSince && 'varnish: refused', pathsSent: 0, pathsFailed: 0 }) })
        .onConflictDoUpdate({ target: appMeta.key, set: { value: sql`excluded.value` } });
    await edgeRecord(to, '2026-11-28T08:00:00.000Z');
    expect(await stateOf(id)).toMatchObject({ state: 'edge', release: from, failingSince: '2026-11-28T08:00:00.000Z' });
    await edgeRecord(from as string, null);
    expect(await stateOf(id)).toMatchObject({ state: 'live', release: from });
    await h.database.db.delete(appMeta).where(eq(appMeta.key, 'edge_purge'));

    // unpublished: still on the site until a build takes it off
    await moveStory(h.database.db, id, row.version, 'unpublished', editor);
    expect(await stateOf(id)).toMatchObject({ state: 'stillServed', release: from });
    expect((await h.database.db.select().from(newsItems).where(eq(newsItems.uuid, id))).length).toBe(0);
    await queue.requestBuild(`${id} unpublished`);
    await settle();
    expect(await stateOf(id)).toBeUndefined();
  });
});
