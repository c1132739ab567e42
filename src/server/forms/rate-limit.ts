import { and, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { CODE } from '../../contract/wire';
import type { Db } from '../db';
import { rateLimits } from '../db/schema';
import { answerError } from '../handle';
import { clientAddress } from './client-address';
import type { FormsConfig, RateBucket } from './config';
import { say } from './messages';
import { metrics } from '../../observability/metrics.mjs';

/**
 * Fixed-window rate limits kept in the database, so that every API process
 * behind the load balancer counts the same requests: one row per bucket, client
 * address and window, incremented atomically (INSERT ... ON CONFLICT DO UPDATE).
 *
 * A process takes requests from the database in leases rather than one by one: the row is
 * raised by a lease of n (a sixteenth of what the process last saw left, 1 to 256), and the
 * process answers that many requests of the window from memory. Far from the limit (600 city
 * searches in ten minutes) a search costs a write one time in up to 256, and when half a lease
 * is used the next is taken in the background, so a request seldom waits for the database.
 * Near the limit leases are of one, taken by the request itself and never ahead, so a small
 * limit (10 messages an hour) is counted exactly, request by request, over all processes
 * together. A lease counts in the row as soon as it is taken, so all processes together never
 * allow more than the limit; a process may refuse while another still holds a few requests of
 * its last lease of more than one (or lost them when it stopped), which errs on the safe side.
 * Once the row is at the limit the window is refused from memory to its end (a window's count
 * never goes down).
 * Old windows are pruned by one request a minute per process.
 */
const PRUNE_EVERY_MS = 60_000;
const MAX_LEASE = 256;

function prepareHit(db: Db) {
  return db
    .insert(rateLimits)
    .values({ bucket: sql.placeholder('bucket'), client: sql.placeholder('client'), windowStart: sql.placeholder('windowStart'), count: sql.placeholder('n') })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.client, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + excluded.count` },
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_lease');
}

/** What a process holds of one bucket and client in the current window. */
interface Lease {
  windowStart: number;
  /** Requests taken from the database and not yet answered. */
  units: number;
  /** The size of the last lease taken. */
  size: number;
  /** The row's count when last seen. */
  seen: number;
  /** The row reached the limit: refused until the window ends. */
  full: boolean;
  /** A lease being taken: later requests wait for it rather than take one each. */
  taking?: Promise<void>;
}

export interface RateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private lastPrune: number | undefined;
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly db: Db,
    private readonly config: FormsConfig,
    private readonly now: () => Date,
  ) {
    this.upsert = prepareHit(db);
  }

  /** The one statement of a lease, built and named once (a prepared statement on the database). */
  private readonly upsert: ReturnType<typeof prepareHit>;

  private window(bucket: RateBucket, nowMs: number) {
    const windowMs = this.config.limits[bucket].seconds * 1000;
    const start = Math.floor(nowMs / windowMs) * windowMs;
    return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)) };
  }

  private lease(bucket: RateBucket, client: string, windowStart: number): Lease {
    const key = `${bucket}\u0000${client}`;
    let lease = this.leases.get(key);
    if (!lease || lease.windowStart !== windowStart) {
      lease = { windowStart, units: 0, size: 0, seen: 0, full: false };
      this.leases.set(key, lease);
    }
    return lease;
  }

  /**
   * Counts one request if this process holds a lease for it, without waiting: true when it
   * was counted and is allowed; false when the caller must go the whole way (hit).
   */
  tryHit(bucket: RateBucket, client: string): boolean {
    const { start } = this.window(bucket, this.now().getTime());
    const lease = this.lease(bucket, client, start);
    if (lease.units <= 0) return false;
    lease.units--;
    this.refill(lease, bucket, client, start);
    return true;
  }

  /** Counts one request; answers whether it is allowed and when the window ends. */
  async hit(bucket: RateBucket, client: string): Promise<RateVerdict> {
    const { start, retryAfterSeconds } = this.window(bucket, this.now().getTime());
    const lease = this.lease(bucket, client, start);
    for (;;) {
      if (lease.units > 0) {
        lease.units--;
        this.refill(lease, bucket, client, start);
        return { allowed: true, retryAfterSeconds };
      }
      if (lease.full) return { allowed: false, retryAfterSeconds };
      await (lease.taking ?? this.take(lease, bucket, client, start));
    }
  }

  /** The size of the next lease: a sixteenth of what was last seen left, 1 to MAX_LEASE. */
  private nextSize(lease: Lease, bucket: RateBucket): number {
    return Math.min(MAX_LEASE, Math.max(1, Math.floor((this.config.limits[bucket].count - lease.seen) / 16)));
  }

  /**
   * Half the lease used: the next one is taken in the background (a failure there is met again, and
   * answered, by the request that has to wait). Not a lease of one: a request taken ahead would be
   * held here while another process is refused, so near the limit each request takes its own.
   */
  private refill(lease: Lease, bucket: RateBucket, client: string, windowStart: number): void {
    if (lease.full || lease.taking || lease.units > lease.size / 2 || this.nextSize(lease, bucket) === 1) return;
    this.take(lease, bucket, client, windowStart).catch(() => {});
  }

  /** Takes a lease from the row. */
  private take(lease: Lease, bucket: RateBucket, client: string, windowStart: number): Promise<void> {
    const limit = this.config.limits[bucket].count;
    const n = this.nextSize(lease, bucket);
    lease.taking = this.takeRow(lease, { bucket, client, windowStart: new Date(windowStart), n }, limit).finally(() => {
      lease.taking = undefined;
    });
    return lease.taking;
  }

  private async takeRow(lease: Lease, row: { bucket: RateBucket; client: string; windowStart: Date; n: number }, limit: number): Promise<void> {
    const [{ count }] = await this.upsert.execute(row);
    lease.size = row.n;
    lease.units += Math.max(0, Math.min(row.n, limit - (count - row.n)));
    lease.seen = count;
    if (count >= limit) lease.full = true;
    await this.pruneNowAndThen();
  }

  /** Once a minute: forgets leases and drops rows of windows that ended long ago. */
  private async pruneNowAndThen(): Promise<void> {
    const nowMs = this.now().getTime();
    this.lastPrune ??= nowMs;
    if (nowMs - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = nowMs;
    for (const [key, lease] of this.leases) if (nowMs - lease.windowStart > 2 * this.longestWindowMs()) this.leases.delete(key);
    await this.prune();
  }

  private longestWindowMs(): number {
    return Math.max(...Object.values(this.config.limits).map((l) => l.seconds)) * 1000;
  }

  /** Drops windows that ended long ago (twice the longest window). */
  async prune(): Promise<void> {
    await this.db.delete(rateLimits).where(and(lt(rateLimits.windowStart, new Date(this.now().getTime() - 2 * this.longestWindowMs()))));
  }

  /** Middleware: counts the request against the bucket of its client address; over the limit answers 429 in the wrapper. */
  middleware(bucket: RateBucket): MiddlewareHandler {
    return async (c, next) => {
      const language = c.req.query('language') === '0' ? 0 : 1;
      const result = await this.hit(bucket, clientAddress(c, this.config.trustProxyHops));
      if (!result.allowed) {
        metrics().rateLimited.inc({ limit: bucket });
        c.header('retry-after', String(result.retryAfterSeconds));
        return answerError(c, CODE.tooManyRequests, say('forms.err.rateLimited', language, { minutes: Math.ceil(result.retryAfterSeconds / 60) }));
      }
      await next();
    };
  }
}
