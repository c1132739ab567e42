import type { SailingOptionWire } from '../contract/schedules';

/** How the search results can be ordered (the island and the .xlsx download share it). */
export const SCHEDULE_SORTS = ['departure', 'transit', 'co2'] as const;
export type ScheduleSort = (typeof SCHEDULE_SORTS)[number];

const at = (v: string) => Date.parse(v);
const transit = (o: SailingOptionWire) => at(o.arrival) - at(o.departure);

/** A sorted copy: by departure (then arrival), transit time (then departure) or CO2e WTW per TEU (then departure). */
export function sortOptions(options: readonly SailingOptionWire[], sort: ScheduleSort): SailingOptionWire[] {
  const list = [...options];
  if (sort === 'departure') return list.sort((a, b) => at(a.departure) - at(b.departure) || at(a.arrival) - at(b.arrival));
  if (sort === 'transit') return list.sort((a, b) => transit(a) - transit(b) || at(a.departure) - at(b.departure));
  return list.sort((a, b) => a.co2PerTeu.wtw - b.co2PerTeu.wtw || at(a.departure) - at(b.departure));
}
