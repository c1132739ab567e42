import { geoArea, geoMercator, geoPath, type GeoPath, type GeoPermissibleObjects, type GeoProjection } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import land10m from 'world-atlas/land-10m.json';
import land110m from 'world-atlas/land-110m.json';
import land50m from 'world-atlas/land-50m.json';
import type { Locale } from '../i18n/locales';
import type { Port, SeaPassage, Service } from '../content-model/schemas/routes';
import { portsOfRotation, sailedLegs } from './routes';

/**
 * Draws a service loop's route map as an SVG at build time: Natural Earth
 * coastlines (world-atlas, 1:50m) under the sea path the ship sails between
 * consecutive calls (content/routes/sea-legs.json), with the ports marked and
 * named in the page's language. The projection is centred on the route, so a
 * trans-Pacific loop is drawn across the Pacific in one piece.
 */

export interface RouteMapInput {
  service: Service;
  ports: ReadonlyMap<string, Port>;
  /** The sailed path between two consecutive calls (through `via` where the call says so), [lon, lat] points. */
  legPath: (from: string, to: string, via?: SeaPassage) => [number, number][];
  locale: Locale;
  title: string;
}

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 540;
const PAD = 48;

type LandPolygon = GeoJSON.Polygon;
/** A land polygon with its longitude and latitude bounds (degrees), to skip what lies off the map cheaply. */
interface Land {
  polygon: LandPolygon;
  west: number;
  east: number;
  south: number;
  north: number;
}
const landCache = new Map<unknown, Land[]>();
/** Natural Earth land as single polygons, at the scale that suits the map: 1:110m for oceans, 1:10m for a sea. */
function landPolygons(topology: unknown): Land[] {
  let lands = landCache.get(topology);
  if (!lands) {
    const t = topology as Topology;
    const collection = feature(t, t.objects.land as GeometryCollection) as unknown as GeoJSON.FeatureCollection<GeoJSON.Polygon | GeoJSON.MultiPolygon>;
    lands = collection.features
      .flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry] : f.geometry.coordinates.map((coordinates) => ({ type: 'Polygon' as const, coordinates }))))
      // a ring wound the wrong way would cover the rest of the globe (one does in the 1:10m file)
      .filter((polygon) => geoArea(polygon) < 2 * Math.PI)
      .map((polygon) => {
        const ring = polygon.coordinates[0];
        const lons = ring.map((p) => p[0]);
        const lats = ring.map((p) => p[1]);
        return { polygon, west: Math.min(...lons), east: Math.max(...lons), south: Math.min(...lats), north: Math.max(...lats) };
      });
    landCache.set(topology, lands);
  }
  return lands;
}

/** Natural Earth land at three scales: 1:110m for oceans, 1:50m for a region, 1:10m for a sea. */
const LAND = { '110m': land110m, '50m': land50m, '10m': land10m } as const;
type LandScale = keyof typeof LAND;

/** Drawn land per scale and projection: both languages of a loop share one map geometry. */
const landPathCache = new Map<string, string>();
/** Degrees of margin around the visible window before a polygon is skipped unprojected. */
const MARGIN = 2;

/**
 * The land under a map: polygons whose bounds fall outside the visible window (plus a margin) are
 * skipped before projection; of the rest, islands smaller than a few pixels are noise at this
 * scale. The result is the same as projecting every polygon, in a fraction of the time.
 */
function landPath(scale: LandScale, projection: GeoProjection, path: GeoPath, centre: number): string {
  const topology = LAND[scale];
  const [tx, ty] = projection.translate();
  const k = projection.scale();
  const key = `${scale}|${centre}|${k}|${tx}|${ty}`;
  let d = landPathCache.get(key);
  if (d === undefined) {
    const deg = 180 / Math.PI;
    // Mercator rotated to the centre: x = k·λ + tx, y = ty − k·ln tan(π/4 + φ/2)
    const west = centre + (-tx / k) * deg - MARGIN;
    const east = centre + ((MAP_WIDTH - tx) / k) * deg + MARGIN;
    const lat = (y: number) => (2 * Math.atan(Math.exp((ty - y) / k)) - Math.PI / 2) * deg;
    const north = lat(0) + MARGIN;
    const south = lat(MAP_HEIGHT) - MARGIN;
    const wide = east - west >= 360;
    const visible = (l: Land) => l.north >= south && l.south <= north && (wide || [-360, 0, 360].some((shift) => l.west + shift <= east && l.east + shift >= west));
    d = landPolygons(topology)
      .filter(visible)
      .filter((l) => path.area(l.polygon) >= 3)
      .map((l) => path(l.polygon) ?? '')
      .join('');
    landPathCache.set(key, d);
  }
  return d;
}

/** Shifts a path by whole turns so that it starts within 180° of `near`, keeping it continuous. */
function unwrap(path: [number, number][], near: number): [number, number][] {
  const shift = Math.round((near - path[0][0]) / 360) * 360;
  return path.map(([lon, lat]) => [lon + shift, lat]);
}

/** Leg paths made continuous along the whole loop (longitudes may run past ±180). */
function continuousLegs(input: RouteMapInput): [number, number][][] {
  const legs: [number, number][][] = [];
  let lastLon = input.ports.get(input.service.calls[0].port)!.lon;
  for (const [from, to, via] of sailedLegs(input.service)) {
    const path = unwrap(input.legPath(from, to, via), lastLon);
    legs.push(path);
    lastLon = path[path.length - 1][0];
  }
  return legs;
}

/** An arrowhead halfway along a projected leg, pointing the way the ship sails. */
function arrowAt(points: [number, number][]): string {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  if (total < 30) return '';
  let run = 0;
  for (let i = 0; i < lengths.length; i++) {
    if (run + lengths[i] >= total / 2 && lengths[i] > 0) {
      const f = (total / 2 - run) / lengths[i];
      const [x0, y0] = points[i];
      const [x1, y1] = points[i + 1];
      const x = x0 + (x1 - x0) * f;
      const y = y0 + (y1 - y0) * f;
      const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
      return `<path class="arrow" d="M-6 -5L6 0L-6 5z" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(0)})"/>`;
    }
    run += lengths[i];
  }
  return '';
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderRouteMap(input: RouteMapInput): string {
  const legs = continuousLegs(input);
  const lons = legs.flat().map(([lon]) => lon);
  const centre = (Math.min(...lons) + Math.max(...lons)) / 2;
  const projection = geoMercator()
    .rotate([-centre, 0])
    .fitExtent(
      [
        [PAD, PAD],
        [MAP_WIDTH - PAD, MAP_HEIGHT - PAD],
      ],
      { type: 'MultiLineString', coordinates: legs } as GeoPermissibleObjects,
    );
  projection.clipExtent([
    [0, 0],
    [MAP_WIDTH, MAP_HEIGHT],
  ]);
  // rotated to the route's centre, so the antimeridian cut falls on the far side of the globe
  const path = geoPath(projection).digits(1);
  const lats = legs.flat().map(([, lat]) => lat);
  const span = Math.max(Math.max(...lons) - Math.min(...lons), Math.max(...lats) - Math.min(...lats));
  const land = landPath(span > 70 ? '110m' : span > 18 ? '50m' : '10m', projection, path, centre);
  const legPaths = legs.map((leg) => path({ type: 'LineString', coordinates: leg }) ?? '');
  const arrows = legs.map((leg) => arrowAt(leg.map((p) => projection(p) ?? [0, 0])));

  const codes = portsOfRotation(input.service);
  const charWidth = input.locale === 'zh' ? 13 : 7;
  const points = codes.map((code) => projection([input.ports.get(code)!.lon, input.ports.get(code)!.lat]) ?? [0, 0]);
  const placed: { x: number; y: number; w: number; h: number }[] = points.map(([x, y]) => ({ x: x - 6, y: y - 6, w: 12, h: 12 }));
  const markers = codes.map((code, index) => {
    const port = input.ports.get(code)!;
    const [x, y] = points[index];
    const name = port.name[input.locale];
    const w = name.length * charWidth + 8;
    const h = 16;
    const candidates = [
      { x: x + 8, y: y - 8, anchor: 'start' },
      { x: x - 8, y: y - 8, anchor: 'end' },
      { x: x + 8, y: y + 10, anchor: 'start' },
      { x: x - 8, y: y + 10, anchor: 'end' },
      { x: x - w / 2, y: y - 22, anchor: 'start' },
      { x: x - w / 2, y: y + 24, anchor: 'start' },
    ];
    const box = (c: (typeof candidates)[number]) => ({ x: c.anchor === 'end' ? c.x - w : c.x, y: c.y - h + 4, w, h });
    const overlaps = (b: { x: number; y: number; w: number; h: number }) =>
      b.x < 2 || b.x + b.w > MAP_WIDTH - 2 || b.y < 2 || b.y + b.h > MAP_HEIGHT - 2 || placed.some((p) => b.x < p.x + p.w && p.x < b.x + b.w && b.y < p.y + p.h && p.y < b.y + b.h);
    const choice = candidates.find((c) => !overlaps(box(c))) ?? candidates[0];
    placed.push(box(choice));
    return (
      `<g class="port"><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5"/>` +
      `<text x="${choice.x.toFixed(1)}" y="${choice.y.toFixed(1)}" text-anchor="${choice.anchor}">${escapeXml(name)}</text>` +
      `<title>${index + 1}. ${escapeXml(name)} (${code})</title></g>`
    );
  });

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}" role="img" aria-labelledby="t">`,
    `<title id="t">${escapeXml(input.title)}</title>`,
    '<defs>',
    '<style>.sea{fill:#dcebf5}.land{fill:#f4f1ea;stroke:#b9b3a6;stroke-width:.5}.leg{fill:none;stroke:#c8102e;stroke-width:2.2;stroke-linejoin:round}.arrow{fill:#c8102e}',
    '.port circle{fill:#fff;stroke:#0b2d5b;stroke-width:2.5}.port text{font:600 13px "Noto Sans CJK SC","Noto Sans SC","PingFang SC","Microsoft YaHei",Arial,sans-serif;fill:#0b2d5b;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}</style></defs>',
    `<rect class="sea" width="${MAP_WIDTH}" height="${MAP_HEIGHT}"/>`,
    `<path class="land" d="${land}"/>`,
    ...legPaths.map((d) => `<path class="leg" d="${d}"/>`),
    ...arrows,
    ...markers,
    '</svg>',
  ].join('');
}
