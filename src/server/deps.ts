import type { ServerConfig } from './config';
import type { Database } from './db';
import { RateLimiter } from './forms/rate-limit';
import type { Mailer } from './mail';

/** What the API's routes are built from (src/server/app.ts builds them; the routes take this type from here, not from the app). */
export interface AppDeps {
  database: Database;
  config: ServerConfig;
  /** The clock of captcha expiry and rate-limit windows (tests move it); the system clock by default. */
  now?: () => Date;
  /** Where notifications go; by default from the configuration (SMTP or the outbox folder). */
  mailer?: Mailer;
}

const limiters = new WeakMap<AppDeps, RateLimiter>();

/** The one rate limiter of an app (its leases are per process: src/server/forms/rate-limit.ts), shared by every route that counts requests. */
export function rateLimiterOf(deps: AppDeps): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiter(deps.database.db, deps.config.forms, deps.now ?? (() => new Date()));
    limiters.set(deps, limiter);
  }
  return limiter;
}
