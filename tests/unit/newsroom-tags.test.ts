import { describe, expect, it } from 'vitest';
import { storyTagOptions, unknownTags } from '../../src/newsroom/tags';
import { searchCoded } from '../../src/schedules/port-search';
import { knownPortCodes, TRADE_LABEL_CODES } from '../../src/server/subscribe/catalogue';

describe("the story editor's trade and port pickers", () => {
  const en = storyTagOptions('en');
  const zh = storyTagOptions('zh');
  const pick = (options: typeof en.ports, text: string) => searchCoded(options, text, (o) => o.code)[0]?.code;

  it('offer the lists subscribers choose from: every trade of the route page and every port of the network, named in the console’s language', () => {
    expect(en.trades.map((t) => t.code).sort()).toEqual(Object.values(TRADE_LABEL_CODES).sort());
    expect(new Set(en.ports.map((p) => p.code))).toEqual(knownPortCodes());
    expect(en.trades.find((t) => t.code === 'TP')).toMatchObject({ name: 'Trans-Pacific' });
    expect(zh.ports.find((p) => p.code === 'CNYTN')).toMatchObject({ name: expect.stringContaining('盐田'), detail: '中国' });
  });

  it('find a choice by code, by name in either language and by pinyin', () => {
    expect(pick(en.ports, 'cnytn')).toBe('CNYTN');
    expect(pick(en.ports, 'rotter')).toBe('NLRTM');
    expect(pick(en.ports, '鹿特丹')).toBe('NLRTM');
    expect(pick(zh.ports, 'yantian')).toBe('CNYTN');
    expect(pick(en.trades, 'ae')).toBe('AE');
    expect(pick(zh.trades, 'pacific')).toBe('TP');
    expect(searchCoded(en.ports, 'qqqq', (o) => o.code)).toEqual([]);
  });

  it('name each code that is not in the lists, in the asker’s language', () => {
    expect(unknownTags({ tradeCodes: ['TP'], portCodes: ['CNYTN'] }, 1)).toEqual([]);
    expect(unknownTags({ tradeCodes: ['TP', 'ZZ'], portCodes: ['CNSZX'] }, 1)).toEqual([
      "meta.tradeCodes: ZZ is not one of the site's trades.",
      "meta.portCodes: CNSZX is not a port of the site's network.",
    ]);
    expect(unknownTags({ tradeCodes: [], portCodes: ['CNSZX'] }, 0)).toEqual(['meta.portCodes: CNSZX 不是本站航线网络中的港口。']);
  });
});
