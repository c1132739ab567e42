/**
 * Distances of the carbon calculator's network, worked out ahead of time by
 * src/build/derived/generators/carbon-data.ts into content/carbon/network.json (and checked against it by
 * the tests). Pure functions; imports carry their .ts extension so that the script
 * runs in plain Node.
 *
 * - Sea: along a service loop, the distance between two calls is the sum of the
 *   sailed port-to-port legs between them (content/routes/sea-legs.json), wrapping
 *   into the next voyage when the second call comes first in the rotation.
 * - Rail: the geodesic length through the corridor's junctions, times the stated
 *   rail circuity factor.
 * - Road: the geodesic distance between city centre and port, times the stated road
 *   circuity factor (src/carbon/network.ts).
 */
import { geodesicMetres, type LonLat } from '../geo/geodesy.ts';

/** The parts of a service loop (src/content-model/schemas/routes.ts) the sea distances need. */
export interface LoopCalls {
  code: string;
  vesselClass: string;
  calls: readonly { port: string; via?: string }[];
  export: { pols: readonly number[]; pods: readonly number[] };
  import: { pols: readonly number[]; pods: readonly number[] };
}

/** Key of a sea leg in content/routes/sea-legs.json (the same rule as src/routes/routes.ts legKey). */
export const seaLegKey = (from: string, to: string, via?: string) => (via ? `${from}-${to}~${via}` : `${from}-${to}`);

/** Ship size deployed on a loop, from its vesselClass ("14,000 TEU (Neopanamax)" → 14000). */
export function vesselTeu(vesselClass: string): number {
  const match = /([\d,]+)\s*TEU/i.exec(vesselClass);
  if (!match) throw new Error(`vesselClass "${vesselClass}" names no TEU size`);
  return Number(match[1].replace(/,/g, ''));
}

/**
 * Ordered pairs of calls (indexes) between which a loop carries cargo:
 * - every POL to every POD of each direction (the export and import tables);
 * - two calls of the same range, in rotation order (e.g. Shanghai → Singapore on an
 *   Asia – Europe loop), which is how cargo is relayed onto a feeder at a hub;
 * - on a feeder loop (ships under feederMaxTeu), any call to any other.
 */
export function carriedPairs(loop: LoopCalls, feederMaxTeu: number): [number, number][] {
  const pairs = new Map<string, [number, number]>();
  const add = (a: number, b: number) => {
    if (a !== b && loop.calls[a].port !== loop.calls[b].port) pairs.set(`${a}>${b}`, [a, b]);
  };
  for (const bound of [loop.export, loop.import]) {
    for (const pol of bound.pols) for (const pod of bound.pods) add(pol, pod);
    for (const range of [bound.pols, bound.pods]) for (let i = 0; i < range.length; i++) for (let j = i + 1; j < range.length; j++) add(range[i], range[j]);
  }
  if (vesselTeu(loop.vesselClass) < feederMaxTeu) for (let a = 0; a < loop.calls.length; a++) for (let b = 0; b < loop.calls.length; b++) add(a, b);
  return [...pairs.values()];
}

/** The sailed legs from call a to call b, forward along the rotation (wrapping round). */
export function legsBetween(loop: LoopCalls, a: number, b: number): string[] {
  const n = loop.calls.length;
  const keys: string[] = [];
  for (let k = a; k !== b; k = (k + 1) % n) {
    const here = loop.calls[k];
    const next = loop.calls[(k + 1) % n];
    if (here.port !== next.port) keys.push(seaLegKey(here.port, next.port, here.via));
  }
  return keys;
}

export interface SeaPairDistance {
  loop: string;
  from: string;
  to: string;
  km: number;
  legs: string[];
}

/** Every port pair a loop carries, with its along-loop distance (km, one decimal); the shortest if a port is called twice. */
export function loopPairDistances(loop: LoopCalls, legKm: (key: string) => number, feederMaxTeu: number): SeaPairDistance[] {
  const best = new Map<string, SeaPairDistance>();
  for (const [a, b] of carriedPairs(loop, feederMaxTeu)) {
    const legs = legsBetween(loop, a, b);
    const km = Math.round(legs.reduce((sum, key) => sum + legKm(key), 0) * 10) / 10;
    const from = loop.calls[a].port;
    const to = loop.calls[b].port;
    const key = `${from}>${to}`;
    const found = best.get(key);
    if (!found || km < found.km) best.set(key, { loop: loop.code, from, to, km, legs });
  }
  return [...best.values()].sort((x, y) => x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
}

/** Geodesic length of a polyline in km. */
export function polylineKm(points: readonly LonLat[]): number {
  let metres = 0;
  for (let i = 1; i < points.length; i++) metres += geodesicMetres(points[i - 1], points[i]);
  return metres / 1000;
}

/** Rail distance: geodesic through the junctions × circuity, km with one decimal. */
export function railKm(points: readonly LonLat[], circuity: number): number {
  return Math.round(polylineKm(points) * circuity * 10) / 10;
}

/** Road distance: geodesic × circuity, km with one decimal. */
export function roadKm(a: LonLat, b: LonLat, circuity: number): number {
  return Math.round((geodesicMetres(a, b) / 1000) * circuity * 10) / 10;
}
