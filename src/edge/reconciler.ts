import { createHash, randomUUID } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { createLogger } from '../observability/log.mjs';
import { gaugeFromSource } from '../observability/metrics.mjs';
import { currentRelease, releasePaths } from '../releases/releases.mjs';
import type { Db } from '../server/db';
import { appMeta } from '../server/db/schema';
import { releaseChanges } from './changes';
import { batches, type EdgePurger } from './purger';
import { ensureQueue, WAKE_AT_ONCE } from '../worker/queue';

/**
 * The edge purge as a reconciler (docs/edge.md): the served release is the link (src/releases/), the
 * release the edge was last purged for is recorded in the database (app_meta `edge_purge`). Whenever
 * the two differ, whoever switched the link (a publish, the nightly job, a scheduled story, a
 * rollback, `npm run release`), the paths whose files changed are computed (./changes.ts) and sent to
 * the edge by jobs of the queue (pg-boss) of at most EDGE_PURGE_JOB_PATHS paths each, every job retried
 * on its own with back-off until the edge takes it; a switch is purged once all its jobs have
 * succeeded, and the purged release moves over the purged switches from the oldest on. The switch itself is never
 * undone. Runs in the worker: the link's folder is watched (a switch is seen at once) and the link read
 * every few seconds besides (the source of truth, should a watch event be lost); a restart resumes.
 */

export const EDGE_PURGE_QUEUE = 'edge-purge';
/**
 * Paths a purge job carries at most: a switch that changes more (a nightly build that changes every
 * page) is split into jobs of this many, each retried on its own, so one refused batch does not send
 * the others again. A multiple of every adapter's per-request limit (Cloudflare 100, CloudFront and
 * Alibaba 1,000): each job's requests are full but its last.
 */
export const EDGE_PURGE_JOB_PATHS = 1000;
const KEY = 'edge_purge';
const logger = createLogger('edge');

/**
 * One switch of the served release, and how far the edge has been purged of its changes. `id`, `jobs`,
 * `jobsDone` and `pathsDone` came with the batched jobs: a step recorded before them (and its one job,
 * queued before them) has none, and counts as one job matched by its releases.
 */
interface Step {
  /** Names the step in its jobs (a switch may be made twice between the same releases). */
  id?: string;
  from: string;
  to: string;
  paths: number;
  /** Every job of the switch has succeeded. */
  done: boolean;
  /** The jobs its paths were split into (absent: 1). */
  jobs?: number;
  /** Which of them have succeeded (their indexes), and the paths they carried. */
  jobsDone?: number[];
  pathsDone?: number;
  /** false from the switch's record until its jobs are in the queue (absent: queued). */
  queued?: boolean;
}

/** A purge job's data: a part of a switch's paths. `step`, `job` and `jobs` are absent in a job queued before batching (the switch whole). */
interface PurgeJob {
  from: string;
  to: string;
  paths: string[];
  step?: string;
  job?: number;
  jobs?: number;
}

interface Record_ {
  /** The release the edge was purged for (every switch up to it purged). */
  purged: string | null;
  /** The last served release a purge was queued for. */
  target: string | null;
  steps: Step[];
  failingSince: string | null;
  lastError: string | null;
  pathsSent: number;
  pathsFailed: number;
}

const EMPTY: Record_ = { purged: null, target: null, steps: [], failingSince: null, lastError: null, pathsSent: 0, pathsFailed: 0 };

/** What the newsroom and /metrics show of the edge: read from the link and the database, never remembered. */
export interface EdgeState {
  /** An edge is configured (EDGE_PURGE) and its purges are recorded. */
  configured: boolean;
  served: string | null;
  purged: string | null;
  /** The edge serves the served release: purged for it, no switch's purge still waiting. */
  current: boolean;
  /** Paths still to purge (of switches whose purge has not succeeded yet). */
  pending: number;
  failingSince: string | null;
  lastError: string | null;
  pathsSent: number;
  pathsFailed: number;
}

async function read(db: Db): Promise<Record_ | null> {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<Record_> | null;
    return parsed ? { ...EMPTY, ...parsed } : null;
  } catch {
    return null;
  }
}

/** Changes the record in a transaction of its own (the row locked while it is read and written). */
async function update(db: Db, change: (record: Record_ | null) => Record_ | null): Promise<Record_ | null> {
  return db.transaction(async (tx) => {
    await tx.insert(appMeta).values({ key: KEY, value: 'null' }).onConflictDoNothing();
    const [row] = await tx.select().from(appMeta).where(eq(appMeta.key, KEY)).for('update');
    let before: Record_ | null = null;
    try {
      const parsed = JSON.parse(row.value) as Partial<Record_> | null;
      before = parsed ? { ...EMPTY, ...parsed } : null;
    } catch {
      before = null;
    }
    const after = change(before);
    if (after !== before)
      await tx
        .update(appMeta)
        .set({ value: JSON.stringify(after), updatedAt: new Date() })
        .where(eq(appMeta.key, KEY));
    return after;
  });
}

/** The purged release moved over every done switch from the oldest on (a later switch done before an earlier one waits for it). */
function advance(r: Record_, steps: Step[]): Pick<Record_, 'steps' | 'purged'> {
  const left = [...steps];
  let purged = r.purged;
  while (left.length && left[0].done) purged = left.shift()!.to;
  return { steps: left, purged };
}

/** The steps with one job recorded as succeeded, in its own step (by id; a step from before batching by its releases), once. */
function jobSucceeded(steps: Step[], job: PurgeJob): Step[] {
  const index = job.job ?? 0;
  const at = steps.findIndex((s) => !s.done && (job.step ? s.id === job.step : !s.id && s.from === job.from && s.to === job.to));
  if (at < 0) return steps;
  const step = steps[at];
  const jobsDone = step.jobsDone ?? [];
  // a job run twice (its claim lapsed while it worked) counts once
  if (jobsDone.includes(index)) return steps;
  const done = [...jobsDone, index].sort((a, b) => a - b);
  const next = { ...step, jobsDone: done, pathsDone: (step.pathsDone ?? 0) + job.paths.length, done: done.length >= (step.jobs ?? 1) };
  return steps.map((s, i) => (i === at ? next : s));
}

/** A job's id, the same each time the job of a switch is queued (pg-boss inserts an id once). */
function jobId(step: string, job: number): string {
  const hex = createHash('sha256').update(`${EDGE_PURGE_QUEUE}:${step}:${job}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The edge's state against the served release (the newsroom's overview, /metrics). */
export async function edgeState(db: Db, root = process.cwd()): Promise<EdgeState> {
  const served = currentRelease(releasePaths({ root }));
  const record = await read(db);
  const configured = Boolean(record);
  const r = record ?? EMPTY;
  return {
    configured,
    served,
    purged: r.purged,
    // purged for the served release, and no switch since waiting: a switch away and back while the
    // edge could not be purged leaves it holding what it fetched in between
    current: !configured || (served !== null && r.purged === served && r.steps.every((s) => s.done)),
    pending: r.steps.filter((s) => !s.done).reduce((n, s) => n + Math.max(0, s.paths - (s.pathsDone ?? 0)), 0),
    failingSince: r.failingSince,
    lastError: r.lastError,
    pathsSent: r.pathsSent,
    pathsFailed: r.pathsFailed,
  };
}

/** The edge's gauges at /metrics, read from the database and the link when Prometheus asks. */
export function registerEdgeGauges(db: Db, root: string): void {
  gaugeFromSource('edge_purge_pending_paths', 'Paths the CDN edge is still to be purged of (switches of the served release whose purge has not succeeded)', [], async () => {
    const state = await edgeState(db, root);
    return state.configured ? [[{}, state.pending]] : [];
  });
  gaugeFromSource('edge_purge_current', '1 when the CDN edge was purged for the release served now, 0 while it is behind', ['served', 'purged'], async () => {
    const state = await edgeState(db, root);
    return state.configured ? [[{ served: state.served ?? '', purged: state.purged ?? '' }, state.current ? 1 : 0]] : [];
  });
  gaugeFromSource('edge_purge_failing_since_seconds', 'Since when the edge purge keeps failing (Unix time); absent when it does not', [], async () => {
    const state = await edgeState(db, root);
    return state.failingSince ? [[{}, Date.parse(state.failingSince) / 1000]] : [];
  });
  gaugeFromSource('edge_purge_paths', 'Paths purged at the CDN edge since the site was deployed, by result (sent, failed): cumulative', ['result'], async () => {
    const state = await edgeState(db, root);
    return state.configured
      ? [
          [{ result: 'sent' }, state.pathsSent],
          [{ result: 'failed' }, state.pathsFailed],
        ]
      : [];
  });
}

export interface EdgeReconcilerOptions {
  db: Db;
  boss: PgBoss;
  purger: EdgePurger;
  /** The project folder (its dist/ and var/releases). */
  root: string;
  /** How often the link is read besides the watch (ms). */
  intervalMs?: number;
  log?: (line: string) => void;
}

/** Starts the reconciler and the purge jobs' worker. */
export async function startEdgeReconciler(options: EdgeReconcilerOptions): Promise<{ check: () => Promise<void>; stop: () => Promise<void> }> {
  const { db, boss, purger } = options;
  const paths = releasePaths({ root: options.root });
  const log = options.log ?? ((line: string) => logger.info(line));
  // kept until the edge takes it: retried with back-off up to a minute apart, for weeks; the worker woken
  // by the queue's NOTIFY when a release switch queues its purge
  await ensureQueue(boss, EDGE_PURGE_QUEUE, { retryLimit: 50_000, retryDelay: 1, retryBackoff: true, retryDelayMax: 60, expireInSeconds: 600, retentionSeconds: 30 * 86_400, notify: true });

  await boss.work<PurgeJob>(EDGE_PURGE_QUEUE, WAKE_AT_ONCE, async ([job]) => {
    const { from, to, paths: toPurge } = job.data;
    const part = (job.data.jobs ?? 1) > 1 ? ` (job ${(job.data.job ?? 0) + 1} of ${job.data.jobs})` : '';
    try {
      await purger.purge(toPurge);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await update(db, (r) => r && { ...r, failingSince: r.failingSince ?? new Date().toISOString(), lastError: message.slice(0, 500), pathsFailed: r.pathsFailed + toPurge.length });
      logger.warn({ from, to, job: job.data.job ?? 0, jobs: job.data.jobs ?? 1, paths: toPurge.length, edge: purger.name, error: message }, 'the edge purge failed; this job is retried with back-off');
      throw error;
    }
    await update(db, (r) => {
      if (!r) return r;
      const { steps, purged } = advance(r, jobSucceeded(r.steps, job.data));
      const failing = steps.length > 0 && r.failingSince !== null;
      return { ...r, steps, purged, pathsSent: r.pathsSent + toPurge.length, failingSince: failing ? r.failingSince : null, lastError: failing ? r.lastError : null };
    });
    log(`[edge] ${purger.name} purged of ${toPurge.length} path(s) changed from release ${from} to ${to}${part}`);
  });

  /**
   * Queues a recorded switch's jobs, then records them queued. Every job of the switch in one
   * statement: all of them, or none; each with its own id, so a switch queued again (the worker
   * stopped before recording it queued) has each job once.
   */
  const queueJobs = async (step: Step, changed: string[]) => {
    const parts = batches(changed, EDGE_PURGE_JOB_PATHS);
    if (parts.length) {
      const jobs = parts.map((part, job) => ({ id: jobId(step.id!, job), data: { step: step.id, from: step.from, to: step.to, job, jobs: parts.length, paths: part } satisfies PurgeJob }));
      await boss.insert(EDGE_PURGE_QUEUE, jobs);
    }
    await update(db, (r) => {
      if (!r?.steps.some((s) => s.id === step.id && s.queued === false)) return r;
      // the jobs as queued (paths computed again are the same unless a release folder changed since)
      const steps = r.steps.map((s) => (s.id === step.id ? { ...s, queued: true, paths: changed.length, jobs: parts.length, done: s.done || parts.length === 0 } : s));
      return { ...r, ...advance(r, steps) };
    });
    return parts.length;
  };

  let running: Promise<void> | null = null;
  let again = false;
  const reconcile = async () => {
    const served = currentRelease(paths);
    if (!served) return;
    const record = await read(db);
    // a switch recorded whose jobs are not queued (the worker stopped in between): its paths again, queued now
    for (const step of record?.steps ?? []) {
      if (step.queued !== false || step.done || !step.id) continue;
      const jobs = await queueJobs(step, releaseChanges(paths.releasesDir, step.from, step.to).paths);
      log(`[edge] the purge of the switch from release ${step.from} to ${step.to} queued again: ${jobs} job(s)`);
    }
    if (record?.target === served) return;
    if (!record?.target) {
      // the first release seen: the edge is taken to hold it (nothing older is known to purge)
      await update(db, () => ({ ...EMPTY, purged: served, target: served }));
      log(`[edge] release ${served} recorded as the one the edge holds`);
      return;
    }
    const changes = releaseChanges(paths.releasesDir, record.target, served);
    const jobs = Math.ceil(changes.paths.length / EDGE_PURGE_JOB_PATHS);
    const step: Step = { id: randomUUID(), from: record.target, to: served, paths: changes.paths.length, done: jobs === 0, jobs, jobsDone: [], pathsDone: 0, queued: jobs === 0 };
    const queued = await update(db, (r) => {
      if (!r || r.target !== record.target) return r;
      // a switch with nothing to purge is done at once: the purged release moves over it when it is the oldest
      return { ...r, target: served, ...advance(r, [...r.steps, step]) };
    });
    if (queued?.target !== served) return;
    if (jobs) await queueJobs(step, changes.paths);
    log(`[edge] release ${served} served (was ${record.target}): ${changes.paths.length} path(s) to purge in ${jobs} job(s), found by ${changes.by} (${changes.files} files)`);
  };
  const check = async () => {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await reconcile().catch((error) => logger.error({ err: error }, 'the edge reconciler could not read the served release'));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  // the link's folder (dist/, or the project folder for a static build): a rename there is a switch
  const watchers: FSWatcher[] = [];
  for (const folder of new Set([paths.dist, dirname(paths.dist)])) {
    try {
      watchers.push(watch(folder, () => void check()));
    } catch {
      // not there yet: the timer reads the link
    }
  }
  const timer = setInterval(() => void check(), options.intervalMs ?? 2000);
  timer.unref();
  await check();
  return {
    check,
    async stop() {
      clearInterval(timer);
      for (const w of watchers) w.close();
      await running;
      await boss.offWork(EDGE_PURGE_QUEUE);
    },
  };
}
