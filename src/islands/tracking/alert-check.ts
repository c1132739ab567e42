import type { TrackShipment } from '../../contract/tracking';
import { TRACKING_ALERT_HOURS, TRACKING_ALERT_MILESTONES } from '../../contract/tracking-paths';

/**
 * The alert form's pure parts (./AlertForm.tsx): what the visitor fills in, its checks (the API's
 * rules, AlertCodeBody and AlertCreateBody of src/contract/tracking.ts, told before anything is
 * sent) and the bodies of the two calls. No zod: the island ships none.
 */

export type AlertMilestone = (typeof TRACKING_ALERT_MILESTONES)[number];
export const ALERT_MILESTONE_ORDER = TRACKING_ALERT_MILESTONES;

export interface AlertValues {
  email: string;
  milestones: AlertMilestone[];
  /** As typed in the number field. */
  etaHours: string;
  /** The mailed code, as typed. */
  code: string;
}

export const ALERT_DEFAULTS: AlertValues = { email: '', milestones: [...TRACKING_ALERT_MILESTONES], etaHours: String(TRACKING_ALERT_HOURS.default), code: '' };

export type AlertField = 'email' | 'milestones' | 'etaHours' | 'code';
/** Form order: focus goes to the first field with a problem. */
export const ALERT_FIELDS: readonly AlertField[] = ['email', 'milestones', 'etaHours', 'code'];
export type AlertProblem = 'track.alert.err.email' | 'track.alert.err.milestones' | 'track.alert.err.hours' | 'track.alert.err.code';

/** What the API takes as an address (zod's z.email(), in short): something@something.tld, no spaces, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The problems of the fields a step sends: the code step sends the code too. */
export function checkAlert(values: AlertValues, step: 'details' | 'code'): Partial<Record<AlertField, AlertProblem>> {
  const found: Partial<Record<AlertField, AlertProblem>> = {};
  const email = values.email.trim();
  if (!email || email.length > 254 || !EMAIL.test(email)) found.email = 'track.alert.err.email';
  if (values.milestones.length === 0) found.milestones = 'track.alert.err.milestones';
  if (values.milestones.includes('eta') && alertHours(values.etaHours) === null) found.etaHours = 'track.alert.err.hours';
  if (step === 'code' && !/^\d{6}$/.test(values.code.trim())) found.code = 'track.alert.err.code';
  return found;
}

/** The hours typed, when they are whole hours from 1 to 168. */
export function alertHours(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const hours = Number(value);
  return hours >= TRACKING_ALERT_HOURS.min && hours <= TRACKING_ALERT_HOURS.max ? hours : null;
}

/** POST /tracking/alerts/code. */
export const alertCodeBody = (values: AlertValues, reference: string) => ({ email: values.email.trim(), reference });

/** POST /tracking/alerts: the milestones in their fixed order; the hours only when the estimate is picked. */
export function alertCreateBody(values: AlertValues, reference: string) {
  const milestones = ALERT_MILESTONE_ORDER.filter((m) => values.milestones.includes(m));
  const hours = milestones.includes('eta') ? alertHours(values.etaHours) : null;
  return { email: values.email.trim(), reference, code: values.code.trim(), milestones, ...(hours === null ? {} : { etaHours: hours }) };
}

/**
 * The milestones a shipment has reached already, which an alert made now would never mail
 * (src/tracking/alerts.ts reads them the same way): the first departure, the last arrival, the
 * discharge at the destination, the release; and the arrival estimate once the arrival is there.
 */
export function reachedMilestones(sh: Pick<TrackShipment, 'legs' | 'milestones' | 'destination'>): Set<AlertMilestone> {
  const reached = new Set<AlertMilestone>();
  if (sh.legs[0]?.departure?.state === 'actual') reached.add('departure');
  if (sh.legs.at(-1)?.arrival?.state === 'actual') reached.add('arrival').add('eta');
  const destination = sh.destination?.locode;
  if (destination && sh.milestones.some((m) => m.code === 'DISC' && m.time.state === 'actual' && m.place?.locode === destination)) reached.add('discharge');
  if (sh.milestones.some((m) => m.eventType === 'SHIPMENT' && m.code === 'RELS' && m.time.state === 'actual')) reached.add('pickup');
  return reached;
}
