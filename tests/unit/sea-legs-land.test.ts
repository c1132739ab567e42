import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legsOf } from '../../src/build/derived/generators/sea-legs.ts';
import { distanceToArcMetres, haversineMetres, type LonLat } from '../../src/geo/geodesy.ts';
import { defaultLandMask } from '../../src/geo/land.ts';
import { CANALS, PASSAGE_IDS, PASSAGES, type PassageId } from '../../src/geo/passages.ts';
import { seaRoute } from '../../src/geo/sea-route.ts';
import { legKey, sailedLegs } from '../../src/routes/routes';
import { SEA_PASSAGES, type Port, type Trade } from '../../src/content-model/schemas/routes';

/**
 * The legs drawn on the route maps (content/routes/sea-legs.json) keep off land as
 * Natural Earth 1:10m draws it, with no margin for its generalisation: each leg may
 * cross at most MAX_LAND_KM of land in all, sampled every 100 m along its great-circle
 * segments, except where the land is known not to be land for a ship:
 * - inside a ship canal (Suez, Panama, Kiel: within the canal's corridor, passages.ts);
 * - the port's own approach: within QUAY_KM of the port position (a quay the coastline
 *   puts inland; the router joins it to the nearest water within that distance), or,
 *   for a port up a river that Natural Earth does not draw, as far up the river as the
 *   port lies (RIVER_PORTS). Rivers it draws (the St. Lawrence to Montreal, the
 *   Scheldt to Antwerp) get no allowance: the legs follow them over water.
 */
const MAX_LAND_KM = 1;
const QUAY_KM = 6;
const RIVER_PORTS: Record<string, { river: string; km: number; why: string }> = {
  DEHAM: { river: 'Elbe', km: 70, why: 'Natural Earth closes the Elbe at Brunsbüttel, about 65 km below Hamburg; the lane follows the river' },
  USSAV: { river: 'Savannah', km: 35, why: 'Garden City terminal is about 30 km up the Savannah River, which Natural Earth does not draw; the leg runs straight down the river valley' },
};

const inCanal = (p: LonLat) => CANALS.some((c) => c.course.some((q, i) => i > 0 && distanceToArcMetres(p, c.course[i - 1], q) <= c.corridorKm * 1000));

const ready = existsSync('content/routes/sea-legs.json') && existsSync('content/routes/ports.json') && existsSync('content/routes/trades');
const ports: Port[] = ready ? JSON.parse(readFileSync('content/routes/ports.json', 'utf8')).ports : [];
const trades: Trade[] = ready
  ? readdirSync('content/routes/trades')
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(`content/routes/trades/${f}`, 'utf8')))
  : [];
const legs: Record<string, { km: number; nm: number; path: LonLat[] }> = ready ? JSON.parse(readFileSync('content/routes/sea-legs.json', 'utf8')) : {};
const byCode = new Map(ports.map((p) => [p.locode, p]));

/** Least distance in km from p to the path's great-circle segments. */
function kmFromPath(path: readonly LonLat[], p: LonLat): number {
  let best = Infinity;
  for (let i = 1; i < path.length; i++) best = Math.min(best, distanceToArcMetres(p, path[i - 1], path[i]) / 1000);
  return best;
}

describe.skipIf(!ready)('content/routes/sea-legs.json keeps off land (Natural Earth 1:10m)', () => {
  it(`no leg crosses more than ${MAX_LAND_KM} km of land outside the canals and the ports' approaches`, () => {
    const land = defaultLandMask();
    const failures: string[] = [];
    expect(Object.keys(legs).length).toBeGreaterThan(0);
    for (const [key, leg] of Object.entries(legs)) {
      // "FROM-TO" or "FROM-TO~passage"
      const ends = key
        .split('~')[0]
        .split('-')
        .map((code) => {
          const port = byCode.get(code);
          expect(port, `${key}: no port ${code} in content/routes/ports.json`).toBeDefined();
          return { at: [port!.lon, port!.lat] as LonLat, km: Math.max(QUAY_KM, RIVER_PORTS[code]?.km ?? 0) };
        });
      const exempt = (p: LonLat) => inCanal(p) || ends.some((end) => haversineMetres(p, end.at) <= end.km * 1000);
      const stretches = land.landStretches(leg.path, 0.1, exempt);
      const km = stretches.reduce((sum, s) => sum + s.km, 0);
      if (km > MAX_LAND_KM)
        failures.push(
          `${key}: ${km.toFixed(1)} km over land (${stretches
            .sort((a, b) => b.km - a.km)
            .slice(0, 4)
            .map((s) => `${s.km.toFixed(1)} km from ${s.from[0].toFixed(2)},${s.from[1].toFixed(2)}`)
            .join('; ')})`,
        );
    }
    expect(failures, `legs across land (run npm run routes:legs after changing src/geo):\n${failures.join('\n')}`).toEqual([]);
  }, 60_000);

  it('has every river-port allowance in use and explained', () => {
    for (const [code, { river, why }] of Object.entries(RIVER_PORTS)) {
      expect(byCode.has(code), `${code} (${river}) is no longer a port of the network: drop it from RIVER_PORTS`).toBe(true);
      expect(why.length).toBeGreaterThan(20);
    }
  });
});

describe.skipIf(!ready)('legs told which way to go (Call.via)', () => {
  const told = [...legsOf(trades)].filter(([, leg]) => leg.via);

  it('are keyed as src/routes/routes.ts keys them, and only those legs carry a passage', () => {
    const fromLib = new Set(trades.flatMap((t) => t.groups.flatMap((g) => g.services.flatMap((s) => sailedLegs(s).map(([a, b, via]) => legKey(a, b, via))))));
    expect([...legsOf(trades).keys()].sort()).toEqual([...fromLib].sort());
    for (const [key, { via }] of legsOf(trades)) expect(key.endsWith(`~${via}`) || (!via && !key.includes('~')), key).toBe(true);
  });

  it('AEX3 goes round the Cape of Good Hope both ways, and BLX through the Kiel Canal', () => {
    const keys = told.map(([key]) => key);
    expect(keys).toContain('SGSIN-GBFXT~cape-of-good-hope');
    expect(keys).toContain('FRLEH-MYPKG~cape-of-good-hope');
    expect(keys).toContain('DEHAM-PLGDN~kiel-canal');
    expect(keys).toContain('FIHEL-BEANR~kiel-canal');
  });

  it('pass through their passage', () => {
    for (const [key, { via }] of told) {
      const passage = PASSAGES[via!];
      const path = legs[key].path;
      expect(kmFromPath(path, passage.waypoint), key).toBeLessThanOrEqual(passage.withinKm + 1);
      if (via === 'cape-of-good-hope') {
        expect(Math.min(...path.map(([, lat]) => lat)), `${key} rounds Cape Agulhas (34.8° S)`).toBeLessThan(-34.8);
        expect(kmFromPath(path, [32.4, 30.35]), `${key} keeps away from Suez`).toBeGreaterThan(3000);
      }
    }
  });

  it('a leg not told to take the Kiel Canal never does (it is too small for most of the fleet)', () => {
    const rendsburg = PASSAGES['kiel-canal'].waypoint;
    for (const [key, leg] of Object.entries(legs)) if (!key.endsWith('~kiel-canal')) expect(kmFromPath(leg.path, rendsburg), key).toBeGreaterThan(20);
  });

  it('through the Kiel Canal is much shorter than round Skagen', () => {
    const via = legs['DEHAM-PLGDN~kiel-canal'];
    const round = legs['PLGDN-DEHAM']; // AEX2 sails it round Denmark (20,000 TEU)
    expect(via && round).toBeTruthy();
    expect(via.km).toBeLessThan(round.km - 400);
    expect(via.km).toBeGreaterThan(700);
  });
});

describe('passages', () => {
  it('the content schema and the router know the same passages', () => {
    expect([...SEA_PASSAGES].sort()).toEqual([...PASSAGE_IDS].sort());
    for (const id of PASSAGE_IDS) expect(PASSAGES[id as PassageId].id).toBe(id);
  });

  it('the Kiel Canal runs from Brunsbüttel to Kiel-Holtenau, about 98 km', () => {
    const course = PASSAGES['kiel-canal'].canal!.course;
    const brunsbuettel: LonLat = [9.14, 53.89];
    const holtenau: LonLat = [10.14, 54.37];
    const i = course.findIndex((p) => haversineMetres(p, brunsbuettel) < 2000);
    const j = course.findIndex((p) => haversineMetres(p, holtenau) < 2000);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(j).toBeGreaterThan(i);
    let km = 0;
    for (let k = i + 1; k <= j; k++) km += haversineMetres(course[k - 1], course[k]) / 1000;
    expect(km).toBeGreaterThan(90);
    expect(km).toBeLessThan(106);
  });

  it('refuses a passage it does not know', () => {
    expect(() => seaRoute([9.93, 53.54], [18.67, 54.4], { via: 'corinth' as PassageId })).toThrow(/unknown passage "corinth"/);
  });
});
