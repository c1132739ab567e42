/**
 * Shortest sea route between two positions over the maritime network (see network.ts).
 *
 * How a route is made:
 * 1. Ends. Each position may start from any of its 12 nearest network nodes (within
 *    300 km), or from the ends of a lane that passes it between two nodes (by way of
 *    the lane's nearest point), reached straight where that does not cut across land
 *    and otherwise by a path over water found on a grid (see `ends`); the connector is
 *    part of the route and of its length (`snap.*.km` says how long).
 * 2. Dijkstra over the network with WGS 84 geodesic edge lengths, from all the start
 *    candidates to all the end candidates at once (each weighted by its connector).
 *    A route told to go `via` a passage (passages.ts: round the Cape of Good Hope,
 *    through the Kiel Canal...) is the shortest path to the node nearest the passage's
 *    waypoint and on from there, on a network with that canal in it.
 * 3. Legs that a lane draws straight over an island or a headland are taken round it
 *    over water (detour.ts, `avoidLand`, 3.3 km grid).
 * 4. Ocean legs are pulled taut: from a point in open water (at least `offingKm`, 20 km,
 *    from any coast) the route goes on by great circle to the furthest later point it
 *    can reach over open water (`straighten`). Coastal legs keep the lanes (their
 *    offing, traffic separation schemes, canals, straits).
 * 5. The route is kept off land as Natural Earth 1:10m draws it, with no margin
 *    (detour.ts, `clearLand`, grids down to 220 m: the Bosporus, the Dardanelles, the
 *    coast round a headland), but for the canals and the rivers up to river ports.
 * 6. Ports less than 400 km apart are also joined by a direct path over water (grid,
 *    detour.ts); the shorter of the two wins (the lanes do not enter many bays: Hong
 *    Kong – Yantian, Tokyo – Nagoya). Not for a route told which way to go.
 * 7. The length is summed over that route (geodesic, WGS 84); the returned path is then
 *    simplified for storage (spherical Douglas–Peucker, default 5 km, never across
 *    land: `simplifyOverWater`), which does not change the length reported.
 *
 * Conventions:
 * - `km` in kilometres, `nm` in international nautical miles (1 nm = 1.852 km
 *   exactly); unrounded here, rounding is the caller's choice.
 * - `path` is `[lon, lat]` points (GeoJSON order) from `from` to `to`, with longitudes
 *   unwrapped so the line is continuous: the first longitude is in [-180, 180) and each
 *   next one differs from the previous by less than 180°, so a route that crosses the
 *   antimeridian eastwards goes on past 180 (Shanghai 121.6 → … → 241.7 for Los
 *   Angeles, which is -118.3 + 360) and one that crosses it westwards goes below -180.
 *   d3-geo draws such a LineString as one line, each segment being the great-circle arc
 *   whose length was counted. Add or subtract 360 to get the usual value.
 * - Symmetric: a route is always worked out from its western end, so
 *   `seaRoute(b, a)` is `seaRoute(a, b)` reversed, with exactly the same length.
 */
import { METRES_PER_NM, distanceToArcMetres, geodesicMetres, lonDelta, normaliseLon, polylineMetres, simplifyPath, unwrapPath, type LonLat } from './geodesy.ts';
import { avoidLand, clearLand, simplifyOverWater, waterPath, waterPaths } from './detour.ts';
import { arcPoints, defaultLandMask, type LandMask } from './land.ts';
import { canalNetwork, defaultNetwork, laneFeet, nearestNodes, type SeaNetwork } from './network.ts';
import { passage, type PassageId } from './passages.ts';

export type { LonLat } from './geodesy.ts';

export interface SeaRouteOptions {
  /** Network to route on; default: MARNET as repaired by `defaultNetwork()`. */
  network?: SeaNetwork;
  /** Land mask for connectors, detours and straightening; default Natural Earth 1:10m; null: plain network path from the nearest nodes. */
  land?: LandMask | null;
  /** Least distance from any coast of a straightened leg, km. Default 20 km (about 11 nm). */
  offingKm?: number;
  /** How many nearest network nodes each end may snap to. Default 12. */
  snapCandidates?: number;
  /** Longest connector from a position to a candidate node, km. Default 300 km. */
  maxConnectorKm?: number;
  /** Land a straight connector may cross (more than 2 km inside the coastline), km. Default 2 km. */
  connectorLandKm?: number;
  /** A position whose every connector crosses more land than this (a river port far up a river the coastline does not show, or a wrong position) is unreachable. Default 100 km. */
  maxInlandKm?: number;
  /** Douglas–Peucker tolerance in metres for the returned path; 0 keeps every vertex. Default 5,000 m (never across land: see simplifyOverWater). */
  simplifyMetres?: number;
  /**
   * A passage the route must take (passages.ts), though another way is shorter: round
   * the Cape of Good Hope rather than through Suez, through the Kiel Canal (which is not
   * in the network otherwise). With a `network` given, that network is used as it is.
   */
  via?: PassageId;
}

export interface SnapInfo {
  /** Network node the position was joined to, longitude in [-180, 180); the position itself (and km 0) when the route is a direct path over water between nearby ports. */
  node: LonLat;
  /** Length of the connector from the position to that node (straight, or round land over water), km. */
  km: number;
}

export interface SeaRoute {
  /** Sailed distance in kilometres (connectors included). */
  km: number;
  /** Sailed distance in nautical miles (km / 1.852). */
  nm: number;
  /** Route as [lon, lat] points, continuous across the antimeridian (see module comment). */
  path: LonLat[];
  snap: { from: SnapInfo; to: SnapInfo };
}

export class UnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreachableError';
  }
}

/** Binary min-heap of (priority, node) used by Dijkstra. */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly values: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, value: number): void {
    const keys = this.keys;
    const values = this.values;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      values[i] = values[parent];
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }
  pop(): [number, number] {
    const keys = this.keys;
    const values = this.values;
    const topKey = keys[0];
    const topValue = values[0];
    const lastKey = keys.pop()!;
    const lastValue = values.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= n) break;
        const right = left + 1;
        const child = right < n && keys[right] < keys[left] ? right : left;
        if (keys[child] >= lastKey) break;
        keys[i] = keys[child];
        values[i] = values[child];
        i = child;
      }
      keys[i] = lastKey;
      values[i] = lastValue;
    }
    return [topKey, topValue];
  }
}

/** How a position reaches a network node: the path from the position to the node, and its length. */
interface Connector {
  metres: number;
  path: LonLat[];
}

interface Ends {
  /** Candidate network nodes and the connector from the position to each. */
  nodes: Map<number, Connector>;
}

/** Shortest path from any of `sources` to any of `targets`, each weighted by its connector length. */
export function shortestPath(network: SeaNetwork, sources: Ends, targets: Ends): { nodes: number[]; metres: number } | null {
  const n = network.nodes.length;
  const distance = new Float64Array(n).fill(Infinity);
  const previous = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const heap = new MinHeap();
  for (const [node, { metres }] of [...sources.nodes].sort((x, y) => x[0] - y[0])) {
    if (metres < distance[node]) {
      distance[node] = metres;
      heap.push(metres, node);
    }
  }
  let best = Infinity;
  let bestNode = -1;
  while (heap.size > 0) {
    const [d, u] = heap.pop();
    if (done[u]) continue;
    if (d >= best) break;
    done[u] = 1;
    const end = targets.nodes.get(u);
    if (end !== undefined && d + end.metres < best) {
      best = d + end.metres;
      bestNode = u;
    }
    for (let k = network.offsets[u]; k < network.offsets[u + 1]; k++) {
      const v = network.targets[k];
      const nd = d + network.metres[k];
      // Ties are broken towards the lower node index so the result does not depend on heap order.
      if (nd < distance[v] || (nd === distance[v] && !done[v] && u < previous[v])) {
        distance[v] = nd;
        previous[v] = u;
        heap.push(nd, v);
      }
    }
  }
  if (bestNode < 0) return null;
  const nodes: number[] = [];
  for (let v = bestNode; v !== -1; v = previous[v]) nodes.push(v);
  nodes.reverse();
  return { nodes, metres: best };
}

/**
 * Pulls a route taut over open water. The route is first given a vertex at least every
 * `stepKm` along its great-circle segments; then, from each vertex that lies in open
 * water (at sea, at least `offingKm` from any coast: LandMask.isOpenWater), it jumps to
 * the furthest later open-water vertex that a great-circle arc reaches over open water
 * all the way. Near a coast (port approaches, straits, canals) the lanes are kept as the
 * network has them, with their offing and traffic separation; ocean legs become great
 * circles.
 */
export function straighten(points: readonly LonLat[], land: LandMask, offingKm: number, stepKm = 50): LonLat[] {
  const dense: LonLat[] = [];
  points.forEach((p, i) => {
    if (i === 0) dense.push(p);
    else dense.push(...arcPoints(points[i - 1], p, stepKm).slice(1, -1), p);
  });
  const n = dense.length;
  if (n <= 2) return dense;
  const open = dense.map((p) => land.isOpenWater(p, offingKm));
  const out: LonLat[] = [dense[0]];
  let i = 0;
  while (i < n - 1) {
    let next = i + 1;
    if (open[i])
      for (let j = n - 1; j > i + 1; j--)
        if (open[j] && land.isArcClear(dense[i], dense[j], offingKm)) {
          next = j;
          break;
        }
    out.push(dense[next]);
    i = next;
  }
  // Drop the vertices added for the search that the route still runs straight through.
  return simplifyPath(out, 1);
}

function checkPosition(name: string, p: LonLat): void {
  if (!Array.isArray(p) || p.length < 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1]) || Math.abs(p[1]) > 90)
    throw new RangeError(`${name} must be [lon, lat] in degrees, got ${JSON.stringify(p)}`);
}

/**
 * The network nodes an end may start from, with the connector to each. Candidates are
 * the `snapCandidates` nearest nodes within `maxConnectorKm`, and the ends of the four
 * lane edges nearest the position that pass it between two nodes (laneFeet), reached
 * by way of the point of the lane nearest the position:
 * - a candidate whose straight connector (to the node, or to the lane's foot) crosses
 *   no more than `connectorLandKm` of land (counting only land more than 2 km inside
 *   the coastline, so leaving a quay or following a shore is fine) is reached straight;
 * - the others are reached by a path over water found on a grid (detour.ts), if any:
 *   this serves ports in bays or behind islands that the lanes do not enter;
 * - if that leaves none (a port well up a river the coastline does not show), the
 *   candidates whose straight connector crosses the least land are kept, unless even
 *   that is more than `maxInlandKm`: the position is then taken to be wrong, and
 *   UnreachableError is thrown, as it is when no lane node is within `maxConnectorKm`.
 * Dijkstra then picks the candidate that makes the whole route shortest, so a port is
 * not tied to a nearest node on a dead-end lane or behind a headland. Without a land
 * mask only the nearest node is used.
 */
function ends(network: SeaNetwork, p: LonLat, land: LandMask | null, options: SeaRouteOptions): Ends {
  const straight = (node: number): Connector => ({ metres: geodesicMetres(p, network.nodes[node]), path: [p, network.nodes[node]] });
  if (!land) return { nodes: new Map(nearestNodes(network, p, 1, Infinity).map((c) => [c.node, straight(c.node)])) };
  const maxKm = options.maxConnectorKm ?? 300;
  const slack = options.connectorLandKm ?? 2;
  const found = nearestNodes(network, p, options.snapCandidates ?? 12, maxKm * 1000);
  if (found.length === 0) throw new UnreachableError(`${JSON.stringify(p)} is more than ${maxKm} km from any sea lane`);
  // Each candidate: the node, the point first made for (the node, or the foot on a lane to it), what follows to the node.
  const candidates: Array<{ node: number; target: LonLat; tail: LonLat[] }> = [
    ...found.map((c) => ({ node: c.node, target: network.nodes[c.node], tail: [] as LonLat[] })),
    ...laneFeet(network, p, 4, maxKm * 1000).flatMap((f) => [f.a, f.b].map((node) => ({ node, target: f.foot, tail: [network.nodes[node]] }))),
  ];
  const inland = candidates.map((c) => land.kmInland(p, c.target));
  const nodes = new Map<number, Connector>();
  const offer = (node: number, path: LonLat[]) => {
    const metres = polylineMetres(path);
    const held = nodes.get(node);
    if (!held || metres < held.metres) nodes.set(node, { metres, path });
  };
  const blocked = candidates.filter((c, i) => {
    if (inland[i] > slack) return true;
    offer(c.node, [p, c.target, ...c.tail]);
    return false;
  });
  if (blocked.length > 0) {
    const radiusKm = Math.max(...blocked.map((c) => geodesicMetres(p, c.target) / 1000)) * 1.25 + 30;
    waterPaths(
      p,
      blocked.map((c) => c.target),
      radiusKm,
      land,
    ).forEach((w, i) => {
      if (w) offer(blocked[i].node, [...w.path, ...blocked[i].tail]);
    });
  }
  if (nodes.size === 0) {
    const least = Math.min(...inland);
    const limit = options.maxInlandKm ?? 100;
    if (least > limit) throw new UnreachableError(`${JSON.stringify(p)} lies ${least.toFixed(0)} km inland of the nearest sea lanes (more than ${limit} km): check the position`);
    candidates.forEach((c, i) => {
      if (inland[i] <= least + slack) offer(c.node, [p, c.target, ...c.tail]);
    });
  }
  return { nodes };
}

/** Ends worked out with a built-in network and the default land mask and options, by network and position (they do not depend on the other end). */
const endsCache = new Map<SeaNetwork, Map<string, Ends>>();

function cachedEnds(network: SeaNetwork, builtIn: boolean, p: LonLat, land: LandMask | null, options: SeaRouteOptions): Ends {
  const defaults =
    builtIn && options.land === undefined && options.snapCandidates === undefined && options.maxConnectorKm === undefined && options.connectorLandKm === undefined && options.maxInlandKm === undefined;
  if (!defaults) return ends(network, p, land, options);
  const key = `${p[0]},${p[1]}`;
  let byPosition = endsCache.get(network);
  if (!byPosition) endsCache.set(network, (byPosition = new Map()));
  let e = byPosition.get(key);
  if (!e) byPosition.set(key, (e = ends(network, p, land, options)));
  return e;
}

/** Orders positions by longitude in [-180, 180), then latitude: the direction a route is worked out in. */
function comesFirst(a: LonLat, b: LonLat): boolean {
  const la = normaliseLon(a[0]);
  const lb = normaliseLon(b[0]);
  return la < lb || (la === lb && a[1] <= b[1]);
}

/**
 * Shortest sea route from `from` to `to` (both `[lon, lat]`). The route is always worked
 * out from the western end and reversed if need be, so `seaRoute(b, a)` is exactly
 * `seaRoute(a, b)` backwards, with the same length. Throws UnreachableError if the
 * network has no path (cannot happen on the default network, which is one connected part).
 */
export function seaRoute(from: LonLat, to: LonLat, options: SeaRouteOptions = {}): SeaRoute {
  checkPosition('from', from);
  checkPosition('to', to);
  if (normaliseLon(from[0]) === normaliseLon(to[0]) && from[1] === to[1]) {
    const p: LonLat = [normaliseLon(from[0]), from[1]];
    return { km: 0, nm: 0, path: [p, p], snap: { from: { node: p, km: 0 }, to: { node: p, km: 0 } } };
  }
  if (!comesFirst(from, to)) {
    const back = seaRoute(to, from, options);
    return { km: back.km, nm: back.nm, path: unwrapPath(back.path.slice().reverse()), snap: { from: back.snap.to, to: back.snap.from } };
  }
  const via = options.via === undefined ? undefined : passage(options.via);
  const network = options.network ?? (via?.canal ? canalNetwork(via.canal) : defaultNetwork());
  const land = options.land === undefined ? defaultLandMask() : options.land;
  const offingKm = options.offingKm ?? 20;
  const tolerance = options.simplifyMetres ?? 5000;
  const a: LonLat = [from[0], from[1]];
  const b: LonLat = [to[0], to[1]];
  const sources = cachedEnds(network, !options.network, a, land, options);
  const targets = cachedEnds(network, !options.network, b, land, options);
  if (sources.nodes.size === 0 || targets.nodes.size === 0) throw new UnreachableError('the network is empty');
  let found: ReturnType<typeof shortestPath>;
  if (via) {
    // Through the node nearest the passage's waypoint: shortest path to it, then on from it.
    const w = nearestNodes(network, via.waypoint, 1, 100_000)[0];
    if (!w) throw new UnreachableError(`no network node within 100 km of the ${via.name} (${JSON.stringify(via.waypoint)})`);
    const at: Ends = { nodes: new Map([[w.node, { metres: 0, path: [network.nodes[w.node]] }]]) };
    const there = shortestPath(network, sources, at);
    const on = shortestPath(network, at, targets);
    found = there && on ? { nodes: [...there.nodes, ...on.nodes.slice(1)], metres: there.metres + on.metres } : null;
  } else found = shortestPath(network, sources, targets);
  if (!found) throw new UnreachableError(`no sea route from ${JSON.stringify(from)} to ${JSON.stringify(to)}${via ? ` via the ${via.name}` : ''}`);
  const first = found.nodes[0];
  const last = found.nodes[found.nodes.length - 1];
  const start = sources.nodes.get(first)!;
  const end = targets.nodes.get(last)!;
  const raw: LonLat[] = [...start.path, ...found.nodes.slice(1, -1).map((i) => network.nodes[i]), ...end.path.slice().reverse()];
  let points = finish(raw, land, offingKm);
  let metres = polylineMetres(points);
  let snap: SeaRoute['snap'] = {
    from: { node: network.nodes[first], km: start.metres / 1000 },
    to: { node: network.nodes[last], km: end.metres / 1000 },
  };
  // Ports close together may be joined more shortly over water than through the lanes (not when told which way to go).
  if (land && !via && geodesicMetres(a, b) <= DIRECT_MAX_KM * 1000) {
    const direct = waterPath(a, b, land, { marginDeg: 1 });
    if (direct) {
      const directPoints = finish(direct, land, offingKm);
      const directMetres = polylineMetres(directPoints);
      if (directMetres < metres) {
        points = directPoints;
        metres = directMetres;
        snap = { from: { node: a, km: 0 }, to: { node: b, km: 0 } };
      }
    }
  }
  if (via) {
    const missKm = Math.min(...points.slice(1).map((p, i) => distanceToArcMetres(via.waypoint, points[i], p))) / 1000;
    if (missKm > via.withinKm)
      throw new UnreachableError(`the route from ${JSON.stringify(from)} to ${JSON.stringify(to)} via the ${via.name} passes ${missKm.toFixed(0)} km from its waypoint (more than ${via.withinKm} km)`);
  }
  const unwrapped = unwrapPath(points);
  const path = land ? simplifyOverWater(unwrapped, tolerance, land) : simplifyPath(unwrapped, tolerance);
  return { km: metres / 1000, nm: metres / METRES_PER_NM, path, snap };
}

/** Ports at most this far apart (great circle) are also tried with a direct path over water. */
const DIRECT_MAX_KM = 400;

/** Drops repeated points, takes legs round land they cut across, pulls ocean legs taut, then keeps the route off land at 1:10m (clearLand). */
function finish(raw: readonly LonLat[], land: LandMask | null, offingKm: number): LonLat[] {
  const points = raw.filter((p, i) => i === 0 || lonDelta(p[0], raw[i - 1][0]) !== 0 || p[1] !== raw[i - 1][1]);
  if (points.length === 1) points.push(points[0]);
  return land ? clearLand(straighten(avoidLand(points, land), land, offingKm), land) : points;
}
