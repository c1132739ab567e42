import i18next, { type i18n } from 'i18next';
import { en, zh } from './dict';
import { LOCALES, type Locale } from './locales';

/**
 * Interface strings: one JSON file of flat dotted keys per locale. The English
 * file defines the keys; the Chinese one must have every key (a missing key is
 * a type error here and a failing unit test). Used at build time only: islands
 * get the few strings they need as props.
 */
export type MessageKey = keyof typeof en;
const zhChecked: Record<MessageKey, string> = zh;
export const dictionaries: Record<Locale, Record<MessageKey, string>> = { en, zh: zhChecked };

const instances = new Map<Locale, i18n>();

function instance(locale: Locale): i18n {
  let found = instances.get(locale);
  if (!found) {
    found = i18next.createInstance();
    void found.init({
      lng: locale,
      fallbackLng: false,
      resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: dictionaries[l] }])),
      keySeparator: false,
      nsSeparator: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(locale, found);
  }
  return found;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A string i18next would return unchanged: no interpolation, nesting or plural needed. */
const PLAIN = /\{\{|\$t\(/;

/** The translate function of a locale: const t = useTranslations('zh'); t('site.home'). */
export function useTranslations(locale: Locale): Translate {
  const i = instance(locale);
  const dictionary = dictionaries[locale];
  return (key, values) => {
    // a fixed string asked for without values is the dictionary's own text: skip i18next's
    // resolution, which a build calls hundreds of thousands of times
    if (values === undefined) {
      const text = dictionary[key];
      if (text !== undefined && !PLAIN.test(text)) return text;
    }
    return i.t(key, values ?? {}) as string;
  };
}
