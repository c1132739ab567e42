import { preferredLocale } from '../i18n/preference';
import { localePath } from '../i18n/paths';

/**
 * Runs on the bare spec paths (/, /home, /home/About/about, ...): replaces the URL
 * with the page in the visitor's language, query and hash kept.
 */
const { pathname, search, hash } = window.location;
window.location.replace(`${localePath(preferredLocale(), pathname)}${search}${hash}`);
