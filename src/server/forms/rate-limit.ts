import { and, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { CODE } from '../../contract/wire';
import type { Db } from '../db';
import { rateLimits } from '../db/schema';
import { answerError } from '../handle';
import { clientAddress } from './client-address';
import type { FormsConfig, RateBucket } from './config';
import { say } from './messages';

/**
 * Fixed-window rate limits kept in the database, so that every API process
 * behind the load balancer counts the same requests: one row per bucket, client
 * address and window, incremented atomically (INSERT ... ON CONFLICT DO UPDATE).
 * Old windows are pruned by one request a minute per process (a prune in the path of one
 * request in twenty, as before, made the slowest calls twice as slow).
 */
const PRUNE_EVERY_MS = 60_000;

function prepareHit(db: Db) {
  return db
    .insert(rateLimits)
    .values({ bucket: sql.placeholder('bucket'), client: sql.placeholder('client'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.client, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_hit');
}

export class RateLimiter {
  private lastPrune: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: FormsConfig,
    private readonly now: () => Date,
  ) {
    this.upsert = prepareHit(db);
  }

  /** The one statement of every counted request, built and named once (a prepared statement on the database). */
  private readonly upsert: ReturnType<typeof prepareHit>;

  /** Counts one request; answers how many are left (negative: over the limit) and when the window ends. */
  async hit(bucket: RateBucket, client: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const { count, seconds } = this.config.limits[bucket];
    const nowMs = this.now().getTime();
    const windowMs = seconds * 1000;
    const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs);
    const [row] = await this.upsert.execute({ bucket, client, windowStart });
    this.lastPrune ??= nowMs;
    if (nowMs - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = nowMs;
      await this.prune();
    }
    return { allowed: row.count <= count, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - nowMs) / 1000)) };
  }

  /** Drops windows that ended long ago (twice the longest window). */
  async prune(): Promise<void> {
    const longest = Math.max(...Object.values(this.config.limits).map((l) => l.seconds));
    await this.db.delete(rateLimits).where(and(lt(rateLimits.windowStart, new Date(this.now().getTime() - 2 * longest * 1000))));
  }

  /** Middleware: counts the request against the bucket of its client address; over the limit answers 429 in the wrapper. */
  middleware(bucket: RateBucket): MiddlewareHandler {
    return async (c, next) => {
      const language = c.req.query('language') === '0' ? 0 : 1;
      const result = await this.hit(bucket, clientAddress(c, this.config.trustProxyHops));
      if (!result.allowed) {
        c.header('retry-after', String(result.retryAfterSeconds));
        return answerError(c, CODE.tooManyRequests, say('forms.err.rateLimited', language, { minutes: Math.ceil(result.retryAfterSeconds / 60) }));
      }
      await next();
    };
  }
}
