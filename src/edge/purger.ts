/**
 * The CDN edge's purge (docs/edge.md): one interface, one adapter per CDN, chosen by EDGE_PURGE.
 * A purge names the site's paths (`/en/home/News/…`, as visitors ask for them); each adapter turns
 * them into its provider's requests, as many per request as the provider allows, and throws an
 * error naming the provider's answer (never a credential) when one is refused. Every encoding of a
 * path is purged with it (the edges keep one object per encoding under one key).
 */
export interface EdgePurger {
  /** varnish, cloudflare, … (metrics and logs). */
  readonly name: string;
  /** Paths per request, the provider's documented limit. */
  readonly batch: number;
  purge(paths: string[]): Promise<void>;
}

/** Runs `work` on the items, `width` at a time; the first error is thrown once all have ended. */
export async function eachAtOnce<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        await work(item).catch((error) => errors.push(error));
      }
    }),
  );
  if (errors.length) throw errors[0];
}

/** The items in groups of `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
