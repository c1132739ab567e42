import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, desc, isNotNull } from 'drizzle-orm';
import type { Database } from '../server/db';
import { siteBuilds, stories, subscribeDigests, trackingFeeds } from '../server/db/schema';
import { gaugeFromSource } from './metrics.mjs';
import type { BackupConfig } from '../backup/config';
import { backupStatus } from '../backup/nightly';

/** Where the nightly job records how its last run ended (scripts/nightly.mjs), under the site's folder. */
export const NIGHTLY_LAST_FILE = 'var/nightly-last.json';

interface BuildRecord {
  /** seconds the build took */
  seconds: number;
  ok: boolean;
  /** when it finished, seconds since 1970 */
  finished: number;
}

/** The nightly job's last run, as it recorded it, if it did. */
function lastNightly(root: string): BuildRecord | undefined {
  const file = join(root, NIGHTLY_LAST_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const last = JSON.parse(readFileSync(file, 'utf8')) as { seconds: number; ok: boolean; finishedAt: string };
    return { seconds: last.seconds, ok: last.ok, finished: Date.parse(last.finishedAt) / 1000 };
  } catch {
    return undefined;
  }
}

/**
 * The metrics read from the database and the site's folder when Prometheus asks: the connection
 * pool's use, the newsroom's stories by status, the newsletter digests by status, and the last site
 * build's duration and result, both the nightly job's and the newsroom worker's.
 */
export function registerDatabaseGauges(database: Database, siteRoot: string): void {
  gaugeFromSource('db_pool_connections', 'Database pool connections by state (PostgreSQL only)', ['state'], () => {
    const pool = database.pool;
    if (!pool) return [];
    return [
      [{ state: 'total' }, pool.totalCount],
      [{ state: 'idle' }, pool.idleCount],
      [{ state: 'waiting' }, pool.waitingCount],
    ];
  });
  gaugeFromSource('tracking_feed_last_heard_seconds', 'When each tracking feed last heard from its provider (a callback or a poll), Unix time', ['source'], async () => {
    const rows = await database.db.select({ source: trackingFeeds.source, at: trackingFeeds.lastHeardAt }).from(trackingFeeds);
    return rows.filter((r) => r.at).map((r) => [{ source: r.source.startsWith('demo:') ? 'demo' : r.source }, r.at!.getTime() / 1000] as [Record<string, string>, number]);
  });
  gaugeFromSource('news_stories', "The newsroom's stories by status", ['status'], async () => {
    const rows = await database.db.select({ status: stories.status, n: count() }).from(stories).groupBy(stories.status);
    return rows.map((r) => [{ status: r.status }, Number(r.n)] as [Record<string, string>, number]);
  });
  gaugeFromSource('newsletter_digests', 'Newsletter digests by status (sent, empty, failed, pending), all days', ['status'], async () => {
    const rows = await database.db.select({ status: subscribeDigests.status, n: count() }).from(subscribeDigests).groupBy(subscribeDigests.status);
    return rows.map((r) => [{ status: r.status }, Number(r.n)] as [Record<string, string>, number]);
  });
  const lastBuilds = async (): Promise<Array<[string, BuildRecord]>> => {
    const out: Array<[string, BuildRecord]> = [];
    const [worker] = await database.db.select().from(siteBuilds).where(isNotNull(siteBuilds.finishedAt)).orderBy(desc(siteBuilds.finishedAt)).limit(1);
    if (worker?.finishedAt)
      out.push(['worker', { seconds: (worker.finishedAt.getTime() - worker.startedAt.getTime()) / 1000, ok: worker.status === 'live', finished: worker.finishedAt.getTime() / 1000 }]);
    const nightly = lastNightly(siteRoot);
    if (nightly) out.push(['nightly', nightly]);
    return out;
  };
  gaugeFromSource('site_build_last_duration_seconds', "The last site build's duration, by who ran it (nightly, worker)", ['by'], async () =>
    (await lastBuilds()).map(([by, b]) => [{ by }, b.seconds] as [Record<string, string>, number]),
  );
  gaugeFromSource('site_build_last_success', 'Whether the last site build succeeded (1) or failed (0), by who ran it', ['by'], async () =>
    (await lastBuilds()).map(([by, b]) => [{ by }, b.ok ? 1 : 0] as [Record<string, string>, number]),
  );
  gaugeFromSource('site_build_last_finished_timestamp_seconds', 'When the last site build finished, by who ran it', ['by'], async () =>
    (await lastBuilds()).map(([by, b]) => [{ by }, b.finished] as [Record<string, string>, number]),
  );
}

/**
 * The nightly backups (src/backup/nightly.ts), read from BACKUP_DIR when Prometheus asks: when the
 * newest archive was written and its size, how many are kept, and whether a failure came after it.
 */
export function registerBackupGauges(config: BackupConfig): void {
  gaugeFromSource('backup_last_success_seconds', 'When the newest backup archive in BACKUP_DIR was written, Unix time', [], () => {
    const { last } = backupStatus(config);
    return last ? [[{}, Date.parse(last.at) / 1000]] : [];
  });
  gaugeFromSource('backup_last_size_bytes', 'Size of the newest backup archive in BACKUP_DIR, bytes', [], () => {
    const { last } = backupStatus(config);
    return last ? [[{}, last.bytes]] : [];
  });
  gaugeFromSource('backup_archives', 'Backup archives kept in BACKUP_DIR', [], () => [[{}, backupStatus(config).count]]);
  gaugeFromSource('backup_failing', '1 when the last nightly backup failed (a failure recorded after the newest archive), else 0', [], () => [[{}, backupStatus(config).failed ? 1 : 0]]);
}
