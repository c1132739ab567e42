import { Temporal } from 'temporal-polyfill';

/**
 * Dates and times of the schedules, in each port's own time zone (IANA names from
 * content/routes/ports.json), through the Temporal polyfill: a rotation says "day 20 at
 * 11:00" in the port's local time, and the time-zone database turns that into an instant,
 * correct across daylight-saving changes and the date line. Nothing here hand-writes an
 * offset. Instants are kept as epoch milliseconds; what is shown or served is the port's
 * local time with its offset ("2026-12-01T03:00:00+08:00").
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

/** The instant of a local date (YYYY-MM-DD) plus `days`, at a local clock time (HH:mm) in a zone. A time skipped by a DST change moves forward, as Temporal's 'compatible' rule says. */
export function zonedMoment(date: string, days: number, clock: string, timeZone: string): ZonedMoment {
  const zdt = Temporal.PlainDate.from(date)
    .add({ days })
    .toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(clock) });
  return { epoch: zdt.epochMilliseconds, local: zdt.toString({ timeZoneName: 'never', smallestUnit: 'second' }) };
}

/** An instant as local date-time with offset in a zone. */
export function localIso(epoch: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone).toString({ timeZoneName: 'never', smallestUnit: 'second' });
}

/** Local date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(epoch: number, timeZone: string): string {
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
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Whole days from one date to another (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
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
