import { randomInt } from 'node:crypto';
import { signBody } from '../signature';
import { createLogger } from '../../observability/log.mjs';
import { TNT_VERSION } from '../dcsa/schemas';
import type { EventFeed } from './feed';
import { subscriptionFilter, type SubscriptionStore } from './subscriptions';

/**
 * The reference provider's pushes: for each subscription, the events created since it was made
 * (not its history: the subscriber polls GET /v2/events for that) that pass its filters, in the
 * standard's order, POSTed to its callbackUrl as a JSON array, with Subscription-ID,
 * Notification-Signature (`sha256=` HMAC of the exact body bytes under the subscription's secret)
 * and API-Version: 2.2.0. Bundles of up to `bundleSize` events.
 *
 * A 2xx answer (the standard expects 204) moves the subscription's delivery position past the
 * bundle. Anything else is retried, never dropped: 413 halves the bundle (down to one event; the
 * smaller size is kept for that subscription) and sends again at once; 429 or 503 with Retry-After
 * (seconds or an HTTP date) waits that long; other answers and network errors back off
 * exponentially (1 s doubling to 5 min, with jitter), and a callback failing for days keeps being
 * tried every 5 min or so. Each subscription's deliveries are sequential (one bundle in flight at
 * most); subscriptions do not wait for each other.
 *
 * A timer looks for new events every `intervalMs` (0: no timer); `flush()` delivers everything
 * due now and resolves when done (tests drive the clock and await it). Back-off waits are real
 * time, whatever the event clock says.
 */

export interface PusherOptions {
  feed: EventFeed;
  subscriptions: SubscriptionStore;
  /** The provider's clock (which events exist). */
  now: () => number;
  bundleSize?: number;
  /** How often new events are looked for, ms (0: only flush() and retries). */
  intervalMs?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** The longest Retry-After honoured, ms. */
  maxRetryAfterMs?: number;
  requestTimeoutMs?: number;
  /** Told about each attempt (tests, logs). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
}

export interface DeliveryAttempt {
  subscriptionID: string;
  events: number;
  /** HTTP status, or the network error's message. */
  outcome: number | string;
  ok: boolean;
}

export interface DeliveryState {
  /** Consecutive failed attempts. */
  failures: number;
  /** When the current run of failures began (real time, epoch ms). */
  failingSince?: number;
  /** No attempt before this (real time, epoch ms). */
  retryAt?: number;
  /** Largest bundle sent to this subscription (halved by 413). */
  bundleLimit: number;
  /** Events the callback accepted. */
  delivered: number;
  lastOutcome?: number | string;
}

interface State extends DeliveryState {
  inFlight?: Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
}

const logger = createLogger('tnt-provider');

export class Pusher {
  private readonly states = new Map<string, State>();
  private interval?: ReturnType<typeof setInterval>;
  private stopped = false;
  /** Aborts the requests in flight when stopping. */
  private aborter = new AbortController();
  private readonly bundleSize: number;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly requestTimeoutMs: number;

  constructor(private readonly options: PusherOptions) {
    this.bundleSize = Math.max(1, options.bundleSize ?? 100);
    this.initialBackoffMs = options.initialBackoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60 * 60_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  /** Starts the timer (when intervalMs > 0). */
  start(): void {
    this.stopped = false;
    if (this.aborter.signal.aborted) this.aborter = new AbortController();
    const every = this.options.intervalMs ?? 5000;
    if (every > 0 && !this.interval) {
      this.interval = setInterval(() => this.tick(), every);
      this.interval.unref();
    }
  }

  /** Stops the timer and the retries, and ends the bundles in flight (they are sent again after a restart). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.aborter.abort();
    clearInterval(this.interval);
    this.interval = undefined;
    for (const s of this.states.values()) clearTimeout(s.timer);
    await Promise.all([...this.states.values()].map((s) => s.inFlight));
  }

  /** Delivery state of a subscription (a copy). */
  state(subscriptionID: string): DeliveryState | undefined {
    const s = this.states.get(subscriptionID);
    if (!s) return undefined;
    const { inFlight: _inFlight, timer: _timer, ...copy } = s;
    return copy;
  }

  /**
   * Delivers everything due now to every subscription not waiting for a retry, and resolves
   * when done (bundles already in flight are awaited first).
   */
  async flush(): Promise<void> {
    for (let pass = 0; pass < 2; pass++) await Promise.all(this.options.subscriptions.list().map((s) => (this.waiting(s.subscriptionID) ? undefined : this.run(s.subscriptionID))));
  }

  /** A subscription was made or changed (perhaps its callback): deliver at once, with the full bundle size. */
  changed(subscriptionID: string): void {
    const s = this.states.get(subscriptionID);
    if (s) {
      s.bundleLimit = this.bundleSize;
      s.retryAt = undefined;
      clearTimeout(s.timer);
    }
    if (!this.stopped) void this.run(subscriptionID);
  }

  private tick(): void {
    if (this.stopped) return;
    for (const s of this.options.subscriptions.list()) if (!this.waiting(s.subscriptionID)) void this.run(s.subscriptionID);
    // forget the states of subscriptions that are gone
    for (const [id, s] of this.states) if (!this.options.subscriptions.get(id) && !s.inFlight) this.states.delete(id);
  }

  private waiting(id: string): boolean {
    const at = this.states.get(id)?.retryAt;
    return at !== undefined && at > Date.now();
  }

  private stateOf(id: string): State {
    let s = this.states.get(id);
    if (!s) {
      s = { failures: 0, bundleLimit: this.bundleSize, delivered: 0 };
      this.states.set(id, s);
    }
    return s;
  }

  /** One delivery run at a time per subscription: a second call joins the run in flight. */
  private run(id: string): Promise<void> {
    const s = this.stateOf(id);
    if (!s.inFlight)
      s.inFlight = this.deliver(id, s)
        .catch((error: unknown) => {
          // not the callback's failure but the provider's own (its events could not be read): try again later
          s.failures++;
          s.failingSince ??= Date.now();
          this.retryIn(id, s, this.backoff(s.failures));
          logger.error({ err: error, subscriptionID: id }, 'the reference provider could not deliver; retrying');
        })
        .finally(() => {
          s.inFlight = undefined;
        });
    return s.inFlight;
  }

  /** Bundles until nothing is left to send now, or a failure sets a retry. */
  private async deliver(id: string, s: State): Promise<void> {
    while (!this.stopped) {
      if (s.retryAt !== undefined && s.retryAt > Date.now()) return;
      const subscription = this.options.subscriptions.get(id);
      if (!subscription) return;
      const { events } = this.options.feed.page(subscriptionFilter(subscription.body), subscription.position, this.options.now(), s.bundleLimit);
      if (!events.length) return;
      const body = JSON.stringify(events.map((e) => e.event));
      let outcome: number | string;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(subscription.body.callbackUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'subscription-id': id,
            'notification-signature': signBody(body, subscription.secret),
            'api-version': TNT_VERSION,
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.any([AbortSignal.timeout(this.requestTimeoutMs), this.aborter.signal]),
        });
        outcome = res.status;
        retryAfter = res.headers.get('retry-after');
        await res.body?.cancel();
      } catch (error) {
        outcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      if (this.stopped) return;
      const ok = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
      s.lastOutcome = outcome;
      this.options.onAttempt?.({ subscriptionID: id, events: events.length, outcome, ok });
      if (ok) {
        const last = events[events.length - 1];
        // the subscription may have been deleted meanwhile: advance() ignores it then
        this.options.subscriptions.advance(id, { created: last.created, id: last.id });
        s.delivered += events.length;
        s.failures = 0;
        s.failingSince = undefined;
        s.retryAt = undefined;
        continue;
      }
      if (outcome === 413 && events.length > 1) {
        s.bundleLimit = Math.max(1, Math.floor(events.length / 2));
        continue;
      }
      s.failures++;
      s.failingSince ??= Date.now();
      const asked = outcome === 429 || outcome === 503 ? retryAfterMs(retryAfter) : undefined;
      const wait = asked !== undefined ? Math.min(asked, this.maxRetryAfterMs) : this.backoff(s.failures);
      this.retryIn(id, s, wait);
      logger.warn(
        { subscriptionID: id, outcome, failures: s.failures, failingSince: new Date(s.failingSince).toISOString(), retryInMs: wait },
        'a callback of the reference provider failed; retrying',
      );
      return;
    }
  }

  /** 1 s, 2 s, 4 s … up to the maximum, each between half and all of it (jitter). */
  private backoff(failures: number): number {
    const base = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** Math.min(failures - 1, 30));
    return Math.round(base * (0.5 + randomInt(0, 500_001) / 1_000_000));
  }

  private retryIn(id: string, s: State, ms: number): void {
    s.retryAt = Date.now() + ms;
    clearTimeout(s.timer);
    s.timer = setTimeout(() => {
      s.timer = undefined;
      s.retryAt = undefined;
      if (!this.stopped) void this.run(id);
    }, ms);
    s.timer.unref();
  }
}

/** A Retry-After header in ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
