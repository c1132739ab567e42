import type { Context, Hono, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';
import type { CallDef } from '../contract/calls';
import type { RateBucket } from './forms/config';
import type { RateLimiter } from './forms/rate-limit';
import { addressOf } from './forms/client-address';
import { handle } from './handle';

/**
 * Answers kept whole. A GET call whose answer depends on nothing but its URL and the built
 * content (the route network, the offices, the carbon calculator's city search) marks its
 * successful answers with KEEP_HEADER; the API's entry (src/server/endpoint.ts) keeps such an
 * answer as bytes with its final headers, and answers the next request for the same URL (and
 * Origin, which the CORS headers depend on) from memory, before the app: no routing,
 * validation, lookup or encoding. Content changes only with a new build, i.e. a new process.
 *
 * A call counted by a rate limit names its bucket in the mark: a kept answer of it is given
 * only while the process holds a lease of that limit for the client (RateLimiter.tryHit),
 * which counts it; otherwise the request goes the whole way and is counted there. Only
 * successful answers are kept, at most `maxBytes` of them (least recently used go first),
 * so hostile queries cannot grow it.
 */
export const KEEP_HEADER = 'x-carrier-keep';

export interface KeptAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  bucket: RateBucket | null;
}

export class KeptAnswers {
  private readonly kept: LRUCache<string, KeptAnswer>;

  constructor(
    private readonly limiter: RateLimiter,
    private readonly trustProxyHops: number,
    maxBytes = 16 * 1024 * 1024,
  ) {
    this.kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (v, k) => v.body.byteLength + k.length * 2 + 256 });
  }

  private static key(pathAndQuery: string, origin: string | undefined | null): string {
    return origin ? `${pathAndQuery}\n${origin}` : pathAndQuery;
  }

  /**
   * The kept answer of a GET request, if there is one and it may be given now (counted against
   * its rate limit from a lease this process holds); undefined: answer it the whole way.
   */
  answer(method: string, pathAndQuery: string, origin: string | undefined | null, socketAddress: string | undefined, forwardedFor: string | undefined | null): KeptAnswer | undefined {
    if (method !== 'GET') return undefined;
    const hit = this.kept.get(KeptAnswers.key(pathAndQuery, origin));
    if (!hit) return undefined;
    if (hit.bucket && !this.limiter.tryHit(hit.bucket, addressOf(socketAddress, forwardedFor ?? undefined, this.trustProxyHops))) return undefined;
    return hit;
  }

  /** Keeps the answer if the app marked it (the mark is removed); answers the response to send. */
  async keep(pathAndQuery: string, origin: string | undefined | null, response: Response): Promise<Response> {
    const mark = response.headers.get(KEEP_HEADER);
    if (mark === null) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== KEEP_HEADER));
    headers['content-length'] = String(body.byteLength);
    this.kept.set(KeptAnswers.key(pathAndQuery, origin), { status: response.status, headers, body, bucket: (mark || null) as RateBucket | null });
    return new Response(body, { status: response.status, headers });
  }
}

/** Marks a GET call's successful answers to be kept (see above); `bucket` is the rate limit that counts the call, if any. */
export function keepAnswers(options: { bucket?: RateBucket; unless?: (c: Context) => boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' || options.unless?.(c)) return next();
    await next();
    // status 200 is the wrapper's success (every other wire code has its own HTTP status)
    if (c.res.status === 200 && (c.res.headers.get('content-type') ?? '').includes('json')) c.res.headers.set(KEEP_HEADER, options.bucket ?? '');
  };
}

/** `handle` for a router whose GET calls all depend on the request and the built content only: each answer is kept. */
export function memoizedHandle(router: Hono) {
  const keep = keepAnswers();
  return <C extends CallDef>(def: C, handler: Parameters<typeof handle<C>>[2]) => {
    if (def.method === 'GET') router.use(def.path, keep);
    handle(router, def, handler);
  };
}
