import type { TrackAnswer } from '../../contract/tracking';
import { TRACKING_PATH } from '../../contract/tracking-paths';
import { CODE, type Wrapped } from '../../contract/wire';
import { getApps } from '../../server/runtime';

/**
 * The tracking call of the results page rendered on the server (/{lang}/home/Track/result): the
 * same call the island makes, asked of the API in this process, with the visitor's address (the
 * socket's, and X-Forwarded-For as the API trusts it), so that its rate limit counts the visitor.
 */
export type TrackOutcome = { ok: true; answer: TrackAnswer } | { ok: false; status: number; code: string; message: string; retryAfter: string | null };

export async function trackOnServer(request: Request, clientAddress: string | undefined, refs: string, language: 0 | 1): Promise<TrackOutcome> {
  const base = import.meta.env.PUBLIC_API_BASE ?? '/homeapiak';
  const url = `http://localhost${base}${TRACKING_PATH.track}?${new URLSearchParams({ refs, language: String(language) })}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['x-forwarded-for', 'x-request-id']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  let response: Response;
  try {
    const apps = await getApps();
    response = await apps.app.request(url, { headers }, { clientAddress });
  } catch {
    return { ok: false, status: 503, code: CODE.unavailable, message: 'Service unavailable', retryAfter: null };
  }
  const wrapped = (await response.json().catch(() => null)) as Wrapped<TrackAnswer> | null;
  if (wrapped?.code === CODE.ok) return { ok: true, answer: wrapped.data.content };
  return {
    ok: false,
    status: response.status >= 400 ? response.status : 500,
    code: wrapped?.code ?? String(response.status),
    message: wrapped?.message ?? `HTTP ${response.status}`,
    retryAfter: response.headers.get('retry-after'),
  };
}
