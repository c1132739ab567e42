/**
 * Land mask: Natural Earth 1:10m land (the `world-atlas` package's land-10m.json; the
 * 1:50m coastline lacks the small islands and reefs a straight ocean leg must keep
 * clear of, such as the Paracels or the Bahamas cays). Used to pull ocean legs taut,
 * to check port connectors and to take lanes round land they are drawn across.
 *
 * The coastline is read straight from the TopoJSON arcs that the land object uses.
 * TopoJSON keeps the data spherical: a ring that crosses the antimeridian (Chukotka,
 * Fiji, Antarctica) has edges that jump from -180 to +179.9. Such an edge is split at
 * the antimeridian, and "is this point on land" is answered by casting a ray north
 * along the point's meridian (even–odd rule): that ray never meets the missing
 * closures along ±180, and no land encloses the North Pole.
 *
 * Geometry is done in longitude/latitude with a local equirectangular approximation
 * (distances within a few tens of kilometres: error well under 1 %).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lonDelta, normaliseLon, type LonLat } from './geodesy.ts';

const KM_PER_DEG = 111.195;
const RAD = Math.PI / 180;

type ArcRefs = number[] | ArcRefs[];
interface TopoGeometry {
  type: string;
  arcs?: ArcRefs;
  geometries?: TopoGeometry[];
}
export interface Topology {
  type: 'Topology';
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: number[][][];
  objects: Record<string, TopoGeometry>;
}

/**
 * Coastline segments [x1, y1, x2, y2] of a TopoJSON land object, with longitudes in
 * [-180, 180] and every edge across the antimeridian split in two at ±180.
 */
export function coastSegments(topology: Topology, object = 'land'): number[][] {
  const used = new Set<number>();
  const collect = (refs: ArcRefs | undefined) => {
    for (const r of refs ?? []) {
      if (Array.isArray(r)) collect(r);
      else used.add(r < 0 ? ~r : r);
    }
  };
  const walk = (g: TopoGeometry) => {
    if (g.geometries) g.geometries.forEach(walk);
    collect(g.arcs);
  };
  const root = topology.objects[object];
  if (!root) throw new Error(`the topology has no object "${object}"`);
  walk(root);
  const t = topology.transform;
  const segments: number[][] = [];
  for (const index of [...used].sort((a, b) => a - b)) {
    let x = 0;
    let y = 0;
    const points = topology.arcs[index].map((position) => {
      if (!t) return [position[0], position[1]];
      x += position[0];
      y += position[1];
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]];
    });
    for (let i = 1; i < points.length; i++) {
      const [x1, y1] = points[i - 1];
      const [x2, y2] = points[i];
      if (x1 === x2 && y1 === y2) continue;
      if (Math.abs(x2 - x1) <= 180) {
        segments.push([x1, y1, x2, y2]);
        continue;
      }
      // Edge across the antimeridian: split where it meets ±180.
      const side = x1 > 0 ? 180 : -180;
      const x2u = x2 + 2 * side; // x2 unwrapped next to x1
      const f = (side - x1) / (x2u - x1);
      const ym = y1 + f * (y2 - y1);
      if (x1 !== side) segments.push([x1, y1, side, ym]);
      if (x2 !== -side) segments.push([-side, ym, x2, y2]);
    }
  }
  return segments;
}

/** Coastline segments of Natural Earth 1:10m land, from the world-atlas package. */
export function readLandSegments(): number[][] {
  const file = createRequire(import.meta.url).resolve('world-atlas/land-10m.json');
  return coastSegments(JSON.parse(readFileSync(file, 'utf8')) as Topology);
}

/** A stretch of a path over land: its length and its first and last sampled points. */
export interface LandStretch {
  km: number;
  from: LonLat;
  to: LonLat;
}

const COLS = 360;
const RASTER_PER_DEG = 10;
const RASTER_COLS = 360 * RASTER_PER_DEG;
const RASTER_ROWS = 180 * RASTER_PER_DEG;
const ROWS = 180;

export class LandMask {
  /** Segment i is (x1, y1, x2, y2) at 4i .. 4i + 3, longitudes as in the source (within [-180, 180]). */
  private readonly segments: Float64Array;
  /** Segments in 1° cell c are cellItems[cellStart[c] .. cellStart[c + 1]). */
  private readonly cellStart: Int32Array;
  private readonly cellItems: Int32Array;
  private readonly stamp: Int32Array;
  private stampValue = 0;
  /** 1 for the 0.1° cells the coastline passes through. */
  private readonly coastCells: Uint8Array;
  /** The segments whose bounding box meets the k-th such cell are coastItems[coastStart[k] .. coastStart[k + 1]); coastRank[cell] is k. */
  private readonly coastRank: Int32Array;
  private readonly coastStart: Int32Array;
  private readonly coastItems: Int32Array;
  /** Land or sea for the 0.1° cells without coastline: 0 not yet known, 1 land, 2 sea. */
  private readonly cellLand = new Int8Array(RASTER_COLS * RASTER_ROWS);
  /** Open-water raster per offing: 0 not yet known, 1 open water, 2 not. */
  private readonly openRasters = new Map<number, Int8Array>();

  constructor(segments: readonly number[][]) {
    this.segments = Float64Array.from(segments.flat());
    const count = segments.length;
    const cellsOf = (i: number): number[] => {
      const s = this.segments;
      // Source longitudes are within [-180, 180] and no segment crosses the antimeridian.
      const c0 = rawCol(Math.min(s[4 * i], s[4 * i + 2]));
      const c1 = rawCol(Math.max(s[4 * i], s[4 * i + 2]));
      const r0 = rowOf(Math.min(s[4 * i + 1], s[4 * i + 3]));
      const r1 = rowOf(Math.max(s[4 * i + 1], s[4 * i + 3]));
      const cells: number[] = [];
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(r * COLS + c);
      return cells;
    };
    const counts = new Int32Array(COLS * ROWS + 1);
    for (let i = 0; i < count; i++) for (const cell of cellsOf(i)) counts[cell + 1]++;
    for (let c = 0; c < COLS * ROWS; c++) counts[c + 1] += counts[c];
    this.cellStart = counts;
    this.cellItems = new Int32Array(counts[COLS * ROWS]);
    const fill = counts.slice(0, COLS * ROWS);
    for (let i = 0; i < count; i++) for (const cell of cellsOf(i)) this.cellItems[fill[cell]++] = i;
    this.stamp = new Int32Array(count);
    // Which 0.1° cells the coastline passes through (by each segment's bounding box).
    this.coastCells = new Uint8Array(RASTER_COLS * RASTER_ROWS);
    const sg = this.segments;
    for (let i = 0; i < count; i++) {
      const c0 = rasterCol(Math.min(sg[4 * i], sg[4 * i + 2]));
      const c1 = rasterCol(Math.max(sg[4 * i], sg[4 * i + 2]));
      const r0 = rasterRow(Math.min(sg[4 * i + 1], sg[4 * i + 3]));
      const r1 = rasterRow(Math.max(sg[4 * i + 1], sg[4 * i + 3]));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.coastCells[r * RASTER_COLS + c] = 1;
    }
    // And which segments pass through each of them, for the short rays of isLand.
    this.coastRank = new Int32Array(RASTER_COLS * RASTER_ROWS).fill(-1);
    let ranks = 0;
    for (let cell = 0; cell < RASTER_COLS * RASTER_ROWS; cell++) if (this.coastCells[cell] === 1) this.coastRank[cell] = ranks++;
    const eachRasterCell = (i: number, f: (k: number) => void) => {
      const c0 = rasterCol(Math.min(sg[4 * i], sg[4 * i + 2]));
      const c1 = rasterCol(Math.max(sg[4 * i], sg[4 * i + 2]));
      const r0 = rasterRow(Math.min(sg[4 * i + 1], sg[4 * i + 3]));
      const r1 = rasterRow(Math.max(sg[4 * i + 1], sg[4 * i + 3]));
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) f(this.coastRank[r * RASTER_COLS + c]);
    };
    this.coastStart = new Int32Array(ranks + 1);
    for (let i = 0; i < count; i++) eachRasterCell(i, (k) => this.coastStart[k + 1]++);
    for (let k = 0; k < ranks; k++) this.coastStart[k + 1] += this.coastStart[k];
    this.coastItems = new Int32Array(this.coastStart[ranks]);
    const next = this.coastStart.slice(0, ranks);
    for (let i = 0; i < count; i++) eachRasterCell(i, (k) => (this.coastItems[next[k]++] = i));
  }

  private nextStamp(): number {
    this.stampValue++;
    return this.stampValue;
  }

  /**
   * True if p lies on land. A 0.1° cell that no coastline passes through is all land or
   * all sea, so its answer is worked out once (at its centre, by a ray cast north to the
   * pole) and remembered. In a cell the coastline passes through, a ray is cast north
   * along p's meridian only as far as the first 0.1° cell above without coastline, whose
   * answer is known: p is on land if that cell is and the ray crosses the coastline an
   * even number of times on the way (even–odd rule), or if it is not and the ray crosses
   * it an odd number of times.
   */
  isLand(p: LonLat): boolean {
    const x = normaliseLon(p[0]);
    const rc = rasterCol(x);
    let row = rasterRow(p[1]);
    if (this.coastCells[row * RASTER_COLS + rc] === 0) return this.cellIsLand(row * RASTER_COLS + rc);
    do row++;
    while (row < RASTER_ROWS && this.coastCells[row * RASTER_COLS + rc] === 1);
    if (row >= RASTER_ROWS) return this.castRay([x, p[1]]);
    return this.cellIsLand(row * RASTER_COLS + rc) !== this.shortRay(x, p[1], rc, row);
  }

  /** Odd number of coastline crossings on the ray north from (x, y) in raster column rc up to the bottom of raster row `topRow`. */
  private shortRay(x: number, y: number, rc: number, topRow: number): boolean {
    const top = topRow / RASTER_PER_DEG - 90;
    const stamp = this.nextStamp();
    const s = this.segments;
    let inside = false;
    for (let row = rasterRow(y); row < topRow; row++) {
      const k = this.coastRank[row * RASTER_COLS + rc];
      for (let q = this.coastStart[k]; q < this.coastStart[k + 1]; q++) {
        const i = this.coastItems[q];
        if (this.stamp[i] === stamp) continue;
        this.stamp[i] = stamp;
        const x1 = s[4 * i];
        const x2 = s[4 * i + 2];
        if (x1 > x === x2 > x) continue;
        const yCross = s[4 * i + 1] + ((x - x1) / (x2 - x1)) * (s[4 * i + 3] - s[4 * i + 1]);
        if (yCross > y && yCross < top) inside = !inside;
      }
    }
    return inside;
  }

  private cellIsLand(cell: number): boolean {
    if (this.cellLand[cell] === 0) {
      const col = cell % RASTER_COLS;
      const row = Math.floor(cell / RASTER_COLS);
      this.cellLand[cell] = this.castRay([(col + 0.5) / RASTER_PER_DEG - 180, (row + 0.5) / RASTER_PER_DEG - 90]) ? 1 : 2;
    }
    return this.cellLand[cell] === 1;
  }

  /** Odd number of coastline crossings on the ray north from p to the pole. */
  private castRay(p: LonLat): boolean {
    const x = normaliseLon(p[0]);
    const y = p[1];
    const col = rawCol(x);
    const stamp = this.nextStamp();
    const s = this.segments;
    // Always north: no land ring encloses the North Pole (Antarctica's may or may not
    // be closed along the South Pole's parallel, so a ray south is not to be trusted).
    let inside = false;
    for (let row = rowOf(y); row < ROWS; row++) {
      const cell = row * COLS + col;
      for (let k = this.cellStart[cell]; k < this.cellStart[cell + 1]; k++) {
        const i = this.cellItems[k];
        if (this.stamp[i] === stamp) continue;
        this.stamp[i] = stamp;
        const x1 = s[4 * i];
        const y1 = s[4 * i + 1];
        const x2 = s[4 * i + 2];
        const y2 = s[4 * i + 3];
        if (x1 > x === x2 > x) continue;
        const yCross = y1 + ((x - x1) / (x2 - x1)) * (y2 - y1);
        if (yCross > y) inside = !inside;
      }
    }
    return inside;
  }

  /** True if no coastline comes within `km` of p. */
  isClearOfCoast(p: LonLat, km: number): boolean {
    const x = normaliseLon(p[0]);
    const y = p[1];
    const k = Math.max(Math.cos(y * RAD), 0.01);
    const dLat = km / KM_PER_DEG;
    const dLon = Math.min(180, dLat / k);
    const r0 = rowOf(y - dLat);
    const r1 = rowOf(y + dLat);
    const cols = Math.min(COLS, Math.floor(dLon) + 2);
    const c0 = colOf(x - dLon);
    const stamp = this.nextStamp();
    const s = this.segments;
    const limit2 = (km / KM_PER_DEG) ** 2;
    for (let r = r0; r <= r1; r++)
      for (let n = 0; n <= cols; n++) {
        const cell = r * COLS + ((c0 + n) % COLS);
        for (let q = this.cellStart[cell]; q < this.cellStart[cell + 1]; q++) {
          const i = this.cellItems[q];
          if (this.stamp[i] === stamp) continue;
          this.stamp[i] = stamp;
          // Local equirectangular frame centred on p, in degrees of latitude.
          const ax = lonDelta(x, s[4 * i]) * k;
          const ay = s[4 * i + 1] - y;
          const bx = ax + lonDelta(s[4 * i], s[4 * i + 2]) * k;
          const by = s[4 * i + 3] - y;
          const dx = bx - ax;
          const dy = by - ay;
          const len2 = dx * dx + dy * dy;
          const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
          const ex = ax + t * dx;
          const ey = ay + t * dy;
          if (ex * ex + ey * ey < limit2) return false;
        }
      }
    return true;
  }

  /**
   * True if p is at sea and at least `km` from any coast, answered on a 0.1° raster for
   * speed and conservatively: the cell that holds p counts as open water only if its
   * centre is at sea and clear of the coast by `km` plus the cell's half diagonal
   * (under 8 km), so every point of an open cell is at least `km` from any coast. Cells
   * are worked out on first use and remembered.
   */
  isOpenWater(p: LonLat, km: number): boolean {
    let raster = this.openRasters.get(km);
    if (!raster) {
      raster = new Int8Array(RASTER_COLS * RASTER_ROWS);
      this.openRasters.set(km, raster);
    }
    const col = Math.min(RASTER_COLS - 1, Math.floor((normaliseLon(p[0]) + 180) * RASTER_PER_DEG));
    const row = Math.min(RASTER_ROWS - 1, Math.max(0, Math.floor((p[1] + 90) * RASTER_PER_DEG)));
    const cell = row * RASTER_COLS + col;
    if (raster[cell] === 0) {
      const centre: LonLat = [(col + 0.5) / RASTER_PER_DEG - 180, (row + 0.5) / RASTER_PER_DEG - 90];
      const halfDiagonalKm = (Math.SQRT2 / 2 / RASTER_PER_DEG) * KM_PER_DEG;
      raster[cell] = this.isClearOfCoast(centre, km + halfDiagonalKm) && !this.isLand(centre) ? 1 : 2;
    }
    return raster[cell] === 1;
  }

  /**
   * Length in km of the great-circle arc a–b that lies over land further than
   * `coastKm` (default 2 km) from the coastline, sampled every `stepKm` (default 1 km).
   * The margin absorbs the generalisation of the coastline: a connector that
   * follows a coast or leaves a quay counts nothing, one across a headland counts.
   */
  kmInland(a: LonLat, b: LonLat, coastKm = 2, stepKm = 1): number {
    if (this.isArcClear(a, b, 0)) return 0; // over whole cells of sea
    const arc = new ArcSampler(a, b, stepKm);
    const step = arcKm(a, b) / (arc.count - 1);
    let km = 0;
    // Midpoint rule: the middle of each step stands for it.
    for (let n = 0.5; n < arc.count - 1; n++) {
      const p = arc.at(n);
      if (this.isLand(p) && this.isClearOfCoast(p, coastKm)) km += step;
    }
    return km;
  }

  /**
   * Length in km of the great-circle arc a–b that lies over land, with no margin for the
   * generalisation of the coastline, sampled every `stepKm` (midpoint rule).
   */
  landKm(a: LonLat, b: LonLat, stepKm = 0.1): number {
    // Sampled points 3 km or more from any coast: the 2.5 km between them are at sea too.
    if (this.isArcClear(a, b, 3)) return 0;
    const arc = new ArcSampler(a, b, stepKm);
    const step = arcKm(a, b) / (arc.count - 1);
    let km = 0;
    for (let n = 0.5; n < arc.count - 1; n++) if (this.isLand(arc.at(n))) km += step;
    return km;
  }

  /**
   * The stretches of a path (great-circle segments, longitudes wrapped or not) that lie
   * over land, sampled every `stepKm`; a sample for which `exempt` says true counts as
   * water (a canal, a river up to a port). Used to check the legs drawn on the maps.
   */
  landStretches(path: readonly LonLat[], stepKm = 0.1, exempt?: (p: LonLat) => boolean): LandStretch[] {
    const out: LandStretch[] = [];
    let open: LandStretch | null = null;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1];
      const b = path[i];
      if (this.isArcClear(a, b, 3)) {
        open = null;
        continue;
      }
      const arc = new ArcSampler(a, b, stepKm);
      const step = arcKm(a, b) / (arc.count - 1);
      for (let n = 0.5; n < arc.count - 1; n++) {
        const p = arc.at(n);
        if (this.isLand(p) && !exempt?.(p)) {
          if (open) {
            open.km += step;
            open.to = p;
          } else out.push((open = { km: step, from: p, to: p }));
        } else open = null;
      }
    }
    return out;
  }

  /**
   * True if the great-circle arc a–b runs over open water (see isOpenWater) all along:
   * it is checked at points 5 km apart, half a raster cell, so no cell it crosses is
   * missed by more than a corner.
   */
  isArcClear(a: LonLat, b: LonLat, km: number): boolean {
    // Every 8th point first: an arc that is blocked is usually found out early.
    const arc = new ArcSampler(a, b, 5);
    for (let start = 0; start < 8; start++) for (let n = start; n < arc.count; n += 8) if (!this.isOpenWater(arc.at(n), km)) return false;
    return true;
  }
}

function colOf(lon: number): number {
  const x = normaliseLon(lon) + 180;
  return Math.min(COLS - 1, Math.max(0, Math.floor(x)));
}

function rawCol(lon: number): number {
  return Math.min(COLS - 1, Math.max(0, Math.floor(lon + 180)));
}

function rasterCol(lon: number): number {
  return Math.min(RASTER_COLS - 1, Math.max(0, Math.floor((lon + 180) * RASTER_PER_DEG)));
}

function rasterRow(lat: number): number {
  return Math.min(RASTER_ROWS - 1, Math.max(0, Math.floor((lat + 90) * RASTER_PER_DEG)));
}

function rowOf(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor(lat + 90)));
}

/** Length of the great-circle arc a–b on the mean sphere used here, km. */
function arcKm(a: LonLat, b: LonLat): number {
  const va = toVector(a);
  const vb = toVector(b);
  return (Math.acos(Math.max(-1, Math.min(1, va[0] * vb[0] + va[1] * vb[1] + va[2] * vb[2]))) / RAD) * KM_PER_DEG;
}

/** Points along the great-circle arc a–b, evenly spaced at most `stepKm` apart, worked out on demand. */
export class ArcSampler {
  /** Number of points, ends included. */
  readonly count: number;
  private readonly va: [number, number, number];
  private readonly vb: [number, number, number];
  private readonly angle: number;
  private readonly sinAngle: number;

  constructor(a: LonLat, b: LonLat, stepKm: number) {
    this.va = toVector(a);
    this.vb = toVector(b);
    const dot = Math.max(-1, Math.min(1, this.va[0] * this.vb[0] + this.va[1] * this.vb[1] + this.va[2] * this.vb[2]));
    this.angle = Math.acos(dot);
    this.sinAngle = Math.sin(this.angle);
    this.count = Math.max(1, Math.ceil(((this.angle / RAD) * KM_PER_DEG) / stepKm)) + 1;
  }

  /** The n-th point (0 is a, count - 1 is b), longitude in [-180, 180]. */
  at(n: number): LonLat {
    const f = n / (this.count - 1);
    const { va, vb } = this;
    let v = va;
    if (this.sinAngle >= 1e-12) {
      const wa = Math.sin((1 - f) * this.angle) / this.sinAngle;
      const wb = Math.sin(f * this.angle) / this.sinAngle;
      v = [wa * va[0] + wb * vb[0], wa * va[1] + wb * vb[1], wa * va[2] + wb * vb[2]];
    }
    return [Math.atan2(v[1], v[0]) / RAD, Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD];
  }
}

/** Points along the great-circle arc a–b, ends included, at most `stepKm` apart. */
export function arcPoints(a: LonLat, b: LonLat, stepKm: number): LonLat[] {
  const arc = new ArcSampler(a, b, stepKm);
  return Array.from({ length: arc.count }, (_, n) => arc.at(n));
}

function toVector(p: LonLat): [number, number, number] {
  const lon = p[0] * RAD;
  const lat = p[1] * RAD;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

let cached: LandMask | undefined;

/** Natural Earth 1:10m land mask, built once on first use. */
export function defaultLandMask(): LandMask {
  cached ??= new LandMask(readLandSegments());
  return cached;
}
