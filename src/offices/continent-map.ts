import { geoCentroid, geoNaturalEarth1, geoPath } from 'd3-geo';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Polygon as TopoPolygon, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import { OFFICE_AREAS, type OfficeAreaName } from '../contract/wire';

/**
 * The clickable continent map of the global offices, drawn at build time as an
 * inline SVG: Natural Earth countries (world-atlas, 1:110m) dissolved into the
 * five continents of the office content, on a Natural Earth projection. The
 * continent shown is highlighted; each other one is an <a> inside the SVG, so it
 * is a real link that a keyboard reaches with Tab and that shows its focus.
 *
 * Continents are assigned per polygon (so French Guiana is America and Alaska is
 * America) from the polygon's centroid, and Russia is cut at the Urals (60° E):
 * the west is Europe, the east Asia. Antarctica is left out.
 */

export const CONTINENT_MAP_WIDTH = 960;
export const CONTINENT_MAP_HEIGHT = 470;
const PAD = 8;
const RUSSIA = '643';
const URALS = 60;
const LEFT_OUT = new Set(['010', '260']); // Antarctica, French Southern and Antarctic Lands

/** Where each continent's name is written, [lon, lat]. */
const LABEL_AT: Record<OfficeAreaName, [number, number]> = {
  asia: [92, 46],
  oceania: [134, -25],
  africa: [19, 6],
  europe: [14, 51],
  america: [-100, 42],
};

type Ring = [number, number][];

/** The continent of a polygon, from its centroid (lon, lat). */
export function continentAt(lon: number, lat: number): OfficeAreaName {
  // the Pacific islands south of the equator (Fiji lies across the antimeridian), New Guinea east of 140° E, Australia, New Zealand
  if ((lon > 140 && lat < 0) || (lon > 112 && lat < -10) || (lon < -150 && lat < 0)) return 'oceania';
  if (lon < -25) return 'america';
  // Europe down to Crete and Sicily; Cyprus, the Levant and Mesopotamia are Asia; the Caucasus and Turkey count as Europe, as in the office content
  if (lon >= -25 && lon < 50 && lat >= 35 && !(lon > 32 && lat < 37.5)) return 'europe';
  // Africa, without Arabia (east of the Red Sea) and the Levant
  if (lat < 37.5 && lon < 60 && !(lon > 34.5 && lat > 28) && !(lon > 41 && lat > 12.5) && !(lon > 32 && lat > 34.5)) return 'africa';
  return 'asia';
}

/** A ring made continuous in longitude (Russia's mainland jumps from 180° to -180°), so that it can be cut on a meridian. */
function unwrapRing(ring: Ring): Ring {
  const out: Ring = [];
  for (const [lon, lat] of ring) {
    let l = lon;
    const prev = out.length ? out[out.length - 1][0] : l;
    while (l - prev > 180) l -= 360;
    while (l - prev < -180) l += 360;
    out.push([l, lat]);
  }
  return out;
}

/** Sutherland–Hodgman: the part of a ring west (keepWest) or east of a meridian, in plain lon/lat. */
function clipRing(ring: Ring, meridian: number, keepWest: boolean): Ring {
  const inside = ([lon]: [number, number]) => (keepWest ? lon <= meridian : lon >= meridian);
  const out: Ring = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i];
    const b = ring[i + 1];
    const cross = (): [number, number] => [meridian, a[1] + ((b[1] - a[1]) * (meridian - a[0])) / (b[0] - a[0])];
    if (inside(a)) {
      out.push(a);
      if (!inside(b)) out.push(cross());
    } else if (inside(b)) out.push(cross());
  }
  if (out.length < 3) return [];
  out.push(out[0]);
  return out;
}

interface ContinentShapes {
  /** SVG path data of each continent. */
  paths: Record<OfficeAreaName, string>;
  /** Label position of each continent, in map pixels. */
  labels: Record<OfficeAreaName, [number, number]>;
}

let shapes: ContinentShapes | undefined;

/** The continents' outlines, computed once per build. */
export function continentShapes(): ContinentShapes {
  if (shapes) return shapes;
  const topology = countries110m as unknown as Topology;
  const countries = topology.objects.countries as GeometryCollection;
  const buckets = Object.fromEntries(OFFICE_AREAS.map((a) => [a, [] as TopoPolygon[]])) as Record<OfficeAreaName, TopoPolygon[]>;
  const extra = Object.fromEntries(OFFICE_AREAS.map((a) => [a, [] as GeoJSON.Polygon[]])) as Record<OfficeAreaName, GeoJSON.Polygon[]>;

  for (const country of countries.geometries as GeometryObject[]) {
    if (LEFT_OUT.has(String(country.id))) continue;
    const polygons: TopoPolygon['arcs'][] = country.type === 'Polygon' ? [country.arcs] : country.type === 'MultiPolygon' ? country.arcs : [];
    for (const arcs of polygons) {
      const polygon: TopoPolygon = { type: 'Polygon', arcs };
      const geo = feature(topology, polygon) as unknown as GeoJSON.Feature<GeoJSON.Polygon>;
      const lons = geo.geometry.coordinates[0].map(([lon]) => lon);
      if (String(country.id) === RUSSIA && Math.min(...lons) < URALS && Math.max(...lons) > URALS) {
        for (const [area, west] of [
          ['europe', true],
          ['asia', false],
        ] as const) {
          const rings = geo.geometry.coordinates.map((ring) => clipRing(unwrapRing(ring as Ring), URALS, west)).filter((r) => r.length);
          if (rings.length) extra[area].push({ type: 'Polygon', coordinates: rings });
        }
        continue;
      }
      const [lon, lat] = geoCentroid(geo);
      buckets[continentAt(lon, lat)].push(polygon);
    }
  }

  const continents = Object.fromEntries(
    OFFICE_AREAS.map((area) => {
      const merged = merge(topology, buckets[area]) as GeoJSON.MultiPolygon;
      return [area, { type: 'MultiPolygon', coordinates: [...merged.coordinates, ...extra[area].map((p) => p.coordinates)] } as GeoJSON.MultiPolygon];
    }),
  ) as Record<OfficeAreaName, GeoJSON.MultiPolygon>;

  const projection = geoNaturalEarth1().fitExtent(
    [
      [PAD, PAD],
      [CONTINENT_MAP_WIDTH - PAD, CONTINENT_MAP_HEIGHT - PAD],
    ],
    { type: 'FeatureCollection', features: OFFICE_AREAS.map((a) => ({ type: 'Feature', properties: {}, geometry: continents[a] })) },
  );
  const path = geoPath(projection).digits(0);
  shapes = {
    paths: Object.fromEntries(
      OFFICE_AREAS.map((area) => [
        area,
        continents[area].coordinates
          .map((coordinates) => ({ type: 'Polygon' as const, coordinates }))
          // islands smaller than a pixel or two are noise at this size
          .filter((polygon) => path.area(polygon) >= 1.5)
          .map((polygon) => path(polygon) ?? '')
          .join(''),
      ]),
    ) as Record<OfficeAreaName, string>,
    labels: Object.fromEntries(OFFICE_AREAS.map((area) => [area, projection(LABEL_AT[area]) ?? [0, 0]])) as Record<OfficeAreaName, [number, number]>,
  };
  return shapes;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface ContinentMapInput {
  current: OfficeAreaName;
  /** Continent names in the page's language. */
  names: Record<OfficeAreaName, string>;
  /** Page of each continent. */
  hrefs: Record<OfficeAreaName, string>;
  /** Accessible name of a link to another continent, e.g. "Offices in Europe". */
  linkLabel: (area: OfficeAreaName) => string;
  /** Accessible name of the whole map. */
  title: string;
}

/** The map as inline SVG markup (styled by the page's CSS, classes cmap-*). */
export function renderContinentMap(input: ContinentMapInput): string {
  const { paths, labels } = continentShapes();
  const label = (area: OfficeAreaName) => {
    const [x, y] = labels[area];
    return `<text class="cmap-label" x="${x.toFixed(0)}" y="${y.toFixed(0)}" text-anchor="middle">${escapeXml(input.names[area])}</text>`;
  };
  const others = OFFICE_AREAS.filter((area) => area !== input.current).map(
    (area) =>
      `<a class="cmap-link" href="${escapeXml(input.hrefs[area])}" aria-label="${escapeXml(input.linkLabel(area))}" data-area="${area}">` +
      `<title>${escapeXml(input.linkLabel(area))}</title><path class="cmap-land" d="${paths[area]}"/>${label(area)}</a>`,
  );
  return [
    `<svg class="cmap" viewBox="0 0 ${CONTINENT_MAP_WIDTH} ${CONTINENT_MAP_HEIGHT}" width="${CONTINENT_MAP_WIDTH}" height="${CONTINENT_MAP_HEIGHT}" role="group" aria-label="${escapeXml(input.title)}">`,
    `<g class="cmap-current" aria-hidden="true" data-area="${input.current}"><path class="cmap-land" d="${paths[input.current]}"/>${label(input.current)}</g>`,
    ...others,
    '</svg>',
  ].join('');
}
