/**
 * Rules of the regional local sites that do not depend on content: the spec's
 * location lists, language mapping, URL shapes. Pure, so browser scripts can
 * import it without pulling content or zod.
 */
import type { Locale } from '../i18n/locales';

/** Site language codes of local URLs. */
export type LocalLangCode = 'cn' | 'tc' | 'en';

/** cn and tc are Chinese for labels (spec 002 §1); anything else English. */
export function interfaceLocale(lang: string): Locale {
  return lang === 'cn' || lang === 'tc' ? 'zh' : 'en';
}

/** <html lang> of a local page: the search index is split by it. */
export const HTML_LANG: Record<LocalLangCode, string> = { cn: 'zh-CN', tc: 'zh-HK', en: 'en' };
/** The wire's language value of a site language (0 Chinese, 1 English). */
export const wireLanguage = (lang: string): 0 | 1 => (interfaceLocale(lang) === 'zh' ? 0 : 1);

/** China-mainland locations: the floating help links to the external online chat (spec §6). */
export const CHINA_MAINLAND = ['dalian', 'tianjin', 'qingdao', 'wuhan', 'shanghai', 'ningbo', 'xiamen', 'huanan', 'hainan'] as const;
/**
 * Overseas locations with the embedded chat (channel website.{location}). New Zealand is stored
 * as "new zealand" (with a space) by the old site; both spellings are accepted.
 */
export const OVERSEAS_CHAT = ['malaysia', 'singapore', 'australia', 'indonesia', 'vietnam', 'india', 'thailand', 'philippines', 'pakistan', 'new zealand', 'newzealand'] as const;
/** Locations whose Chinese home pages turn grey on the configured mourning days (spec §2). */
export const MOURNING = ['dalian', 'tianjin', 'qingdao', 'shanghai', 'wuhan', 'ningbo', 'xiamen', 'huanan', 'hainan', 'cosfre'] as const;
/** The IT subsidiary's site: no external platform links, no location change, product cards on its home. */
export const IT_SITE = 'cosconit';

export type ChatMode = 'china' | 'overseas' | 'unavailable' | 'none';

/** What the floating help's chat button does for the stored location (null: none stored). */
export function chatMode(storedLocation: string | null | undefined): ChatMode {
  if (!storedLocation) return 'none';
  const key = storedLocation.trim().toLowerCase();
  if ((CHINA_MAINLAND as readonly string[]).includes(key)) return 'china';
  if ((OVERSEAS_CHAT as readonly string[]).includes(key)) return 'overseas';
  return 'unavailable';
}

/** The embedded chat's channel for a location ('new zealand' → website.newzealand). */
export const chatChannel = (location: string) => `website.${location.toLowerCase().replace(/\s+/g, '')}`;

/** Whether a local page is grey on mourning days: the Chinese home page of a listed location. */
export function mourningApplies(location: string, lang: string, isHome: boolean): boolean {
  return isHome && interfaceLocale(lang) === 'zh' && (MOURNING as readonly string[]).includes(location);
}

/** Page sizes of the spec (§9). */
export const LOCAL_PAGE_SIZE = 9;
export const LOCAL_SEARCH_PAGE_SIZE = 10;

/** URL of a local site page. */
export const localUrl = (location: string, lang: string, rest = 'home') => `/${location}/${lang}/${rest.replace(/^\/+/, '')}`;

/**
 * Root layout rule (spec §2): the local shell when the path does not start with /home and
 * both a location and a language are present; iframe-embedded mode when it contains customDefine.
 */
export function layoutFor(pathname: string): { shell: 'local' | 'corporate'; embedded: boolean; location?: string; lang?: string } {
  const embedded = pathname.includes('customDefine');
  const [first, second] = pathname.split(/[?#]/)[0].split('/').filter(Boolean);
  if (first && second && first !== 'home' && !/^(en|zh)$/.test(first) && /^[a-z]{2}$/.test(second)) {
    return { shell: 'local', embedded, location: first, lang: second };
  }
  return { shell: 'corporate', embedded };
}

/** The shared footer QR code (the spec's common/qrCode folder), for sites that use "default". */
export const DEFAULT_QR = { imagePath: '/local/common/qrCode/wechat.svg', imageDesc: { en: 'WeChat official account', zh: '微信公众号' } };
