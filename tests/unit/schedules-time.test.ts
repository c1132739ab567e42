import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import ports from '../../content/routes/ports.json' with { type: 'json' };
import { addDays, DAY_MS, daysBetween, HOUR_MS, localDate, localIso, localIsoByTemporal, zonedMoment, zonedMomentByTemporal } from '../../src/schedules/time';

/**
 * src/schedules/time.ts keeps each zone's offsets per stretch between transitions and turns local
 * times into instants itself; Temporal's answers are the truth it must give, for every zone the
 * network calls at, at every transition of the years the schedules cover and in between.
 */
const zones = [...new Set((ports as { ports: { timeZone: string }[] }).ports.map((p) => p.timeZone))].sort();
const FROM = Temporal.Instant.from('2024-01-01T00:00:00Z');
const UNTIL = Temporal.Instant.from('2031-01-01T00:00:00Z').epochMilliseconds;

/** The zone's transitions between FROM and UNTIL (epoch ms). */
function transitions(timeZone: string): number[] {
  const found: number[] = [];
  let at: Temporal.ZonedDateTime | null = FROM.toZonedDateTimeISO(timeZone);
  while ((at = at.getTimeZoneTransition('next')) && at.epochMilliseconds < UNTIL) found.push(at.epochMilliseconds);
  return found;
}

/** Local date, days and clock of an instant's wall time in a zone, shifted by `shift` ms of wall time. */
function wallAround(epoch: number, timeZone: string, shift: number): [string, number, string] {
  const wall = Temporal.Instant.fromEpochMilliseconds(epoch).toZonedDateTimeISO(timeZone).toPlainDateTime().add({ milliseconds: shift });
  return [wall.toPlainDate().toString(), 0, wall.toPlainTime().toString({ smallestUnit: 'minute' })];
}

describe('local times of the schedules, as Temporal gives them', () => {
  it('has the network zones that change their clocks, and their changes, to check against', () => {
    expect(zones.length).toBeGreaterThan(60);
    const changing = zones.filter((z) => transitions(z).length > 0);
    for (const z of ['Europe/Amsterdam', 'America/Los_Angeles', 'Australia/Sydney', 'Africa/Casablanca', 'Pacific/Auckland', 'America/Santiago']) expect(changing).toContain(z);
  });

  it('turns every local time around each clock change into the same instant and local time (skipped and repeated times included)', () => {
    let checked = 0;
    for (const zone of zones)
      for (const t of transitions(zone))
        for (let shift = -3 * HOUR_MS; shift <= 3 * HOUR_MS; shift += 30 * 60_000) {
          const [date, days, clock] = wallAround(t, zone, shift);
          expect(zonedMoment(date, days, clock, zone), `${date} ${clock} ${zone}`).toEqual(zonedMomentByTemporal(date, days, clock, zone));
          const instant = t + shift;
          expect(localIso(instant, zone), `${instant} ${zone}`).toBe(localIsoByTemporal(instant, zone));
          expect(localDate(instant, zone)).toBe(Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(zone).toPlainDate().toString());
          checked++;
        }
    expect(checked).toBeGreaterThan(2_000);
  });

  it('agrees between the changes too: every zone, a time every 9 days and 7 hours for seven years, from a date plus days', () => {
    for (const zone of zones)
      for (let n = 0, at = FROM.epochMilliseconds; at < UNTIL; n++, at += 9 * DAY_MS + 7 * HOUR_MS) {
        const clock = `${String(n % 24).padStart(2, '0')}:${n % 2 ? '30' : '00'}`;
        expect(zonedMoment('2024-01-01', Math.floor((at - FROM.epochMilliseconds) / DAY_MS), clock, zone)).toEqual(
          zonedMomentByTemporal('2024-01-01', Math.floor((at - FROM.epochMilliseconds) / DAY_MS), clock, zone),
        );
        expect(localIso(at + n * 60_000, zone)).toBe(localIsoByTemporal(at + n * 60_000, zone));
      }
  });

  it('adds and counts days as calendar dates, across month, year and leap-day ends', () => {
    for (const [date, days, sum] of [
      ['2026-12-31', 1, '2027-01-01'],
      ['2028-02-28', 1, '2028-02-29'],
      ['2028-03-01', -1, '2028-02-29'],
      ['2027-03-01', -1, '2027-02-28'],
      ['2026-11-25', -400, '2025-10-21'],
    ] as const) {
      expect(addDays(date, days)).toBe(sum);
      expect(addDays(date, days)).toBe(Temporal.PlainDate.from(date).add({ days }).toString());
      expect(daysBetween(date, sum)).toBe(days);
    }
  });

  it('refuses what Temporal refuses: a date or a clock time that does not exist', () => {
    expect(() => zonedMoment('2026-02-30', 0, '10:00', 'Asia/Shanghai')).toThrow(RangeError);
    expect(() => zonedMoment('2026-02-01', 0, '24:00', 'Asia/Shanghai')).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => zonedMoment('2026-02-01', 0, '10:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
