import { simplifyPath, unwrapPath, type LonLat } from '../geo/geodesy.ts';
import type { Localised } from '../content-model/schemas/common';
import { cargoTonnes, legEmission, type FactorType, type Mode } from './factors.ts';
import type { CarbonNetwork, Edge, Place, Route } from './network.ts';

/**
 * One shipment's result as the wire carries it (spec 001 §3 "Result item"), with
 * what this calculator adds for an auditor: each leg's emissions, factor and distance
 * method; both factor types; the cargo mass used; and each route's geometry for the
 * map. Pure: the network and the sea-leg paths come in as arguments.
 */

export interface ShipmentInput {
  originLocationId: string;
  destinationLocationId: string;
  cargoWeightValue: number;
  cargoWeightUnit: 'TEU' | 'TON';
  cargoNature: 'Dry' | 'Reefer';
  factorType: FactorType;
}

export interface ResultLeg {
  fromCityName: string;
  toCityName: string;
  /** km, one decimal. */
  distance: number;
  transportationMode: Mode;
  /** Vessel and Feeder: the service loop; null otherwise. */
  serviceLoopCode: string | null;
  /** kg CO2e of this leg for the entry's factor type, one decimal. */
  emissionVolume: number;
  /** The TTW factor used (content/carbon/factors.json id). */
  factorId: string;
  /** kg CO2e per tonne-km applied for the entry's factor type (after any distance adjustment). */
  intensity: number;
  distanceMethod: Edge['method'];
  /** Vessel and Feeder: the ship size the factor class was chosen by. */
  vesselTeu: number | null;
  /** Rail: the corridor. */
  corridor: string | null;
  fromRef: string;
  toRef: string;
}

export interface ResultRoute {
  /** Stable within one result: the same route has the same id in both factor types' lists. */
  routeId: string;
  totalDistance: number;
  totalEmissionVolume: number;
  routeInfoList: ResultLeg[];
}

export interface ResultDetail {
  factorType: FactorType;
  routes: ResultRoute[];
}

export interface RouteMap {
  routeId: string;
  legs: { mode: Mode; path: LonLat[] }[];
}

export interface ShipmentResult {
  index: number;
  originLocationId: string;
  destinationLocationId: string;
  originCityDisplayName: string;
  destinationCityDisplayName: string;
  cargoVolumeValue: number;
  cargoWeightUnit: 'TEU' | 'TON';
  cargoNature: 'Dry' | 'Reefer';
  /** The factor type asked for: details[0] is that one, details[1] the other. */
  factorType: FactorType;
  /** Cargo mass the emissions are computed for (TEU × tonnes per TEU, or tonnes). */
  cargoTonnes: number;
  details: ResultDetail[];
  maps: RouteMap[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A port named as a place: "Port of Shanghai" / "上海港" (names that say port already are kept). */
export function placeName(place: Place, language: 0 | 1): string {
  const name = language === 0 ? place.name.zh : place.name.en;
  if (place.kind === 'city') return name;
  if (language === 1) return /\bport\b/i.test(name) ? name : `Port of ${name}`;
  const paren = name.search(/[(（]/);
  const base = paren >= 0 ? name.slice(0, paren) : name;
  if (base.endsWith('港')) return name;
  return paren >= 0 ? `${base}港${name.slice(paren)}` : `${name}港`;
}

const routeKey = (route: Route) => route.edges.map((e) => `${e.from}>${e.to}:${e.mode}:${e.loop ?? e.corridor ?? ''}`).join('|');

export interface CalculateDeps {
  network: CarbonNetwork;
  /** [lon, lat] path of a sea leg of content/routes/sea-legs.json. */
  seaLegPath(key: string): LonLat[];
  /** How many routes per factor type (the lowest first). */
  routeCount?: number;
}

/** Emissions of one shipment over the lowest-emission routes, for both factor types. */
export function calculateShipment(input: ShipmentInput, index: number, language: 0 | 1, deps: CalculateDeps): ShipmentResult {
  const { network } = deps;
  const origin = network.city(input.originLocationId);
  const destination = network.city(input.destinationLocationId);
  if (!origin || !destination) throw new Error('unknown location');
  const tonnes = cargoTonnes(input.cargoWeightValue, input.cargoWeightUnit, network.factors.teuTonnes.value);
  const other: FactorType = input.factorType === 'TTW' ? 'WTW' : 'TTW';
  const ids = new Map<string, string>();
  const routesById = new Map<string, Route>();
  const idOf = (route: Route) => {
    const key = routeKey(route);
    let id = ids.get(key);
    if (!id) {
      id = `r${ids.size + 1}`;
      ids.set(key, id);
      routesById.set(id, route);
    }
    return id;
  };
  const name = (ref: string) => placeName(network.place(ref), language);
  const city = (c: { name: Localised }) => (language === 0 ? c.name.zh : c.name.en);

  const details: ResultDetail[] = [input.factorType, other].map((type) => ({
    factorType: type,
    routes: network.routes(origin.id, destination.id, type, deps.routeCount ?? 5, input.cargoNature).map((route) => {
      const legs: ResultLeg[] = route.edges.map((e) => {
        const intensity = e.intensity[input.cargoNature];
        const kg = legEmission(tonnes, e.km, intensity, type);
        return {
          fromCityName: name(e.from),
          toCityName: name(e.to),
          distance: e.km,
          transportationMode: e.mode,
          serviceLoopCode: e.loop ?? null,
          emissionVolume: round1(kg),
          factorId: intensity.factor.id,
          intensity: type === 'TTW' ? intensity.ttw : intensity.wtw,
          distanceMethod: e.method,
          vesselTeu: e.teu ?? null,
          corridor: e.corridor ?? null,
          fromRef: network.place(e.from).ref,
          toRef: network.place(e.to).ref,
        };
      });
      const kgTotal = route.edges.reduce((s, e) => s + legEmission(tonnes, e.km, e.intensity[input.cargoNature], type), 0);
      return { routeId: idOf(route), totalDistance: round1(route.km), totalEmissionVolume: round1(kgTotal), routeInfoList: legs };
    }),
  }));

  return {
    index,
    originLocationId: origin.id,
    destinationLocationId: destination.id,
    originCityDisplayName: city(origin),
    destinationCityDisplayName: city(destination),
    cargoVolumeValue: input.cargoWeightValue,
    cargoWeightUnit: input.cargoWeightUnit,
    cargoNature: input.cargoNature,
    factorType: input.factorType,
    cargoTonnes: tonnes,
    details,
    maps: [...routesById].map(([routeId, route]) => ({ routeId, legs: keptGeometry(route, deps) })),
  };
}

/** A route's map paths, worked out once per route (the network keeps its routes, so the same route is the same object). */
const geometries = new WeakMap<Route, ReturnType<typeof routeGeometry>>();
function keptGeometry(route: Route, deps: CalculateDeps): ReturnType<typeof routeGeometry> {
  let legs = geometries.get(route);
  if (!legs) {
    legs = routeGeometry(route, deps);
    geometries.set(route, legs);
  }
  return legs;
}

/** Simplification tolerance of the map paths (a map of a long route is a few thousand km wide). */
const MAP_TOLERANCE_M = 15_000;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** Each leg's path for the map, continuous in longitude along the whole route (may pass ±180), simplified, two decimals. */
export function routeGeometry(route: Route, deps: CalculateDeps): { mode: Mode; path: LonLat[] }[] {
  const { network } = deps;
  let lastLon: number | null = null;
  return route.edges.map((e) => {
    let points: LonLat[];
    if (e.seaLegs) {
      points = [];
      for (const key of e.seaLegs) points.push(...deps.seaLegPath(key));
    } else if (e.corridor) {
      const corridor = network.rail.get(e.corridor)!;
      const from = network.place(e.from);
      const to = network.place(e.to);
      const via = corridor.via.map((v): LonLat => [v.lon, v.lat]);
      const forward = corridor.from.includes(from.ref);
      points = [[from.lon, from.lat], ...(forward ? via : via.reverse()), [to.lon, to.lat]];
    } else {
      const from = network.place(e.from);
      const to = network.place(e.to);
      points = [
        [from.lon, from.lat],
        [to.lon, to.lat],
      ];
    }
    let path = unwrapPath(points);
    if (lastLon !== null) {
      const shift = Math.round((lastLon - path[0][0]) / 360) * 360;
      if (shift) path = path.map(([lon, lat]): LonLat => [lon + shift, lat]);
    }
    lastLon = path[path.length - 1][0];
    const simple = e.seaLegs ? simplifyPath(path, MAP_TOLERANCE_M) : path;
    return { mode: e.mode, path: simple.map(([lon, lat]): LonLat => [r2(lon), r2(lat)]) };
  });
}
