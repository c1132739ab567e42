import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_PURGE_JOB_PATHS, EDGE_PURGE_QUEUE, edgeState, startEdgeReconciler } from '../../src/edge/reconciler';
import { varnishPurger } from '../../src/edge/varnish';
import { activate, releasePaths } from '../../src/releases/releases.mjs';
import { appMeta } from '../../src/server/db/schema';
import { varnishEdge } from '../../scripts/lib/nginx-stack.mjs';
import { freePort } from '../../scripts/lib/serve-built.mjs';
import { openQueue, type SiteQueue } from '../../src/worker/queue';
import { startHarness, type Harness } from './harness';

/**
 * The edge purge end to end: a real Varnish (deploy/varnish/'s VCL) before a static server of the
 * served link (as nginx serves dist/client), releases switched by src/releases/'s activate() as every
 * publish, nightly build and rollback switches them, and the reconciler (src/edge/reconciler.ts) on a
 * real queue (pg-boss in the test's database) purging the edge of exactly the paths that changed.
 * The edge down: the purge waits in the queue, the state says it is failing, and it completes once
 * the edge is back. Outside CI a missing varnishd skips those; under CI they fail. Then a switch of more
 * paths than a job carries, purged through the Varnish adapter at an in-process server that counts
 * each PURGE and refuses one batch's paths for a while: several jobs, the refused one retried alone.
 */

const ci = process.env.CI === 'true' || process.env.CI === '1';
const varnishd = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((p) => existsSync(p));
const root = resolve(`var/test-edge-${process.pid}`);
const paths = releasePaths({ root });
const R1 = '20261101T000000Z-1';
const R2 = '20261102T000000Z-1';
const R3 = '20261103T000000Z-1';

function release(name: string, pages: Record<string, string>, into = paths) {
  for (const [file, text] of Object.entries(pages)) {
    mkdirSync(join(into.releasesDir, name, 'client', file, '..'), { recursive: true });
    writeFileSync(join(into.releasesDir, name, 'client', file), text);
  }
}

describe.skipIf(!varnishd && !ci)('the edge purged on every switch of the served release (outside CI: skipped without varnishd)', () => {
  let h: Harness;
  let queue: SiteQueue;
  let origin: Server;
  let edge: ReturnType<typeof varnishEdge>;
  let reconciler: Awaited<ReturnType<typeof startEdgeReconciler>>;
  const asked: string[] = [];

  beforeAll(async () => {
    expect(varnishd, 'varnishd is required under CI (apt-get install varnish)').toBeTruthy();
    rmSync(root, { recursive: true, force: true });
    release(R1, { 'en/news/index.html': 'news r1', 'en/about/index.html': 'about r1', 'index.html': 'home r1' });
    release(R2, { 'en/news/index.html': 'news r2', 'en/about/index.html': 'about r1', 'index.html': 'home r1' });
    release(R3, { 'en/news/index.html': 'news r2', 'en/about/index.html': 'about r3', 'index.html': 'home r1' });
    activate(paths, R1);
    // the origin, as nginx: the file under the link, read at each request
    origin = createServer((req, res) => {
      const path = req.url!.split('?')[0];
      asked.push(path);
      if (path === '/homeapiak/health') return void res.end('ok');
      const file = join(paths.dist, 'client', path.endsWith('/') ? `${path}index.html` : `${path}/index.html`);
      if (!existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, max-age=60', 'surrogate-control': 'max-age=86400' }).end(readFileSync(file));
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    edge = varnishEdge({ backend: `127.0.0.1:${(origin.address() as AddressInfo).port}`, port: await freePort(), stateDir: join(root, 'varnish') });
    await edge.start();
    h = await startHarness();
    queue = await openQueue(h.database, { databaseUrl: h.databaseUrl, work: true, log: () => {} });
    reconciler = await startEdgeReconciler({ db: h.database.db, boss: queue.boss, purger: varnishPurger({ url: edge.base }), root, intervalMs: 500, log: () => {} });
  }, 240_000);
  afterAll(async () => {
    await reconciler?.stop();
    await queue?.stop();
    await h?.close();
    await edge?.stop();
    await new Promise((r) => origin?.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  const at = async (path: string) => {
    const answer = await fetch(`${edge.base}${path}`);
    return { text: await answer.text(), cache: answer.headers.get('x-cache') };
  };
  const state = () => edgeState(h.database.db, root);

  it('records the release it starts with as the one the edge holds, and the edge keeps its pages', async () => {
    await expect.poll(async () => (await state()).purged).toBe(R1);
    expect(await state()).toMatchObject({ configured: true, served: R1, current: true, pending: 0 });
    for (const path of ['/en/news/', '/en/about/', '/']) await at(path);
    expect(await at('/en/news/')).toEqual({ text: 'news r1', cache: 'HIT' });
  });

  it('a switch (a publish): the changed page is purged and served new, an unchanged one stays in the edge', async () => {
    activate(paths, R2);
    await expect.poll(async () => (await at('/en/news/')).text, { timeout: 30_000 }).toBe('news r2');
    await expect.poll(async () => (await state()).purged, { timeout: 30_000 }).toBe(R2);
    expect(await state()).toMatchObject({ served: R2, current: true, pending: 0, failingSince: null });
    // exactly what changed: the others are still the edge's
    expect((await at('/en/about/')).cache).toBe('HIT');
    expect((await at('/')).cache).toBe('HIT');
  });

  it('a rollback: the edge serves the old page again', async () => {
    await at('/en/news/');
    expect((await at('/en/news/')).cache).toBe('HIT');
    activate(paths, R1);
    await expect.poll(async () => (await at('/en/news/')).text, { timeout: 30_000 }).toBe('news r1');
    await expect.poll(async () => (await state()).purged, { timeout: 30_000 }).toBe(R1);
  });

  it('the edge down: the purge waits in the queue, the state says it fails, and it completes once the edge is back', async () => {
    await at('/en/about/');
    await edge.stop();
    activate(paths, R3);
    await expect.poll(async () => (await state()).failingSince, { timeout: 30_000 }).not.toBeNull();
    const failing = await state();
    expect(failing).toMatchObject({ served: R3, purged: R1, current: false });
    expect(failing.pending).toBeGreaterThan(0);
    expect(failing.lastError).toMatch(/varnish/);
    expect(failing.pathsFailed).toBeGreaterThan(0);
    await edge.start();
    // retried with back-off (up to a minute apart)
    await expect.poll(async () => (await state()).current, { timeout: 150_000, interval: 1000 }).toBe(true);
    expect(await state()).toMatchObject({ purged: R3, pending: 0, failingSince: null, lastError: null });
    expect((await at('/en/about/')).text).toBe('about r3');
  }, 200_000);

  it('switched away and back while the edge is down: not current until both purges are done (it may hold what it fetched in between)', async () => {
    await edge.stop();
    activate(paths, R2);
    await expect.poll(async () => (await state()).failingSince, { timeout: 30_000 }).not.toBeNull();
    activate(paths, R3);
    // served R3 and purged for R3, yet two switches wait: the edge is behind
    await expect.poll(async () => (await state()).pending, { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await state()).toMatchObject({ served: R3, purged: R3, current: false });
    await edge.start();
    await expect.poll(async () => (await state()).current, { timeout: 150_000, interval: 1000 }).toBe(true);
    expect(await state()).toMatchObject({ served: R3, purged: R3, pending: 0, failingSince: null });
  }, 200_000);

  it('varnishd compiles the VCL it runs', () => {
    const result = spawnSync(varnishd!, ['-C', '-j', 'none', '-n', join(root, 'vcc'), '-f', edge.vcl], { encoding: 'utf8' });
    expect(result.status).toBe(0);
  });
});

describe(`a switch of more paths than a job carries (${EDGE_PURGE_JOB_PATHS}): several jobs, each retried on its own`, () => {
  const jobsRoot = resolve(`var/test-edge-jobs-${process.pid}`);
  const into = releasePaths({ root: jobsRoot });
  const [B0, B1, B2] = ['20261201T000000Z-1', '20261202T000000Z-1', '20261203T000000Z-1'];
  // groups a and b fill one job each (a page is purged under /x/ and /x), c part of a third
  const pages = (group: string, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${group}/p${String(i).padStart(4, '0')}/index.html`, `${group} ${i}`]));
  const groups = { a: EDGE_PURGE_JOB_PATHS / 2, b: EDGE_PURGE_JOB_PATHS / 2, c: 200 };
  let h: Harness;
  let queue: SiteQueue;
  let edge: Server;
  let base: string;
  let reconciler: Awaited<ReturnType<typeof startEdgeReconciler>>;
  // the edge: each PURGE counted by path; group b's refused while refusing
  const purges = new Map<string, number>();
  let refusing = false;
  const asked = (prefix: string) => [...purges].filter(([path]) => path.startsWith(prefix)).map(([, n]) => n);

  beforeAll(async () => {
    rmSync(jobsRoot, { recursive: true, force: true });
    const home = { 'index.html': 'home' };
    release(B0, home, into);
    release(B1, { ...home, 'legacy/index.html': 'legacy' }, into);
    release(B2, { ...home, 'legacy/index.html': 'legacy', ...pages('a', groups.a), ...pages('b', groups.b), ...pages('c', groups.c) }, into);
    activate(into, B1);
    edge = createServer((req, res) => {
      if (req.method !== 'PURGE') return void res.writeHead(405).end();
      const path = req.url!;
      purges.set(path, (purges.get(path) ?? 0) + 1);
      res.writeHead(refusing && path.startsWith('/b/') ? 503 : 200).end();
    });
    await new Promise<void>((r) => edge.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
    h = await startHarness();
    queue = await openQueue(h.database, { databaseUrl: h.databaseUrl, work: true, log: () => {} });
  }, 240_000);
  afterAll(async () => {
    await reconciler?.stop();
    await queue?.stop();
    await h?.close();
    await new Promise((r) => edge?.close(r));
    rmSync(jobsRoot, { recursive: true, force: true });
  });
  const state = () => edgeState(h.database.db, jobsRoot);

  it('takes over a record and a job written before jobs were batched (one job for the whole switch)', async () => {
    const legacy = { purged: B0, target: B1, steps: [{ from: B0, to: B1, paths: 2, done: false }], failingSince: null, lastError: null, pathsSent: 0, pathsFailed: 0 };
    await h.database.db.insert(appMeta).values({ key: 'edge_purge', value: JSON.stringify(legacy) });
    reconciler = await startEdgeReconciler({ db: h.database.db, boss: queue.boss, purger: varnishPurger({ url: base }), root: jobsRoot, intervalMs: 500, log: () => {} });
    // a switch's purge wakes the worker at once (the queue's NOTIFY; src/worker/queue.ts WAKE_AT_ONCE)
    expect((await queue.boss.getQueue(EDGE_PURGE_QUEUE))?.notify).toBe(true);
    expect(await state()).toMatchObject({ served: B1, purged: B0, current: false, pending: 2 });
    await queue.boss.send(EDGE_PURGE_QUEUE, { from: B0, to: B1, paths: ['/legacy', '/legacy/'] });
    await expect.poll(async () => (await state()).purged, { timeout: 30_000 }).toBe(B1);
    expect(await state()).toMatchObject({ current: true, pending: 0, pathsSent: 2 });
    expect(asked('/legacy')).toEqual([1, 1]);
  });

  it('splits the switch into jobs; a refused one is retried alone, and the switch is purged only once all are done', async () => {
    refusing = true;
    activate(into, B2);
    const total = 2 * (groups.a + groups.b + groups.c);
    // the jobs of the switch, in the queue
    const jobsOf = async () => (await queue.boss.findJobs<{ to: string; step: string; job: number; jobs: number; paths: string[] }>(EDGE_PURGE_QUEUE)).filter((j) => j.data.to === B2);
    await expect.poll(async () => (await jobsOf()).length, { timeout: 30_000 }).toBe(3);
    const jobs = (await jobsOf()).sort((x, y) => x.data.job - y.data.job);
    expect(jobs.map((j) => j.data.paths.length)).toEqual([EDGE_PURGE_JOB_PATHS, EDGE_PURGE_JOB_PATHS, total - 2 * EDGE_PURGE_JOB_PATHS]);
    expect(new Set(jobs.map((j) => j.data.step)).size).toBe(1);
    expect(jobs.map((j) => j.data.jobs)).toEqual([3, 3, 3]);
    expect(jobs[1].data.paths.every((p) => p.startsWith('/b/'))).toBe(true);

    // a and c purged, b refused and tried again: the switch waits for it
    await expect
      .poll(async () => ({ pending: (await state()).pending, bRetried: asked('/b/').length === 2 * groups.b && asked('/b/').every((n) => n >= 2) }), { timeout: 60_000, interval: 500 })
      .toEqual({ pending: EDGE_PURGE_JOB_PATHS, bRetried: true });
    const waiting = await state();
    expect(waiting).toMatchObject({ served: B2, purged: B1, current: false, pathsSent: 2 + total - EDGE_PURGE_JOB_PATHS });
    expect(waiting.failingSince).not.toBeNull();
    expect(waiting.lastError).toMatch(/503/);
    // b's paths only, a whole job at a time (its latest attempt may not be recorded yet)
    expect(waiting.pathsFailed % EDGE_PURGE_JOB_PATHS).toBe(0);
    expect(waiting.pathsFailed).toBeGreaterThanOrEqual(EDGE_PURGE_JOB_PATHS);

    // b taken: purged, each of a's and c's paths sent once in all
    refusing = false;
    await expect.poll(async () => (await state()).current, { timeout: 150_000, interval: 1000 }).toBe(true);
    expect(await state()).toMatchObject({ served: B2, purged: B2, pending: 0, failingSince: null, lastError: null, pathsSent: 2 + total });
    expect(asked('/a/')).toEqual(Array(2 * groups.a).fill(1));
    expect(asked('/c/')).toEqual(Array(2 * groups.c).fill(1));
    expect(asked('/b/').every((n) => n >= 2)).toBe(true);
    expect(purges.size).toBe(2 + total);
  }, 200_000);

  it('a switch recorded whose jobs were never queued (the worker stopped in between) is queued when the reconciler starts again', async () => {
    await reconciler.stop();
    activate(into, B1);
    const total = 2 * (groups.a + groups.b + groups.c);
    const [row] = await h.database.db.select().from(appMeta).where(eq(appMeta.key, 'edge_purge'));
    const step = { id: randomUUID(), from: B2, to: B1, paths: total, done: false, jobs: 3, jobsDone: [], pathsDone: 0, queued: false };
    await h.database.db
      .update(appMeta)
      .set({ value: JSON.stringify({ ...JSON.parse(row.value), target: B1, steps: [step] }) })
      .where(eq(appMeta.key, 'edge_purge'));
    const jobsOf = async () => (await queue.boss.findJobs<{ step?: string }>(EDGE_PURGE_QUEUE)).filter((j) => j.data.step === step.id).length;
    expect(await jobsOf()).toBe(0);
    expect(await state()).toMatchObject({ served: B1, purged: B2, current: false, pending: total });
    reconciler = await startEdgeReconciler({ db: h.database.db, boss: queue.boss, purger: varnishPurger({ url: base }), root: jobsRoot, intervalMs: 500, log: () => {} });
    await expect.poll(async () => (await state()).current, { timeout: 60_000, interval: 500 }).toBe(true);
    expect(await state()).toMatchObject({ purged: B1, pending: 0 });
    expect(await jobsOf()).toBe(3);
    // the removed pages purged once more
    expect(asked('/a/')).toEqual(Array(2 * groups.a).fill(2));
    expect(asked('/c/')).toEqual(Array(2 * groups.c).fill(2));
  }, 120_000);
});
