import { timingSafeEqual } from 'node:crypto';

/**
 * The news pages a publish renders again (src/releases/news-patch.ts) come from the built server's own
 * components, through on-demand routes under /internal/render/ that take the page's data as JSON. Only
 * a process that was given a token in its environment answers them: the patch starts the release's
 * server in its own process with a fresh random token and asks it on the loopback. A site's servers
 * (npm start) have no token, so the routes answer 404 to everyone there (and npm start and nginx do
 * not pass /internal/ on at all).
 */
export const RENDER_TOKEN_ENV = 'CARRIER_RENDER_TOKEN';
export const RENDER_TOKEN_HEADER = 'x-carrier-render-token';
export const RENDER_PREFIX = '/internal/render/';

/** The JSON a render request carries, or null (answer 404) unless it is a POST with this process's token. */
export async function renderInput<T>(request: Request): Promise<T | null> {
  const token = process.env[RENDER_TOKEN_ENV];
  const given = request.headers.get(RENDER_TOKEN_HEADER);
  if (!token || token.length < 32 || !given || request.method !== 'POST') return null;
  const a = Buffer.from(token);
  const b = Buffer.from(given);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return (await request.json()) as T;
}

export const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
