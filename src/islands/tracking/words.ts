import type { TrackMilestone } from '../../contract/tracking';
import { fill } from '../../i18n/fill';
import type { Locale } from '../../i18n/locales';
import { formatLocalDateTime, localDateTimeParts } from '../../schedules/local-time';
import { doneKey, kindOf, labelKey, nextKey, placed } from './glossary';
import type { TrackStrings } from './strings';

/**
 * The words of the tracking results, pure: a milestone's name, what happened ("Departed Shanghai"),
 * what comes next ("Arrival at Santos"), the ship, a container's size and type, and the times: the
 * port's local time with its offset (formatLocalDateTime). ./TrackResults.tsx puts them in the
 * sentences of "where it is now" and "next".
 */

type Milestone = Pick<TrackMilestone, 'eventType' | 'code' | 'documentType' | 'empty' | 'place' | 'vessel' | 'voyage' | 'time'>;

export const when = (value: string, locale: Locale) => formatLocalDateTime(value, locale);

/** A time shown beside another of the same place: without its offset when the two share it. */
export function whenBeside(value: string, other: string, locale: Locale): string {
  const same = localDateTimeParts(value, locale).zone === localDateTimeParts(other, locale).zone;
  return formatLocalDateTime(value, locale, { zone: !same });
}

const otherName = (m: Milestone, s: TrackStrings) => fill(s['track.event.other'], { code: m.documentType ? `${m.documentType} ${m.code}` : m.code });
const placeName = (m: Milestone, s: TrackStrings) => m.place?.name || s['track.place.unknown'];

/** The milestone's name in the timeline ("Vessel departure"). */
export function milestoneLabel(m: Milestone, s: TrackStrings): string {
  const kind = kindOf(m);
  return kind ? s[labelKey(kind)] : otherName(m, s);
}

/** What happened, with its place ("Departed Shanghai"). */
export function doneText(m: Milestone, s: TrackStrings): string {
  const kind = kindOf(m);
  if (!kind) return m.place ? `${otherName(m, s)} · ${m.place.name}` : otherName(m, s);
  return placed(kind) ? fill(s[doneKey(kind)], { place: placeName(m, s) }) : s[doneKey(kind)];
}

/** What is to come, with its place ("Arrival at Santos"). */
export function nextText(m: Milestone, s: TrackStrings): string {
  const kind = kindOf(m);
  if (!kind) return m.place ? `${otherName(m, s)} · ${m.place.name}` : otherName(m, s);
  return placed(kind) ? fill(s[nextKey(kind)], { place: placeName(m, s) }) : s[nextKey(kind)];
}

/** The ship of a milestone that has one, in the words of "where it is now" (" on MARIA SUMMIT 0347W"). */
export function vesselText(m: Milestone, s: TrackStrings): string {
  if (!m.vessel || m.eventType === 'SHIPMENT') return '';
  return fill(s['track.onVessel'], { vessel: m.vessel.name, voyage: m.voyage ?? '' }).replace(/\s+(?=[)）]|$)/, '');
}

const SIZE_TYPES = ['22G1', '42G1', '45G1', '22R1', '45R1'] as const;

/** A container's ISO 6346 size-type code in words ("40′ high cube"), null for a code the site has no words for. */
export function sizeTypeName(isoCode: string | null, s: TrackStrings): string | null {
  const code = SIZE_TYPES.find((c) => c === isoCode);
  return code ? s[`track.sizeType.${code}`] : null;
}
