/**
 * npm run carbon:data — writes content/carbon/network.json, the distances the carbon
 * calculator reads (nothing is summed per request):
 *
 *   { "sea":  [{ "loop": "AEX1", "from": "CNSHA", "to": "NLRTM", "km": 19661.3, "legs": ["CNSHA-CNNGB", …] }, …],
 *     "rail": [{ "corridor": "us-lalb-chicago", "from": "p:USLAX", "to": "c:us-chicago", "km": 3663.5 }, …] }
 *
 * - sea: every port pair each service loop carries (src/carbon/distances.ts carriedPairs:
 *   POL to POD of both directions, two calls of the same range in rotation order, any
 *   pair on a feeder loop), its distance the sum of the sailed legs between the two calls
 *   in content/routes/sea-legs.json (so re-run after `npm run routes:legs`);
 * - rail: each corridor of content/carbon/rail.json, every terminal at one end to every
 *   terminal at the other, the geodesic through its junctions × the rail circuity factor
 *   of content/carbon/factors.json.
 *
 * Usage: node src/build/derived/generators/carbon-data.ts          write the file (unchanged if nothing changed)
 *        node src/build/derived/generators/carbon-data.ts --check  exit 1 if it is missing or out of date
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LonLat } from '../../../geo/geodesy.ts';
import { loopPairDistances, railKm, type LoopCalls, type SeaPairDistance } from '../../../carbon/distances.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

export interface NetworkData {
  sea: SeaPairDistance[];
  rail: { corridor: string; from: string; to: string; km: number }[];
}

interface RailCorridorInput {
  id: string;
  from: string[];
  to: string[];
  via: { lon: number; lat: number }[];
}

export function computeNetwork(input: {
  loops: LoopCalls[];
  legs: Record<string, { km: number }>;
  ports: { locode: string; lon: number; lat: number }[];
  cities: { id: string; lon: number; lat: number }[];
  rail: RailCorridorInput[];
  feederMaxTeu: number;
  railCircuity: number;
}): NetworkData {
  const legKm = (key: string) => {
    const leg = input.legs[key];
    if (!leg) throw new Error(`content/routes/sea-legs.json has no leg ${key}: run npm run routes:legs`);
    return leg.km;
  };
  const sea = input.loops.flatMap((loop) => loopPairDistances(loop, legKm, input.feederMaxTeu));
  const position = (ref: string): LonLat => {
    if (ref.startsWith('p:')) {
      const port = input.ports.find((p) => p.locode === ref.slice(2));
      if (!port) throw new Error(`content/carbon/rail.json: no port ${ref.slice(2)} in content/routes/ports.json`);
      return [port.lon, port.lat];
    }
    const city = input.cities.find((c) => c.id === ref.slice(2));
    if (!city) throw new Error(`content/carbon/rail.json: no city ${ref.slice(2)} in content/carbon/cities.json`);
    return [city.lon, city.lat];
  };
  const rail = input.rail.flatMap((corridor) =>
    corridor.from.flatMap((from) =>
      corridor.to.map((to) => ({
        corridor: corridor.id,
        from,
        to,
        km: railKm([position(from), ...corridor.via.map((v): LonLat => [v.lon, v.lat]), position(to)], input.railCircuity),
      })),
    ),
  );
  return { sea, rail };
}

export function formatNetwork(data: NetworkData): string {
  const line = (o: unknown) => `    ${JSON.stringify(o)}`;
  return `{\n  "sea": [\n${data.sea.map(line).join(',\n')}\n  ],\n  "rail": [\n${data.rail.map(line).join(',\n')}\n  ]\n}\n`;
}

/** Reads the content and computes the file's text. */
export function networkFromContent(): string {
  const trades = readdirSync(join(root, 'content/routes/trades'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => read(`content/routes/trades/${f}`) as { groups: { services: LoopCalls[] }[] });
  const factors = read('content/carbon/factors.json');
  return formatNetwork(
    computeNetwork({
      loops: trades.flatMap((t) => t.groups.flatMap((g) => g.services)),
      legs: read('content/routes/sea-legs.json'),
      ports: read('content/routes/ports.json').ports,
      cities: read('content/carbon/cities.json').cities,
      rail: read('content/carbon/rail.json').corridors,
      feederMaxTeu: factors.feederMaxTeu,
      railCircuity: factors.distance.railCircuity,
    }),
  );
}

const OUT = 'content/carbon/network.json';

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const text = networkFromContent();
    const file = join(root, OUT);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (process.argv.includes('--check')) {
      if (current !== text) {
        console.error(`${OUT} is out of date: run npm run carbon:data`);
        process.exit(1);
      }
      console.log(`${OUT} is up to date`);
    } else if (current === text) {
      console.log(`${OUT} unchanged`);
    } else {
      writeFileSync(file, text);
      const data = JSON.parse(text) as NetworkData;
      console.log(`${OUT}: ${data.sea.length} sea pairs, ${data.rail.length} rail links`);
    }
  } catch (error) {
    console.error(`carbon:data: ${(error as Error).message}`);
    process.exit(1);
  }
}
