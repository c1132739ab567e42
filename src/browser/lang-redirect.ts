import { isLocale, localeFromTag } from '../i18n/locales';
import { preferredLocale } from '../i18n/preference';
import { localePath } from '../i18n/paths';

/**
 * Runs on the bare spec paths (/, /home, /home/About/about, ...): replaces the URL
 * with the page in the visitor's language, query and hash kept. A `language` query
 * parameter (zh-CN / en-US, as on the old /home/item?language=...) names the page's
 * language explicitly and wins over the stored preference.
 */
const { pathname, search, hash } = window.location;
const asked = new URLSearchParams(search).get('language');
const explicit = localeFromTag(asked) ?? (isLocale(asked) ? asked : null);
window.location.replace(`${localePath(explicit ?? preferredLocale(), pathname)}${search}${hash}`);
