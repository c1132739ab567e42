import type { Locale } from './locales';
import { dictionaries, type MessageKey } from './t';

/** The few dictionary strings an island needs, for its props (build time only: islands ship no dictionary). */
export function pickStrings<K extends MessageKey>(locale: Locale, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, dictionaries[locale][key]])) as Record<K, string>;
}
