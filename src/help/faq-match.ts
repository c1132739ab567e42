/**
 * The FAQ's one matching rule, with no imports, so that the FAQ page's small
 * browser script can use it without pulling in the content or zod. The server
 * (findByFaqTypeUuid with faqTitle), the FAQ page's search box and the site
 * search all call it through src/help/faq.ts.
 *
 * A keyword matches an entry when, case and width ignored (NFKC, lower case,
 * runs of white space as one space), the whole keyword occurs in its title or in
 * its answer's text, or every word of a keyword of several words does
 * ("bill lading" finds "bill of lading"). An empty keyword filters nothing.
 */

export interface FaqSearchable {
  title: string;
  text: string;
}

export const foldFaq = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

export function faqMatches(entry: FaqSearchable, keyword: string): boolean {
  const q = foldFaq(keyword);
  if (!q) return true;
  const hay = `${foldFaq(entry.title)}\n${foldFaq(entry.text)}`;
  if (hay.includes(q)) return true;
  const words = q.split(' ');
  return words.length > 1 && words.every((w) => hay.includes(w));
}

/**
 * The types with only their entries that match the keyword; types left with no
 * entry are dropped. An empty keyword answers the types as they are.
 */
export function searchFaq<E extends FaqSearchable, T extends { entries: E[] }>(types: readonly T[], keyword: string): T[] {
  if (!foldFaq(keyword)) return [...types];
  return types.map((type) => ({ ...type, entries: type.entries.filter((e) => faqMatches(e, keyword)) })).filter((type) => type.entries.length > 0);
}
