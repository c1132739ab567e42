import type { APIRoute } from 'astro';
import { CONTACT_STRING_KEYS } from '../../../islands/contact/strings';
import { isLocale } from '../../../i18n/locales';
import { pickStrings } from '../../../i18n/pick';
import { localeStaticPaths } from '../../../i18n/static-paths';

/** /forms/{lang}/contact.json: the contact form's strings, for the form mounted on demand (src/islands/contact/mount.tsx). */
export const getStaticPaths = localeStaticPaths;

export const GET: APIRoute = ({ params }) => {
  if (!isLocale(params.lang)) return new Response('not found', { status: 404 });
  return new Response(JSON.stringify(pickStrings(params.lang, CONTACT_STRING_KEYS)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
