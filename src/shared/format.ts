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

/** Intl formatters are costly to make and a build formats thousands of values: one per locale and options. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** '2026-11-18' -> '18 November 2026' (en) or '2026年11月18日' (zh). */
export function formatLongDate(value: string, locale: Locale): string {
  const [y, m, d] = dateOnly(value).split('-').map(Number);
  const format = cached(`long-date|${locale}`, () => new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
  return format.format(new Date(Date.UTC(y, m - 1, d)));
}

// moments with their zone are in ./format-time.ts (a module of its own, so that the pages' scripts
// that use only dates do not ship it); one formatter still: it is re-exported here
export { formatDateTime } from './format-time';

export function formatNumber(value: number, locale: Locale, options: { fractionDigits?: number } = {}): string {
  const { fractionDigits } = options;
  const format = cached(
    `number|${locale}|${fractionDigits ?? ''}`,
    () => new Intl.NumberFormat(LANGUAGE_TAG[locale], fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  );
  return format.format(value);
}

/** True when the day (YYYY-MM-DD in the given zone) of `now` lies in one of the inclusive ranges. */
export function inDateRanges(ranges: readonly { from: string; to: string }[], now: Date, timeZone = 'Asia/Shanghai'): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return ranges.some((r) => r.from <= today && today <= r.to);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for HTML (element text and quoted attribute values): the one escaper of the project. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}
