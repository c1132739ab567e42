/**
 * Named passages a sea route may be told to take ("via"), and the ship canals of the
 * network.
 *
 * Canals. MARNET draws the Suez and Panama canals as a few straight lines across land
 * (Suez 15 km west of the canal, Panama over the hills east of it) and has no Kiel
 * Canal. Each canal here has its course (from water to water, as the ship sails it,
 * to about a kilometre) and:
 * - `replaces`: the MARNET lane pieces that stand for it, removed from the network;
 * - `joins`: where each end of the course meets the lanes (positions of MARNET nodes,
 *   matched within 1 km);
 * - `optIn`: a canal that only some ships can use (Kiel: about 235 m long, 32.5 m beam,
 *   9.5 m draught) is left out of the default network and added only for a route
 *   told to go through it.
 * The course is part of the network: ports on a canal (Port Said, Balboa, Colón) snap
 * to it. Natural Earth draws no canal, so a route crosses land along the course: the
 * land-crossing check allows that within `corridorKm` of it.
 *
 * Passages. A route told to go "via" a passage is made to pass through the network node
 * nearest the passage's `waypoint` (shortest path to it, then on from it); ocean legs
 * are then pulled taut as usual, which cannot take them back across land, so a route via
 * the Cape of Good Hope still rounds the Cape. The finished route must come within
 * `withinKm` of the waypoint, else the passage is taken to be set up wrong.
 */
import type { LonLat } from './geodesy.ts';

export const PASSAGE_IDS = ['suez', 'panama', 'kiel-canal', 'cape-of-good-hope'] as const;
export type PassageId = (typeof PASSAGE_IDS)[number];

export interface Canal {
  id: string;
  name: string;
  /** From water to water, [lon, lat]. */
  course: LonLat[];
  /** MARNET lanes (as [from, to] node positions, each matched within 1 km) that stand for the canal and are removed. */
  replaces: Array<[LonLat, LonLat]>;
  /** MARNET node positions (matched within 1 km) joined to the first and to the last point of the course. */
  joins: { start: LonLat[]; end: LonLat[] };
  /** Only in the network of a route told to go through it. */
  optIn: boolean;
  /** Width either side of the course within which the route may cross land (Natural Earth draws no canal), km. */
  corridorKm: number;
}

export interface Passage {
  id: PassageId;
  name: string;
  /** The route passes through the network node nearest this position. */
  waypoint: LonLat;
  /** ...and the finished route must come this close to it, km. */
  withinKm: number;
  /** The canal the passage is, if it is one. */
  canal?: Canal;
}

/** Suez Canal, Port Said approach to Port Tawfiq (about 190 km), by Lake Timsah and the Great Bitter Lake. */
export const SUEZ_CANAL: Canal = {
  id: 'suez',
  name: 'Suez Canal',
  course: [
    [32.37, 31.45],
    [32.32, 31.28],
    [32.31, 31.2],
    [32.315, 31.0],
    [32.315, 30.85],
    [32.32, 30.72],
    [32.31, 30.6],
    [32.32, 30.55],
    [32.34, 30.48],
    [32.35, 30.42],
    [32.4, 30.35],
    [32.45, 30.27],
    [32.5, 30.2],
    [32.54, 30.1],
    [32.56, 30.0],
    [32.565, 29.93],
    [32.57, 29.85],
  ],
  replaces: [
    [
      [32.1, 31.7],
      [32.167, 31.0],
    ],
    [
      [32.167, 31.0],
      [32.167, 30.95],
    ],
    [
      [32.167, 30.95],
      [32.6, 29.7],
    ],
  ],
  joins: {
    start: [
      [32.1, 31.7],
      [32.387, 31.298],
    ],
    end: [[32.6, 29.7]],
  },
  optIn: false,
  corridorKm: 4,
};

/** Panama Canal, Limón Bay to the Pacific anchorage off Balboa (about 80 km), by Gatun Lake and the Culebra Cut. */
export const PANAMA_CANAL: Canal = {
  id: 'panama',
  name: 'Panama Canal',
  course: [
    [-79.93, 9.45],
    [-79.92, 9.38],
    [-79.915, 9.33],
    [-79.92, 9.27],
    [-79.9, 9.23],
    [-79.86, 9.19],
    [-79.83, 9.16],
    [-79.78, 9.14],
    [-79.73, 9.12],
    [-79.69, 9.115],
    [-79.67, 9.08],
    [-79.65, 9.05],
    [-79.62, 9.02],
    [-79.595, 8.995],
    [-79.57, 8.96],
    [-79.545, 8.91],
    [-79.52, 8.85],
  ],
  replaces: [
    [
      [-80, 9.75],
      [-79.667, 9.25],
    ],
    [
      [-79.667, 9.25],
      [-79.667, 9.2],
    ],
    [
      [-79.667, 9.2],
      [-79.5, 8.6],
    ],
  ],
  joins: { start: [[-80, 9.75]], end: [[-79.5, 8.6]] },
  optIn: false,
  corridorKm: 4,
};

/**
 * Kiel Canal (Nord-Ostsee-Kanal), Brunsbüttel on the Elbe (53.89 N 9.14 E) to
 * Kiel-Holtenau (54.37 N 10.14 E), about 98 km by Rendsburg; then out of the Kiel Fjord
 * and across the Kiel Bight into the Fehmarn Belt, where MARNET has no lane.
 */
export const KIEL_CANAL: Canal = {
  id: 'kiel-canal',
  name: 'Kiel Canal',
  course: [
    [9.1, 53.875],
    [9.145, 53.892],
    [9.2, 53.93],
    [9.255, 53.995],
    [9.29, 54.04],
    [9.355, 54.12],
    [9.44, 54.17],
    [9.53, 54.215],
    [9.6, 54.265],
    [9.67, 54.303],
    [9.73, 54.315],
    [9.79, 54.335],
    [9.83, 54.36],
    [9.93, 54.372],
    [10.0, 54.38],
    [10.08, 54.372],
    [10.145, 54.368],
    [10.165, 54.373],
    [10.19, 54.388],
    [10.205, 54.405],
    [10.21, 54.43],
    [10.23, 54.46],
    [10.27, 54.5],
    [10.75, 54.57],
    [11.25, 54.585],
  ],
  replaces: [],
  joins: {
    start: [
      [9.042, 53.874],
      [9.227, 53.877],
    ],
    end: [[12.2, 54.5]],
  },
  optIn: true,
  corridorKm: 3,
};

export const CANALS: readonly Canal[] = [SUEZ_CANAL, PANAMA_CANAL, KIEL_CANAL];

/** MARNET lanes through passages the line's ships cannot take, removed from the network (as [from, to] node positions, matched within 1 km). */
export const CLOSED_LANES: ReadonlyArray<{ name: string; why: string; lanes: Array<[LonLat, LonLat]> }> = [
  {
    name: 'Corinth Canal',
    why: '24.6 m wide and 8 m deep: no container ship of the fleet fits (Piraeus – Genoa goes round the Peloponnese)',
    lanes: [
      [
        [23.027, 37.913],
        [22.828, 38.024],
      ],
    ],
  },
];

export const PASSAGES: Readonly<Record<PassageId, Passage>> = {
  suez: { id: 'suez', name: 'Suez Canal', waypoint: [32.4, 30.35], withinKm: 2, canal: SUEZ_CANAL },
  panama: { id: 'panama', name: 'Panama Canal', waypoint: [-79.73, 9.12], withinKm: 2, canal: PANAMA_CANAL },
  'kiel-canal': { id: 'kiel-canal', name: 'Kiel Canal', waypoint: [9.67, 54.303], withinKm: 2, canal: KIEL_CANAL },
  'cape-of-good-hope': { id: 'cape-of-good-hope', name: 'Cape of Good Hope', waypoint: [18, -35], withinKm: 400 },
};

/** The passage of that id; throws on an unknown one. */
export function passage(id: string): Passage {
  if (!Object.hasOwn(PASSAGES, id)) throw new RangeError(`unknown passage "${id}": expected one of ${PASSAGE_IDS.join(', ')}`);
  return PASSAGES[id as PassageId];
}
