import { describe, expect, it } from 'vitest';
import { continentAt, renderContinentMap } from '../../src/offices/continent-map';
import { groupByInitial, initialOf, pinyinOf } from '../../src/offices/office-groups';
import { fold, matchesCity, officeDetailPath, officeSlug, searchTerms } from '../../src/offices/office-search';
import { loadOffices, officeIndex } from '../../src/offices/offices';
import { searchHistory } from '../../src/search/search-history';

const names = (zh: string[]) => zh.map((n) => ({ en: n, zh: n }));

describe('country index letters', () => {
  it('groups Chinese names by the pinyin initial, polyphones included', () => {
    const cases: Record<string, string> = {
      秘鲁: 'B', // 秘 is bì here, not mì
      厄瓜多尔: 'E',
      沙特阿拉伯: 'S',
      阿联酋: 'A',
      智利: 'Z',
      韩国: 'H',
      莫桑比克: 'M',
      柬埔寨: 'J',
      中国: 'Z',
      俄罗斯: 'E',
      巴布亚新几内亚: 'B',
      斐济: 'F',
    };
    for (const [name, letter] of Object.entries(cases)) expect(`${name} ${initialOf(name, 'zh')}`).toBe(`${name} ${letter}`);
    expect(pinyinOf('秘鲁')).toBe('bi lu');
  });

  it('groups English names by their first letter, accents folded', () => {
    expect(initialOf('Ecuador', 'en')).toBe('E');
    expect(initialOf('Österreich', 'en')).toBe('O');
    expect(initialOf('1st', 'en')).toBe('#');
  });

  it('orders letters and sorts names within a letter by pinyin', () => {
    const groups = groupByInitial(names(['智利', '秘鲁', '巴西', '巴拿马', '阿根廷', '美国']), (n) => n, 'zh');
    expect(groups.map((g) => [g.letter, g.items.map((i) => i.zh)])).toEqual([
      ['A', ['阿根廷']],
      ['B', ['巴拿马', '巴西', '秘鲁']],
      ['M', ['美国']],
      ['Z', ['智利']],
    ]);
  });

  it('groups every continent of the content so that each country sits under its initial', () => {
    for (const [area, countries] of loadOffices().areas) {
      for (const locale of ['en', 'zh'] as const) {
        const groups = groupByInitial(countries, (c) => c.country.name, locale);
        expect(groups.flatMap((g) => g.items).length, area).toBe(countries.length);
        for (const g of groups) for (const c of g.items) expect(initialOf(c.country.name[locale], locale)).toBe(g.letter);
      }
    }
    const america = groupByInitial(loadOffices().areas.get('america')!, (c) => c.country.name, 'zh');
    expect(america.find((g) => g.letter === 'B')!.items.map((c) => c.country.name.zh)).toContain('秘鲁');
  });
});

describe('city search', () => {
  it('makes URL segments from English names', () => {
    expect(officeSlug('São Paulo')).toBe('sao-paulo');
    expect(officeSlug('United States')).toBe('united-states');
    expect(officeSlug('Ho Chi Minh City')).toBe('ho-chi-minh-city');
    expect(officeSlug("Côte d'Ivoire")).toBe('cote-d-ivoire');
  });

  it('matches part of a city name in either language, case and accents ignored', () => {
    const terms = searchTerms({ en: 'São Paulo', zh: '圣保罗' });
    expect(matchesCity(terms, 'sao')).toBe(true);
    expect(matchesCity(terms, 'PAULO')).toBe(true);
    expect(matchesCity(terms, '保罗')).toBe(true);
    expect(matchesCity(terms, 'o|s')).toBe(false);
    expect(matchesCity(terms, '  ')).toBe(false);
    expect(matchesCity(terms, 'rio')).toBe(false);
    expect(fold('  Düsseldorf ')).toBe('dusseldorf');
  });

  it('builds detail paths with type=1 for links from the search', () => {
    const o = { area: 'asia', country: 'china', city: 'shanghai', id: 'CNSHA01' };
    expect(officeDetailPath(o)).toBe('/home/Contact/global/countryList/more/asia/china/shanghai/CNSHA01');
    expect(officeDetailPath(o, true)).toBe('/home/Contact/global/countryList/more/asia/china/shanghai/CNSHA01?type=1');
  });

  it('writes a static index per language with every office', () => {
    const net = loadOffices();
    const zh = officeIndex(net, 'zh');
    expect(zh.offices).toHaveLength(net.offices.size);
    const sha = zh.offices.find((o) => o.id === 'CNSHA01')!;
    expect(sha).toMatchObject({ area: 'asia', country: 'china', city: 'shanghai', cityName: '上海', countryName: '中国' });
    expect(matchesCity(sha.q, 'Shanghai')).toBe(true);
  });
});

describe('search history', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };

  it('saves a keyword only if it is not already there, newest first, under its own key', () => {
    const s = storage();
    const h = searchHistory('globalOfficeSearchHistory', s);
    h.remember('Shanghai');
    h.remember('Rotterdam');
    h.remember('Shanghai');
    h.remember('  ');
    expect(h.list()).toEqual(['Rotterdam', 'Shanghai']);
    expect([...s.data.keys()]).toEqual(['globalOfficeSearchHistory']);
  });

  it('offers saved keywords that contain the typed text, not the typed text itself', () => {
    const h = searchHistory('k', storage());
    for (const w of ['Shanghai', 'Shenzhen', 'São Paulo']) h.remember(w);
    expect(h.matching('sh')).toEqual(['Shenzhen', 'Shanghai']);
    expect(h.matching('sao')).toEqual(['São Paulo']);
    expect(h.matching('shanghai')).toEqual([]);
    expect(h.matching('')).toEqual([]);
  });

  it('keeps at most ten and survives broken storage', () => {
    const s = storage();
    const h = searchHistory('k', s);
    for (let i = 0; i < 12; i++) h.remember(`city ${i}`);
    expect(h.list()).toHaveLength(10);
    expect(h.list()[0]).toBe('city 11');
    s.setItem('k', '{not json');
    expect(h.list()).toEqual([]);
    const failing = searchHistory('k', {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
    });
    expect(failing.remember('x')).toEqual(['x']);
  });
});

describe('continent map', () => {
  it('assigns polygons to continents by their centroid', () => {
    expect(continentAt(2.3, 48.8)).toBe('europe'); // France
    expect(continentAt(-53, 4)).toBe('america'); // French Guiana
    expect(continentAt(29.9, 26.5)).toBe('africa'); // Egypt
    expect(continentAt(44.6, 24.1)).toBe('asia'); // Saudi Arabia
    expect(continentAt(38.7, 15.4)).toBe('africa'); // Eritrea
    expect(continentAt(24.9, 35.2)).toBe('europe'); // Crete
    expect(continentAt(33, 34.9)).toBe('asia'); // Cyprus
    expect(continentAt(145.3, -6.5)).toBe('oceania'); // Papua New Guinea
    expect(continentAt(117.4, -2.3)).toBe('asia'); // Indonesia
    expect(continentAt(178.6, -17.3)).toBe('oceania'); // Fiji
    expect(continentAt(-179.9, -16.5)).toBe('oceania'); // Fiji across the antimeridian
  });

  it('draws the current continent highlighted and the four others as links', () => {
    const areaNames = { asia: 'Asia', oceania: 'Oceania', africa: 'Africa', europe: 'Europe', america: 'Americas' };
    const svg = renderContinentMap({
      current: 'europe',
      names: areaNames,
      hrefs: { asia: '/en/a', oceania: '/en/o', africa: '/en/af', europe: '/en/e', america: '/en/am' },
      linkLabel: (a) => `Offices in ${areaNames[a]}`,
      title: 'World map',
    });
    const links = [...svg.matchAll(/<a class="cmap-link" href="([^"]+)" aria-label="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/en/a', 'Offices in Asia'],
      ['/en/o', 'Offices in Oceania'],
      ['/en/af', 'Offices in Africa'],
      ['/en/am', 'Offices in Americas'],
    ]);
    expect(svg).toMatch(/<g class="cmap-current" aria-hidden="true" data-area="europe"><path class="cmap-land" d="M/);
    for (const area of ['asia', 'oceania', 'africa', 'america']) expect(svg).toMatch(new RegExp(`data-area="${area}"><title>[^<]+</title><path class="cmap-land" d="M[^"]{500,}"`));
    expect(svg.length).toBeLessThan(60_000);
  });
});
