import { pinyin } from 'pinyin-pro';
import { fold } from '../offices/office-search';

/**
 * What a coded choice is found by in the pickers (./port-search.ts searchCoded): its English and
 * Chinese names folded, the Chinese name's pinyin and the code, joined with "|". Worked out on the
 * server or at build time (pinyin-pro stays out of the islands); `reading` is the pinyin, which the
 * Chinese lists sort by.
 */
export function searchTerms(names: { en: string; zh: string }, code: string): { terms: string; reading: string } {
  const reading = pinyin(names.zh, { toneType: 'none', type: 'array' }).join('');
  return { terms: [fold(names.en), fold(names.zh), reading, code.toLowerCase()].join('|'), reading };
}
