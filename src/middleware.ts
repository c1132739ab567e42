import { defineMiddleware } from 'astro:middleware';
import { pageSink } from './search/page-sink';

/**
 * At build time, hands every prerendered page to the search indexer as it is rendered
 * (src/search/page-sink.ts), so the pages are indexed side by side with the rendering instead of
 * being read back from disk afterwards. Requests served on demand (the API) pass straight through.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered) return next();
  const response = await next();
  pageSink()?.rendered(context.url.pathname, response);
  return response;
});
