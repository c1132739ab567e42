import * as OpenCC from 'opencc-js/cn2t';
import { fill } from '../i18n/fill';
import tc from '../i18n/dict/local.tc.json';
import { dictionaries, useTranslations, type MessageKey, type Translate } from '../i18n/t';
import { interfaceLocale } from './local-rules';

/**
 * Interface strings of a local site page. The interface has two languages (en, zh): cn and tc
 * are Chinese for labels (spec 002). A traditional-Chinese site (tc, Hong Kong) reads the
 * local.* strings from src/i18n/dict/local.tc.json (written by hand, same keys as
 * local.zh.json, a unit test checks it); every other string it shows (the shell's skip link,
 * carousel buttons, site picker, cookie notice, the subscription form) is the simplified one
 * converted to Hong Kong traditional characters by OpenCC at build time, so no Hong Kong page
 * is labelled in simplified characters. Placeholders ({{name}}) pass through unchanged.
 */
const traditional = tc as Partial<Record<MessageKey, string>>;
const toHongKong = OpenCC.Converter({ from: 'cn', to: 'hk' });
const converted = new Map<MessageKey, string>();

/** The string of a key as a local site in this language shows it, placeholders kept. */
export function localString(lang: string, key: MessageKey): string {
  if (lang !== 'tc') return dictionaries[interfaceLocale(lang)][key];
  const own = traditional[key];
  if (own !== undefined) return own;
  let text = converted.get(key);
  if (text === undefined) {
    text = toHongKong(dictionaries.zh[key]);
    converted.set(key, text);
  }
  return text;
}

export function localTranslations(lang: string): Translate {
  if (lang !== 'tc') return useTranslations(interfaceLocale(lang));
  return (key, values) => fill(localString(lang, key), values);
}

/** pickStrings (src/i18n/pick.ts) for an island on a local site page. */
export function localPickStrings<K extends MessageKey>(lang: string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, localString(lang, key)])) as Record<K, string>;
}
