import { DAILY, FREQUENCY, WEEKDAYS, type DayOfWeek, type Weekday } from '../../forms/validation/subscribe';

/**
 * The digest's rules, pure (unit-tested): which day it is where the digests are sent,
 * whether a subscriber is due, which stories go into their mail.
 *
 * - Daily (3): every day. Weekly (1): on their weekday. Every other week (2): on their
 *   weekday, when the last digest day is 14 or more days back (or there is none).
 *   A day on which nothing new matched counts as a digest day (recorded as 'empty'), so
 *   the fortnightly rhythm holds.
 * - The stories: published (statusDt) from the last digest day (inclusive; stories of
 *   that day already mailed are excluded by uuid) or, before the first digest, from the
 *   day of subscribing, up to today; never more than LOOKBACK_DAYS back. In the
 *   subscriber's language. A story matches when it is important and important news is
 *   subscribed, or it carries a subscribed trade label (business news), or a subscribed
 *   port (port news).
 */

export const LOOKBACK_DAYS = 31;

export interface DigestPreferences {
  dayOfWeek: DayOfWeek | string;
  frequencyImportant: number;
  frequencyBusiness: number;
  frequencyPort: number;
  tradeLabels: readonly string[];
  ports: readonly string[];
}

export interface DigestStory {
  uuid: string;
  statusDt: string;
  important: boolean;
  tradeCodes: readonly string[];
  portCodes: readonly string[];
}

/** The calendar day (YYYY-MM-DD) of a moment in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[new Date(dayNumber(day) * 86_400_000).getUTCDay()];
}

export function addDays(day: string, n: number): string {
  return new Date((dayNumber(day) + n) * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The subscriber's frequency (the wire's three numbers agree; 0 when nothing is subscribed). */
export function frequencyOf(p: DigestPreferences): number {
  return Math.max(p.frequencyImportant, p.frequencyBusiness, p.frequencyPort);
}

/** Is a digest due today, given the last digest day before today (or null)? */
export function isDue(p: DigestPreferences, today: string, lastDay: string | null): boolean {
  const frequency = frequencyOf(p);
  if (frequency === FREQUENCY.daily) return true;
  if (frequency !== FREQUENCY.weekly && frequency !== FREQUENCY.fortnightly) return false;
  if (p.dayOfWeek === DAILY || weekdayOf(today) !== p.dayOfWeek) return false;
  return frequency === FREQUENCY.weekly || lastDay === null || daysBetween(lastDay, today) >= 14;
}

/** First publication day a digest of today reaches back to. */
export function windowStart(today: string, lastDay: string | null, subscribedDay: string): string {
  const from = lastDay ?? subscribedDay;
  const floor = addDays(today, -LOOKBACK_DAYS);
  return from < floor ? floor : from;
}

export function matchesStory(p: DigestPreferences, story: DigestStory): boolean {
  if (p.frequencyImportant > 0 && story.important) return true;
  if (p.frequencyBusiness > 0 && story.tradeCodes.some((c) => p.tradeLabels.includes(c))) return true;
  if (p.frequencyPort > 0 && story.portCodes.some((c) => p.ports.includes(c))) return true;
  return false;
}

/** The stories of a digest, newest first: in the window, matching, not mailed before. */
export function selectStories<S extends DigestStory>(p: DigestPreferences, stories: readonly S[], window: { from: string; to: string; exclude: ReadonlySet<string> }): S[] {
  return stories
    .filter((s) => s.statusDt >= window.from && s.statusDt <= window.to && !window.exclude.has(s.uuid) && matchesStory(p, s))
    .sort((a, b) => (a.statusDt === b.statusDt ? a.uuid.localeCompare(b.uuid) : a.statusDt < b.statusDt ? 1 : -1));
}
