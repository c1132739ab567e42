import { batches, type EdgePurger, eachAtOnce } from './purger';
import { providerCall, siteOrigin } from './http';

/**
 * Cloudflare: purge by single file, POST /client/v4/zones/{zone}/purge_cache with {"files": [full
 * URLs]}, an API token (Authorization: Bearer, permission Zone → Cache Purge). Up to 100 URLs a call on
 * every plan (developers.cloudflare.com/cache/how-to/purge-cache: "max operations per request"; older
 * plans said 30: EDGE_CLOUDFLARE_BATCH lowers it). Cloudflare keeps every encoding under one URL.
 */
export function cloudflarePurger(options: { zoneId: string; apiToken: string; site: string; api?: string; batch?: number }): EdgePurger {
  if (!/^[0-9a-f]{32}$/i.test(options.zoneId)) throw new Error("EDGE_CLOUDFLARE_ZONE_ID must be the zone's 32-character id");
  const origin = siteOrigin(options.site, 'EDGE_SITE_URL');
  const api = (options.api ?? 'https://api.cloudflare.com').replace(/\/$/, '');
  const batch = Math.min(options.batch ?? 100, 100);
  return {
    name: 'cloudflare',
    batch,
    purge: (paths) =>
      eachAtOnce(batches(paths, batch), 2, async (part) => {
        const text = await providerCall('cloudflare', `${api}/client/v4/zones/${options.zoneId}/purge_cache`, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ files: part.map((p) => `${origin}${p}`) }),
        });
        const answer = JSON.parse(text) as { success?: boolean; errors?: { message?: string }[] };
        if (!answer.success) throw new Error(`cloudflare refused the purge: ${(answer.errors ?? []).map((e) => e.message).join('; ') || text.slice(0, 200)}`);
      }),
  };
}
