import { describe, expect, it } from 'vitest';
import { dateOnly, formatDateTime, formatLongDate, formatNumber, inDateRanges } from '../../src/shared/format';

describe('the date formatter', () => {
  it('drops the time part', () => {
    expect(dateOnly('2026-11-18T09:30:00+08:00')).toBe('2026-11-18');
    expect(() => dateOnly('18/11/2026')).toThrow(/ISO/);
  });
  it('writes long dates in each language', () => {
    expect(formatLongDate('2026-06-30', 'en')).toBe('June 30, 2026');
    expect(formatLongDate('2026-06-30', 'zh')).toBe('2026年6月30日');
  });
  it('shows a moment in China time with its offset', () => {
    expect(formatDateTime('2026-12-05T17:00:00Z', 'en')).toBe('December 6, 2026 at 01:00 (UTC+8)');
    expect(formatDateTime('2026-12-06T01:00:00+08:00', 'zh')).toBe('2026年12月6日 01:00 (UTC+8)');
  });
  it('groups digits by language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });
  it('shows a fixed number of decimals when asked, so a column lines up', () => {
    expect(formatNumber(400, 'en', { fractionDigits: 1 })).toBe('400.0');
    expect(formatNumber(399.94, 'zh', { fractionDigits: 1 })).toBe('399.9');
    expect(formatNumber(21.55, 'en', { fractionDigits: 1 })).toBe('21.6');
  });
});

describe('mourning date ranges', () => {
  const ranges = [{ from: '2026-04-04', to: '2026-04-05' }];
  it('are inclusive and read in China time', () => {
    expect(inDateRanges(ranges, new Date('2026-04-04T00:30:00+08:00'))).toBe(true);
    expect(inDateRanges(ranges, new Date('2026-04-05T23:59:00+08:00'))).toBe(true);
    // 2026-04-03 20:00 UTC is already 04-04 in China
    expect(inDateRanges(ranges, new Date('2026-04-03T20:00:00Z'))).toBe(true);
    expect(inDateRanges(ranges, new Date('2026-04-06T00:00:00+08:00'))).toBe(false);
    expect(inDateRanges([], new Date())).toBe(false);
  });
});
