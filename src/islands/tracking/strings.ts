import { KIND_ORDER, aboutKey, doneKey, labelKey, nextKey } from './glossary';
import { CAPTCHA_STRING_KEYS } from '../shared/captcha-strings';

/** Every dictionary key the milestones' words use (./glossary.ts): the results' strings, and the unit test's completeness check. */
export const MILESTONE_KEYS = KIND_ORDER.flatMap((k) => [labelKey(k), doneKey(k), nextKey(k)]);
/** The glossary's sentences (rendered by Astro only). */
export const GLOSSARY_KEYS = KIND_ORDER.map(aboutKey);

/** The alert form's words (./AlertForm.tsx) and the status the mails' unsubscribe link lands with. */
export const ALERT_KEYS = [
  'track.alert.open',
  'track.alert.title',
  'track.alert.intro',
  'track.alert.email',
  'track.alert.milestones',
  'track.alert.m.departure',
  'track.alert.m.arrival',
  'track.alert.m.discharge',
  'track.alert.m.pickup',
  'track.alert.m.eta',
  'track.alert.happened',
  'track.alert.portFirst',
  'track.alert.portLast',
  'track.alert.hours',
  'track.alert.hoursHint',
  'track.alert.sendCode',
  'track.alert.sending',
  'track.alert.code',
  'track.alert.codeHint',
  'track.alert.resend',
  'track.alert.turnOn',
  'track.alert.turningOn',
  'track.alert.changeEmail',
  'track.alert.close',
  'track.alert.failed',
  'track.alert.err.email',
  'track.alert.err.milestones',
  'track.alert.err.hours',
  'track.alert.err.code',
  'track.alert.noscript',
  'track.alert.unsubscribed',
  'track.alert.invalidLink',
] as const;

/** The captcha asked for over RATE_LIMIT_TRACK (./TrackCaptcha.tsx, with the forms' captcha words). */
export const CAPTCHA_KEYS = ['track.captcha.again', 'track.captcha.failed', ...CAPTCHA_STRING_KEYS, 'forms.err.code'] as const;

/**
 * The dictionary strings the tracking results and the tracking box need (given to them as props;
 * see src/i18n/pick.ts). The page's own strings (title, glossary, notes) are rendered by Astro.
 */
export const TRACK_STRING_KEYS = [
  'track.problem.checkDigit',
  'track.problem.containerFormat',
  'track.problem.unknownFormat',
  'track.problem.tooMany',
  'track.titleSeparator',
  'track.refsLabel',
  'track.refsHint',
  'track.refsExample',
  'track.submit',
  'track.tracking',
  'track.recognised',
  'track.kind.container',
  'track.kind.bl',
  'track.kind.booking',
  'track.kind.problem',
  'track.err.empty',
  'track.err.network',
  'track.err.tooMany',
  'track.err.unavailable',
  'track.err.failed',
  'track.retry',
  'track.samples',
  'track.sample',
  'track.listSeparator',
  'track.stage.booked',
  'track.stage.origin',
  'track.stage.sea',
  'track.stage.destination',
  'track.stage.delivered',
  'track.resultCount',
  'track.resultCount_one',
  'track.demo',
  'track.stale',
  'track.staleNever',
  'track.notFound',
  'track.typed',
  'track.now',
  'track.next',
  'track.nothingYet',
  'track.nothingNext',
  'track.completed',
  'track.onVessel',
  'track.nowLine',
  'track.nextLine',
  'track.movedFromShort',
  'track.moved',
  'track.plannedWas',
  'track.state.actual',
  'track.state.estimated',
  'track.state.planned',
  'track.stateWord.actual',
  'track.stateWord.estimated',
  'track.stateWord.planned',
  'track.place.unknown',
  'track.event.other',
  'track.containers',
  'track.sizeType.22G1',
  'track.sizeType.42G1',
  'track.sizeType.45G1',
  'track.sizeType.22R1',
  'track.sizeType.45R1',
  'track.legs',
  'track.leg',
  'track.vessel',
  'track.voyage',
  'track.service',
  'track.departure',
  'track.arrival',
  'track.distance',
  'track.km',
  'track.co2',
  'track.kg',
  'track.co2Total',
  'track.co2Link',
  'track.transhipment',
  'track.map',
  'track.mapAlt',
  'track.milestones',
  'track.lastEvent',
  'track.updated',
  ...ALERT_KEYS,
  ...CAPTCHA_KEYS,
  ...MILESTONE_KEYS,
] as const;

export type TrackStrings = Record<(typeof TRACK_STRING_KEYS)[number], string>;

/**
 * Where the results link to, made at build time (src/components/tracking/links.ts) so that the
 * island carries no route network: each service's route page, the vessels that have a schedule page.
 */
export interface TrackLinks {
  /** Service code → spec path of its route page (/home/Services/route/{direction}/{code}). */
  routes: Record<string, string>;
  /** IMO numbers with a vessel schedule page, separated by spaces (the page's props stay small). */
  vessels: string;
}
