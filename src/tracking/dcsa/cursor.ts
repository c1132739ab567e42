import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The paging cursors of the Track & Trace APIs, the reference provider's (src/tracking/provider/) and
 * the site's own GET /dcsa/tnt/v2/events alike: opaque to clients, a keyset position (the last item of
 * the page) and a fingerprint of the query's filters, signed with HMAC-SHA256 under the server's key.
 * A cursor that was altered, was issued under another key or belongs to another query is refused, so
 * a page never silently comes from another list. The pages link each other in the same headers too.
 */

/** A place in the list of events, in the standard's order: the last event read (created, then eventID). */
export interface EventPosition {
  /** eventCreatedDateTime, epoch ms. */
  createdAt: number;
  eventId: string;
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** The filters of a query: endpoint and parameters (limit and cursor left out), whatever their order. */
export function fingerprint(endpoint: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .filter((k) => k !== 'limit' && k !== 'cursor')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha256').update(`${endpoint}?${sorted}`).digest('base64url').slice(0, 22);
}

export function encodeCursor<P>(key: string, filters: string, position: P): string {
  const payload = b64(JSON.stringify({ f: filters, p: position }));
  return `${payload}.${sign(key, payload)}`;
}

/** The position a cursor carries (to be checked by the caller), or why it is refused. */
export function decodeCursor(key: string, cursor: string, filters: string): { position: unknown } | { error: string } {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) return { error: 'is not a cursor issued by this API' };
  const expected = sign(key, payload);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return { error: 'is not a cursor issued by this API (it was altered)' };
  let body: { f?: unknown; p?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { error: 'is not a cursor issued by this API' };
  }
  if (body.f !== filters) return { error: 'belongs to another query: send the same filter parameters as for the first page, or start again without a cursor' };
  return { position: body.p };
}

/**
 * The links of a page (the standard's Current-Page, First-Page and, when there is one, Next-Page):
 * the request's path and query, the cursor replaced. Relative to the origin, so that they hold behind
 * a proxy whatever scheme and host it is reached by; a client resolves them against the URL it asked.
 */
export function pageLinks(requestUrl: string, next?: string): Record<string, string> {
  const url = new URL(requestUrl);
  const link = () => `${url.pathname}${url.search}`;
  const links: Record<string, string> = { 'current-page': link() };
  url.searchParams.delete('cursor');
  links['first-page'] = link();
  if (next) {
    url.searchParams.set('cursor', next);
    links['next-page'] = link();
  }
  return links;
}
