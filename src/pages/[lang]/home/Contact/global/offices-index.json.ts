import type { APIRoute } from 'astro';
import { localeStaticPaths, pageLocale } from '../../../../../i18n/static-paths';
import { loadOffices, officeIndex } from '../../../../../offices/offices';

/**
 * /{lang}/home/Contact/global/offices-index.json: every office in the page's
 * language, written at build time. The city search and Load More read it in the
 * browser, so they work from the CDN without the API.
 */
export const getStaticPaths = localeStaticPaths;

export const GET: APIRoute = ({ params }) => new Response(JSON.stringify(officeIndex(loadOffices(), pageLocale(params))), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
