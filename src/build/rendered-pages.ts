/**
 * The pages of the build under way, as Astro renders them, for the integrations that work on them
 * (src/search/integration.ts indexes them, src/i18n/integration.mjs gives each English
 * page its bare twin): at `astro:build:start` an integration opens the record, and the middleware
 * (src/middleware.ts, which every prerendered page passes through) reports each page to it, so no
 * integration has to walk dist/ and read the pages back afterwards. The integrations run in Astro's
 * process and the middleware in the prerender bundle, bundled apart, so they meet on a global
 * symbol rather than a module's state. Nothing is recorded in `astro dev` or in the server.
 */
const RECORD = Symbol.for('carrier.build.rendered-pages');

/** Takes each page as it is rendered: its URL path and its response (read a copy, never the response itself). */
export type PageListener = (pathname: string, response: Response) => void;

interface Record_ {
  paths: string[];
  listeners: PageListener[];
}

const current = (): Record_ | undefined => (globalThis as Record<symbol, Record_ | undefined>)[RECORD];

/** Opens the record for a build (once; later calls find it open) and adds a listener, if given. */
export function recordRenderedPages(listener?: PageListener): void {
  const record = (current() ?? ((globalThis as Record<symbol, Record_>)[RECORD] = { paths: [], listeners: [] })) as Record_;
  if (listener) record.listeners.push(listener);
}

/** From the middleware: a route was rendered; pages (HTML) are recorded, endpoints (feeds, JSON) are not. */
export function pageRendered(pathname: string, response: Response): void {
  const record = current();
  if (!record || !(response.headers.get('content-type') ?? '').includes('text/html')) return;
  record.paths.push(pathname);
  for (const listener of record.listeners) listener(pathname, response);
}

/** The URL paths of every page rendered so far, in the order rendered; undefined when nothing was recorded (no build under way). */
export function renderedPaths(): readonly string[] | undefined {
  return current()?.paths;
}

/**
 * The pages the build holds that were not rendered: copied from the previous build by Astro's
 * incremental build (their cacheKey and code unchanged), so they never passed the middleware.
 * `built` is astro:build:done's `pages` (pathnames without the leading slash).
 */
export function pagesNotRendered(built: readonly { pathname: string }[]): string[] {
  const rendered = new Set((renderedPaths() ?? []).map((p) => outputFileOf(p)));
  return built.map((p) => `/${p.pathname.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/').filter((p) => !rendered.has(outputFileOf(p)));
}

/** The file a page's URL path is written to, relative to the site root (build.format 'directory'): /en/home → en/home/index.html, /404 → 404.html. */
export function outputFileOf(pathname: string): string {
  const path = decodeURI(pathname).replace(/^\/+|\/+$/g, '');
  if (path === '') return 'index.html';
  if (path === '404' || path === '500') return `${path}.html`;
  return `${path}/index.html`;
}
