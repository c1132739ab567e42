import { cityMatcher, fold } from '../offices/office-search';

/**
 * The port picker's match, shared by the schedule search island (in the browser) and the
 * tests: the office search's match (a folded part of a name in either language) over each
 * port's English and Chinese names, its pinyin (written by the build, pinyin-pro) and its
 * UN/LOCODE. Best first: the UN/LOCODE itself, then names that start with the text, then the
 * rest in list order. No zod, no pinyin library: this module is bundled into the island.
 */

export interface PortOption {
  locode: string;
  /** Name and country in the page's language. */
  name: string;
  country: string;
  /** Folded names, pinyin and UN/LOCODE joined with "|" (officeSearch's terms). */
  terms: string;
}

/**
 * The best matches of a text among coded choices (ports, the newsroom's trades): the code itself
 * first, then choices with a term that starts with the text, then those with one that contains it,
 * in list order. `terms`: folded names, pinyin and code joined with "|".
 */
export function searchCoded<T extends { terms: string }>(choices: readonly T[], text: string, codeOf: (choice: T) => string, limit = 8): T[] {
  const key = fold(text).replace(/\s+/g, '');
  if (!key) return [];
  // the text folded once, not once a choice: the islands run this on every keystroke over every choice
  const matchesText = cityMatcher(text);
  const scored: { choice: T; score: number; i: number }[] = [];
  choices.forEach((choice, i) => {
    const terms = choice.terms.split('|').map((t) => t.replace(/\s+/g, ''));
    let score = -1;
    if (codeOf(choice).toLowerCase() === key) score = 0;
    else if (terms.some((t) => t.startsWith(key))) score = 1;
    else if (matchesText(choice.terms) || terms.some((t) => t.includes(key))) score = 2;
    if (score >= 0) scored.push({ choice, score, i });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, limit)
    .map((s) => s.choice);
}

export const searchPorts = (ports: readonly PortOption[], text: string, limit = 8): PortOption[] => searchCoded(ports, text, (p) => p.locode, limit);

/** The port a field's text names exactly (its UN/LOCODE, or "Name (LOCODE)" as the picker writes it). */
export function portFromText(ports: readonly PortOption[], text: string): PortOption | undefined {
  const code = /\b([A-Za-z]{2}[A-Za-z2-9]{3})\)?\s*$/.exec(text.trim())?.[1]?.toUpperCase();
  return code ? ports.find((p) => p.locode === code) : undefined;
}

export const portLabel = (p: Pick<PortOption, 'name' | 'locode'>) => `${p.name} (${p.locode})`;
