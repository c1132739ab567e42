/**
 * How the build's search indexer (src/integrations/pagefind.ts) receives the pages Astro renders:
 * the integration puts its indexer on globalThis under PAGE_SINK for the time of the build, and the
 * middleware (src/middleware.ts, which every prerendered page passes through) hands each page's
 * response to it. The two sides are bundled apart (the integration runs in Astro's process, the
 * middleware in the prerender bundle), so they meet on a global symbol rather than a module.
 */
export const PAGE_SINK = Symbol.for('carrier.search.page-sink');

export interface PageSink {
  /** A page as rendered: its URL path and its response (the sink reads a copy, never the response itself). */
  rendered(pathname: string, response: Response): void;
}

/** The sink of the build under way, if any (none in `astro dev` or in the server). */
export function pageSink(): PageSink | undefined {
  return (globalThis as Record<symbol, PageSink | undefined>)[PAGE_SINK];
}

/** The file a page's URL path is written to, relative to the site root (build.format 'directory'): /en/home → en/home/index.html, /404 → 404.html. */
export function sourcePathOf(pathname: string): string {
  const path = decodeURI(pathname).replace(/^\/+|\/+$/g, '');
  if (path === '') return 'index.html';
  if (path === '404' || path === '500') return `${path}.html`;
  return `${path}/index.html`;
}
