import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeLegs, formatLegs, legsOf } from '../../src/build/derived/generators/sea-legs.ts';
import { distanceToArcMetres, geodesicMetres, METRES_PER_NM, normaliseLon, type LonLat } from '../../src/geo/geodesy.ts';
import { arcPoints } from '../../src/geo/land.ts';
import { defaultNetwork } from '../../src/geo/network.ts';
import { seaRoute, UnreachableError, type SeaRoute } from '../../src/geo/sea-route.ts';
import type { Port, Trade } from '../../src/content-model/schemas/routes.ts';
import { AT, REFERENCES } from './sea-references.ts';

const routes = new Map<string, SeaRoute>();
function route(from: string, to: string): SeaRoute {
  const key = `${from}-${to}`;
  if (!routes.has(key)) routes.set(key, seaRoute(AT[from], AT[to]));
  return routes.get(key)!;
}

/** Least distance in km from p to the route's path (its great-circle segments). */
function kmFromPath(path: readonly LonLat[], p: LonLat): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) best = Math.min(best, distanceToArcMetres(p, path[i - 1], path[i]) / 1000);
  return best;
}

const SUEZ: LonLat = [32.34, 30.45]; // canal, by the Great Bitter Lake
const BAB_EL_MANDEB: LonLat = [43.4, 12.6];
const GIBRALTAR: LonLat = [-5.6, 35.95];
const MALACCA: LonLat = [100.5, 3.0]; // off Port Klang / One Fathom Bank
const DOVER: LonLat = [1.45, 51.0];
const PANAMA: LonLat = [-79.6, 9.0]; // canal, Gatun Lake to Pedro Miguel
const CAPE_AGULHAS: LonLat = [20.0, -34.83];

describe('geodesy and units', () => {
  it('measures geodesics on WGS 84 (Vincenty’s Flinders Peak – Buninyong test line, 54,972.271 m)', () => {
    const flinders: LonLat = [144 + 25 / 60 + 29.5244 / 3600, -(37 + 57 / 60 + 3.7203 / 3600)];
    const buninyong: LonLat = [143 + 55 / 60 + 35.3839 / 3600, -(37 + 39 / 60 + 10.1561 / 3600)];
    expect(geodesicMetres(flinders, buninyong)).toBeCloseTo(54972.271, 2);
    expect(geodesicMetres([10, 0], [10, 1])).toBeCloseTo(110574.4, 0); // one degree of meridian at the equator
    expect(geodesicMetres([179.5, 10], [-179.5, 10])).toBeCloseTo(geodesicMetres([-0.5, 10], [0.5, 10]), 6); // across the antimeridian
  });

  it('reports nautical miles of exactly 1,852 m', () => {
    expect(METRES_PER_NM).toBe(1852);
    const r = route('HKHKG', 'SGSIN');
    expect(r.nm).toBeCloseTo(r.km / 1.852, 9);
  }, 60_000);

  it('joins the network across the antimeridian into one connected graph', () => {
    const net = defaultNetwork();
    expect(net.stats.nodes).toBeGreaterThan(5000);
    // No node is kept at +180: both sides of the antimeridian are one node at -180.
    expect(net.nodes.some(([lon]) => lon >= 180 || lon < -180)).toBe(false);
    // Nodes on the antimeridian link lanes on both sides of it.
    const joins = net.nodes.filter(([lon], i) => {
      if (lon !== -180) return false;
      const sides = [...net.targets.subarray(net.offsets[i], net.offsets[i + 1])].map((j) => Math.sign(net.nodes[j][0]));
      return sides.includes(1) && sides.includes(-1);
    });
    expect(joins.length).toBeGreaterThanOrEqual(10);
  }, 60_000);
});

describe('reference distances', () => {
  it.each(REFERENCES)(
    '$from – $to: within tolerance of $nm nm ($source)',
    ({ from, to, nm, tolerance = 0.03 }) => {
      const computed = route(from, to).nm;
      const error = (computed - nm) / nm;
      expect(Math.abs(error), `${from}-${to}: computed ${computed.toFixed(0)} nm vs published ${nm} nm (${(error * 100).toFixed(1)} %)`).toBeLessThanOrEqual(tolerance);
    },
    60_000,
  );

  it('has at least twelve lanes held to 3 %', () => {
    expect(REFERENCES.filter((r) => (r.tolerance ?? 0.03) <= 0.03).length).toBeGreaterThanOrEqual(12);
    for (const r of REFERENCES) if (r.tolerance !== undefined) expect(r.why, `${r.from}-${r.to} needs a reason for its tolerance`).toBeTruthy();
  });
});

describe('routes go the way ships go', () => {
  it('Shanghai – Los Angeles crosses the Pacific eastwards over the antimeridian, not via Suez', () => {
    const r = route('CNSHA', 'USLAX');
    const lons = r.path.map(([lon]) => lon);
    expect(lons[0]).toBeCloseTo(121.6, 5);
    expect(Math.max(...lons)).toBeGreaterThan(180); // past the antimeridian, eastwards
    expect(lons.at(-1)).toBeCloseTo(-118.27 + 360, 5);
    expect(Math.min(...lons)).toBeGreaterThan(120); // never west of Shanghai
    expect(kmFromPath(r.path, SUEZ)).toBeGreaterThan(5000);
    expect(r.nm).toBeLessThan(6200);
  }, 60_000);

  it('Asia – Europe goes by Malacca, Bab-el-Mandeb, Suez, Gibraltar and Dover, not the Cape', () => {
    for (const from of ['CNSHA', 'SGSIN']) {
      const r = route(from, 'NLRTM');
      for (const [name, p] of Object.entries({ MALACCA, BAB_EL_MANDEB, SUEZ, GIBRALTAR, DOVER })) expect(kmFromPath(r.path, p), `${from}: ${name}`).toBeLessThan(60);
      expect(Math.min(...r.path.map(([, lat]) => lat))).toBeGreaterThan(-5);
    }
  }, 60_000);

  it('Asia – US East Coast goes through the Panama Canal (near 9° N 79.6° W)', () => {
    const r = route('CNSHA', 'USNYC');
    expect(kmFromPath(r.path, PANAMA)).toBeLessThan(15);
    expect(kmFromPath(r.path, SUEZ)).toBeGreaterThan(5000);
  }, 60_000);

  it('goes round the Cape of Good Hope where that is the shortest way (Santos – Singapore)', () => {
    const r = seaRoute(AT.BRSSZ, AT.SGSIN);
    // Where the route (its great-circle segments, sampled) crosses 20° E, the meridian of Cape Agulhas.
    const crossing = r.path
      .slice(1)
      .flatMap((p, i) => arcPoints(r.path[i], p, 20))
      .find(([lon]) => Math.abs(normaliseLon(lon) - 20) < 0.2);
    expect(crossing).toBeDefined();
    expect(crossing![1]).toBeLessThan(CAPE_AGULHAS[1]);
    expect(crossing![1]).toBeGreaterThan(-50); // the open-ocean great circle, not the ice edge
    expect(kmFromPath(r.path, SUEZ)).toBeGreaterThan(3000);
    expect(kmFromPath(r.path, PANAMA)).toBeGreaterThan(3000);
  }, 60_000);

  it('returns continuous paths from port to port', () => {
    for (const { from, to } of REFERENCES) {
      const { path } = route(from, to);
      expect(path[0][0]).toBeGreaterThanOrEqual(-180);
      expect(path[0][0]).toBeLessThan(180);
      expect(path[0][0]).toBeCloseTo(AT[from][0], 9);
      expect(path[0][1]).toBe(AT[from][1]);
      expect(normaliseLon(path.at(-1)![0])).toBeCloseTo(normaliseLon(AT[to][0]), 9);
      expect(path.at(-1)![1]).toBe(AT[to][1]);
      for (let i = 1; i < path.length; i++) expect(Math.abs(path[i][0] - path[i - 1][0]), `${from}-${to} at ${i}`).toBeLessThan(180);
    }
  }, 60_000);

  it('gives the same distance both ways, on the same path reversed', () => {
    for (const [a, b] of [
      ['CNSHA', 'USLAX'],
      ['SGSIN', 'NLRTM'],
      ['HKHKG', 'SGSIN'],
      ['USLAX', 'PABLB'],
      ['AUSYD', 'AEJEA'],
    ]) {
      const there = seaRoute(AT[a], AT[b]);
      const back = seaRoute(AT[b], AT[a]);
      expect(back.km).toBe(there.km);
      const norm = (p: LonLat) => [normaliseLon(p[0]).toFixed(9), p[1].toFixed(9)].join();
      expect(back.path.map(norm)).toEqual(there.path.slice().reverse().map(norm));
    }
  }, 60_000);
});

describe('src/build/derived/generators/sea-legs.ts', () => {
  const port = (locode: string, [lon, lat]: LonLat): Port => ({
    locode,
    name: { en: locode, zh: locode },
    country: { en: 'x', zh: 'x' },
    lat,
    lon,
    timeZone: 'UTC',
    terminals: [{ code: 'T1', name: { en: 'T1', zh: 'T1' } }],
  });
  const call = (p: string, day: number) => ({ port: p, terminal: 'T1', arrival: { day, time: '08:00' }, departure: { day, time: '20:00' } });
  const trade = (calls: string[]): Trade => ({
    direction: 11,
    groups: [
      {
        id: 'g',
        name: { en: 'g', zh: 'g' },
        services: [
          {
            code: 'TST',
            name: { en: 't', zh: 't' },
            trade: 't',
            startsOn: 'MON',
            roundTripDays: 42,
            vesselClass: 'x',
            calls: calls.map((c, i) => call(c, i * 3)),
            export: { label: { en: 'E', zh: 'E' }, pols: [0], pods: [1] },
            import: { label: { en: 'W', zh: 'W' }, pols: [1], pods: [0] },
            deployment: { vessels: ['TBN', 'TBN', 'TBN', 'TBN', 'TBN', 'TBN'], reference: { voyage: 1, departure: '2026-01-05' } },
            advantages: { en: 'a', zh: 'a' },
          },
        ],
      },
    ],
  });

  it('makes one leg per pair of consecutive calls at different ports, the last back to the first, rounded and in sorted order', () => {
    const ports = [port('CNSHA', AT.CNSHA), port('USLAX', AT.USLAX), port('USLGB', AT.USLGB)];
    const legs = computeLegs(ports, [trade(['CNSHA', 'CNSHA', 'USLAX', 'USLGB'])]);
    // Two calls at the same port (two terminals) make no leg.
    expect(Object.keys(legs).sort()).toEqual(['CNSHA-USLAX', 'USLAX-USLGB', 'USLGB-CNSHA']);
    const leg = legs['CNSHA-USLAX'];
    expect(leg.km).toBe(Math.round(leg.km * 10) / 10);
    expect(leg.nm).toBe(Math.round(leg.nm * 10) / 10);
    expect(Math.abs(leg.nm - leg.km / 1.852)).toBeLessThan(0.1);
    // Two decimals at sea, three (four where that keeps a line off land) near a coast.
    for (const [lon, lat] of leg.path) expect([lon, lat]).toEqual([Math.round(lon * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4]);
    expect(leg.path.some(([lon, lat]) => lon === Math.round(lon * 100) / 100 && lat === Math.round(lat * 100) / 100)).toBe(true);
    const text = formatLegs(legs);
    expect(Object.keys(JSON.parse(text))).toEqual(Object.keys(legs).sort());
    expect(JSON.parse(text)).toEqual(legs);
    expect(formatLegs(computeLegs(ports, [trade(['CNSHA', 'CNSHA', 'USLAX', 'USLGB'])]))).toBe(text); // deterministic
  }, 60_000);

  it('refuses an unknown port and a position no lane reaches, naming them', () => {
    expect(() => computeLegs([port('CNSHA', AT.CNSHA)], [trade(['CNSHA', 'XXABC', 'CNSHA'])])).toThrow(/TST: port XXABC is not in content\/routes\/ports.json/);
    expect(() => computeLegs([port('CNSHA', AT.CNSHA), port('FRPAR', [2.35, 48.85])], [trade(['CNSHA', 'FRPAR', 'CNSHA'])])).toThrow(/no sea route from (CNSHA to FRPAR|FRPAR to CNSHA).*inland/);
    expect(() => seaRoute([20, 5], AT.NLRTM)).toThrow(UnreachableError);
  }, 60_000);
});

describe('content/routes/sea-legs.json', () => {
  const ready = existsSync('content/routes/ports.json') && existsSync('content/routes/trades') && readdirSync('content/routes/trades').some((f) => f.endsWith('.json'));
  const title = ready
    ? 'covers every pair of consecutive calls of every service, and nothing else'
    : 'covers every pair of consecutive calls (SKIPPED: content/routes/ports.json and content/routes/trades/*.json do not exist yet)';

  it.skipIf(!ready)(title, () => {
    const ports: Port[] = JSON.parse(readFileSync('content/routes/ports.json', 'utf8')).ports;
    const trades: Trade[] = readdirSync('content/routes/trades')
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(`content/routes/trades/${f}`, 'utf8')));
    const expected = legsOf(trades);
    expect(existsSync('content/routes/sea-legs.json'), 'run npm run routes:legs').toBe(true);
    const legs: Record<string, { km: number; nm: number; path: LonLat[] }> = JSON.parse(readFileSync('content/routes/sea-legs.json', 'utf8'));
    expect(Object.keys(legs).sort(), 'sea-legs.json is out of date: run npm run routes:legs').toEqual([...expected.keys()].sort());
    const byCode = new Map(ports.map((p) => [p.locode, p]));
    for (const [key, { from, to }] of expected) {
      const leg = legs[key];
      expect(leg.nm, key).toBeCloseTo(leg.km / 1.852, 0);
      expect(leg.path.length, key).toBeGreaterThanOrEqual(2);
      const a = byCode.get(from)!;
      const b = byCode.get(to)!;
      expect(leg.path[0][0], key).toBeCloseTo(a.lon, 1);
      expect(leg.path[0][1], key).toBeCloseTo(a.lat, 1);
      expect(normaliseLon(leg.path.at(-1)![0] + 1e-9), key).toBeCloseTo(normaliseLon(b.lon + 1e-9), 1);
      expect(leg.path.at(-1)![1], key).toBeCloseTo(b.lat, 1);
      expect(leg.km, key).toBeGreaterThan(0);
    }
  });
});
