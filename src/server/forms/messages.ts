import { en, zh } from '../../i18n/dict';
import { fill } from '../../i18n/fill';
import type { MessageKey } from '../../i18n/t';

/**
 * The API's sentences for visitors, in the language of the request (0 Chinese,
 * 1 English), from the same dictionaries as the pages, so the island and the
 * server say the same thing. `{{name}}` placeholders are filled from values.
 */
const dictionaries: Record<0 | 1, Record<string, string>> = { 0: zh, 1: en };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

export function say(key: MessageKey, language: 0 | 1, values: Record<string, string | number> = {}): string {
  const text = dictionaries[language][key] ?? en[key as keyof typeof en] ?? key;
  return fill(text, values);
}

/** A zod issue message that is a dictionary key becomes its sentence; any other message is kept. */
export function sayIfKey(message: string, language: 0 | 1): string {
  return isMessageKey(message) ? say(message, language) : message;
}
