/**
 * Paths over water found on a local grid, for where the lane network falls short:
 *
 * - `avoidLand`: some MARNET lanes run straight from one sea position to another over an
 *   island or a headland (over the Izu peninsula on the way into Tokyo Bay, over Cape
 *   York after the Torres Strait, over Socotra…). A leg with both ends at sea that
 *   crosses land lying more than a little inside the coastline is replaced by a path
 *   round it. Canals and rivers are left alone: their ends lie on land at the scale of
 *   the coastline used, so they never qualify.
 * - `waterPaths`: from a port to several network nodes at once (connectors for ports in
 *   bays the network does not enter, such as Nagoya in Ise Bay), or to another port.
 * - `clearLand`: the finishing pass that keeps a route off land with no margin at all,
 *   on grids fine enough for the Bosporus (`fineWaterPath`); and `simplifyOverWater`,
 *   which thins the route for storage without taking it back across land.
 *
 * The grid: cells of 0.03° (about 3.3 km), 8 neighbours, a cell is water when its centre
 * is at sea (the start and the targets always count as water); Dijkstra, or A* towards a
 * single target. A path found is pulled taut again: from each of its points straight on
 * to the furthest later point that a segment reaches without crossing land more than
 * `coastKm` inside the coastline.
 */
import { distanceToArcMetres, geodesicMetres, lonDelta, normaliseLon, polylineMetres, type LonLat } from './geodesy.ts';
import type { LandMask } from './land.ts';

export interface GridOptions {
  /** Grid cell size in degrees of latitude. Default 0.03° (about 3.3 km). */
  cellDeg?: number;
  /** Land within this distance of the coastline does not count (absorbs generalisation). Default 2 km. */
  coastKm?: number;
  /** Pull the path taut only along chords with no land at all on them, sampled this often (km); `coastKm` is then not used. */
  strictStepKm?: number;
}

export interface DetourOptions extends GridOptions {
  /** A leg is rerouted if more than this much of it lies over land (beyond `coastKm` inland). Default 1 km. */
  minInlandKm?: number;
  /** The search area is the leg's bounding box widened by this many degrees. Default 1.5°. */
  marginDeg?: number;
}

/** Returns the route with every leg that cuts across land replaced by a way round over water, where one exists. */
export function avoidLand(points: readonly LonLat[], land: LandMask, options: DetourOptions = {}): LonLat[] {
  const minInlandKm = options.minInlandKm ?? 1;
  const coastKm = options.coastKm ?? 2;
  const out: LonLat[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const crosses = !land.isLand(a) && !land.isLand(b) && land.kmInland(a, b, coastKm, 1) > minInlandKm;
    const detour = crosses ? waterPath(a, b, land, options) : null;
    if (detour) out.push(...detour.slice(1));
    else out.push(b);
  }
  return out;
}

/** Path over water from a to b on a grid round their bounding box (widened by `marginDeg`), or null if there is none. */
export function waterPath(a: LonLat, b: LonLat, land: LandMask, options: DetourOptions = {}): LonLat[] | null {
  const margin = options.marginDeg ?? 1.5;
  const bx = a[0] + lonDelta(a[0], b[0]);
  const box = { west: Math.min(a[0], bx) - margin, east: Math.max(a[0], bx) + margin, south: Math.min(a[1], b[1]) - margin, north: Math.max(a[1], b[1]) + margin };
  return searchGrid(a, [b], box, land, options)[0]?.path ?? null;
}

/**
 * Paths over water from p to each of `targets` within `radiusKm` of it (one search for
 * all), with their lengths in metres; null for a target it cannot reach.
 */
export function waterPaths(p: LonLat, targets: readonly LonLat[], radiusKm: number, land: LandMask, options: GridOptions = {}): Array<{ path: LonLat[]; metres: number } | null> {
  const dLat = radiusKm / 111.195;
  const dLon = Math.min(179, dLat / Math.max(0.05, Math.cos((p[1] * Math.PI) / 180)));
  const box = { west: p[0] - dLon, east: p[0] + dLon, south: p[1] - dLat, north: p[1] + dLat };
  return searchGrid(p, targets, box, land, options);
}

export interface ClearOptions {
  /** Finest grid cell in degrees of latitude. Default 0.002° (about 220 m): the Bosporus is 700 m wide at its narrowest. */
  minCellDeg?: number;
  /** Most grid cells in one search (the cell is made coarser to stay within it). Default 600,000. */
  maxCells?: number;
  /** A position on land at either end of the route is first moved to the nearest water within this distance, km. Default 6 km. */
  quayKm?: number;
}

/**
 * Makes a route keep off land as Natural Earth 1:10m draws it, with no margin for the
 * generalisation of the coastline: the finishing pass after `avoidLand`, whose coarse
 * grid (3.3 km) neither fits through the Dardanelles or the Bosporus nor follows a
 * coast closely, and which lets a leg cut 2 km into a headland.
 *
 * The route is cut at its vertices at sea. A stretch between two of them that crosses
 * land is replaced by a path over water on a fine grid (`fineWaterPath`):
 * - a single segment always (a lane, a connector or a taut line across an island,
 *   a spit or a peninsula);
 * - a stretch through vertices on land (a canal, a lane drawn over an island) only
 *   if the way round is at most 1.5 times as long plus 20 km, so that a canal is
 *   kept and a lane vertex on an island is not;
 * - an end of the route on land (a quay inland of the coastline drawn) is first
 *   joined to the nearest water within `quayKm`; a port further up a river than that
 *   (Hamburg, Antwerp, Montreal) keeps the lane up the river.
 * Stretches it cannot take round land are left as they are.
 */
export function clearLand(points: readonly LonLat[], land: LandMask, options: ClearOptions = {}): LonLat[] {
  // A second pass takes the few grid steps that still cut a spit thinner than a cell round it on a finer grid.
  let out = clearLandOnce(points, land, options);
  for (let pass = 0; pass < 2; pass++) {
    const again = clearLandOnce(out, land, options);
    if (again.length === out.length && again.every((p, i) => p === out[i])) break;
    out = again;
  }
  return out;
}

function clearLandOnce(points: readonly LonLat[], land: LandMask, options: ClearOptions): LonLat[] {
  const n = points.length;
  if (n < 2) return points.slice();
  const quayKm = options.quayKm ?? 6;
  const atSea = points.map((p) => !land.isLand(p));
  const landOf = (from: number, to: number) => {
    let km = 0;
    for (let k = from + 1; k <= to; k++) km += land.landKm(points[k - 1], points[k], 0.05);
    return km;
  };
  const lengthOf = (from: number, to: number) => polylineMetres(points.slice(from, to + 1));
  const out: LonLat[] = [points[0]];
  let i = 0;
  while (i < n - 1) {
    let j = i + 1;
    while (j < n - 1 && !atSea[j]) j++;
    const endOnLand = !atSea[j]; // only the last vertex can be
    if (landOf(i, j) > 0) {
      const a = atSea[i] ? points[i] : nearestWater(points[i], land, quayKm);
      const b = endOnLand ? nearestWater(points[j], land, quayKm) : points[j];
      const through = j > i + 1 || !atSea[i] || endOnLand;
      const limit = through ? 1.5 * lengthOf(i, j) + 20_000 : Infinity;
      const path = a && b ? fineWaterPath(a, b, land, { ...options, maxMetres: limit }) : null;
      if (path) {
        if (path[0] !== points[i]) out.push(path[0]);
        out.push(...path.slice(1));
        if (b !== points[j]) out.push(points[j]);
        i = j;
        continue;
      }
    }
    for (let k = i + 1; k <= j; k++) out.push(points[k]);
    i = j;
  }
  return out;
}

/** The nearest point at sea within `km` of p (on a 0.002° grid, nearest first, ties by position), or null. */
export function nearestWater(p: LonLat, land: LandMask, km: number): LonLat | null {
  const cell = 0.002;
  const k = Math.max(0.05, Math.cos((p[1] * Math.PI) / 180));
  const reach = Math.ceil(km / 111.195 / cell);
  let best: LonLat | null = null;
  let bestSteps = Infinity;
  for (let ring = 1; ring <= reach && bestSteps > ring; ring++) {
    // The cells on the square ring `ring` steps out; a later ring holds none nearer than `ring` steps.
    for (let dy = -ring; dy <= ring; dy++)
      for (let dx = -ring; dx <= ring; dx += Math.abs(dy) === ring ? 1 : 2 * ring) {
        const steps = Math.hypot(dx, dy);
        if (steps > reach || steps >= bestSteps) continue;
        const q: LonLat = [p[0] + (dx * cell) / k, p[1] + dy * cell];
        if (!land.isLand(q)) [best, bestSteps] = [[normaliseLon(q[0]), q[1]], steps];
      }
  }
  return best;
}

/**
 * Douglas–Peucker on the sphere (as simplifyPath) that does not take a route across land:
 * a vertex is kept if it lies more than `toleranceMetres` from the chord that would
 * replace it, or if the chord would cross more land than the stretch it replaces (by
 * 10 m or more), or, on a stretch that runs over land as Natural Earth draws it (a
 * canal, a river up to a port), if it lies more than `inlandMetres` from the chord, so
 * that the drawn line keeps to the canal or the river.
 */
export function simplifyOverWater(points: readonly LonLat[], toleranceMetres: number, land: LandMask, inlandMetres = 250): LonLat[] {
  if (points.length <= 2 || toleranceMetres <= 0) return points.slice();
  const overLand = [0];
  for (let i = 1; i < points.length; i++) overLand.push(overLand[i - 1] + land.landKm(points[i - 1], points[i], 0.05));
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    if (last - first < 2) continue;
    let worst = first + 1;
    let worstDistance = -1;
    for (let i = first + 1; i < last; i++) {
      const d = distanceToArcMetres(points[i], points[first], points[last]);
      if (d > worstDistance) [worst, worstDistance] = [i, d];
    }
    const inland = overLand[last] - overLand[first];
    const split = worstDistance > toleranceMetres || (inland > 0 && worstDistance > inlandMetres) || land.landKm(points[first], points[last], 0.05) > inland + 0.01;
    if (split) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

const fineCache = new Map<string, LonLat[] | null>();

/**
 * Shortest path over water from a to b (both at sea) that keeps off land with no margin:
 * A* on a grid over their bounding box widened by a margin, pulled taut along chords
 * with no land on them. The cell is as fine as `maxCells` allows (down to `minCellDeg`),
 * and finer again if that finds nothing (a narrow strait); then the box is widened once.
 * Null if none is found, or none within `maxMetres`. Results are remembered.
 */
export function fineWaterPath(a: LonLat, b: LonLat, land: LandMask, options: ClearOptions & { maxMetres?: number } = {}): LonLat[] | null {
  const minCell = options.minCellDeg ?? 0.002;
  const maxCells = options.maxCells ?? 600_000;
  const maxMetres = options.maxMetres ?? Infinity;
  const key = `${a[0]},${a[1]};${b[0]},${b[1]};${minCell};${maxCells};${maxMetres}`;
  if (fineCache.has(key)) return fineCache.get(key)!;
  const bx = a[0] + lonDelta(a[0], b[0]);
  const k = Math.max(0.05, Math.cos((((a[1] + b[1]) / 2) * Math.PI) / 180));
  const span = Math.max(Math.abs(bx - a[0]) * k, Math.abs(b[1] - a[1]));
  // A way round no longer than maxMetres strays at most about half the excess from the segment.
  const reachDeg = Number.isFinite(maxMetres) ? Math.max(0.05, (maxMetres - geodesicMetres(a, b)) / 2 / 111_195) : 2;
  const margins = [Math.max(0.05, 0.25 * span), Math.max(0.2, 0.8 * span)].map((m) => Math.min(m, 2, reachDeg));
  let found: LonLat[] | null = null;
  for (const [index, margin] of margins.entries()) {
    if (index > 0 && margin <= margins[index - 1]) break;
    const box = { west: Math.min(a[0], bx) - margin / k, east: Math.max(a[0], bx) + margin / k, south: Math.min(a[1], b[1]) - margin, north: Math.max(a[1], b[1]) + margin };
    const area = (box.east - box.west) * (box.north - box.south);
    const coarse = Math.max(minCell, Math.sqrt(area / maxCells));
    const cells = coarse > minCell * 1.5 ? [coarse, Math.max(minCell, coarse / 3)] : [coarse];
    for (const cellDeg of cells) {
      if (area / (cellDeg * cellDeg) > 4 * maxCells) continue;
      const hit = searchGrid(a, [b], box, land, { cellDeg, strictStepKm: Math.min(0.1, (cellDeg * 111.195) / 3) })[0];
      if (hit && hit.metres <= maxMetres) {
        found = hit.path;
        break;
      }
    }
    if (found) break;
  }
  fineCache.set(key, found);
  return found;
}

interface Box {
  west: number;
  east: number;
  south: number;
  north: number;
}

function searchGrid(a: LonLat, targets: readonly LonLat[], box: Box, land: LandMask, options: GridOptions): Array<{ path: LonLat[]; metres: number } | null> {
  const cell = options.cellDeg ?? 0.03;
  const coastKm = options.coastKm ?? 2;
  const strict = options.strictStepKm;
  const blocked = (p: LonLat, q: LonLat) => (strict !== undefined ? land.landKm(p, q, strict) > 0 : land.kmInland(p, q, coastKm, 1) > 0);
  // Local frame: longitudes unwrapped around a.
  const ax = a[0];
  const west = box.west;
  const south = Math.max(-89.9, box.south);
  const north = Math.min(89.9, box.north);
  const cols = Math.ceil((box.east - west) / cell);
  const rows = Math.ceil((north - south) / cell);
  if (cols * rows > 4_000_000 || cols <= 0 || rows <= 0) return targets.map(() => null);
  const k = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const indexOf = (x: number, y: number) => {
    const col = Math.floor((x - west) / cell);
    const row = Math.floor((y - south) / cell);
    return col < 0 || row < 0 || col >= cols || row >= rows ? -1 : row * cols + col;
  };
  const centre = (c: number): LonLat => [west + ((c % cols) + 0.5) * cell, south + (Math.floor(c / cols) + 0.5) * cell];
  const start = indexOf(ax, a[1]);
  const unwrapped = targets.map((t) => [ax + lonDelta(ax, t[0]), t[1]] as LonLat);
  const goals = unwrapped.map(([x, y]) => indexOf(x, y));
  const goalSet = new Map<number, number[]>();
  goals.forEach((g, i) => {
    if (g < 0) return;
    const list = goalSet.get(g) ?? [];
    list.push(i);
    goalSet.set(g, list);
  });
  if (start < 0 || goalSet.size === 0) return targets.map(() => null);
  const water = new Int8Array(cols * rows); // 0 unknown, 1 water, 2 land
  const isWater = (c: number) => {
    if (c === start || goalSet.has(c)) return true;
    if (water[c] === 0) {
      const p = centre(c);
      water[c] = land.isLand([normaliseLon(p[0]), p[1]]) ? 2 : 1;
    }
    return water[c] === 1;
  };
  const midpoint = (c: number, d: number): LonLat => {
    const [x1, y1] = centre(c);
    const [x2, y2] = centre(d);
    return [normaliseLon((x1 + x2) / 2), (y1 + y2) / 2];
  };
  const step = (c: number, d: number) => Math.hypot(((c % cols) - (d % cols)) * k, Math.floor(c / cols) - Math.floor(d / cols)) * cell;
  // A* towards a single target, plain Dijkstra towards several.
  const single = goalSet.size === 1 ? goals.find((g) => g >= 0)! : -1;
  const h = (c: number) => (single >= 0 ? step(c, single) : 0);
  const g = new Float64Array(cols * rows).fill(Infinity);
  const from = new Int32Array(cols * rows).fill(-1);
  const closed = new Uint8Array(cols * rows);
  const heap = new Heap();
  g[start] = 0;
  heap.push(h(start), start);
  let remaining = goalSet.size;
  while (heap.size > 0 && remaining > 0) {
    const c = heap.pop();
    if (closed[c]) continue;
    closed[c] = 1;
    if (goalSet.has(c)) remaining--;
    const cx = c % cols;
    const cy = Math.floor(c / cols);
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
        const n = ny * cols + nx;
        if (closed[n] || !isWater(n)) continue;
        // Strict: not across a spit thinner than a cell (both centres at sea, land between them).
        if (strict !== undefined && n !== start && !goalSet.has(n) && c !== start && land.isLand(midpoint(c, n))) continue;
        const ng = g[c] + step(c, n);
        if (ng < g[n]) {
          g[n] = ng;
          from[n] = c;
          heap.push(ng + h(n), n);
        }
      }
  }
  return goals.map((goal, i) => {
    if (goal < 0 || !closed[goal]) return null;
    const cells: number[] = [];
    for (let c = goal; c !== -1; c = from[c]) cells.push(c);
    cells.reverse();
    const raw: LonLat[] = cells.map((c, n) => (n === 0 ? [ax, a[1]] : n === cells.length - 1 ? unwrapped[i] : centre(c)));
    if (raw.length === 1) raw.push(unwrapped[i]);
    const taut: LonLat[] = [raw[0]];
    let at = 0;
    while (at < raw.length - 1) {
      let next = at + 1;
      for (let j = at + 2; j < raw.length; j++) {
        if (blocked(raw[at], raw[j])) break;
        next = j;
      }
      taut.push(raw[next]);
      at = next;
    }
    const path = taut.map(([x, y], n) => (n === 0 ? a : n === taut.length - 1 ? targets[i] : ([normaliseLon(x), y] as LonLat)));
    return { path, metres: path.length === 2 ? geodesicMetres(path[0], path[1]) : polylineMetres(path) };
  });
}

/** Binary min-heap of (key, cell). */
class Heap {
  private readonly keys: number[] = [];
  private readonly cells: number[] = [];
  get size(): number {
    return this.keys.length;
  }
  push(key: number, cell: number): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.cells.push(cell);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.keys[p] <= key) break;
      this.keys[i] = this.keys[p];
      this.cells[i] = this.cells[p];
      i = p;
    }
    this.keys[i] = key;
    this.cells[i] = cell;
  }
  pop(): number {
    const top = this.cells[0];
    const lastKey = this.keys.pop()!;
    const lastCell = this.cells.pop()!;
    const n = this.keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && this.keys[r] < this.keys[l] ? r : l;
        if (this.keys[m] >= lastKey) break;
        this.keys[i] = this.keys[m];
        this.cells[i] = this.cells[m];
        i = m;
      }
      this.keys[i] = lastKey;
      this.cells[i] = lastCell;
    }
    return top;
  }
}
