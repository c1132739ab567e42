import { LANGUAGE_TAG, type Locale } from '../i18n/locales';

/**
 * The date formatter's moments (re-exported by ./format.ts, the one formatter): a module of its own
 * because a browser bundle takes a shared module whole, and the pages' scripts that show dates only
 * should not ship it.
 */

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
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(value)).find((p) => p.type === 'timeZoneName');
  return (part?.value ?? 'GMT').replace('GMT', 'UTC');
}
