import { en } from '../i18n/dict';
import type { Locale } from '../i18n/locales';
import { pickStrings } from '../i18n/pick';
import type { MessageKey } from '../i18n/t';

/** Every interface string of the console (the staff.* keys), for its islands' props. */
export const STAFF_KEYS = Object.keys(en).filter((k) => k.startsWith('staff.')) as MessageKey[];
export const staffStrings = (locale: Locale): Record<string, string> => pickStrings(locale, STAFF_KEYS);
