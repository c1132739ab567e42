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
 *
 * The grid: cells of 0.03° (about 3.3 km), 8 neighbours, a cell is water when its centre
 * is at sea (the start and the targets always count as water); Dijkstra, or A* towards a
 * single target. A path found is pulled taut again: from each of its points straight on
 * to the furthest later point that a segment reaches without crossing land more than
 * `coastKm` inside the coastline.
 */
import { geodesicMetres, lonDelta, normaliseLon, polylineMetres, type LonLat } from './geodesy.ts';
import type { LandMask } from './land.ts';

export interface GridOptions {
  /** Grid cell size in degrees of latitude. Default 0.03° (about 3.3 km). */
  cellDeg?: number;
  /** Land within this distance of the coastline does not count (absorbs generalisation). Default 2 km. */
  coastKm?: number;
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

interface Box {
  west: number;
  east: number;
  south: number;
  north: number;
}

function searchGrid(a: LonLat, targets: readonly LonLat[], box: Box, land: LandMask, options: GridOptions): Array<{ path: LonLat[]; metres: number } | null> {
  const cell = options.cellDeg ?? 0.03;
  const coastKm = options.coastKm ?? 2;
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
        if (land.kmInland(raw[at], raw[j], coastKm, 1) > 0) break;
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
