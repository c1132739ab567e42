import type { Locale } from '../i18n/locales';
export { ROUTE_TAB_ORDER, routeNavigationAllowed } from './route-rules';
import { WEEKDAYS, type Bound, type Port, type SeaPassage, type Service, type VoyageTime } from '../content-model/schemas/routes';

/**
 * What the route pages and the route API show about a service loop, derived from
 * its rotation (content/routes/trades/*.json). Pure functions, no I/O.
 */

export type Weekday = (typeof WEEKDAYS)[number];

/** Weekday of a moment of the voyage, given the weekday of day 0. */
export function weekdayOf(startsOn: Weekday, time: VoyageTime): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(startsOn) + time.day) % 7];
}

/**
 * Days from sailing at the POL to arriving at the POD, by calendar day. A POD
 * whose call comes before the POL in the rotation is reached on the next voyage.
 */
export function transitDays(service: Service, pol: number, pod: number): number {
  const sail = service.calls[pol].departure.day;
  const arrive = service.calls[pod].arrival.day + (pod <= pol ? service.roundTripDays : 0);
  return arrive - sail;
}

export interface CallPortRow {
  locode: string;
  port: string;
  terminal: string;
  eta: Weekday;
  etaTime: string;
  etd: Weekday;
  etdTime: string;
}

/** The call-ports table: every call of the rotation with its terminal and weekly ETA / ETD. */
export function callPortRows(service: Service, ports: ReadonlyMap<string, Port>, locale: Locale): CallPortRow[] {
  return service.calls.map((call) => {
    const port = requirePort(ports, call.port);
    const terminal = port.terminals.find((t) => t.code === call.terminal);
    if (!terminal) throw new Error(`${service.code}: ${call.port} has no terminal ${call.terminal}`);
    return {
      locode: port.locode,
      port: port.name[locale],
      terminal: terminal.name[locale],
      eta: weekdayOf(service.startsOn, call.arrival),
      etaTime: call.arrival.time,
      etd: weekdayOf(service.startsOn, call.departure),
      etdTime: call.departure.time,
    };
  });
}

export interface LoopTable {
  direction: string;
  pols: { locode: string; name: string; pods: { locode: string; name: string; days: number }[] }[];
}

/** A loop export or import table: each POL with its PODs and transit days. */
export function loopTable(service: Service, bound: Bound, ports: ReadonlyMap<string, Port>, locale: Locale): LoopTable {
  const name = (index: number) => requirePort(ports, service.calls[index].port);
  return {
    direction: bound.label[locale],
    pols: bound.pols.map((pol) => ({
      locode: name(pol).locode,
      name: name(pol).name[locale],
      pods: bound.pods
        .filter((pod) => service.calls[pod].port !== service.calls[pol].port)
        .map((pod) => ({ locode: name(pod).locode, name: name(pod).name[locale], days: transitDays(service, pol, pod) })),
    })),
  };
}

export interface AdvantageParagraph {
  text: string;
  /** A direction heading (Eastbound, 西行 ...), shown bold. */
  heading: boolean;
}

const HEADING = /^(?:(?:east|west|north|south)[- ]?bound|[东西南北]行(?:航向)?)\s*[:：]?$/i;

/**
 * Splits an advantage text as the existing backend stores it: paragraphs are
 * separated by "@@" in Chinese and "@" in English; a paragraph that is only a
 * direction name is a heading.
 */
export function splitAdvantages(text: string, locale: Locale): AdvantageParagraph[] {
  const separator = locale === 'zh' ? '@@' : '@';
  return text
    .split(separator)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => ({ text: part.replace(/[:：]$/, ''), heading: HEADING.test(part) }));
}

/** Ports in rotation order, each once (the map's markers). */
export function portsOfRotation(service: Service): string[] {
  return [...new Set(service.calls.map((c) => c.port))];
}

/** A sea leg: from one port to the next, and the passage it must take if the call says so (Call.via). */
export type SailedLeg = [from: string, to: string] | [from: string, to: string, via: SeaPassage];

/**
 * Consecutive calls of the rotation, closing the loop: the sea legs a ship sails. Two
 * calls in a row at the same port (two terminals) make no leg; a leg's passage is the
 * `via` of the call it sails from.
 */
export function sailedLegs(service: Service): SailedLeg[] {
  const calls = service.calls;
  return calls
    .map((call, i): SailedLeg => {
      const to = calls[(i + 1) % calls.length].port;
      return call.via ? [call.port, to, call.via] : [call.port, to];
    })
    .filter(([a, b]) => a !== b);
}

/** Key of a sea leg in content/routes/sea-legs.json: "FROM-TO", or "FROM-TO~passage" for a leg told which way to go. */
export const legKey = (from: string, to: string, via?: SeaPassage) => (via ? `${from}-${to}~${via}` : `${from}-${to}`);

function requirePort(ports: ReadonlyMap<string, Port>, locode: string): Port {
  const port = ports.get(locode);
  if (!port) throw new Error(`content/routes/ports.json: no port ${locode}`);
  return port;
}

/** Where the build writes a service's route map (see src/pages/maps/routes/). */
export const routeMapPath = (code: string, locale: Locale) => `/maps/routes/${locale}/${code}.svg`;

/** The page of one service loop. */
export const servicePagePath = (directionId: number, code: string) => `/home/Services/route/${directionId}/${code}`;
