import { CUT_OFF_KINDS, type CutOffKind, type CutOffRules, type ScheduleRules } from '../content-model/schemas/schedules';
import { HOUR_MS, lastClockAtOrBefore, localIso } from './time';

/**
 * Cut-offs of a sailing at its port of loading: each rule of content/routes/schedule-rules.json
 * (the port's own, else the default) applied to the vessel's departure: `hoursBefore` it and,
 * with `at`, moved back to that port-local time.
 */

export interface CutOff {
  kind: CutOffKind;
  epoch: number;
  /** Port-local date-time with offset. */
  local: string;
}

export function cutOffRules(rules: ScheduleRules, port: string): CutOffRules {
  return { ...rules.cutOffs.default, ...rules.cutOffs.ports[port] };
}

export function cutOffs(rules: ScheduleRules, port: string, departure: number, timeZone: string): CutOff[] {
  const forPort = cutOffRules(rules, port);
  return CUT_OFF_KINDS.map((kind) => {
    const rule = forPort[kind];
    let epoch = departure - rule.hoursBefore * HOUR_MS;
    if (rule.at) epoch = lastClockAtOrBefore(epoch, rule.at, timeZone);
    return { kind, epoch, local: localIso(epoch, timeZone) };
  });
}
