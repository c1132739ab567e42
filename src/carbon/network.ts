import type { LonLat } from '../geo/geodesy.ts';
import { LRUCache } from 'lru-cache';
import type { CarbonFactors, CarbonNetworkFile, CitiesFile, City, RailCorridor } from '../content-model/schemas/carbon';
import type { Localised } from '../content-model/schemas/common';
import { roadKm, vesselTeu } from './distances.ts';
import { buildIntensities, type ByNature, type CargoNature, type FactorType, type Intensities, type Mode } from './factors.ts';
import { geodesicMetres } from '../geo/geodesy.ts';

/**
 * The multimodal network of the carbon calculator and the search for candidate
 * routes over it. Pure: everything comes in through buildCarbonNetwork's input.
 *
 * Places are cities (`c:cn-chongqing`) and ports (`p:CNSHA`). Edges:
 * - Vessel / Feeder: a port pair a service loop carries, its along-loop sea distance
 *   (content/carbon/network.json); Feeder when the loop's ships are under
 *   feederMaxTeu;
 * - Rail: a corridor of content/carbon/rail.json, both ways; never two in a row;
 * - Truck: from the origin city to the ports and rail terminals it reaches, from those
 *   to the destination city, and straight from origin to destination when they are
 *   close; only on one landmass. A truck never follows a truck: a truck arriving at a
 *   port continues by sea, one arriving at a rail terminal by rail (the search runs on
 *   separate nodes for them, `q:` and `t:`).
 */

export interface Place {
  ref: string;
  kind: 'city' | 'port';
  name: Localised;
  country: string;
  landmass: string;
  lon: number;
  lat: number;
}

export interface Edge {
  id: number;
  from: string;
  to: string;
  mode: Mode;
  /** Distance in km (one decimal) as the factor set expects it (see distances.ts). */
  km: number;
  /** The intensity for each cargo nature (Vessel: of the leg's trade lane). */
  intensity: ByNature;
  /** Vessel / Feeder: the service loop and its ship size. */
  loop?: string;
  teu?: number;
  /** Rail: the corridor id. */
  corridor?: string;
  /** Sea: the keys of content/routes/sea-legs.json summed. */
  seaLegs?: string[];
  /** A sea itinerary: the loop legs it is made of (one per ship). */
  parts?: Edge[];
  /** How the distance was found, for the methodology panel and the CSV. */
  method: 'sea-legs' | 'rail-junctions' | 'road-geodesic';
}

export interface Route {
  edges: Edge[];
  km: number;
  /** Emission intensity × km summed (kg CO2e per tonne of cargo), per factor type. */
  perTonne: Record<FactorType, number>;
}

export interface CarbonNetworkInput {
  factors: CarbonFactors;
  cities: CitiesFile;
  rail: RailCorridor[];
  network: CarbonNetworkFile;
  ports: ReadonlyMap<string, { locode: string; name: Localised; lon: number; lat: number }>;
  /** Feeder / vessel size of a loop by its code. */
  loops: ReadonlyMap<string, { vesselClass: string }>;
}

export interface CarbonNetwork {
  intensities: Intensities;
  factors: CarbonFactors;
  cities: City[];
  city(id: string): City | undefined;
  place(ref: string): Place;
  countryName(code: string): Localised;
  rail: ReadonlyMap<string, RailCorridor>;
  /** The lowest-emission routes first, at most `count`, each loopless; [] when none joins the two cities. */
  routes(originId: string, destinationId: string, type: FactorType, count?: number, nature?: CargoNature): Route[];
  /** The sea edge a loop carries from one port to another (its along-loop distance and intensity), if it carries that pair. */
  seaEdge(loop: string, from: string, to: string): Edge | undefined;
  /** Every edge the search may take for this pair (for tests that enumerate routes by brute force). */
  edgesFor(originId: string, destinationId: string, nature?: CargoNature): (node: string) => Edge[];
}

/** The place behind a search node (`q:` and `t:` are a port and a rail terminal reached by truck). */
export const baseRef = (node: string) => (/^[qs]:/.test(node) ? `p:${node.slice(2)}` : node.startsWith('t:') ? `c:${node.slice(2)}` : node);

/** Sea itineraries kept per port pair when no loop serves it directly. */
const ITINERARY_CHOICES = 3;

const km = (a: LonLat, b: LonLat) => geodesicMetres(a, b) / 1000;

export function buildCarbonNetwork(input: CarbonNetworkInput): CarbonNetwork {
  const { factors, cities: citiesFile } = input;
  const intensities = buildIntensities(factors);
  const d = factors.distance;
  const cityById = new Map(citiesFile.cities.map((c) => [c.id, c]));
  const landmassOf = (country: string) => citiesFile.countries[country]?.landmass ?? `country-${country}`;

  const places = new Map<string, Place>();
  for (const c of citiesFile.cities) {
    places.set(`c:${c.id}`, { ref: `c:${c.id}`, kind: 'city', name: c.name, country: c.country, landmass: c.landmass ?? landmassOf(c.country), lon: c.lon, lat: c.lat });
  }
  for (const p of input.ports.values()) {
    const country = p.locode.slice(0, 2);
    places.set(`p:${p.locode}`, { ref: `p:${p.locode}`, kind: 'port', name: p.name, country, landmass: landmassOf(country), lon: p.lon, lat: p.lat });
  }
  const place = (ref: string): Place => {
    const found = places.get(baseRef(ref));
    if (!found) throw new Error(`carbon network: no place ${ref}`);
    return found;
  };
  const at = (p: Place): LonLat => [p.lon, p.lat];

  // ---- static edges: sea pairs and rail corridors
  let nextId = 0;
  const out = new Map<string, Edge[]>();
  const seaEdges = new Map<string, Edge>();
  const addStatic = (edge: Omit<Edge, 'id'>) => {
    const e = { ...edge, id: nextId++ };
    if (e.loop) seaEdges.set(`${e.loop}|${e.from}|${e.to}`, e);
    const list = out.get(e.from);
    if (list) list.push(e);
    else out.set(e.from, [e]);
  };
  for (const pair of input.network.sea) {
    const loop = input.loops.get(pair.loop);
    if (!loop) throw new Error(`content/carbon/network.json: no loop ${pair.loop} in the route content (run npm run carbon:data)`);
    const teu = vesselTeu(loop.vesselClass);
    const feeder = teu < factors.feederMaxTeu;
    addStatic({
      from: `p:${pair.from}`,
      to: `p:${pair.to}`,
      mode: feeder ? 'Feeder' : 'Vessel',
      km: pair.km,
      intensity: feeder ? intensities.feeder(teu) : intensities.vessel(pair.from, pair.to),
      loop: pair.loop,
      teu,
      seaLegs: pair.legs,
      method: 'sea-legs',
    });
  }
  const rail: ByNature = { Dry: intensities.rail, Reefer: intensities.rail };
  const road: ByNature = { Dry: intensities.road, Reefer: intensities.road };
  const railById = new Map(input.rail.map((r) => [r.id, r]));
  const railheads = new Set<string>();
  for (const link of input.network.rail) {
    if (!railById.has(link.corridor)) throw new Error(`content/carbon/network.json: no rail corridor ${link.corridor} (run npm run carbon:data)`);
    for (const [from, to] of [
      [link.from, link.to],
      [link.to, link.from],
    ]) {
      place(from);
      addStatic({ from, to, mode: 'Rail', km: link.km, intensity: rail, corridor: link.corridor, method: 'rail-junctions' });
      if (from.startsWith('c:')) railheads.add(from.slice(2));
    }
  }

  // ---- truck reach of each city (ports, rail terminals), worked out once
  const portPlaces = [...places.values()].filter((p) => p.kind === 'port');
  const reach = new Map<string, { ports: { ref: string; km: number }[]; railheads: { ref: string; km: number }[] }>();
  const reachOf = (cityId: string) => {
    let found = reach.get(cityId);
    if (!found) {
      const city = place(`c:${cityId}`);
      const sameLand = portPlaces.filter((p) => p.landmass === city.landmass).map((p) => ({ ref: p.ref, geo: km(at(city), at(p)) }));
      sameLand.sort((a, b) => a.geo - b.geo);
      const ports = sameLand.filter((p, i) => p.geo <= d.truckToPortKm || i < d.truckMinPorts).map((p) => ({ ref: p.ref, km: roadKm(at(city), at(place(p.ref)), d.roadCircuity) }));
      const heads = [...railheads]
        .filter((id) => id !== cityId)
        .map((id) => place(`c:${id}`))
        .filter((r) => r.landmass === city.landmass && km(at(city), at(r)) <= d.truckToRailKm)
        .map((r) => ({ ref: r.ref, km: roadKm(at(city), at(r), d.roadCircuity) }));
      found = { ports, railheads: heads };
      reach.set(cityId, found);
    }
    return found;
  };

  const truck = (id: number, from: string, to: string, distance: number): Edge => ({ id, from, to, mode: 'Truck', km: distance, intensity: road, method: 'road-geodesic' });

  // ---- sea itineraries: how cargo goes by sea from one port to another
  const seaOut = (ref: string) => (out.get(ref) ?? []).filter((e) => e.mode === 'Vessel' || e.mode === 'Feeder');
  const railOut = (ref: string) => (out.get(ref) ?? []).filter((e) => e.mode === 'Rail');
  const seaCost = (parts: Edge[], nature: CargoNature) => parts.reduce((s, e) => s + e.km * e.intensity[nature].ttw, 0);
  const itineraries = new Map<string, Edge[][]>();
  /**
   * The ways from port a to port b by sea: every loop that carries the pair; when none
   * does, the ITINERARY_CHOICES lowest-emission chains with one change of ship, and
   * when there is none of those either, with two. Cargo stays on board when a loop
   * serves the pair, so no chain of loops is offered beside a direct one; and when a
   * loop joins any port the origin reaches to any port the destination reaches, no
   * chain is offered for that shipment at all (edgesFor: directOnly).
   */
  function seaItineraries(a: string, b: string, nature: CargoNature): Edge[][] {
    const key = `${a}>${b}>${nature}`;
    let found = itineraries.get(key);
    if (found) return found;
    const direct = seaOut(a).filter((e) => e.to === b);
    if (direct.length) found = direct.map((e) => [e]);
    else {
      const chains: Edge[][] = [];
      for (const e1 of seaOut(a)) {
        if (e1.to === b) continue;
        for (const e2 of seaOut(e1.to)) if (e2.to === b && e2.loop !== e1.loop) chains.push([e1, e2]);
      }
      if (!chains.length) {
        for (const e1 of seaOut(a)) {
          for (const e2 of seaOut(e1.to)) {
            if (e2.loop === e1.loop || e2.to === a || e2.to === b) continue;
            for (const e3 of seaOut(e2.to)) if (e3.to === b && e3.loop !== e2.loop) chains.push([e1, e2, e3]);
          }
        }
      }
      chains.sort((x, y) => seaCost(x, nature) - seaCost(y, nature));
      found = chains.slice(0, ITINERARY_CHOICES);
    }
    itineraries.set(key, found);
    return found;
  }
  const seaPorts = [...new Set([...out.keys()].filter((ref) => ref.startsWith('p:') && seaOut(ref).length))];
  const railPorts = seaPorts.filter((ref) => railOut(ref).length);

  /**
   * Out-edges of every search node for one origin – destination pair. Nodes: c: a city
   * (origin, destination, rail terminal), t: a rail terminal reached by truck (goes on
   * by rail), q: a port reached by truck and p: one reached by rail (both go on by
   * sea), s: a port reached by sea (goes on by rail or truck). A sea edge is one
   * itinerary (one or more loops, see seaItineraries).
   */
  function edgesFor(originId: string, destinationId: string, nature: CargoNature = 'Dry'): (node: string) => Edge[] {
    let id = nextId + 1_000_000;
    const origin = `c:${originId}`;
    const destination = `c:${destinationId}`;
    const o = reachOf(originId);
    const dd = reachOf(destinationId);
    const toDestination = new Map<string, number>([...dd.ports, ...dd.railheads].map((x) => [x.ref, x.km]));
    const arrivalPorts = [...new Set([...dd.ports.map((p) => p.ref), ...railPorts])];
    const memo = new Map<string, Edge[]>();
    // Ports the cargo can board at: those the origin's trucks reach, and those its rail reaches.
    const boarding = new Set([
      ...o.ports.map((p) => p.ref),
      ...[origin, ...o.railheads.map((r) => r.ref)].flatMap((ref) =>
        railOut(ref)
          .map((e) => e.to)
          .filter((to) => to.startsWith('p:')),
      ),
    ]);
    // Where one loop joins a boarding port to a port from which the destination is reached, no change of ship is offered at all.
    const railheadsNear = new Set(dd.railheads.map((r) => r.ref));
    const alighting = [...dd.ports.map((p) => p.ref), ...railPorts.filter((p) => railOut(p).some((e) => e.to === destination || railheadsNear.has(e.to)))];
    const directOnly = [...boarding].some((a) => alighting.some((b) => a !== b && seaOut(a).some((e) => e.to === b)));
    const sea = (fromNode: string, port: string): Edge[] =>
      arrivalPorts
        .filter((b) => b !== port)
        .flatMap((b) =>
          seaItineraries(port, b, nature)
            .filter((parts) => !directOnly || parts.length === 1)
            .map(
              (parts): Edge => ({
                id: id++,
                from: fromNode,
                to: `s:${b.slice(2)}`,
                mode: parts[0].mode,
                km: Math.round(parts.reduce((s, e) => s + e.km, 0) * 10) / 10,
                intensity: parts[0].intensity,
                method: 'sea-legs',
                parts: parts.map((e) => ({ ...e, from: e.from, to: e.to })),
              }),
            ),
        );
    const onward = (node: string, ref: string): Edge[] => {
      const list: Edge[] = railOut(ref).map((e) => ({ ...e, id: id++, from: node, to: e.to }));
      const last = toDestination.get(ref);
      if (last !== undefined && node !== destination) list.push(truck(id++, node, destination, last));
      return list;
    };
    const compute = (node: string): Edge[] => {
      if (node === destination) return [];
      const kind = node.slice(0, 2);
      const ref = baseRef(node);
      if (node === origin) {
        const list: Edge[] = [
          ...o.ports.map((p) => truck(id++, origin, `q:${p.ref.slice(2)}`, p.km)),
          ...o.railheads.map((r) => truck(id++, origin, `t:${r.ref.slice(2)}`, r.km)),
          ...railOut(ref).map((e) => ({ ...e, id: id++ })),
        ];
        const a = place(origin);
        const b = place(destination);
        if (a.landmass === b.landmass && km(at(a), at(b)) <= d.truckDirectKm) list.push(truck(id++, origin, destination, roadKm(at(a), at(b), d.roadCircuity)));
        return list;
      }
      if (kind === 't:') return railOut(ref).map((e) => ({ ...e, id: id++, from: node }));
      if (kind === 'q:') return sea(node, ref);
      if (kind === 'p:') return [...sea(node, ref), ...onward(node, ref).filter((e) => e.mode === 'Truck')];
      if (kind === 's:') return onward(node, ref);
      // a city reached by rail: on by truck to the destination (no rail after rail)
      if (kind === 'c:') return onward(node, ref).filter((e) => e.mode === 'Truck');
      return [];
    };
    return (node) => {
      let list = memo.get(node);
      if (!list) {
        list = compute(node);
        memo.set(node, list);
      }
      return list;
    };
  }

  /**
   * The lowest-emission routes, at most `count`, lowest first. The alternatives keep
   * the lowest route that goes without any sea leg (by rail or road alone) and the
   * lowest without any rail leg, when there are such routes, so a visitor always sees
   * the rail option next to the sea ones (and the sea option next to rail) even when
   * a dozen variants of the other are lower.
   */
  // Routes depend on the content only: kept per question, so a popular pair (Shanghai to Rotterdam) is searched once per process.
  const routesKept = new LRUCache<string, Route[]>({ max: 5000 });
  function routes(originId: string, destinationId: string, type: FactorType, count = 5, nature: CargoNature = 'Dry'): Route[] {
    const key = `${originId}\u0000${destinationId}\u0000${type}\u0000${count}\u0000${nature}`;
    let found = routesKept.get(key);
    if (!found) {
      found = searchRoutes(originId, destinationId, type, count, nature);
      routesKept.set(key, found);
    }
    return [...found];
  }

  function searchRoutes(originId: string, destinationId: string, type: FactorType, count: number, nature: CargoNature): Route[] {
    if (!cityById.has(originId) || !cityById.has(destinationId) || originId === destinationId) return [];
    const next = edgesFor(originId, destinationId, nature);
    const weight = (e: Edge) => edgeWeight(e, type, nature);
    const source = `c:${originId}`;
    const target = `c:${destinationId}`;
    // A search node is a place and how it was reached; a route that comes back to a place it left is dropped,
    // and so is one whose rail leg does not bring the cargo nearer the destination (rail out and truck back).
    const end = place(target);
    const gap = (ref: string) => km(at(place(ref)), at(end));
    const keep = (edges: Edge[]) => new Set([edges[0].from, ...edges.map((e) => e.to)].map(baseRef)).size === edges.length + 1 && edges.every((e) => e.mode !== 'Rail' || gap(e.to) < gap(e.from));
    const flat = (path: Edge[]) => path.flatMap((e) => e.parts ?? [e]);
    const found = kShortest(source, target, next, weight, count * 4)
      .map(flat)
      .filter(keep);
    const isSea = (e: Edge) => e.mode === 'Vessel' || e.mode === 'Feeder';
    const chosen = found.slice(0, count);
    for (const without of [isSea, (e: Edge) => e.mode === 'Rail']) {
      if (!chosen.length || chosen.some((edges) => !edges.some(without))) continue;
      const other =
        found.find((edges) => !edges.some(without)) ??
        kShortest(source, target, (node) => next(node).filter((e) => !without(e)), weight, 4)
          .map(flat)
          .find(keep);
      if (!other) continue;
      // it replaces the highest route that is not the only one of its kind
      const kinds = (edges: Edge[]) => [edges.some(isSea), edges.some((e) => e.mode === 'Rail')].join();
      let drop = chosen.length >= count ? chosen.length - 1 : -1;
      while (drop > 0 && chosen.filter((edges) => kinds(edges) === kinds(chosen[drop])).length === 1) drop--;
      if (drop > 0) chosen.splice(drop, 1);
      if (chosen.length < count) chosen.push(other);
    }
    return chosen
      .map((edges) => ({
        edges,
        km: edges.reduce((s, e) => s + e.km, 0),
        perTonne: {
          TTW: edges.reduce((s, e) => s + e.km * e.intensity[nature].ttw, 0),
          WTW: edges.reduce((s, e) => s + e.km * e.intensity[nature].wtw, 0),
        },
      }))
      .sort((x, y) => x.perTonne[type] - y.perTonne[type]);
  }

  return {
    intensities,
    factors,
    cities: citiesFile.cities,
    city: (id) => cityById.get(id),
    place,
    countryName: (code) => citiesFile.countries[code]?.name ?? { en: code, zh: code },
    rail: railById,
    routes,
    seaEdge: (loop, from, to) => seaEdges.get(`${loop}|p:${from}|p:${to}`),
    edgesFor,
  };
}

// ---------------------------------------------------------------- path search

/** kg CO2e per tonne of cargo along an edge (an itinerary: along its parts). */
export function edgeWeight(e: Edge, type: FactorType, nature: CargoNature = 'Dry'): number {
  if (e.parts) return e.parts.reduce((s, p) => s + edgeWeight(p, type, nature), 0);
  const i = e.intensity[nature];
  return e.km * (type === 'TTW' ? i.ttw : i.wtw);
}

/** A small binary heap of [cost, node]. */
class Heap {
  private items: [number, string][] = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, string]) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent][0] <= a[i][0]) break;
      [a[parent], a[i]] = [a[i], a[parent]];
      i = parent;
    }
  }
  pop(): [number, string] {
    const a = this.items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l][0] < a[m][0]) m = l;
        if (r < a.length && a[r][0] < a[m][0]) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/** Dijkstra from source to target avoiding some nodes and edges; the edges of the cheapest path, or null. */
export function cheapestPath(
  source: string,
  target: string,
  next: (node: string) => Edge[],
  weight: (e: Edge) => number,
  bannedNodes: ReadonlySet<string> = new Set(),
  bannedEdges: ReadonlySet<number> = new Set(),
): Edge[] | null {
  const cost = new Map<string, number>([[source, 0]]);
  const via = new Map<string, Edge>();
  const done = new Set<string>();
  const heap = new Heap();
  heap.push([0, source]);
  while (heap.size) {
    const [c, node] = heap.pop();
    if (done.has(node)) continue;
    done.add(node);
    if (node === target) break;
    for (const e of next(node)) {
      if (bannedEdges.has(e.id) || bannedNodes.has(e.to) || done.has(e.to)) continue;
      const nc = c + weight(e);
      if (nc < (cost.get(e.to) ?? Infinity)) {
        cost.set(e.to, nc);
        via.set(e.to, e);
        heap.push([nc, e.to]);
      }
    }
  }
  if (!via.has(target)) return null;
  const path: Edge[] = [];
  for (let node = target; node !== source; ) {
    const e = via.get(node)!;
    path.unshift(e);
    node = e.from;
  }
  return path;
}

const pathCost = (path: Edge[], weight: (e: Edge) => number) => path.reduce((s, e) => s + weight(e), 0);

/** Yen's k shortest loopless paths (by weight), cheapest first. */
export function kShortest(source: string, target: string, next: (node: string) => Edge[], weight: (e: Edge) => number, k: number): Edge[][] {
  const first = cheapestPath(source, target, next, weight);
  if (!first) return [];
  const found: Edge[][] = [first];
  const candidates: { path: Edge[]; cost: number; key: string }[] = [];
  const keyOf = (path: Edge[]) => path.map((e) => e.id).join(',');
  const seen = new Set([keyOf(first)]);
  while (found.length < k) {
    const last = found[found.length - 1];
    for (let i = 0; i < last.length; i++) {
      const root = last.slice(0, i);
      const spur = i === 0 ? source : last[i - 1].to;
      const bannedEdges = new Set<number>();
      for (const p of found) {
        if (p.length > i && root.every((e, j) => p[j].id === e.id)) bannedEdges.add(p[i].id);
      }
      const bannedNodes = new Set<string>([source, ...root.map((e) => e.to)]);
      bannedNodes.delete(spur);
      const tail = cheapestPath(spur, target, next, weight, bannedNodes, bannedEdges);
      if (!tail) continue;
      const path = [...root, ...tail];
      const key = keyOf(path);
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push({ path, cost: pathCost(path, weight), key });
    }
    if (!candidates.length) break;
    candidates.sort((a, b) => a.cost - b.cost);
    found.push(candidates.shift()!.path);
  }
  return found;
}
