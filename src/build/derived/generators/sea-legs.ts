/**
 * Works out the sea leg between every two consecutive calls of every service rotation
 * (the last call back to the first included) and writes content/routes/sea-legs.json:
 *
 *   { "CNSHA-USLAX": { "km": 10792.5, "nm": 5827.5, "path": [[121.6, 31.36], …, [241.73, 33.73]] }, … }
 *
 * - keys are "FROM-TO" UN/LOCODEs, sorted; each direction sailed has its own entry (the
 *   two are the same route reversed, with the same length); a leg whose call says which
 *   way it goes (Call.via: "cape-of-good-hope", "kiel-canal", ...) is keyed
 *   "FROM-TO~passage" and routed through that passage (src/geo/passages.ts);
 * - km and nm (1 nm = 1.852 km exactly) are rounded to one decimal, path coordinates to
 *   two decimals at sea and three near a coast;
 * - path is [lon, lat] from the port of departure to the port of arrival, continuous
 *   across the antimeridian: the first longitude is in [-180, 180) and each next one is
 *   within 180° of the one before (so it may run past ±180; subtract 360 for the usual
 *   value). d3-geo draws it as one line; its segments are great-circle arcs;
 * - two consecutive calls at the same port (two terminals) make no leg: there is no sea
 *   passage to route, and src/routes/routes.ts (sailedLegs) skips them too.
 *
 * How the routes are made: src/geo (MARNET lanes, WGS 84 geodesic lengths, ocean legs
 * pulled to great circles, everything kept off Natural Earth 1:10m land but for the
 * canals and the rivers up to river ports; tests/unit/sea-legs-land.test.ts checks it).
 *
 * With DERIVED_KEEP=1 (set by the derived cache when only trade files changed), the legs already in the
 * file are kept for the keys still sailed and only the new ones are routed: the same file as a whole run.
 *
 * Usage: node src/build/derived/generators/sea-legs.ts           write the file (unchanged if nothing changed)
 *        node src/build/derived/generators/sea-legs.ts --check   exit 1 if the file is missing or out of date
 *        --dir DIR                          read and write DIR instead of content/routes
 *
 * Exits 1 with a message naming the service if a call's port is not in ports.json, a
 * port has no usable position, or no sea route joins two ports.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Port, Trade } from '../../../content-model/schemas/routes.ts';
import { defaultLandMask } from '../../../geo/land.ts';
import type { PassageId } from '../../../geo/passages.ts';
import { seaRoute, type LonLat } from '../../../geo/sea-route.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

export interface SeaLeg {
  km: number;
  nm: number;
  path: LonLat[];
}

class InputError extends Error {}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

export interface LegToRoute {
  from: string;
  to: string;
  /** The passage the call says the leg takes (Call.via), if any. */
  via?: PassageId;
  /** One service that sails it (for messages). */
  service: string;
}

/**
 * Every leg sailed by the services (consecutive calls at two different ports), keyed as
 * src/routes/routes.ts (legKey) does: "FROM-TO", or "FROM-TO~passage" when the call it
 * sails from says which way it goes (Call.via).
 */
export function legsOf(trades: readonly Trade[]): Map<string, LegToRoute> {
  const legs = new Map<string, LegToRoute>();
  for (const trade of trades)
    for (const group of trade.groups)
      for (const service of group.services)
        service.calls.forEach((call, i) => {
          const next = service.calls[(i + 1) % service.calls.length];
          if (call.port === next.port) return;
          const key = call.via ? `${call.port}-${next.port}~${call.via}` : `${call.port}-${next.port}`;
          if (!legs.has(key)) legs.set(key, { from: call.port, to: next.port, ...(call.via ? { via: call.via } : {}), service: service.code });
        });
  return legs;
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return Object.is(r, -0) ? 0 : r;
};

/**
 * Two decimals (about 1 km) at sea, three (about 100 m) within some 20 km of a coast,
 * where a kilometre would take the drawn line over a headland or out of a strait. A
 * point is rounded so as to put no more land under the segments either side of it than
 * the route has (a long taut leg may pass an island closely): else the other way (down
 * or up, in longitude and latitude) to three decimals, else to four.
 */
function roundPath(path: readonly LonLat[]): LonLat[] {
  const land = defaultLandMask();
  const landKm = (a: LonLat, b: LonLat) => land.landKm(a, b, 0.05);
  const out: LonLat[] = [];
  path.forEach(([lon, lat], i) => {
    const prev = out[out.length - 1];
    const next = path[i + 1];
    const allowed = (prev ? landKm(path[i - 1], path[i]) : 0) + (next ? landKm(path[i], next) : 0) + 0.01;
    const fits = (q: LonLat) => (prev ? landKm(prev, q) : 0) + (next ? landKm(q, next) : 0) <= allowed;
    const f = 1000;
    const candidates: LonLat[] = [
      ...(land.isOpenWater([lon, lat], 10) ? [[round(lon, 2), round(lat, 2)] as LonLat] : []),
      [round(lon, 3), round(lat, 3)],
      ...[Math.floor, Math.ceil].flatMap((x) => [Math.floor, Math.ceil].map((y): LonLat => [round(x(lon * f) / f, 3), round(y(lat * f) / f, 3)])),
      [round(lon, 4), round(lat, 4)],
    ];
    const p = candidates.find(fits) ?? [round(lon, 5), round(lat, 5)];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  });
  if (out.length === 1) out.push([out[0][0], out[0][1]]); // two ports closer than the rounding
  return out;
}

/** The file's text: one leg per line, keys sorted, so that a change shows as a one-line diff. */
export function formatLegs(legs: Record<string, SeaLeg>): string {
  const keys = Object.keys(legs).sort();
  const lines = keys.map((key) => {
    const leg = legs[key];
    return `  ${JSON.stringify(key)}: {"km": ${leg.km}, "nm": ${leg.nm}, "path": ${JSON.stringify(leg.path)}}`;
  });
  return lines.length === 0 ? '{}\n' : `{\n${lines.join(',\n')}\n}\n`;
}

/**
 * The legs the services sail. `kept`: legs of an earlier run on the same ports and code (DERIVED_KEEP,
 * src/build/derived/steps.ts), taken as they are for the keys still sailed: a leg's route depends on its key
 * (its two ports and its passage), the ports' positions and the code only, so the result is the same as
 * routing every leg (tests/unit/sea-legs-keep.test.ts). `routed` counts the legs routed here.
 */
export function computeLegs(ports: readonly Port[], trades: readonly Trade[], kept: Readonly<Record<string, SeaLeg>> = {}, routed = { count: 0 }): Record<string, SeaLeg> {
  const byCode = new Map(ports.map((p) => [p.locode, p]));
  const problems: string[] = [];
  const legs = legsOf(trades);
  for (const { from, to, service } of legs.values())
    for (const code of [from, to]) {
      const port = byCode.get(code);
      if (!port) problems.push(`service ${service}: port ${code} is not in content/routes/ports.json`);
      else if (!Number.isFinite(port.lon) || !Number.isFinite(port.lat) || Math.abs(port.lat) > 90 || Math.abs(port.lon) > 180)
        problems.push(`port ${code}: lon/lat missing or out of range (${port.lon}, ${port.lat})`);
    }
  if (problems.length > 0) throw new InputError([...new Set(problems)].join('\n'));

  const out: Record<string, SeaLeg> = {};
  for (const [key, { from, to, via, service }] of legs) {
    if (Object.hasOwn(kept, key)) {
      out[key] = kept[key];
      continue;
    }
    routed.count++;
    const a = byCode.get(from)!;
    const b = byCode.get(to)!;
    try {
      const route = seaRoute([a.lon, a.lat], [b.lon, b.lat], via ? { via } : {});
      out[key] = { km: round(route.km, 1), nm: round(route.nm, 1), path: roundPath(route.path) };
    } catch (error) {
      throw new InputError(`service ${service}: no sea route from ${from} to ${to}${via ? ` via ${via}` : ''}: ${(error as Error).message}`);
    }
  }
  return out;
}

/** The legs of the file as written before, or none when it does not parse (then every leg is routed). */
function keptLegs(text: string): Record<string, SeaLeg> {
  try {
    const legs = JSON.parse(text) as unknown;
    return legs && typeof legs === 'object' && !Array.isArray(legs) ? (legs as Record<string, SeaLeg>) : {};
  } catch {
    return {};
  }
}

function main(args: string[]): number {
  const check = args.includes('--check');
  const dirAt = args.indexOf('--dir');
  const routesDir = dirAt >= 0 && args[dirAt + 1] ? args[dirAt + 1] : join(root, 'content', 'routes');
  const portsFile = join(routesDir, 'ports.json');
  const tradesDir = join(routesDir, 'trades');
  const outFile = join(routesDir, 'sea-legs.json');
  if (!existsSync(portsFile) || !existsSync(tradesDir)) {
    console.error(`sea-legs: ${existsSync(portsFile) ? tradesDir : portsFile} does not exist; nothing to route.`);
    return 1;
  }
  const ports = (readJson(portsFile) as { ports?: Port[] } | null)?.ports;
  if (!Array.isArray(ports)) throw new InputError(`${portsFile} must hold an object whose "ports" is an array of ports`);
  const tradeFiles = readdirSync(tradesDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const trades = tradeFiles.map((f) => readJson(join(tradesDir, f)) as Trade);
  const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : null;
  // only the trades changed since the file was written (the derived cache says so): its legs stand
  const kept = !check && process.env.DERIVED_KEEP === '1' && current !== null ? keptLegs(current) : {};
  const routed = { count: 0 };
  const legs = computeLegs(ports, trades, kept, routed);
  const text = formatLegs(legs);
  const count = Object.keys(legs).length;
  if (check) {
    if (current === text) {
      console.log(`sea-legs: ${outFile} is up to date (${count} legs).`);
      return 0;
    }
    console.error(`sea-legs: ${outFile} is ${current === null ? 'missing' : 'out of date'}; run npm run routes:legs.`);
    return 1;
  }
  if (current !== text) writeFileSync(outFile, text);
  console.log(
    `sea-legs: ${count} legs from ${tradeFiles.length} trade files (${routed.count} routed, ${count - routed.count} kept), ${current === text ? 'unchanged' : 'written to'} ${outFile} (${Buffer.byteLength(text)} bytes).`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`sea-legs: ${error instanceof InputError ? error.message : (error as Error).stack}`);
    process.exitCode = 1;
  }
}
