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

export function searchPorts(ports: readonly PortOption[], text: string, limit = 8): PortOption[] {
  const key = fold(text).replace(/\s+/g, '');
  if (!key) return [];
  // the text folded once, not once a port: the island runs this on every keystroke over every port
  const matchesText = cityMatcher(text);
  const scored: { port: PortOption; score: number; i: number }[] = [];
  ports.forEach((port, i) => {
    const terms = port.terms.split('|').map((t) => t.replace(/\s+/g, ''));
    let score = -1;
    if (port.locode.toLowerCase() === key) score = 0;
    else if (terms.some((t) => t.startsWith(key))) score = 1;
    else if (matchesText(port.terms) || terms.some((t) => t.includes(key))) score = 2;
    if (score >= 0) scored.push({ port, score, i });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, limit)
    .map((s) => s.port);
}

/** The port a field's text names exactly (its UN/LOCODE, or "Name (LOCODE)" as the picker writes it). */
export function portFromText(ports: readonly PortOption[], text: string): PortOption | undefined {
  const code = /\b([A-Za-z]{2}[A-Za-z2-9]{3})\)?\s*$/.exec(text.trim())?.[1]?.toUpperCase();
  return code ? ports.find((p) => p.locode === code) : undefined;
}

export const portLabel = (p: Pick<PortOption, 'name' | 'locode'>) => `${p.name} (${p.locode})`;
