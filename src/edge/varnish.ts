import { request } from 'node:http';
import { eachAtOnce, type EdgePurger } from './purger';

/**
 * Varnish, the reference edge (deploy/varnish/): one `PURGE <path>` per path to the edge itself,
 * from an address its VCL's carrier_purgers allows; it drops the path's object of every encoding
 * and answers 200. Eight at a time.
 */
export function varnishPurger(options: { url: string; width?: number; timeoutMs?: number }): EdgePurger {
  const base = new URL(options.url);
  if (base.protocol !== 'http:') throw new Error(`EDGE_VARNISH_URL must be an http:// URL (Varnish speaks plain HTTP), not ${base.protocol}`);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const purgeOne = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port || 80, path, method: 'PURGE', timeout: timeoutMs }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`varnish answered ${res.statusCode} ${res.statusMessage ?? ''} to PURGE ${path}`.trim()))));
      });
      req.on('timeout', () => req.destroy(new Error(`varnish did not answer PURGE ${path} within ${timeoutMs} ms`)));
      req.on('error', (error) => reject(new Error(`varnish at ${base.host}: ${error.message}`)));
      req.end();
    });
  return {
    name: 'varnish',
    batch: 100,
    purge: (paths) => eachAtOnce(paths, options.width ?? 8, purgeOne),
  };
}
