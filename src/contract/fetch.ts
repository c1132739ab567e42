import { CODE, DEFAULT_API_BASE, type Wrapped } from './wire';

/**
 * The one fetch wrapper. Every call from a browser script, an island, the
 * nightly job or a test goes through apiFetch; it adds the language, sends
 * cookies, and turns every failure into an ApiError with the server's message.
 * It does not validate answers (that is ./client.ts, with zod), so the shell's
 * tiny scripts can use it without shipping zod.
 */

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
    /** The error answer's content, where it has one (a conflict says who saved first). */
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface FetchOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Form fields (sent form-encoded, as the existing backend expects), a JSON value, or a multipart form (file uploads). */
  body?: { form: Record<string, string> } | { json: unknown } | { multipart: FormData };
  /** 0 Chinese, 1 English; added as the `language` query parameter. */
  language?: 0 | 1;
  signal?: AbortSignal;
  /** Keep the request alive while the page unloads (click tracking). */
  keepalive?: boolean;
}

export interface ApiTarget {
  /** Origin of the API, '' for the page's own origin. */
  origin: string;
  /** Base path, /homeapiak by default. */
  base: string;
  fetch?: typeof fetch;
}

export function defaultTarget(): ApiTarget {
  const env = (import.meta as unknown as { env?: Record<string, string | undefined> }).env ?? {};
  return { origin: env.PUBLIC_API_ORIGIN ?? '', base: env.PUBLIC_API_BASE || DEFAULT_API_BASE };
}

export function apiUrl(target: ApiTarget, path: string, query: FetchOptions['query'] = {}, language?: 0 | 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  if (language !== undefined && !params.has('language')) params.set('language', String(language));
  const search = params.toString();
  return `${target.origin}${target.base}${path}${search ? `?${search}` : ''}`;
}

export async function apiFetch<T = unknown>(path: string, options: FetchOptions = {}, target = defaultTarget()): Promise<T> {
  return (await apiAnswer<T>(path, options, target)).content;
}

/** apiFetch with the wrapper's message kept: the calls whose answer is a sentence for the visitor ("We sent a code to …"). */
export async function apiAnswer<T = unknown>(path: string, options: FetchOptions = {}, target = defaultTarget()): Promise<{ content: T; message: string }> {
  const { method = 'GET', query, body, language, signal, keepalive } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body && 'form' in body) {
    payload = new URLSearchParams(body.form);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (body && 'json' in body) {
    payload = JSON.stringify(body.json);
    headers['content-type'] = 'application/json';
  } else if (body && 'multipart' in body) {
    payload = body.multipart; // the browser sets multipart/form-data with its boundary
  }
  let response: Response;
  try {
    response = await (target.fetch ?? fetch)(apiUrl(target, path, query, language), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal,
      keepalive,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', `Request failed: ${(error as Error)?.message ?? String(error)}`);
  }
  let wrapped: Wrapped<T>;
  try {
    wrapped = (await response.json()) as Wrapped<T>;
  } catch {
    throw new ApiError(String(response.status), `Unexpected answer (HTTP ${response.status}, not JSON)`, response.status);
  }
  if (!wrapped || typeof wrapped.code !== 'string') {
    throw new ApiError(String(response.status), `Unexpected answer (HTTP ${response.status}, no code)`, response.status);
  }
  if (wrapped.code !== CODE.ok) throw new ApiError(wrapped.code, wrapped.message || `Error ${wrapped.code}`, response.status, wrapped.data?.content ?? undefined);
  return { content: wrapped.data?.content as T, message: wrapped.message ?? '' };
}
