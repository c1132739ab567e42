import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { publishDue } from '../newsroom/stories';
import type { Db } from '../server/db';
import { pruneAudit } from '../staff/audit';
import { runRetention, type RetentionOptions } from '../inbox/retention';
import type { ServerConfig } from '../server/config';
import { QUEUES, type SiteQueue, WAKE_AT_ONCE } from './queue';
import { abandonBuilds, buildFinished, buildStarted } from './site-builds';
import { createLogger } from '../observability/log.mjs';
import type { Database } from '../server/db';
import type { Mailer } from '../server/mail';
import { siteFolders } from '../backup/backup';
import type { BackupConfig } from '../backup/config';
import { runNightlyBackup } from '../backup/nightly';
import { edgePurgerFromEnv } from '../edge/purge';
import { startEdgeReconciler } from '../edge/reconciler';

const logger = createLogger('worker');

/**
 * The worker: takes the site's build requests from the queue, one at a time (those that arrive
 * during a build are one next build), and runs for each the nightly job's steps (scripts/nightly.mjs:
 * pull the news from this API, build into a new release folder, serve it once it succeeded);
 * publishes the scheduled stories every minute; prunes the audit log every night, and deletes the
 * inbox's messages and applications past their retention (src/inbox/retention.ts). Each build is
 * recorded (./site-builds.ts), so the newsroom shows a story as queued, building, live or failed.
 */
export interface WorkerOptions {
  db: Db;
  queue: SiteQueue;
  /** The project folder the site is built in (its content/news, dist/ and var/releases). */
  root: string;
  /** The API the build pulls the news from. */
  newsApiUrl: string;
  now?: () => Date;
  log?: (line: string) => void;
  /** The inbox's retention (its settings and folders); unset: no retention job is worked here. */
  retention?: Pick<RetentionOptions, 'config' | 'uploadDir' | 'outboxDir'>;
  /**
   * A nightly process started ahead of each build, loading what a publish needs while it waits (NightlyRunner):
   * the separate worker's (scripts/worker.mjs), not the one inside `npm start`.
   */
  standby?: boolean;
  /** The nightly backup (src/backup/nightly.ts): the database, the folders, where to and how many; unset: no backup job is worked here. */
  backup?: { database: Database; config: BackupConfig; folders: ReturnType<typeof siteFolders>; version: string; mailer?: Mailer };
}

/** The worker's settings from the server's configuration: where it builds, whence it pulls, the inbox's retention. */
export function workerSettings(config: ServerConfig): Pick<WorkerOptions, 'root' | 'newsApiUrl' | 'retention'> {
  return {
    root: config.worker.root,
    newsApiUrl: config.worker.newsApiUrl,
    retention: { config: config.inbox, uploadDir: config.forms.uploadDir, outboxDir: config.forms.outboxDir },
  };
}

/** The nightly backup's settings from the server's configuration, on the database given; failures mailed through `mailer`. */
export function backupSettings(config: ServerConfig, database: Database, mailer?: Mailer): NonNullable<WorkerOptions['backup']> {
  return { database, mailer, config: config.backup, folders: siteFolders(config), version: config.version };
}

export async function startWorker(options: WorkerOptions): Promise<void> {
  const { db, queue } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => logger.info(line));
  const abandoned = await abandonBuilds(db, now());
  if (abandoned) log(`[worker] ${abandoned} build(s) left running by a stopped worker marked failed`);

  const nightly = new NightlyRunner(options.root, options.newsApiUrl, options.standby);
  // woken by the queue's NOTIFY when a publish asks for a build (and polled every half second besides)
  await queue.boss.work(QUEUES.build, WAKE_AT_ONCE, async (jobs) => {
    const id = await buildStarted(db, now());
    log('[worker] site build started');
    // what asked for it (e.g. "n2026-1126-ab12 published"), recorded in the release it makes
    const reasons = jobs.map((job) => (job.data as { reason?: unknown } | null)?.reason).filter((r): r is string => typeof r === 'string');
    const run = await nightly.run(reasons);
    if (run.code === 0) {
      const release = /nightly: release (\S+) served/.exec(run.output)?.[1] ?? null;
      await buildFinished(db, id, { ok: true, release }, now());
      // the job's own account (its last "nightly: …" line: the pull, the patch's steps or the build, seconds in all)
      const account = run.output
        .trim()
        .split('\n')
        .flatMap(textOfLogLine)
        .findLast((l) => l.startsWith('nightly: ') && / in all$/.test(l));
      log(`[worker] site build done in ${run.seconds.toFixed(1)} s: ${release ? `release ${release} served` : 'nothing changed, nothing to build'}${account ? ` (${account})` : ''}`);
    } else {
      const error = reasonOf(run.output);
      await buildFinished(db, id, { ok: false, error }, now());
      logger.error({ seconds: run.seconds, error }, 'the site build failed; the site keeps serving the previous release');
    }
  });

  await queue.boss.work(QUEUES.due, async () => {
    const published = await publishDue(db, now());
    if (published.length) {
      log(`[worker] published at their time: ${published.join(', ')}`);
      await queue.requestBuild(`scheduled ${published.join(', ')}`);
    }
  });
  await queue.boss.work(QUEUES.prune, async () => {
    const removed = await pruneAudit(db, now());
    if (removed) log(`[worker] ${removed} audit entries older than two years removed`);
  });
  const { retention } = options;
  if (retention) {
    // a run that dies midway leaves only rows still due: the next run (a retry, or the next night) completes it
    await queue.boss.work(QUEUES.retention, async () => {
      const done = await runRetention({ db, ...retention, now: now() });
      if (done.messages || done.applications) log(`[worker] retention: ${done.messages} messages, ${done.applications} applications, ${done.files} files deleted`);
    });
    await queue.boss.schedule(QUEUES.retention, '27 3 * * *', null, { tz: 'Asia/Shanghai' });
  }
  const { backup } = options;
  if (backup) {
    // a failure is recorded in BACKUP_DIR and mailed to the admins (no retry: the next night tries again)
    await queue.boss.work(QUEUES.backup, async () => {
      const done = await runNightlyBackup({ ...backup, now, log });
      if (!done.ok) logger.error({ error: done.error, mailed: done.mailed }, 'the nightly backup failed; the admins were mailed');
    });
    await queue.boss.schedule(QUEUES.backup, backup.config.at, null, { tz: 'Asia/Shanghai' });
  }
  // the CDN edge purged of what each switch of the served release changed (src/edge/, EDGE_PURGE)
  const purger = edgePurgerFromEnv(process.env);
  if (purger) await startEdgeReconciler({ db, boss: queue.boss, purger, root: options.root, log });
  // every minute (a scheduled story goes live within a minute of its time); every night at 03:17 China time
  await queue.boss.schedule(QUEUES.due, '* * * * *');
  await queue.boss.schedule(QUEUES.prune, '17 3 * * *', null, { tz: 'Asia/Shanghai' });
}

/** A JSON log line of the nightly job (src/observability/log.mjs) as the lines of text it carries; any other line as it is. */
function textOfLogLine(line: string): string[] {
  if (!line.startsWith('{')) return [line];
  try {
    const entry = JSON.parse(line) as { msg?: string; stdout?: string; stderr?: string };
    return [entry.stdout, entry.stderr, entry.msg].filter((t): t is string => typeof t === 'string' && t.length > 0).flatMap((t) => t.split('\n'));
  } catch {
    return [line];
  }
}

/** What a failed build says: its error lines (not their stack) and its last line. */
function reasonOf(output: string): string {
  const lines = output.trim().split('\n').flatMap(textOfLogLine);
  const errors = lines.filter((l) => /error|ENOENT|cannot|not found/i.test(l) && !/^\s+at /.test(l)).slice(0, 6);
  // no line says "error": the last lines before the job's own
  const said = errors.length ? errors : lines.filter((l) => l.trim() && !/^\s+at /.test(l)).slice(-9, -1);
  return [...new Set([...said, lines.at(-1) ?? ''])].join('\n');
}

type NightlyRun = { code: number; output: string; seconds: number };
/** A nightly process standing by listens for the word this soon after its start (it says so before it loads anything). */
const LISTENING_WITHIN_MS = 60_000;

/**
 * The nightly job in a process of its own (a build takes a whole core; the server stays responsive). With
 * `standby`, the next run's process is started as soon as one ends (scripts/nightly.mjs --standby): it
 * loads what a publish needs and waits for the word to run, so a publish starts from there.
 */
export class NightlyRunner {
  private next: ReturnType<typeof startNightly> | undefined;
  private stopped = false;
  constructor(
    private readonly root: string,
    private readonly newsApiUrl: string,
    private readonly standby = false,
  ) {
    if (standby) this.next = startNightly(root, newsApiUrl, { standby: true });
  }

  /** One run of the job for what asked for it: the process standing by when there is one, alive, else a new one. */
  async run(reasons: string[] = []): Promise<NightlyRun> {
    const ready = this.next;
    this.next = undefined;
    const job = ready && (await ready.go(reasons)) ? ready : startNightly(this.root, this.newsApiUrl, { reasons });
    if (job !== ready) ready?.stop();
    try {
      return await job.done;
    } finally {
      if (this.standby && !this.stopped) this.next = startNightly(this.root, this.newsApiUrl, { standby: true });
    }
  }

  /** What the process standing by has said so far (its log lines): for a look at it, and tests. */
  standingBy(): string {
    return this.next?.output() ?? '';
  }

  /** The process standing by ended (a run under way ends with the worker's process). */
  stop(): void {
    this.stopped = true;
    this.next?.stop();
    this.next = undefined;
  }
}

function startNightly(root: string, newsApiUrl: string, how: { reasons?: string[]; standby?: boolean }) {
  let started = process.hrtime.bigint();
  // the project's own script (the server and the worker run in the project folder), building in root
  // a process group of its own: when this process ends, the build (nightly and its astro) ends with it
  const child = spawn(process.execPath, [resolve('scripts/nightly.mjs'), ...(how.standby ? ['--standby'] : [])], {
    cwd: root,
    env: { ...process.env, NEWS_API_URL: newsApiUrl, NIGHTLY_REASONS: (how.reasons ?? []).map((r) => r.replace(/\n/g, ' ')).join('\n') },
    stdio: how.standby ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already ended
    }
  };
  process.once('exit', stop);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended = false;
  // a process standing by says when it listens for the word (a message sent before is lost); false: it ended
  // or failed to start first, or has not said so in a minute (a run then starts a new process)
  const listening = new Promise<boolean>((ready) => {
    child.on('message', (message) => message && typeof message === 'object' && 'listening' in message && ready(true));
    child.once('close', () => ready(false));
    child.once('error', () => ready(false));
    setTimeout(() => ready(false), LISTENING_WITHIN_MS).unref();
  });
  const done = new Promise<NightlyRun>((finish) => {
    const end = (code: number) => {
      if (ended) return;
      ended = true;
      process.removeListener('exit', stop);
      finish({ code, output, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    };
    child.on('error', (error) => {
      output += `\n${error.message}`;
      end(1);
    });
    child.on('close', (code) => end(code ?? 1));
  });
  return {
    done,
    output: () => output,
    /** The word to run, to a process standing by, once it listens: false when it can no longer take it. */
    async go(reasons: string[]): Promise<boolean> {
      if (!(await listening) || ended || !child.connected) return false;
      started = process.hrtime.bigint();
      child.send({ reasons }, (error) => {
        // not delivered: the process would wait for ever; ended, the run fails and the next request builds again
        if (!error) return;
        output += `\nthe word to run could not be sent to the nightly process standing by: ${error.message}`;
        stop();
      });
      return true;
    },
    stop,
  };
}
