import { createEvents, type EventAttributes } from 'ics';
import type { SailingOptionWire } from '../../contract/schedules';
import type { Locale } from '../../i18n/locales';
import { formatLocalDateTime } from '../../schedules/local-time';
import { fill } from '../shared/text';
import type { ScheduleStrings } from './strings';

/**
 * A sailing option as an iCalendar file (the `ics` package): one event from departure to
 * arrival with the legs in its description, and one short event at each cut-off. Times are
 * written in UTC (the calendar shows them in the reader's zone); the descriptions keep the
 * ports' local times. Loaded only when a visitor asks for a calendar file.
 */
export function sailingCalendar(o: SailingOptionWire, locale: Locale, s: ScheduleStrings): string {
  const first = o.legs[0];
  const last = o.legs.at(-1)!;
  const when = (v: string) => formatLocalDateTime(v, locale);
  const route = `${first.from.name} → ${last.to.name}`;
  const legs = o.legs.map((l) => `${l.vessel} ${l.voyage} (${l.service}): ${l.from.name} ${when(l.departure)} → ${l.to.name} ${when(l.arrival)}`).join('\n');
  const uid = (suffix: string) => `${o.id}-${suffix}@seabridgelines.com`;
  const events: EventAttributes[] = [
    {
      uid: uid('sailing'),
      title: `${route} · ${first.vessel} ${first.voyage}`,
      description: legs,
      location: `${first.from.name} (${first.from.locode}), ${first.from.terminal}`,
      start: Date.parse(o.departure),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: Date.parse(o.arrival),
      endInputType: 'utc',
      endOutputType: 'utc',
      busyStatus: 'FREE',
      transp: 'TRANSPARENT',
    },
    ...o.cutOffs.map<EventAttributes>((c) => ({
      uid: uid(c.kind),
      title: `${s[`schedules.cutOff.${c.kind}`]} · ${s['schedules.cutOffs']} · ${first.vessel} ${first.voyage}`,
      description: `${route}\n${s[`schedules.cutOff.${c.kind}`]}: ${when(c.local)}`,
      location: `${first.from.name} (${first.from.locode})`,
      start: Date.parse(c.local),
      startInputType: 'utc',
      startOutputType: 'utc',
      duration: { minutes: 30 },
      alarms: [{ action: 'display', description: fill('{{kind}}', { kind: s[`schedules.cutOff.${c.kind}`] }), trigger: { hours: 24, before: true } }],
    })),
  ];
  const { error, value } = createEvents(events, { productId: 'seabridgelines.com/schedules', calName: route });
  if (error || !value) throw error ?? new Error('calendar not written');
  return value;
}
