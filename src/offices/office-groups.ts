import { pinyin } from 'pinyin-pro';
import type { Locale } from '../i18n/locales';
import { fold } from './office-search';

/**
 * The letter index of the continent page and of GET /globalInstitutions/findGlobalOffices:
 * English groups by the English name's first letter; Chinese by the pinyin initial
 * of the Chinese name (秘鲁 under B, 智利 under Z, 阿联酋 under A). pinyin-pro runs at
 * build time and in the API, never in the browser.
 */

/**
 * Readings of names whose first character pinyin-pro could read otherwise (polyphones):
 * 秘 is mì in 秘密 but bì in 秘鲁. pinyin-pro's phrase dictionary reads these right today;
 * the table keeps them right whatever its dictionary does.
 */
const READINGS: Record<string, string> = {
  秘鲁: 'bi lu',
  厄瓜多尔: 'e gua duo er',
  柬埔寨: 'jian pu zhai',
  莫桑比克: 'mo sang bi ke',
};

/** The toneless pinyin of a Chinese name, syllables separated by spaces (ü as v). */
export function pinyinOf(name: string): string {
  return READINGS[name] ?? pinyin(name, { toneType: 'none', v: true, nonZh: 'consecutive' }).toLowerCase();
}

/** The index letter of a name: A to Z, or # for anything else. */
export function initialOf(name: string, locale: Locale): string {
  const letter = (locale === 'zh' ? pinyinOf(name) : fold(name)).charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

export interface LetterGroup<T> {
  letter: string;
  items: T[];
}

/** Groups items by the initial of their name in a language, letters in order (# last), names sorted within. */
export function groupByInitial<T>(items: readonly T[], nameOf: (item: T) => { en: string; zh: string }, locale: Locale): LetterGroup<T>[] {
  const sortKey = (item: T) => (locale === 'zh' ? pinyinOf(nameOf(item).zh) : fold(nameOf(item).en));
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const letter = initialOf(nameOf(item)[locale], locale);
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, members]) => ({
      letter,
      items: members.sort((a, b) => sortKey(a).localeCompare(sortKey(b), 'en') || nameOf(a)[locale].localeCompare(nameOf(b)[locale])),
    }));
}
