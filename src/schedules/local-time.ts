import type { Locale } from '../i18n/locales';

/**
 * The formatter of port-local times (the schedules serve "2026-12-01T03:00:00+08:00"): shown
 * in that local time with its UTC offset, never converted to the reader's zone. Apart from
 * src/shared/format.ts (dates and China time) so that the shell script, which uses that module,
 * does not carry this one.
 */
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
