import { LOCALES, isLocale, type Locale } from './locales';

/**
 * Localised URLs. Corporate pages keep the spec's paths after a locale prefix:
 * spec path `/home/About/about/Profile` is `/en/home/About/about/Profile` in English.
 */

/** Normalises a spec path: leading slash, no trailing slash, `/` means `/home`. */
export function normaliseSpecPath(specPath: string): string {
  let path = specPath.startsWith('/') ? specPath : `/${specPath}`;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path === '/' ? '/home' : path;
}

/** The localised URL of a spec path: localePath('zh', '/home') === '/zh/home'. */
export function localePath(locale: Locale, specPath: string): string {
  const [pathname, rest = ''] = splitSuffix(specPath);
  return `/${locale}${normaliseSpecPath(pathname)}${rest}`;
}

/** Splits a URL path into its locale and the spec path after it; locale is null for a bare path. */
export function splitLocale(pathname: string): { locale: Locale | null; specPath: string } {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname);
  if (match && isLocale(match[1])) {
    return { locale: match[1], specPath: normaliseSpecPath(match[2] || '/') };
  }
  return { locale: null, specPath: normaliseSpecPath(pathname) };
}

/** The same page in the other language, query and hash kept. */
export function swapLocale(url: string, target: Locale): string {
  const [pathname, rest = ''] = splitSuffix(url);
  const { specPath } = splitLocale(pathname);
  return `${localePath(target, specPath)}${rest}`;
}

/** hreflang alternates of a spec path, with x-default pointing at English. */
export function alternates(specPath: string, site: URL | string): { hreflang: string; href: string }[] {
  const links = LOCALES.map((locale) => ({
    hreflang: locale === 'zh' ? 'zh-CN' : 'en-US',
    href: new URL(localePath(locale, specPath), site).href,
  }));
  links.push({ hreflang: 'x-default', href: new URL(localePath('en', specPath), site).href });
  return links;
}

/** True when a link is to another site (opens in a new tab, no locale prefix). */
export function isExternal(href: string): boolean {
  return /^(https?:)?\/\//.test(href) || href.startsWith('mailto:') || href.startsWith('tel:');
}

/** A link in content is either external (kept) or a spec path (localised). */
export function resolveHref(locale: Locale, href: string): string {
  if (isExternal(href) || href.startsWith('#') || /\.[a-z0-9]{2,5}([?#].*)?$/i.test(href)) return href;
  return localePath(locale, href);
}

function splitSuffix(url: string): [string, string] {
  const index = url.search(/[?#]/);
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}
