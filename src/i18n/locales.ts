/**
 * The two interface languages, declared once. Everything that needs to know
 * which languages exist, how they are written in <html lang>, in storage or on
 * the wire imports them from here.
 */
export const LOCALES = ['en', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** BCP 47 tag used in <html lang>, hreflang and in local storage (the spec's en-US / zh-CN). */
export const LANGUAGE_TAG: Record<Locale, 'en-US' | 'zh-CN'> = { en: 'en-US', zh: 'zh-CN' };

/** The wire's language value: 0 for Chinese, 1 for English. */
export const API_LANGUAGE: Record<Locale, 0 | 1> = { en: 1, zh: 0 };

/** Name of each language in itself, for the language switch. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', zh: '中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a stored tag (en-US / zh-CN) back to a locale; anything else is null. */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  for (const locale of LOCALES) if (LANGUAGE_TAG[locale] === tag) return locale;
  return null;
}

/** Picks a locale from the browser's preferred languages (navigator.languages). */
export function localeFromBrowser(languages: readonly string[]): Locale | null {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}
