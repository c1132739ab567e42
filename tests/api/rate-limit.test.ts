import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RateLimiter } from '../../src/server/forms/rate-limit';
import { rateLimits } from '../../src/server/db/schema';
import { startHarness, type Harness } from './harness';

/**
 * The rate limiter's leases: processes take requests from the shared row in leases and answer
 * them from memory. Two limiters on one database stand for two API processes.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const at = new Date('2026-11-26T10:00:00Z');
const limiterWith = (count: number, seconds = 600, now = () => at) => new RateLimiter(h.database.db, { ...h.config.forms, limits: { ...h.config.forms.limits, carbonCity: { count, seconds } } }, now);
const rowCount = async (client: string) => {
  const rows = await h.database.db.select({ count: rateLimits.count }).from(rateLimits).where(sql`${rateLimits.client} = ${client}`);
  return rows.reduce((n, r) => n + r.count, 0);
};

describe('rate limits in leases', () => {
  it('two processes together allow exactly the limit, driven alternately and at random', async () => {
    const a = limiterWith(600);
    const b = limiterWith(600);
    let allowed = 0;
    let seed = 7;
    for (let i = 0; i < 900; i++) {
      seed = (seed * 48271) % 2147483647;
      const { allowed: ok } = await (seed % 2 ? a : b).hit('carbonCity', 'client-1');
      if (ok) allowed++;
    }
    expect(allowed).toBe(600);
    // both go on refusing, from memory, to the end of the window
    expect((await a.hit('carbonCity', 'client-1')).allowed).toBe(false);
    expect((await b.hit('carbonCity', 'client-1')).allowed).toBe(false);
  });

  it('far from the limit a request costs a write only now and then; near it leases are of one', async () => {
    const a = limiterWith(10_000);
    for (let i = 0; i < 100; i++) expect((await a.hit('carbonCity', 'client-2')).allowed).toBe(true);
    // leases of up to 1/16 of what is left, the next taken when half is used: the row holds more than was answered, never less
    const counted = await rowCount('client-2');
    expect(counted).toBeGreaterThanOrEqual(100);
    expect(counted).toBeLessThanOrEqual(100 + 2 * (10_000 / 16));
    const small = limiterWith(10);
    for (let i = 0; i < 10; i++) {
      expect((await small.hit('carbonCity', 'client-3')).allowed).toBe(true);
      // a lease of one is taken by its request, never ahead: the row counts exactly what was answered
      expect(await rowCount('client-3')).toBe(i + 1);
    }
    expect((await small.hit('carbonCity', 'client-3')).allowed).toBe(false);
  });

  it('a small limit is exact over two processes driven alternately: neither holds a request the other is refused', async () => {
    const a = limiterWith(10);
    const b = limiterWith(10);
    const allowed: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      allowed.push((await (i % 2 ? b : a).hit('carbonCity', 'client-7')).allowed);
      if (i < 10) expect(await rowCount('client-7')).toBe(i + 1);
    }
    expect(allowed).toEqual([...Array(10).fill(true), false, false]);
  });

  it('requests at once share one lease being taken, and none is allowed beyond the limit', async () => {
    const a = limiterWith(50);
    const b = limiterWith(50);
    const verdicts = await Promise.all(Array.from({ length: 120 }, (_, i) => (i % 3 ? a : b).hit('carbonCity', 'client-4')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(50);
  });

  it('tryHit answers from a lease held without waiting; the next lease is taken in the background', async () => {
    const a = limiterWith(10_000);
    expect(a.tryHit('carbonCity', 'client-5')).toBe(false);
    expect(await rowCount('client-5')).toBe(0);
    await a.hit('carbonCity', 'client-5'); // the first request of a window waits for a lease of a sixteenth of the limit (at most 256)
    let quick = 0;
    while (a.tryHit('carbonCity', 'client-5')) quick++;
    expect(quick).toBe(255);
    // the lease taken when half of the first was used comes in (waited for; a refused tryHit takes nothing): the next requests are answered from it
    await expect.poll(() => a.tryHit('carbonCity', 'client-5'), { timeout: 30_000 }).toBe(true);
    expect(await rowCount('client-5')).toBe(512);
  });

  it('a new window starts a new count', async () => {
    let now = at;
    const a = limiterWith(3, 60, () => now);
    for (let i = 0; i < 3; i++) expect((await a.hit('carbonCity', 'client-6')).allowed).toBe(true);
    const refused = await a.hit('carbonCity', 'client-6');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = new Date(at.getTime() + 60_000);
    expect((await a.hit('carbonCity', 'client-6')).allowed).toBe(true);
  });
});
