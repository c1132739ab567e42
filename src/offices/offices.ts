import { OFFICE_AREAS } from '../contract/wire';
import type { Locale } from '../i18n/locales';
import { AreaFile, type Country, type Linkman, type Office, type OfficeArea } from '../content-model/schemas/offices';
import { fold, officeSlug, searchTerms, type OfficeIndex } from './office-search';
import { parseContent } from '../shared/parse-content';

/**
 * The global offices as content/offices/ holds them, validated once and indexed.
 * The pages (at build time), the static search index and the API (at run time)
 * all read them from here, so they show the same thing.
 */

export interface CountryEntry {
  country: Country;
  area: OfficeArea;
  /** URL segment, from the English name: united-states */
  key: string;
  offices: OfficeEntry[];
}

export interface OfficeEntry {
  office: Office;
  area: OfficeArea;
  country: CountryEntry;
  /** URL segment of the city, from its English name: ho-chi-minh-city */
  cityKey: string;
  /** searchTerms() of the city */
  terms: string;
}

export interface OfficeNetwork {
  /** Countries of each continent, in file order. */
  areas: Map<OfficeArea, CountryEntry[]>;
  /** Countries by URL segment. */
  countries: Map<string, CountryEntry>;
  /** Offices by id. */
  offices: Map<string, OfficeEntry>;
  /** Every office in content order (continent, country, list order). */
  all: OfficeEntry[];
  /** A country by URL segment, English or Chinese name (case and accents ignored). */
  findCountry(nameOrKey: string): CountryEntry | undefined;
}

const areaFiles = import.meta.glob<unknown>('../../content/offices/*.json', { eager: true, import: 'default' });

let network: OfficeNetwork | undefined;

export function loadOffices(): OfficeNetwork {
  network ??= buildNetwork(Object.entries(areaFiles).map(([path, raw]) => ({ file: path.replace(/^(\.\.\/)+/, ''), raw })));
  return network;
}

/** Builds and cross-checks the network from the area files (exported for tests of the checks). */
export function buildNetwork(files: { file: string; raw: unknown }[]): OfficeNetwork {
  const areas = new Map<OfficeArea, CountryEntry[]>();
  const countries = new Map<string, CountryEntry>();
  const offices = new Map<string, OfficeEntry>();
  const byName = new Map<string, CountryEntry>();
  const parsed = files.map(({ file, raw }) => ({ file, data: parseContent(file, AreaFile, raw) }));

  for (const area of OFFICE_AREAS) {
    const matching = parsed.filter((p) => p.data.area === area);
    if (matching.length !== 1) throw new Error(`content/offices: expected one file for ${area}, found ${matching.length}`);
    const { file, data } = matching[0];
    if (!file.endsWith(`/${area}.json`)) throw new Error(`${file}: holds area ${area}, so it must be named ${area}.json`);
    const entries: CountryEntry[] = [];
    for (const country of data.countries) {
      const key = officeSlug(country.name.en);
      if (!key) throw new Error(`${file}: country ${country.code} has no usable English name`);
      if (countries.has(key)) throw new Error(`${file}: country ${country.name.en} is listed twice`);
      const entry: CountryEntry = { country, area, key, offices: [] };
      const cities = new Map<string, Office['city']>();
      for (const office of country.offices) {
        if (offices.has(office.id)) throw new Error(`${file}: office id ${office.id} is used twice`);
        const cityKey = officeSlug(office.city.en);
        const known = cities.get(cityKey);
        if (known && (known.en !== office.city.en || known.zh !== office.city.zh)) {
          throw new Error(`${file}: ${office.id} names its city ${office.city.en} / ${office.city.zh}, another office ${known.en} / ${known.zh}: one city, one spelling`);
        }
        cities.set(cityKey, office.city);
        const officeEntry: OfficeEntry = { office, area, country: entry, cityKey, terms: searchTerms(office.city) };
        entry.offices.push(officeEntry);
        offices.set(office.id, officeEntry);
      }
      countries.set(key, entry);
      for (const name of [key, fold(country.name.en), fold(country.name.zh)]) byName.set(name, entry);
      entries.push(entry);
    }
    areas.set(area, entries);
  }
  const extra = parsed.filter((p) => !OFFICE_AREAS.includes(p.data.area));
  if (extra.length) throw new Error(`${extra[0].file}: unknown area`);

  return {
    areas,
    countries,
    offices,
    all: OFFICE_AREAS.flatMap((area) => areas.get(area)!.flatMap((c) => c.offices)),
    findCountry: (nameOrKey) => byName.get(fold(nameOrKey)) ?? byName.get(officeSlug(nameOrKey)),
  };
}

/** A person's name in a language (one string serves both). */
export function personName(name: Linkman['name'], locale: Locale): string {
  return typeof name === 'string' ? name : name[locale];
}

/** The static index of one language that the search and Load More read in the browser. */
export function officeIndex(net: OfficeNetwork, locale: Locale): OfficeIndex {
  return {
    v: 1,
    offices: net.all.map(({ office, area, country, cityKey, terms }) => ({
      id: office.id,
      area,
      country: country.key,
      city: cityKey,
      cityName: office.city[locale],
      countryName: country.country.name[locale],
      company: office.company[locale],
      address: office.address[locale],
      tel: office.tel,
      fax: office.fax ?? '',
      q: terms,
    })),
  };
}
