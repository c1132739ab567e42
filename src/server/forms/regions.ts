import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { RegionOption } from '../../contract/forms';

/**
 * Countries, provinces and cities of the message form, from maintained datasets:
 * country-state-city (countries, states, cities; English names) and
 * i18n-iso-countries (country names in Chinese). China's provinces get Chinese
 * names from the small table below; other provinces and all cities keep the
 * dataset's names.
 *
 * The files are read from node_modules on first use, not bundled: the city file is
 * 8 MB, so it is parsed once, on the first cities request, into a compact index
 * (names only, by country and province) and the parsed file is dropped.
 *
 * Hong Kong, Macao and Taiwan are named as parts of China, as the carrier does.
 */
const require = createRequire(import.meta.url);
const asset = (name: string) => require.resolve(`country-state-city/lib/assets/${name}`);
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

type Lang = 0 | 1;

const NAME_OVERRIDES: Record<string, { en: string; zh: string }> = {
  HK: { en: 'Hong Kong SAR, China', zh: '中国香港' },
  MO: { en: 'Macao SAR, China', zh: '中国澳门' },
  TW: { en: 'Taiwan, China', zh: '中国台湾' },
};

/** Chinese names of China's provinces, keyed by the dataset's codes (maintained here). */
export const CHINA_PROVINCES_ZH: Record<string, string> = {
  AH: '安徽省',
  BJ: '北京市',
  CQ: '重庆市',
  FJ: '福建省',
  GD: '广东省',
  GS: '甘肃省',
  GX: '广西壮族自治区',
  GZ: '贵州省',
  HA: '河南省',
  HB: '湖北省',
  HE: '河北省',
  HI: '海南省',
  HK: '香港特别行政区',
  HL: '黑龙江省',
  HN: '湖南省',
  JL: '吉林省',
  JS: '江苏省',
  JX: '江西省',
  LN: '辽宁省',
  MO: '澳门特别行政区',
  NM: '内蒙古自治区',
  NX: '宁夏回族自治区',
  QH: '青海省',
  SC: '四川省',
  SD: '山东省',
  SH: '上海市',
  SN: '陕西省',
  SX: '山西省',
  TJ: '天津市',
  TW: '台湾省',
  XJ: '新疆维吾尔自治区',
  XZ: '西藏自治区',
  YN: '云南省',
  ZJ: '浙江省',
};

interface Country {
  code: string;
  en: string;
  zh: string;
}

let countries: Country[] | undefined;
let states: Map<string, { code: string; name: string }[]> | undefined;
let cities: Map<string, string[]> | undefined;

function loadCountries(): Country[] {
  if (!countries) {
    const list = readJson<{ isoCode: string; name: string }[]>(asset('country.json'));
    const zh = readJson<{ countries: Record<string, string | string[]> }>(require.resolve('i18n-iso-countries/langs/zh.json')).countries;
    countries = list.map(({ isoCode, name }) => {
      const chinese = zh[isoCode];
      return {
        code: isoCode,
        en: NAME_OVERRIDES[isoCode]?.en ?? name,
        zh: NAME_OVERRIDES[isoCode]?.zh ?? (Array.isArray(chinese) ? chinese[0] : chinese) ?? name,
      };
    });
  }
  return countries;
}

function loadStates(): Map<string, { code: string; name: string }[]> {
  if (!states) {
    states = new Map();
    for (const s of readJson<{ isoCode: string; name: string; countryCode: string }[]>(asset('state.json'))) {
      const list = states.get(s.countryCode) ?? [];
      list.push({ code: s.isoCode, name: s.name });
      states.set(s.countryCode, list);
    }
  }
  return states;
}

function loadCities(): Map<string, string[]> {
  if (!cities) {
    const index = new Map<string, string[]>();
    // [name, countryCode, stateCode, latitude, longitude]
    for (const [name, country, state] of readJson<[string, string, string][]>(asset('city.json'))) {
      const key = `${country}/${state}`;
      const list = index.get(key);
      if (list) list.push(name);
      else index.set(key, [name]);
    }
    cities = index;
  }
  return cities;
}

const collator = { 0: new Intl.Collator('zh-CN'), 1: new Intl.Collator('en') } as const;

function sorted(options: RegionOption[], language: Lang, first?: string): RegionOption[] {
  return options.sort((a, b) => (a.code === first ? -1 : b.code === first ? 1 : collator[language].compare(a.label, b.label)));
}

/** Every country, named in the language (China first, then alphabetical; pinyin order in Chinese). */
export function countryOptions(language: Lang): RegionOption[] {
  return sorted(
    loadCountries().map((c) => ({ code: c.code, label: language === 0 ? c.zh : c.en, value: c.code })),
    language,
    'CN',
  );
}

export function hasCountry(code: string): boolean {
  return loadCountries().some((c) => c.code === code);
}

/** Provinces of a country ([] when the dataset has none); null for an unknown country. */
export function provinceOptions(country: string, language: Lang): RegionOption[] | null {
  if (!hasCountry(country)) return null;
  const list = loadStates().get(country) ?? [];
  return sorted(
    list.map((s) => ({ code: s.code, label: (language === 0 && country === 'CN' && CHINA_PROVINCES_ZH[s.code]) || s.name, value: s.code })),
    language,
  );
}

/** Cities of a province ([] when the dataset has none); null for an unknown country or province. */
export function cityOptions(country: string, province: string, language: Lang): RegionOption[] | null {
  if (!hasCountry(country) || !(loadStates().get(country) ?? []).some((s) => s.code === province)) return null;
  const names = loadCities().get(`${country}/${province}`) ?? [];
  return sorted(
    [...new Set(names)].map((name) => ({ code: name, label: name, value: name })),
    language,
  );
}
