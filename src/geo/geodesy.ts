/**
 * Geodesy helpers for the sea router. Pure functions, no I/O.
 *
 * Conventions used throughout src/geo:
 * - a position is `[lon, lat]` in decimal degrees (GeoJSON order), east and north positive;
 * - lengths are metres inside the router and kilometres / nautical miles in results;
 * - 1 nautical mile = 1,852 m exactly (international nautical mile).
 */

export type LonLat = [number, number];

/** Metres in one international nautical mile (exact by definition). */
export const METRES_PER_NM = 1852;

/** WGS 84 ellipsoid. */
const WGS84_A = 6378137;
const WGS84_F = 1 / 298.257223563;
const WGS84_B = WGS84_A * (1 - WGS84_F);

/** IUGG mean Earth radius in metres (used only for the spherical fallbacks below). */
export const MEAN_RADIUS_M = 6371008.8;

const RAD = Math.PI / 180;

/** Longitude difference b - a brought into [-180, 180). */
export function lonDelta(a: number, b: number): number {
  let d = (b - a) % 360;
  if (d < -180) d += 360;
  if (d >= 180) d -= 360;
  return d;
}

/** Longitude brought into [-180, 180). */
export function normaliseLon(lon: number): number {
  return lonDelta(0, lon);
}

/** Great-circle distance on the mean sphere, in metres (haversine). */
export function haversineMetres(a: LonLat, b: LonLat): number {
  const phi1 = a[1] * RAD;
  const phi2 = b[1] * RAD;
  const dPhi = phi2 - phi1;
  const dLambda = lonDelta(a[0], b[0]) * RAD;
  const h = Math.sin(dPhi / 2) ** 2 + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  return 2 * MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Geodesic distance on the WGS 84 ellipsoid in metres (Vincenty's inverse formula,
 * sub-millimetre for the edge lengths of the network). Vincenty does not converge for
 * nearly antipodal points; no network edge or port connector comes close to that, but
 * should it happen the haversine length is returned (error under 0.5 %).
 */
export function geodesicMetres(a: LonLat, b: LonLat): number {
  const L = lonDelta(a[0], b[0]) * RAD;
  if (L === 0 && a[1] === b[1]) return 0;
  const U1 = Math.atan((1 - WGS84_F) * Math.tan(a[1] * RAD));
  const U2 = Math.atan((1 - WGS84_F) * Math.tan(b[1] * RAD));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let i = 0; i < 200; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2);
    if (sinSigma === 0) return 0; // coincident points
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha !== 0 ? cosSigma - (2 * sinU1 * sinU2) / cos2Alpha : 0; // equatorial line
    const C = (WGS84_F / 16) * cos2Alpha * (4 + WGS84_F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = L + (1 - C) * WGS84_F * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const u2 = (cos2Alpha * (WGS84_A ** 2 - WGS84_B ** 2)) / WGS84_B ** 2;
      const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma = B * sinSigma * (cos2SigmaM + (B / 4) * (cosSigma * (-1 + 2 * cos2SigmaM ** 2) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
      return WGS84_B * A * (sigma - deltaSigma);
    }
  }
  return haversineMetres(a, b);
}

/** Length of a polyline in metres, summing geodesic segment lengths. */
export function polylineMetres(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += geodesicMetres(points[i - 1], points[i]);
  return total;
}

function toVector(p: LonLat): [number, number, number] {
  const lon = p[0] * RAD;
  const lat = p[1] * RAD;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/**
 * Distance in metres (on the mean sphere) from p to the great-circle arc a–b: the
 * cross-track distance when p projects inside the arc, else the distance to the nearer end.
 */
export function distanceToArcMetres(p: LonLat, a: LonLat, b: LonLat): number {
  const va = toVector(a);
  const vb = toVector(b);
  const vp = toVector(p);
  const n: [number, number, number] = [va[1] * vb[2] - va[2] * vb[1], va[2] * vb[0] - va[0] * vb[2], va[0] * vb[1] - va[1] * vb[0]];
  const nLen = Math.hypot(n[0], n[1], n[2]);
  if (nLen < 1e-12) return haversineMetres(p, a); // a and b coincide
  const sinXt = (n[0] * vp[0] + n[1] * vp[1] + n[2] * vp[2]) / nLen;
  // Projection of p on the great circle, then check it lies between a and b.
  const proj: [number, number, number] = [vp[0] - sinXt * (n[0] / nLen), vp[1] - sinXt * (n[1] / nLen), vp[2] - sinXt * (n[2] / nLen)];
  const cross = (u: number[], v: number[]) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const dot = (u: number[], v: number[]) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  const inside = dot(cross(va, proj), n) >= 0 && dot(cross(proj, vb), n) >= 0;
  if (inside) return Math.abs(Math.asin(Math.max(-1, Math.min(1, sinXt)))) * MEAN_RADIUS_M;
  return Math.min(haversineMetres(p, a), haversineMetres(p, b));
}

/**
 * Makes a path drawable across the antimeridian: the first longitude is kept in
 * [-180, 180) and every next longitude is shifted by a multiple of 360 so that it
 * differs from the previous one by less than 180°. A path across the Pacific thus
 * runs e.g. 121.5 … 179.9, 180.4 … 241.7 instead of jumping from 180 to -180.
 */
export function unwrapPath(points: readonly LonLat[]): LonLat[] {
  const out: LonLat[] = [];
  for (const [lon, lat] of points) {
    if (out.length === 0) out.push([normaliseLon(lon), lat]);
    else {
      const prev = out[out.length - 1][0];
      out.push([prev + lonDelta(prev, lon), lat]);
    }
  }
  return out;
}

/**
 * Douglas–Peucker simplification on the sphere: drops vertices that lie within
 * `toleranceMetres` of the great-circle arc joining the kept neighbours. Keeps the
 * first and last points. Works on unwrapped or wrapped longitudes alike.
 */
export function simplifyPath(points: readonly LonLat[], toleranceMetres: number): LonLat[] {
  if (points.length <= 2 || toleranceMetres <= 0) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstDistance = toleranceMetres;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToArcMetres(points[i], points[first], points[last]);
      if (d > worstDistance) {
        worst = i;
        worstDistance = d;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}
