import tc from '../i18n/dict/local.tc.json';
import { useTranslations, type MessageKey, type Translate } from '../i18n/t';
import { interfaceLocale } from './local-rules';

/**
 * Interface strings of a local site page. The interface has two languages (en, zh): cn and tc
 * are Chinese for labels (spec 002). Traditional-Chinese sites (tc) read the local.* strings
 * from src/i18n/dict/local.tc.json (same keys as local.zh.json, a unit test checks it), so a
 * Hong Kong page is not labelled in simplified characters; shared shell strings (site.*,
 * cookie.*) stay those of zh.
 */
const traditional = tc as Partial<Record<MessageKey, string>>;

export function localTranslations(lang: string): Translate {
  const t = useTranslations(interfaceLocale(lang));
  if (lang !== 'tc') return t;
  return (key, values) => {
    const text = traditional[key];
    if (text === undefined) return t(key, values);
    return text.replace(/{{(\w+)}}/g, (_, name: string) => String(values?.[name] ?? ''));
  };
}
