import { defineMiddleware } from 'astro:middleware';
import { pageRendered } from './build/rendered-pages';

/**
 * At build time, reports every prerendered page as it is rendered to the integrations that work
 * on the built pages (src/build/rendered-pages.ts): the search index, the bare-path twins. Requests
 * served on demand (the API) pass straight through.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered) return next();
  const response = await next();
  pageRendered(context.url.pathname, response);
  return response;
});
