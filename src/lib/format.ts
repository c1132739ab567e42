import { LANGUAGE_TAG, type Locale } from '../i18n/locales';

/**
 * The one date and number formatter. Dates in lists are shown as YYYY-MM-DD
 * (the spec's "date without time part"); long dates follow the language.
 */

/** Date part of an ISO date or date-time: '2026-11-18T09:00:00+08:00' -> '2026-11-18'. */
export function dateOnly(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (!match) throw new Error(`Not an ISO date: ${value}`);
  return match[1];
}

/** '2026-11-18' -> '18 November 2026' (en) or '2026年11月18日' (zh). */
export function formatLongDate(value: string, locale: Locale): string {
  const [y, m, d] = dateOnly(value).split('-').map(Number);
  return new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A moment shown in China time with its zone: '6 December 2026, 01:00 (UTC+8)'. */
export function formatDateTime(value: string, locale: Locale, timeZone = 'Asia/Shanghai'): string {
  const text = new Intl.DateTimeFormat(LANGUAGE_TAG[locale], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(value));
  return `${text} (${utcOffsetLabel(value, timeZone)})`;
}

function utcOffsetLabel(value: string, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(value))
    .find((p) => p.type === 'timeZoneName');
  return (part?.value ?? 'GMT').replace('GMT', 'UTC');
}

export function formatNumber(value: number, locale: Locale, options: { fractionDigits?: number } = {}): string {
  const { fractionDigits } = options;
  return new Intl.NumberFormat(LANGUAGE_TAG[locale], fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

/** True when the day (YYYY-MM-DD in the given zone) of `now` lies in one of the inclusive ranges. */
export function inDateRanges(ranges: readonly { from: string; to: string }[], now: Date, timeZone = 'Asia/Shanghai'): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return ranges.some((r) => r.from <= today && today <= r.to);
}

const WEEKDAY_NAMES: Record<Locale, string[]> = {
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
  zh: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
};

/** "+08:00" → "UTC+8", "-03:30" → "UTC−3:30", "Z"/"+00:00" → "UTC". */
export function offsetLabel(offset: string): string {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!m || (m[2] === '00' && m[3] === '00')) return 'UTC';
  return `UTC${m[1] === '-' ? '−' : '+'}${Number(m[2])}${m[3] === '00' ? '' : `:${m[3]}`}`;
}

/**
 * A port-local date-time with its offset, as served by the schedules
 * ("2026-12-01T03:00:00+08:00"), shown in that local time without converting it:
 * en "Tue 2026-12-01 03:00", zh "2026-12-01 周二 03:00"; `parts` gives the pieces
 * (date, weekday, time, zone "UTC+8") for tables that lay them out apart.
 */
export function localDateTimeParts(value: string, locale: Locale): { date: string; weekday: string; time: string; zone: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  if (!m) throw new Error(`Not a local date-time with offset: ${value}`);
  const weekday = (new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay() + 6) % 7;
  return { date: `${m[1]}-${m[2]}-${m[3]}`, weekday: WEEKDAY_NAMES[locale][weekday], time: `${m[4]}:${m[5]}`, zone: offsetLabel(m[6] === 'Z' ? '+00:00' : m[6]) };
}

export function formatLocalDateTime(value: string, locale: Locale, options: { zone?: boolean } = {}): string {
  const p = localDateTimeParts(value, locale);
  const text = locale === 'zh' ? `${p.date} ${p.weekday} ${p.time}` : `${p.weekday} ${p.date} ${p.time}`;
  return options.zone === false ? text : `${text} ${p.zone}`;
}
