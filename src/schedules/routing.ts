import { carriedPairs } from '../carbon/distances.ts';
import type { CarbonNetwork, Edge } from '../carbon/network.ts';
import type { ScheduleContent } from './content';
import { DAY_MS, HOUR_MS } from './time';
import type { DatedCall, LoopTimetable } from './timetable';

/**
 * Point-to-point routing over the dated timetable.
 *
 * A leg is a port pair a loop carries (the carbon calculator's `carriedPairs`: port of
 * loading to port of discharge of a direction, two calls of the same range, any pair on a
 * feeder loop), sailed on one voyage from call a to call b (wrapping into the ship's next
 * voyage when b comes first in the rotation). Its distance and emission intensity are the
 * carbon network's edge for that loop and pair, so a sailing's CO2e is the calculator's.
 *
 * Options are direct sailings, or two or three legs on different loops that change ships at
 * transhipment hubs (content/routes/schedule-rules.json): the next ship leaves the hub at least
 * the hub's minimum connection time after the first arrives, and at most maxWaitDays later;
 * for each first sailing the earliest connection is taken. No option calls a port twice.
 *
 * The structure (which loops and hubs join two ports) depends on content only and is worked
 * out once per port pair; dating it is a binary search per leg in each loop's timetable.
 */

export interface Segment {
  service: string;
  /** Call indexes: b may be ≥ the number of calls (the ship's next voyage). */
  a: number;
  b: number;
  from: string;
  to: string;
  edge: Edge;
}

export interface DatedLeg {
  segment: Segment;
  departure: DatedCall;
  arrival: DatedCall;
}

export interface RouteOption {
  legs: DatedLeg[];
  departure: number;
  arrival: number;
  /** Connections: hub, arrival of the inbound ship, departure of the outbound, hours between. */
  transhipments: number;
}

export interface PointToPointQuery {
  from: string;
  to: string;
  /** Departure from the origin between these instants (inclusive). */
  departureFrom: number;
  departureTo: number;
  /** Optional arrival window at the destination. */
  arrivalFrom?: number;
  arrivalTo?: number;
  maxTranshipment: 0 | 1 | 2;
}

type Pattern = Segment[];

export interface Router {
  /** Options ranked by arrival, then transit time; dominated ones dropped. */
  search(query: PointToPointQuery): RouteOption[];
  /** Ports the loops join (every port called). */
  ports: Set<string>;
  /** Minimum connection time at a hub in ms (undefined: not a hub). */
  minConnection(port: string): number | undefined;
  maxWaitMs: number;
}

export function buildRouter(content: ScheduleContent, carbon: CarbonNetwork, timetables: ReadonlyMap<string, LoopTimetable>): Router {
  const { rules } = content;
  const feederMaxTeu = carbon.factors.feederMaxTeu;
  const hubs = new Map(rules.transhipment.hubs.map((h) => [h.port, (h.minConnectionHours ?? rules.transhipment.defaultMinConnectionHours) * HOUR_MS]));
  const maxWaitMs = rules.transhipment.maxWaitDays * DAY_MS;

  // every segment, by origin port and by origin>destination
  const fromPort = new Map<string, Segment[]>();
  const byPair = new Map<string, Segment[]>();
  const ports = new Set<string>();
  for (const { service } of content.services) {
    const n = service.calls.length;
    const best = new Map<string, Segment>();
    for (const [a, b] of carriedPairs(service, feederMaxTeu)) {
      const from = service.calls[a].port;
      const to = service.calls[b].port;
      const edge = carbon.seaEdge(service.code, from, to);
      if (!edge) continue;
      const bb = b > a ? b : b + n;
      const key = `${from}>${to}`;
      const found = best.get(key);
      // the carbon edge is the shortest occurrence of the pair: keep the index pair of that one (fewest calls between)
      if (!found || bb - a < found.b - found.a) best.set(key, { service: service.code, a, b: bb, from, to, edge });
    }
    for (const seg of best.values()) {
      ports.add(seg.from).add(seg.to);
      push(fromPort, seg.from, seg);
      push(byPair, `${seg.from}>${seg.to}`, seg);
    }
  }

  const patterns = new Map<string, Pattern[]>();
  /**
   * The ways from o to d: direct segments; chains of two or three loops changing ships at hubs.
   * A chain is left out when one of its loops carries o to d itself (the cargo would stay on
   * board), and chains with two changes only where none with one change exists (as the
   * carbon calculator's sea itineraries do).
   */
  function patternsFor(o: string, d: string): Pattern[] {
    const key = `${o}>${d}`;
    let found = patterns.get(key);
    if (found) return found;
    const direct = byPair.get(key) ?? [];
    const directLoops = new Set(direct.map((s) => s.service));
    const one: Pattern[] = [];
    const two: Pattern[] = [];
    for (const s1 of fromPort.get(o) ?? []) {
      const h1 = s1.to;
      if (h1 === d || !hubs.has(h1) || directLoops.has(s1.service)) continue;
      for (const s2 of byPair.get(`${h1}>${d}`) ?? []) if (s2.service !== s1.service && !directLoops.has(s2.service)) one.push([s1, s2]);
      for (const s2 of fromPort.get(h1) ?? []) {
        const h2 = s2.to;
        if (s2.service === s1.service || h2 === o || h2 === d || !hubs.has(h2) || directLoops.has(s2.service)) continue;
        for (const s3 of byPair.get(`${h2}>${d}`) ?? []) if (s3.service !== s2.service && s3.service !== s1.service && !directLoops.has(s3.service)) two.push([s1, s2, s3]);
      }
    }
    found = [...direct.map((s) => [s]), ...one, ...(one.length ? [] : two)];
    patterns.set(key, found);
    return found;
  }

  const leg = (segment: Segment, departure: DatedCall): DatedLeg | undefined => {
    const arrival = timetables.get(segment.service)!.call(departure.k, segment.b);
    return arrival && { segment, departure, arrival };
  };

  function search(q: PointToPointQuery): RouteOption[] {
    const options: RouteOption[] = [];
    for (const pattern of patternsFor(q.from, q.to)) {
      if (pattern.length - 1 > q.maxTranshipment) continue;
      const first = pattern[0];
      const table = timetables.get(first.service)!;
      for (let dep = table.firstDepartureAtOrAfter(first.a, q.departureFrom); dep && dep.departure.epoch <= q.departureTo; dep = table.call(dep.k + 1, first.a)) {
        const legs: DatedLeg[] = [];
        let current = leg(first, dep);
        for (let i = 1; current && i < pattern.length; i++) {
          legs.push(current);
          const seg = pattern[i];
          const ready = current.arrival.arrival.epoch + hubs.get(seg.from)!;
          const next = timetables.get(seg.service)!.firstDepartureAtOrAfter(seg.a, ready);
          current = next && next.departure.epoch - current.arrival.arrival.epoch <= maxWaitMs ? leg(seg, next) : undefined;
        }
        if (!current) continue;
        legs.push(current);
        const arrival = current.arrival.arrival.epoch;
        if (q.arrivalFrom !== undefined && arrival < q.arrivalFrom) continue;
        if (q.arrivalTo !== undefined && arrival > q.arrivalTo) continue;
        options.push({ legs, departure: dep.departure.epoch, arrival, transhipments: legs.length - 1 });
      }
    }
    return rank(options);
  }

  return { search, ports, minConnection: (port) => hubs.get(port), maxWaitMs };
}

/**
 * Ranked by arrival, then transit time, then fewer transhipments. An option is dropped when
 * another leaves no earlier, arrives no later and changes ships no more often (better in one
 * of the three, or equal in all and shorter at sea), except that a direct sailing is only
 * dropped for one that leaves at the same time: every direct sailing is shown, of two options
 * on the same first sailing the later arrival goes, and a direct sailing stays beside a faster
 * connection that changes ships. An option that repeats another's sailings is a duplicate.
 */
export function rank(options: RouteOption[]): RouteOption[] {
  const unique = new Map<string, RouteOption>();
  for (const o of options) unique.set(o.legs.map(sailingKey).join('/'), o);
  const list = [...unique.values()];
  const km = (o: RouteOption) => o.legs.reduce((s, l) => s + l.segment.edge.km, 0);
  const beats = (p: RouteOption, o: RouteOption) =>
    (o.transhipments > 0 ? p.departure >= o.departure : p.departure === o.departure) &&
    p.arrival <= o.arrival &&
    p.transhipments <= o.transhipments &&
    (p.departure > o.departure || p.arrival < o.arrival || p.transhipments < o.transhipments || km(p) < km(o));
  const kept = list.filter((o) => !list.some((p) => p !== o && beats(p, o)));
  return kept.sort((x, y) => x.arrival - y.arrival || x.arrival - x.departure - (y.arrival - y.departure) || x.transhipments - y.transhipments || x.departure - y.departure);
}

const sailingKey = (l: DatedLeg) => `${l.segment.service}:${l.departure.k}:${l.segment.a}>${l.segment.b}`;

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
