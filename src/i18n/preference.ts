import { COOKIE, LANGUAGE_COOKIE_DAYS, cookiesAccepted, writeCookie } from '../shared/cookies';
import { DEFAULT_LOCALE, LANGUAGE_TAG, localeFromBrowser, localeFromTag, type Locale } from './locales';

/**
 * The visitor's language preference in the browser: local storage (key
 * `language`, value en-US or zh-CN) and, only when cookies were accepted, the
 * language cookie for 60 days.
 */
export const LANGUAGE_STORAGE_KEY = 'language';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the choice lasts for the page only
  }
}

/** The stored choice; a stored value that is not one of the two is reset to English. */
export function readStoredLocale(): Locale | null {
  const store = storage();
  const raw = store?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  if (raw === null) return null;
  const locale = localeFromTag(raw);
  if (locale) return locale;
  store?.setItem(LANGUAGE_STORAGE_KEY, LANGUAGE_TAG[DEFAULT_LOCALE]);
  return DEFAULT_LOCALE;
}

/** Stored choice, else the browser's language if it is one of the two, else English. */
export function preferredLocale(languages: readonly string[] = navigator.languages ?? [navigator.language]): Locale {
  return readStoredLocale() ?? localeFromBrowser(languages) ?? DEFAULT_LOCALE;
}

/** Saves a choice made with the language switch. */
export function saveLocale(locale: Locale): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, LANGUAGE_TAG[locale]);
  if (cookiesAccepted()) writeCookie(COOKIE.language, LANGUAGE_TAG[locale], LANGUAGE_COOKIE_DAYS);
}
