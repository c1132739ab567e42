import { describe, expect, it } from 'vitest';
import {
  CUBIC_METRES_PER_CUBIC_FOOT,
  KG_PER_POUND,
  MM_PER_INCH,
  SLASH,
  UNIT_SYMBOL,
  convert,
  cubicMetresToCubicFeet,
  defaultUnitSystem,
  displaySize,
  figureText,
  kgToPounds,
  mmToInches,
  payloadText,
  round,
  type MetricSize,
} from '../../src/shared/units';

/** The spec's dry 20' and 40'HC figures (metric, as the content states them). */
const dry20: MetricSize = { length: 5898, width: 2352, height: 2392, doorWidth: 2340, doorHeight: 2280, volume: 33.2, tare: 2230, payload: [28250, 30270] };
const dry40hc: MetricSize = { length: 12031, width: 2352, height: 2697, doorWidth: 2340, doorHeight: 2585, volume: 76.3, tare: 3900, payload: [26580, 28600] };
const flat20: MetricSize = { length: 5638, width: 2208, height: 2233, volume: null, tare: 2750, payload: [31250] };

describe('the units converter', () => {
  it('uses the exact international factors', () => {
    expect(MM_PER_INCH).toBe(25.4);
    expect(CUBIC_METRES_PER_CUBIC_FOOT).toBe(0.028316846592);
    expect(CUBIC_METRES_PER_CUBIC_FOOT).toBeCloseTo(0.3048 ** 3, 15);
    expect(KG_PER_POUND).toBe(0.45359237);
  });

  it('converts the spec figures: inches and cubic feet to 0.1, pounds to 1', () => {
    expect(mmToInches(5898)).toBe(232.2); // 232.204…
    expect(mmToInches(2352)).toBe(92.6); // 92.598…
    expect(mmToInches(2392)).toBe(94.2); // 94.173…
    expect(mmToInches(12031)).toBe(473.7); // 473.661…
    expect(mmToInches(2697)).toBe(106.2); // 106.181…
    expect(cubicMetresToCubicFeet(33.2)).toBe(1172.4); // 1172.446…
    expect(cubicMetresToCubicFeet(76.3)).toBe(2694.5); // 2694.509…
    expect(kgToPounds(28250)).toBe(62281); // 62280.9…
    expect(kgToPounds(2230)).toBe(4916); // 4916.31…
  });

  it('rounds half away from zero without binary surprises', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(2.25, 1)).toBe(2.3);
    expect(round(-2.25, 1)).toBe(-2.3);
    expect(round(254, 1)).toBe(254);
    expect(round(1e-9, 2)).toBe(0);
    expect(mmToInches(25.4)).toBe(1);
    expect(mmToInches(1.27)).toBe(0.1); // exactly 0.05 in rounds up
    expect(() => round(Number.NaN, 1)).toThrow(RangeError);
  });

  it('leaves metric figures as they are', () => {
    expect(convert(5898, 'length', 'metric')).toBe(5898);
    expect(convert(33.2, 'volume', 'metric')).toBe(33.2);
  });

  it('names the units correctly (cubic feet, not pints)', () => {
    expect(UNIT_SYMBOL.metric).toEqual({ length: 'mm', volume: 'm³', mass: 'kg' });
    expect(UNIT_SYMBOL.imperial).toEqual({ length: 'in', volume: 'ft³', mass: 'lb' });
    expect(JSON.stringify(UNIT_SYMBOL)).not.toMatch(/pint/i);
  });
});

describe('a size row for display', () => {
  it('metric: as stated, digits grouped, one decimal for volume', () => {
    const d = displaySize(dry20, 'metric', 'en');
    expect(figureText(d.length)).toBe('5,898 mm');
    expect(figureText(d.width)).toBe('2,352 mm');
    expect(figureText(d.height)).toBe('2,392 mm');
    expect(figureText(d.doorWidth)).toBe('2,340 mm');
    expect(figureText(d.volume)).toBe('33.2 m³');
    expect(figureText(d.tare)).toBe('2,230 kg');
    expect(figureText(displaySize({ ...dry20, volume: 33 }, 'metric', 'en').volume)).toBe('33.0 m³');
  });

  it('imperial: converted from the metric figures', () => {
    const d = displaySize(dry20, 'imperial', 'en');
    expect(figureText(d.length)).toBe('232.2 in');
    expect(figureText(d.volume)).toBe('1,172.4 ft³');
    expect(figureText(d.tare)).toBe('4,916 lb');
    const hc = displaySize(dry40hc, 'imperial', 'zh');
    expect([hc.length.text, hc.width.text, hc.height.text, hc.volume!.text]).toEqual(['473.7', '92.6', '106.2', '2,694.5']);
    expect(figureText(displaySize({ ...dry20, length: 5994 }, 'imperial', 'en').length)).toBe('236.0 in');
  });

  it('two payload values: the second is marked #', () => {
    const metric = displaySize(dry20, 'metric', 'en').payload;
    expect(metric.map((p) => [p.text, p.marked])).toEqual([
      ['28,250', false],
      ['30,270', true],
    ]);
    expect(payloadText(metric)).toBe('28,250 kg / 30,270 kg#');
    expect(payloadText(displaySize(dry20, 'imperial', 'en').payload)).toBe('62,281 lb / 66,734 lb#');
    expect(payloadText(displaySize(flat20, 'imperial', 'en').payload)).toBe('68,894 lb');
  });

  it('no volume and no door: a slash and nulls', () => {
    for (const system of ['metric', 'imperial'] as const) {
      const d = displaySize(flat20, system, 'en');
      expect(d.volume).toBeNull();
      expect(figureText(d.volume)).toBe(SLASH);
      expect(d.doorWidth).toBeNull();
      expect(d.doorHeight).toBeNull();
    }
  });

  it('defaults to metric in Chinese and imperial in English', () => {
    expect(defaultUnitSystem('zh')).toBe('metric');
    expect(defaultUnitSystem('en')).toBe('imperial');
  });
});
