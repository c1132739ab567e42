import { Temporal } from 'temporal-polyfill';

/**
 * Dates and times of the schedules, in each port's own time zone (IANA names from
 * content/routes/ports.json), through the Temporal polyfill: a rotation says "day 20 at
 * 11:00" in the port's local time, and the time-zone database turns that into an instant,
 * correct across daylight-saving changes and the date line. Nothing here hand-writes an
 * offset. Instants are kept as epoch milliseconds; what is shown or served is the port's
 * local time with its offset ("2026-12-01T03:00:00+08:00").
 *
 * A timetable turns tens of thousands of local times into instants (every call of every
 * voyage over the horizon), and Temporal takes some 15 µs for one. So the zone's offsets are
 * asked of Temporal once per stretch between two of the zone's transitions (`offsetAt`), and
 * a local time becomes an instant by Temporal's own rule for a zone's possible instants
 * (`instantOf`): the same answers, checked against Temporal's for every port's zone, every half
 * hour around each transition of 2024-2030 and at a stride between them
 * (tests/unit/schedules-time.test.ts). What falls
 * outside that (an offset with seconds, a year before 1000, a fraction of a millisecond) is
 * Temporal's to answer, as before.
 */

export interface ZonedMoment {
  /** Milliseconds since the epoch. */
  epoch: number;
  /** Port-local date and time with offset, seconds included: 2026-12-01T03:00:00+08:00. */
  local: string;
}

const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export { DAY_MS };
const MINUTE_MS = 60_000;

/** A stretch of time [from, to) in epoch milliseconds over which a zone's offset stays the same. */
interface Stretch {
  from: number;
  to: number;
  /** The offset from UTC, in milliseconds. */
  offset: number;
}
const stretches = new Map<string, Stretch[]>();

/** The zone's offset from UTC (ms) at an instant: Temporal's, asked once per stretch between two transitions and kept. */
function offsetAt(epoch: number, timeZone: string): number {
  let known = stretches.get(timeZone);
  if (!known) stretches.set(timeZone, (known = []));
  for (const s of known) if (epoch >= s.from && epoch < s.to) return s.offset;
  // The transitions forward from a year before the instant, up to the first one after it. Not the
  // previous transition: for a zone that last changed decades ago, the polyfill looks back year by
  // year for it (some 20 ms), where a year of 'next' is a fraction of a millisecond.
  let start = Temporal.Instant.fromEpochMilliseconds(epoch - LOOK_BACK_MS).toZonedDateTimeISO(timeZone);
  let next = start.getTimeZoneTransition('next');
  while (next && next.epochMilliseconds <= epoch) {
    start = next;
    next = start.getTimeZoneTransition('next');
  }
  const stretch = { from: start.epochMilliseconds, to: next?.epochMilliseconds ?? Infinity, offset: start.offsetNanoseconds / 1e6 };
  known.push(stretch);
  return stretch.offset;
}
/** How far before an instant the search for its stretch begins (the stretch found may start later, at a transition). */
const LOOK_BACK_MS = 366 * DAY_MS;

/**
 * The instant of a wall-clock time in a zone (`wall`: that time's fields read as if in UTC), by
 * Temporal's rule for 'compatible': of two possible instants (a time repeated when the clocks go
 * back), the earlier; of none (a time skipped when they go forward), the one the offset before the
 * change gives, which is the time moved forward by the gap.
 */
function instantOf(wall: number, timeZone: string): number {
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  let instant: number | undefined;
  for (const candidate of [wall - before, wall - after]) if (offsetAt(candidate, timeZone) === wall - candidate && (instant === undefined || candidate < instant)) instant = candidate;
  return instant ?? wall - before;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const FIRST_FAST_YEAR = 1000;

/** A date's fields as the epoch milliseconds of its midnight in UTC, or undefined when it is not a plain valid date of years 1000 to 9999. */
function utcMidnight(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < FIRST_FAST_YEAR) return undefined;
  const epoch = Date.UTC(y, mo - 1, d);
  const back = new Date(epoch);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? epoch : undefined;
}

/** Milliseconds into the day of a clock time (HH:mm or HH:mm:ss), or undefined. */
function clockMs(clock: string): number | undefined {
  const m = CLOCK.exec(clock);
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && mi < 60 && s < 60 ? ((h * 60 + mi) * 60 + s) * 1000 : undefined;
}

/** The date part of a wall time (its fields read as UTC), or undefined outside years 1000 to 9999. */
function dateOf(wall: number): string | undefined {
  const iso = new Date(wall).toISOString();
  return iso.length === 24 && iso >= '1000' ? iso.slice(0, 10) : undefined;
}

/** An instant with its offset as Temporal writes it to the second (2026-12-01T03:00:00+08:00), or undefined for what Temporal must write itself. */
function formatLocal(epoch: number, offset: number): string | undefined {
  if (offset % MINUTE_MS !== 0) return undefined;
  const iso = new Date(epoch + offset).toISOString();
  if (iso.length !== 24 || iso < '1000') return undefined;
  const minutes = Math.abs(offset) / MINUTE_MS;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${iso.slice(0, 19)}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** The instant of a local date (YYYY-MM-DD) plus `days`, at a local clock time (HH:mm) in a zone. A time skipped by a DST change moves forward, as Temporal's 'compatible' rule says. */
export function zonedMoment(date: string, days: number, clock: string, timeZone: string): ZonedMoment {
  const midnight = utcMidnight(date);
  const time = clockMs(clock);
  if (midnight !== undefined && time !== undefined && Number.isInteger(days)) {
    const wall = midnight + days * DAY_MS + time;
    if (dateOf(wall) !== undefined) {
      const epoch = instantOf(wall, timeZone);
      const local = formatLocal(epoch, offsetAt(epoch, timeZone));
      if (local !== undefined) return { epoch, local };
    }
  }
  return zonedMomentByTemporal(date, days, clock, timeZone);
}

/** zonedMoment asked of Temporal alone (what the kept offsets must answer the same as). */
export function zonedMomentByTemporal(date: string, days: number, clock: string, timeZone: string): ZonedMoment {
  const zdt = Temporal.PlainDate.from(date)
    .add({ days })
    .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(clock) });
  return { epoch: zdt.epochMilliseconds, local: zdt.toString({ timeZoneName: 'never', smallestUnit: 'second' }) };
}

/** An instant as local date-time with offset in a zone. */
export function localIso(epoch: number, timeZone: string): string {
  if (Number.isInteger(epoch)) {
    const local = formatLocal(epoch, offsetAt(epoch, timeZone));
    if (local !== undefined) return local;
  }
  return localIsoByTemporal(epoch, timeZone);
}

/** localIso asked of Temporal alone. */
export function localIsoByTemporal(epoch: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** Local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(epoch: number, timeZone: string): string {
  if (Number.isInteger(epoch)) {
    const date = dateOf(epoch + offsetAt(epoch, timeZone));
    if (date !== undefined) return date;
  }
  return Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** The last local clock time `clock` at or before the instant, in a zone (cut-offs that fall on a fixed hour). */
export function lastClockAtOrBefore(epoch: number, clock: string, timeZone: string): number {
  const zdt = Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone);
  let candidate = zdt.withPlainTime(Temporal.PlainTime.from(clock));
  if (Temporal.ZonedDateTime.compare(candidate, zdt) > 0) candidate = zdt.subtract({ days: 1 }).withPlainTime(Temporal.PlainTime.from(clock));
  return candidate.epochMilliseconds;
}

/** A date plus whole days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const midnight = utcMidnight(date);
  const sum = midnight !== undefined && Number.isInteger(days) ? dateOf(midnight + days * DAY_MS) : undefined;
  if (sum !== undefined) return sum;
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Whole days from one date to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const [a, b] = [utcMidnight(from), utcMidnight(to)];
  if (a !== undefined && b !== undefined) return (b - a) / DAY_MS;
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;
}

/** The instant a local date starts in a zone (its first moment). */
export function startOfDay(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds;
}

/** Today's date in a zone. */
export function today(timeZone: string, now: number = Date.now()): string {
  return localDate(now, timeZone);
}

/** Offset part of a local ISO date-time ("+08:00", "-07:00"). */
export function offsetOf(local: string): string {
  return local.slice(19);
}
