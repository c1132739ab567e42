import { type EdgePurger, eachAtOnce } from './purger';
import { providerCall } from './http';

/**
 * Fastly: purge by URL, one URL a call: POST https://api.fastly.com/purge/{host}{path} with the API
 * token in the Fastly-Key header (a token with the purge_select scope; authenticated purges, so a
 * stranger's PURGE is refused when the service requires it). Fastly keeps every encoding under the URL.
 */
export function fastlyPurger(options: { apiToken: string; host: string; api?: string; soft?: boolean; width?: number }): EdgePurger {
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(options.host)) throw new Error("EDGE_FASTLY_HOST must be the site's host name, like www.example.com");
  const api = (options.api ?? 'https://api.fastly.com').replace(/\/$/, '');
  return {
    name: 'fastly',
    batch: 1,
    purge: (paths) =>
      eachAtOnce(paths, options.width ?? 8, async (path) => {
        const text = await providerCall('fastly', `${api}/purge/${options.host}${path}`, {
          method: 'POST',
          headers: { 'fastly-key': options.apiToken, accept: 'application/json', ...(options.soft ? { 'fastly-soft-purge': '1' } : {}) },
        });
        const answer = JSON.parse(text) as { status?: string };
        if (answer.status !== 'ok') throw new Error(`fastly refused the purge of ${path}: ${text.slice(0, 200)}`);
      }),
  };
}
