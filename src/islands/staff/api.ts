import { ApiError, apiFetch, defaultTarget, type FetchOptions } from '../../contract/fetch';

/**
 * The console's calls from the browser: our staff calls go through the one fetch wrapper (the
 * API's answer wrapper); Better Auth's sign-in endpoints answer their own JSON, read here, and
 * their error codes become ApiErrors with that code, which the islands say in the page's language.
 */
export const staffCall = <T>(path: string, options: FetchOptions = {}) => apiFetch<T>(`/staff${path}`, options);

export async function authCall<T = unknown>(path: string, body?: unknown): Promise<T> {
  const target = defaultTarget();
  let response: Response;
  try {
    response = await fetch(`${target.origin}${target.base}/staff/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
    });
  } catch (error) {
    throw new ApiError('NETWORK', (error as Error)?.message ?? 'network');
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(String(response.status), `HTTP ${response.status}`, response.status);
  }
  if (!response.ok) {
    const { code, message } = (json ?? {}) as { code?: string; message?: string };
    throw new ApiError(code ?? (response.status === 429 ? 'TOO_MANY_REQUESTS' : String(response.status)), message ?? `HTTP ${response.status}`, response.status);
  }
  return json as T;
}

/** An error said in the page's language: a known code's own sentence, else the server's message. */
export function sayError(error: unknown, s: Record<string, string>): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return s['staff.error.network'];
    const known = s[`staff.error.${error.code}`];
    if (known) return known;
    return s['staff.error.generic'].replace('{{message}}', error.message);
  }
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return s['staff.error.passkeyCancelled'];
  return s['staff.error.generic'].replace('{{message}}', error instanceof Error ? error.message : String(error));
}

/** The console's buttons stay disabled until its island has hydrated (the one hook, shared with the public forms). */
export { useHydrated } from '../shared/hydrated';
