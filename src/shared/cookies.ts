/**
 * Browser cookies of the site: the consent pair of the cookie notice and the
 * language preference. Names and lifetimes come from the spec.
 */
export const COOKIE = {
  policy: 'cookiePolicy',
  acceptTime: 'cookiePolicyAcceptTime',
  language: 'language',
} as const;

export const DAY_SECONDS = 24 * 60 * 60;
export const CONSENT_DAYS = 365;
export const LANGUAGE_COOKIE_DAYS = 60;

export function readCookie(name: string, source = document.cookie): string | null {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${days * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** Removes every cookie this page can see, on this path and the root. */
export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    document.cookie = `${name}=; Max-Age=0`;
  }
}

/** True when the visitor accepted cookies and the acceptance is still on record. */
export function cookiesAccepted(source = document.cookie): boolean {
  return readCookie(COOKIE.policy, source) === 'accepted' && readCookie(COOKIE.acceptTime, source) !== null;
}

/**
 * The cookie notice's inline script (src/components/shell/CookieNotice.astro), run by the parser right
 * after the notice: shows it unless the visitor accepted cookies, so that it is painted with the page's
 * first paint rather than after the shell's module script (a late notice was the largest paint of every
 * first visit). A first guess kept short (it is on every page): the shell decides (cookiesAccepted) and
 * attaches the buttons. Its hash is in the pages' content security policy (astro.config.mjs).
 */
export const COOKIE_NOTICE_REVEAL = `document.currentScript.previousElementSibling.hidden=/(^|;\\s*)${COOKIE.policy}=accepted/.test(document.cookie)`;
