import type { Context } from 'hono';

/**
 * The address a request came from, for rate limits. The Astro endpoint passes the
 * socket address (Astro's clientAddress) in the Hono env as `clientAddress`.
 * X-Forwarded-For is believed only when TRUST_PROXY_HOPS says how many proxies
 * of ours append to it: the client is then the entry that many places from the
 * right (anything further left could be made up by the client).
 */
export function clientAddress(c: Context, trustProxyHops: number): string {
  return addressOf((c.env as { clientAddress?: string } | undefined)?.clientAddress, c.req.header('x-forwarded-for'), trustProxyHops);
}

/** The same from the socket address and the X-Forwarded-For header, for the server's own listener (src/server/memo.ts). */
export function addressOf(socket: string | undefined, forwardedFor: string | undefined, trustProxyHops: number): string {
  if (trustProxyHops > 0) {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const entry = hops[hops.length - trustProxyHops];
    if (entry) return normalise(entry);
  }
  return normalise(socket ?? 'unknown');
}

function normalise(address: string): string {
  return address.replace(/^::ffff:/, '').toLowerCase();
}
