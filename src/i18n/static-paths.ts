import { LOCALES, type Locale } from './locales';

/** getStaticPaths of a page that exists once per language: /en/... and /zh/... */
export function localeStaticPaths() {
  return LOCALES.map((lang) => ({ params: { lang } }));
}

/** The locale of a page rendered by localeStaticPaths. */
export function pageLocale(params: Record<string, string | undefined>): Locale {
  const lang = params.lang;
  if (lang !== 'en' && lang !== 'zh') throw new Error(`Unknown locale in route: ${lang}`);
  return lang;
}
