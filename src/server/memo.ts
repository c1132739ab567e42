import type { Hono, MiddlewareHandler } from 'hono';
import type { CallDef } from '../contract/calls';
import { handle } from './handle';
import { LRUCache } from 'lru-cache';

/**
 * Keeps the answers of GET calls that depend on nothing but the request and the built content
 * (the route network, the offices): the first answer to a URL is kept as its encoded body and
 * every later request for it is answered from memory, without validation, lookup or encoding.
 * Only successful answers are kept, at most `maxBytes` of them (least recently used go first),
 * so hostile queries cannot grow it. Content changes only with a new build, i.e. a new process.
 */
export function memoizeAnswers(maxBytes = 16 * 1024 * 1024): MiddlewareHandler {
  const kept = new LRUCache<string, { body: string; type: string }>({ maxSize: maxBytes, sizeCalculation: (v, k) => v.body.length * 2 + k.length * 2 + 64 });
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const key = c.req.url;
    const hit = kept.get(key);
    if (hit) return c.body(hit.body, 200, { 'content-type': hit.type });
    await next();
    if (c.res.status !== 200) return;
    const type = c.res.headers.get('content-type') ?? 'application/json';
    const body = await c.res.clone().text();
    // a wrapper that says anything but success (a 200 carrying a wire error) is not kept
    if (type.includes('json') && body.startsWith('{"code":"200"')) kept.set(key, { body, type });
  };
}

/** `handle` for a router whose GET calls all depend on the request and the built content only: each is memoized. */
export function memoizedHandle(router: Hono) {
  const memo = memoizeAnswers();
  return <C extends CallDef>(def: C, handler: Parameters<typeof handle<C>>[2]) => {
    if (def.method === 'GET') router.use(def.path, memo);
    handle(router, def, handler);
  };
}
