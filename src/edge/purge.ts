import { alibabaPurger } from './alibaba';
import { cloudflarePurger } from './cloudflare';
import { cloudfrontPurger } from './cloudfront';
import { fastlyPurger } from './fastly';
import type { EdgePurger } from './purger';
import { varnishPurger } from './varnish';

export type { EdgePurger } from './purger';

export type EdgePurgeKind = 'varnish' | 'cloudflare' | 'cloudfront' | 'fastly' | 'alibaba' | 'none';

/** The purger EDGE_PURGE names, configured by its own variables; null for `none` or unset (no edge to purge). */
export function edgePurgerFromEnv(env: Record<string, string | undefined> = process.env): EdgePurger | null {
  const kind = (env.EDGE_PURGE ?? 'none').trim().toLowerCase();
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`EDGE_PURGE=${kind} needs ${name}`);
    return value;
  };
  switch (kind) {
    case 'none':
    case '':
      return null;
    case 'varnish':
      return varnishPurger({ url: need('EDGE_VARNISH_URL') });
    case 'cloudflare':
      return cloudflarePurger({
        zoneId: need('EDGE_CLOUDFLARE_ZONE_ID'),
        apiToken: need('EDGE_CLOUDFLARE_API_TOKEN'),
        site: need('EDGE_SITE_URL'),
        batch: env.EDGE_CLOUDFLARE_BATCH ? Number(env.EDGE_CLOUDFLARE_BATCH) : undefined,
      });
    case 'cloudfront':
      return cloudfrontPurger({
        distributionId: need('EDGE_CLOUDFRONT_DISTRIBUTION_ID'),
        accessKeyId: need('AWS_ACCESS_KEY_ID'),
        secretAccessKey: need('AWS_SECRET_ACCESS_KEY'),
        sessionToken: env.AWS_SESSION_TOKEN || undefined,
      });
    case 'fastly':
      return fastlyPurger({ apiToken: need('EDGE_FASTLY_API_TOKEN'), host: need('EDGE_FASTLY_HOST'), soft: env.EDGE_FASTLY_SOFT === '1' });
    case 'alibaba':
      return alibabaPurger({ accessKeyId: need('EDGE_ALIBABA_ACCESS_KEY_ID'), accessKeySecret: need('EDGE_ALIBABA_ACCESS_KEY_SECRET'), site: need('EDGE_SITE_URL') });
    default:
      throw new Error(`EDGE_PURGE must be one of varnish, cloudflare, cloudfront, fastly, alibaba, none; not ${JSON.stringify(env.EDGE_PURGE)}`);
  }
}
