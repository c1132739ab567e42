import { fromPglite, PgBoss } from 'pg-boss';
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

/** Opens the queue. `work`: this process works the jobs and runs the schedules (the worker); otherwise it only sends. */
export async function openQueue(database: Database, options: { databaseUrl?: string; work: boolean; log: (line: string) => void }): Promise<SiteQueue> {
  const roles = { supervise: options.work, schedule: options.work };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...roles })
    : new PgBoss({ connectionString: options.databaseUrl, max: 3, application_name: options.work ? 'carrier-worker' : 'carrier-api', ...roles });
  boss.on('error', (error) => createLogger('queue').error({ err: error }, 'the job queue failed'));
  await boss.start();
  for (const [name, settings] of [
    [QUEUES.build, { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 }],
    [QUEUES.due, { policy: 'stately', retryLimit: 0, expireInSeconds: 600 }],
    [QUEUES.prune, { policy: 'stately', retryLimit: 2, expireInSeconds: 600 }],
    [QUEUES.retention, { policy: 'stately', retryLimit: 2, expireInSeconds: 1800 }],
    [QUEUES.backup, { policy: 'stately', retryLimit: 0, expireInSeconds: 3600 }],
  ] as const) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, settings).catch((error: Error) => (/already exists/.test(error.message) ? undefined : Promise.reject(error)));
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
