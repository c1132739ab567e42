import { geoIdentity, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import land110m from 'world-atlas/land-110m.json';

/** Where the build puts the land the calculator's maps draw on. */
export const CARBON_LAND_PATH = '/maps/carbon/land.svg';

/**
 * Natural Earth 1:110m land as one SVG path in longitude / latitude units (x = lon,
 * y = -lat) on a 360 × 180 viewBox from (-180, -90): a map that crops it with its own
 * viewBox in the same units draws it without a projection library.
 */
export function landSvg(): string {
  const t = land110m as unknown as Topology;
  const land = feature(t, t.objects.land as GeometryCollection);
  const d = geoPath(geoIdentity().reflectY(true)).digits(1)(land) ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-180 -90 360 180" width="360" height="180"><path fill="#dfe7ef" d="${d}"/></svg>\n`;
}
