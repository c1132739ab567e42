import { DAILY, FREQUENCY, joinList, SCOPE, splitList, validatePreference, type Frequency, type SubscribeError, type Weekday } from '../../forms/validation/subscribe';

/**
 * The preference form as the visitor sees it (scope, categories, trades, ports,
 * frequency, day) and as the wire stores it (spec 002 §5):
 * - scope All (1) means every trade label, every port and important news;
 * - by category (0): important news when chosen; business news covers the trades and
 *   ports chosen under it (feqBusiness for the trades, feqPort for the ports);
 * - the three frequencies carry the one frequency chosen (0 = not subscribed);
 *   dayOfWeek is DAILY with frequency 3, else the weekday.
 * A stored subscription comes back as category selection (spec §4: "the range is set
 * to category selection"). Pure, so the unit tests check both directions.
 */
export type Scope = (typeof SCOPE)[keyof typeof SCOPE];

export interface Prefs {
  scope: Scope;
  important: boolean;
  business: boolean;
  labels: string[];
  ports: string[];
  frequency: Frequency;
  day: Weekday;
}

export const DEFAULT_PREFS: Prefs = { scope: SCOPE.all, important: true, business: false, labels: [], ports: [], frequency: FREQUENCY.weekly, day: 'MON' };

export interface WirePrefs {
  dayOfWeek: string;
  labels: string;
  portSubscribe: string;
  feqImportant: string;
  feqBusiness: string;
  feqPort: string;
}

export function prefsToWire(p: Prefs, all: { labels: readonly string[]; ports: readonly string[] }): WirePrefs {
  const f = String(p.frequency);
  const everything = p.scope === SCOPE.all;
  const labels = everything ? [...all.labels] : p.business ? p.labels : [];
  const ports = everything ? [...all.ports] : p.business ? p.ports : [];
  return {
    dayOfWeek: p.frequency === FREQUENCY.daily ? DAILY : p.day,
    labels: joinList(labels),
    portSubscribe: joinList(ports),
    feqImportant: everything || p.important ? f : '0',
    feqBusiness: labels.length ? f : '0',
    feqPort: ports.length ? f : '0',
  };
}

export function prefsFromRecord(r: { dayOfWeek: string; labels: string; portSubscribe: string; feqImportant: number; feqBusiness: number; feqPort: number }): Prefs {
  const labels = splitList(r.labels);
  const ports = splitList(r.portSubscribe);
  const frequency = (Math.max(r.feqImportant, r.feqBusiness, r.feqPort) || FREQUENCY.weekly) as Frequency;
  return {
    scope: SCOPE.byCategory,
    important: r.feqImportant > 0,
    business: (r.feqBusiness > 0 && labels.length > 0) || (r.feqPort > 0 && ports.length > 0),
    labels: r.feqBusiness > 0 ? labels : [],
    ports: r.feqPort > 0 ? ports : [],
    frequency,
    day: r.dayOfWeek === DAILY ? 'MON' : (r.dayOfWeek as Weekday),
  };
}

/** Where a preference message shows on the form. */
export type PrefField = 'categories' | 'business' | 'frequency' | 'dayOfWeek' | 'code';

/** Every preference rule (the server runs the same on the wire values): the messages by form place. */
export function checkPrefs(p: Prefs, all: { labels: readonly string[]; ports: readonly string[] }, captcha: { code: string; sign: string }): Partial<Record<PrefField, SubscribeError>> {
  const wire = prefsToWire(p, all);
  const found = validatePreference({ ...wire, code: captcha.code, sign: captcha.sign });
  const out: Partial<Record<PrefField, SubscribeError>> = {};
  const frequency = found.feqImportant ?? found.feqBusiness ?? found.feqPort;
  if (frequency) out[frequency === 'subscribe.err.category' ? 'categories' : 'frequency'] = frequency;
  if (found.labels || found.portSubscribe) out.business = found.labels ?? found.portSubscribe;
  if (p.scope === SCOPE.byCategory && p.business && !p.labels.length && !p.ports.length) out.business = 'subscribe.err.business';
  if (found.dayOfWeek) out.dayOfWeek = found.dayOfWeek;
  if (found.code || found.sign) out.code = found.code ?? found.sign;
  return out;
}
