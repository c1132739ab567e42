/**
 * The small pure part of the global offices that the browser shares with the
 * build and the API: URL segments, the city match of the search, the static
 * index's entry, and the detail page path. No zod and no pinyin here: this
 * module is bundled into the page scripts.
 */

/** A URL segment from an English name: "São Paulo" → "sao-paulo", "United States" → "united-states". */
export function officeSlug(name: string): string {
  return fold(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower case without accents, so that "sao paulo" finds São Paulo and "DUSSELDORF" finds Düsseldorf. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search terms of an office: its city in both languages, folded, joined with "|". */
export function searchTerms(city: { en: string; zh: string }): string {
  return `${fold(city.en)}|${fold(city.zh)}`;
}

/** True when a keyword (part of a city name in either language) matches an office's search terms. */
export function matchesCity(terms: string, keyword: string): boolean {
  return cityMatcher(keyword)(terms);
}

/** matchesCity with the keyword folded once, for a match over many entries. */
export function cityMatcher(keyword: string): (terms: string) => boolean {
  const key = fold(keyword).replace(/\|/g, '');
  return (terms) => key !== '' && terms.split('|').some((term) => term.includes(key));
}

/** Spec path of an office's detail page; with `fromSearch` the breadcrumb leads back to the continent (type=1). */
export function officeDetailPath(o: { area: string; country: string; city: string; id: string }, fromSearch = false): string {
  return `/home/Contact/global/countryList/more/${o.area}/${o.country}/${o.city}/${o.id}${fromSearch ? '?type=1' : ''}`;
}

/** Spec path of a country's office list. */
export function countryListPath(area: string, country: string): string {
  return `/home/Contact/global/countryList/countryList/${area}/${country}`;
}

/**
 * One office in the static index (/{lang}/home/Contact/global/offices-index.json),
 * texts in the page's language. Offices are in content order: continent, country,
 * then the order of the country list.
 */
export interface OfficeIndexEntry {
  /** Office id, e.g. CNSHA01 */
  id: string;
  area: string;
  /** URL segment of the country, e.g. united-states */
  country: string;
  /** URL segment of the city, e.g. long-beach */
  city: string;
  cityName: string;
  countryName: string;
  company: string;
  address: string;
  tel: string;
  /** Empty when the office has no fax */
  fax: string;
  /** searchTerms() of the city */
  q: string;
}

export interface OfficeIndex {
  /** Format version of this file */
  v: 1;
  offices: OfficeIndexEntry[];
}
