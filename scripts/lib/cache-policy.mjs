// How long the answers of the static release live in caches: one source for nginx's headers
// (deploy/nginx/render.mjs), the edge's rules (deploy/varnish/render.mjs) and the tests. The browser
// revalidates a page or a file within a minute; the CDN edge keeps it a day (Surrogate-Control and
// CDN-Cache-Control, which the edge reads and strips) because every change of the served release
// purges exactly the URLs that changed (src/edge/). Hashed assets never change under their name.
import { PUBLIC_ON_DEMAND_PATTERN, STAFF_PATTERN } from './security-headers.mjs';

/** Hashed assets (/_astro/, the newsroom's pictures named by their hash): a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Pages, feeds, sitemaps, the search bundles and the other static files, for browsers. */
export const BROWSER_STATIC_CACHE = 'public, max-age=60';
/** How long the edge keeps them (seconds): purged on every change of the served release. */
export const EDGE_STATIC_TTL_S = 86_400;
/** The edge's lifetime headers on a static answer (Surrogate-Control: Varnish, Fastly; CDN-Cache-Control: RFC 9213, Cloudflare). */
export const EDGE_STATIC_HEADERS = {
  'Surrogate-Control': `max-age=${EDGE_STATIC_TTL_S}`,
  'CDN-Cache-Control': `max-age=${EDGE_STATIC_TTL_S}`,
};
/** A missing page at the edge: short, so a page published later is never hidden behind an old 404. */
export const EDGE_NOT_FOUND_TTL_S = 60;
/** The staff session's cookie (src/staff/auth.ts: cookiePrefix "staff", "__Host-staff" over HTTPS). */
export const SESSION_COOKIE_PATTERN = /(^|;\s*)(__Host-)?staff\.session_token=/;
/** Paths the edge never stores, whatever they answer: the staff console and the public pages rendered on demand. */
export const EDGE_PASS_PATTERNS = [STAFF_PATTERN, PUBLIC_ON_DEMAND_PATTERN];
