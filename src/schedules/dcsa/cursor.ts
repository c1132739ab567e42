import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pagination cursors of the DCSA endpoints (`cursor` query parameter, `Next-Page-Cursor`
 * header): the endpoint, a fingerprint of the filter parameters, the day the schedules were
 * computed for and the offset of the next page, signed with HMAC-SHA256 under the server's
 * key. A cursor that was altered, belongs to another query or endpoint, or to the schedules
 * of another day is refused, so a page never silently comes from another result list.
 */

export interface CursorState {
  endpoint: string;
  /** Filter parameters, as sent (limit and cursor left out). */
  filters: Record<string, string>;
  day: string;
  offset: number;
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function fingerprint(endpoint: string, filters: Record<string, string>, day: string): string {
  const sorted = Object.keys(filters)
    .sort()
    .map((k) => `${k}=${filters[k]}`)
    .join('&');
  return createHmac('sha256', 'fingerprint').update(`${endpoint}?${sorted}#${day}`).digest('base64url').slice(0, 16);
}

export function encodeCursor(key: string, state: CursorState): string {
  const payload = b64(JSON.stringify({ f: fingerprint(state.endpoint, state.filters, state.day), o: state.offset }));
  const mac = createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  return `${payload}.${mac}`;
}

/** The offset a cursor points at, or why it is refused. */
export function decodeCursor(key: string, cursor: string, expect: Omit<CursorState, 'offset'>): { offset: number } | { error: string } {
  const [payload, mac, extra] = cursor.split('.');
  if (!payload || !mac || extra !== undefined) return { error: 'is not a cursor issued by this API' };
  const expected = createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return { error: 'is not a cursor issued by this API (it was altered)' };
  let body: { f?: unknown; o?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { error: 'is not a cursor issued by this API' };
  }
  if (body.f !== fingerprint(expect.endpoint, expect.filters, expect.day))
    return { error: 'belongs to another query, endpoint or day of schedules: send the same filter parameters as the first page, or start again without a cursor' };
  if (typeof body.o !== 'number' || !Number.isInteger(body.o) || body.o < 0) return { error: 'is not a cursor issued by this API' };
  return { offset: body.o };
}
