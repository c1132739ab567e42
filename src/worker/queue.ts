import { fromPglite, PgBoss, type Queue } from 'pg-boss';
import type { Database } from '../server/db';
import { createLogger } from '../observability/log.mjs';

/**
 * The job queue: pg-boss (a kept queue) in the project's database. On PostgreSQL it has a pool of
 * its own; on the embedded PGlite it works through the one PGlite of the process (pg-boss's
 * `pglite` backend), which is why, there, the worker runs inside `npm start`: a second process
 * cannot open the same PGlite folder.
 */
export const QUEUES = {
  /** Build the site and serve the new release (src/worker/site-build.ts). Stately: one waiting and one running, so the requests that arrive during a build become one next build. */
  build: 'site-build',
  /** Publish the scheduled stories whose time has come: every minute. */
  due: 'publish-due',
  /** Remove audit entries older than two years: every night. */
  prune: 'audit-prune',
  /** Delete the inbox's messages and applications past their retention (src/inbox/retention.ts): every night. */
  retention: 'inbox-retention',
  /** Back up the whole site into BACKUP_DIR (src/backup/nightly.ts): every night. */
  backup: 'site-backup',
} as const;

export interface SiteQueue {
  boss: PgBoss;
  /** Asks for a build; coalesced with one already waiting. */
  requestBuild(reason: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How a worker waits for the jobs of a queue that a visitor waits on (a publish's build, the edge's purge):
 * woken by the queue's NOTIFY the moment a job is sent (the queue made with `notify: true`), and polled every
 * half second (pg-boss's shortest) besides, for what no NOTIFY announces: a retry whose delay has passed, a
 * job sent while the listening connection was down.
 */
export const WAKE_AT_ONCE = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 } as const;

/**
 * Makes queue `name` with `settings`, or brings the one there to them where they differ in `notify` (a
 * queue made before it woke its workers). Safe when other processes make it at the same time.
 */
export async function ensureQueue(boss: PgBoss, name: string, settings: Omit<Queue, 'name'>): Promise<void> {
  const there = await boss.getQueue(name);
  if (!there) {
    await boss.createQueue(name, settings).catch((error: Error) => (/already exists/.test(error.message) ? undefined : Promise.reject(error)));
  } else if (Boolean(there.notify) !== Boolean(settings.notify)) {
    await boss.updateQueue(name, { notify: Boolean(settings.notify) });
  }
}

/**
 * Opens the queue. `work`: this process works the jobs and runs the schedules (the worker), and listens for
 * the NOTIFY of the queues that wake it; otherwise it only sends (and its sends notify).
 */
export async function openQueue(database: Database, options: { databaseUrl?: string; work: boolean; log: (line: string) => void }): Promise<SiteQueue> {
  const roles = { supervise: options.work, schedule: options.work, useListenNotify: options.work };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...roles })
    : new PgBoss({ connectionString: options.databaseUrl, max: 3, application_name: options.work ? 'carrier-worker' : 'carrier-api', ...roles });
  boss.on('error', (error) => createLogger('queue').error({ err: error }, 'the job queue failed'));
  boss.on('warning', (warning) => createLogger('queue').warn({ warning }, 'the job queue warns'));
  await boss.start();
  for (const [name, settings] of [
    [QUEUES.build, { policy: 'stately', retryLimit: 0, expireInSeconds: 3600, notify: true }],
    [QUEUES.due, { policy: 'stately', retryLimit: 0, expireInSeconds: 600 }],
    [QUEUES.prune, { policy: 'stately', retryLimit: 2, expireInSeconds: 600 }],
    [QUEUES.retention, { policy: 'stately', retryLimit: 2, expireInSeconds: 1800 }],
    [QUEUES.backup, { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 }],
  ] as const) {
    await ensureQueue(boss, name, settings);
  }
  return {
    boss,
    async requestBuild(reason) {
      const id = await boss.send(QUEUES.build, { reason });
      options.log(id ? `[queue] site build requested: ${reason}` : `[queue] site build requested (${reason}): one is already waiting, which will take it`);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
