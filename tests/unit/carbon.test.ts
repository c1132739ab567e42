import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { networkFromContent } from '../../src/build/derived/generators/carbon-data.ts';
import { baseRef, edgeWeight, type Edge } from '../../src/carbon/network.ts';
import { derivedWtt, loadCarbonEngine, type CargoNature, type FactorType } from '../../src/carbon/index';
import { geodesicMetres, type LonLat } from '../../src/geo/geodesy.ts';
import { cityQueryReady, validateShipment } from '../../src/forms/validation/carbon';
import { REFERENCES } from './sea-references.ts';

const engine = loadCarbonEngine();
const net = engine.network;
const { intensities } = net;
const calc = (origin: string, destination: string, extra: Partial<Parameters<typeof engine.calculate>[0]> = {}, language: 0 | 1 = 1) =>
  engine.calculate({ originLocationId: origin, destinationLocationId: destination, cargoWeightValue: 2, cargoWeightUnit: 'TEU', cargoNature: 'Dry', factorType: 'TTW', ...extra }, 1, language);
const network = JSON.parse(readFileSync('content/carbon/network.json', 'utf8')) as { sea: { loop: string; from: string; to: string; km: number }[] };
const seaPair = (loop: string, from: string, to: string) => network.sea.find((p) => p.loop === loop && p.from === from && p.to === to);

describe('emission intensities (content/carbon/factors.json)', () => {
  it('give feeders one DESNZ size class each, smallest first, no gaps up to the feeder limit', () => {
    const classes = intensities.feederClasses.map((c) => [c.factor.minTeu, c.factor.maxTeu ?? null]);
    expect(classes).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
    ]);
    expect(net.factors.feederMaxTeu).toBe(3000);
    expect(intensities.feeder(1_400).Dry.factor.id).toBe('desnz-2025-container-1000-1999');
    expect(intensities.feeder(2_999).Reefer.factor.id).toBe('desnz-2025-container-2000-2999');
    expect(() => intensities.feeder(3_000)).toThrow(/no feeder size class/);
  });

  it('give Vessel legs the lane of the regions of their two ports, either way, and the industry average elsewhere', () => {
    const lanes: [string, string, string][] = [
      ['CNSHA', 'NLRTM', 'asia-north-europe'],
      ['NLRTM', 'CNSHA', 'asia-north-europe'],
      ['SGSIN', 'ITGOA', 'asia-med'],
      ['CNSHA', 'USLAX', 'asia-na-west'],
      ['CNSHA', 'USSAV', 'asia-na-east'],
      ['CNSHA', 'SAJED', 'asia-me-india'],
      ['ESVLC', 'INNSA', 'europe-me-india'],
      ['AEJEA', 'PKKHI', 'intra-me-india'],
      ['SGSIN', 'CNSHA', 'se-ne-asia'],
      ['SGSIN', 'MYPKG', 'intra-se-asia'],
      ['CNNGB', 'AUSYD', 'asia-oceania'],
      ['CNSHA', 'BRSSZ', 'asia-south-america'],
      ['CNSHA', 'ZADUR', 'asia-africa'],
      ['DEHAM', 'USNYC', 'industry-average'],
      ['CNTAO', 'CNSHA', 'industry-average'],
    ];
    for (const [a, b, lane] of lanes) {
      expect(intensities.laneOf(a, b), `${a}-${b}`).toBe(lane);
      expect(intensities.vessel(a, b).Dry.factor.id).toBe(`glec32-${lane}-dry`);
      expect(intensities.vessel(a, b).Reefer.factor.id).toBe(`glec32-${lane}-reefer`);
    }
    // every port of the route content is in exactly one region
    const { ports } = JSON.parse(readFileSync('content/routes/ports.json', 'utf8')) as { ports: { locode: string }[] };
    for (const p of ports) expect(() => intensities.regionOf(p.locode), p.locode).not.toThrow();
  });

  it('give every factor its provenance', () => {
    for (const f of net.factors.factors) {
      expect(f.sourceUrl, f.id).toMatch(/^https:\/\//);
      expect(f.framework.length, f.id).toBeGreaterThan(3);
      expect(f.gwp.length, f.id).toBeGreaterThan(1);
      expect(f.distanceBasis.length, f.id).toBeGreaterThan(3);
    }
  });

  it('are the published values, hand-checked: a lane dry and reefer, a feeder class, rail, road', () => {
    // GLEC v3.2, Asia – North Europe, dry: TTW 38.7 and WTT 8.2 g CO2e/TEU-km; ÷ 1000 g/kg ÷ 10 t/TEU
    // = 0.00387 and 0.00082 kg CO2e/t-km, WTW 0.00469.
    const lane = intensities.vessel('CNSHA', 'NLRTM');
    expect(lane.Dry.ttw).toBeCloseTo(0.00387, 12);
    expect(lane.Dry.wtt).toBeCloseTo(0.00082, 12);
    expect(lane.Dry.wtw).toBeCloseTo(0.00469, 12);
    expect(lane.Dry.adjustment).toBe(0);
    // reefer: TTW 91.2, WTT 19.4 g/TEU-km → 0.00912 + 0.00194 = 0.01106 kg/t-km.
    expect(lane.Reefer.ttw).toBeCloseTo(0.00912, 12);
    expect(lane.Reefer.wtw).toBeCloseTo(0.01106, 12);
    // Feeder, 1,000–1,999 TEU: DESNZ 2025 TTW 0.0325 and WTT 0.00737 kg CO2e/t-km, both as published.
    const feeder = intensities.feeder(1_000).Dry;
    expect(feeder.ttw).toBe(0.0325);
    expect(feeder.wtt).toBe(0.00737);
    expect(feeder.wtw).toBeCloseTo(0.03987, 10);
    // Rail: TTW 0.02779 and WTT 0.00691, both as published; WTW 0.0347.
    expect(intensities.rail.ttw).toBe(0.02779);
    expect(intensities.rail.wtt).toBe(0.00691);
    expect(intensities.rail.wtw).toBeCloseTo(0.0347, 10);
    // Road: GLEC TL/dry van TTW 0.073, -5 % for actual distances (once): 0.06935;
    // WTT 0.073 ÷ 3.206 × 0.0427 × 14.4 = 0.0140006987, × 0.95 = 0.0133006638.
    expect(intensities.road.adjustment).toBe(-0.05);
    expect(intensities.road.ttw).toBeCloseTo(0.06935, 10);
    expect(intensities.road.wtt).toBeCloseTo(0.0133006638, 10);
    expect(derivedWtt(0.073, net.factors.fuels.find((f) => f.id === 'mgo')!)).toBeCloseTo(0.0140006987, 10);
  });

  it('make TTW lower than WTW for every mode, lane and class, and reefer above dry on every lane', () => {
    for (const i of [...intensities.seaFactors, ...intensities.feederClasses, intensities.rail, intensities.road]) {
      expect(i.wtt, i.factor.id).toBeGreaterThan(0);
      expect(i.ttw, i.factor.id).toBeLessThan(i.wtw);
    }
    for (const lane of [...net.factors.seaLanes.map((l) => l.id), net.factors.seaLaneFallback]) {
      const dry = intensities.seaFactors.find((i) => i.factor.lane === lane && i.factor.nature === 'Dry')!;
      const reefer = intensities.seaFactors.find((i) => i.factor.lane === lane && i.factor.nature === 'Reefer')!;
      expect(reefer.ttw, lane).toBeGreaterThan(dry.ttw);
      expect(reefer.wtw, lane).toBeGreaterThan(dry.wtw);
    }
  });
});

describe('distances', () => {
  it('content/carbon/network.json is what npm run carbon:data computes from the content', () => {
    expect(readFileSync('content/carbon/network.json', 'utf8'), 'run npm run carbon:data').toBe(networkFromContent());
  });

  // The calculator's sea distance of a port pair on a loop, against the published port-to-port
  // distance of the shared reference table (tests/unit/sea-references.ts), within its tolerance.
  const pairs: [loop: string, from: string, to: string][] = [
    ['PSX', 'CNSHA', 'USLAX'], // direct leg across the Pacific
    ['AEX1', 'CNSHA', 'NLRTM'], // via Ningbo, Yantian and Singapore: the calls lie on the way
    ['AEX1', 'SGSIN', 'NLRTM'],
    ['SAF', 'HKHKG', 'SGSIN'],
    ['SEC', 'SGSIN', 'LKCMB'],
    ['AEX1', 'CNSHA', 'SGSIN'],
  ];
  it.each(pairs)('%s %s – %s is within 3 %% of the published distance', (loop, from, to) => {
    const ref = REFERENCES.find((r) => (r.from === from && r.to === to) || (r.from === to && r.to === from));
    expect(ref, `${from}-${to} in the reference table`).toBeDefined();
    const pair = seaPair(loop, from, to);
    expect(pair, `${loop} carries ${from} – ${to}`).toBeDefined();
    const nm = pair!.km / 1.852;
    expect(Math.abs(nm - ref!.nm) / ref!.nm, `${nm.toFixed(0)} nm vs ${ref!.nm} nm`).toBeLessThanOrEqual(ref!.tolerance ?? 0.03);
  });

  it('sums the sailed legs between POL and POD, wrapping into the next voyage', () => {
    const legs = JSON.parse(readFileSync('content/routes/sea-legs.json', 'utf8')) as Record<string, { km: number }>;
    const aex1 = seaPair('AEX1', 'CNSHA', 'NLRTM')!;
    expect(aex1.km).toBeCloseTo(legs['CNSHA-CNNGB'].km + legs['CNNGB-CNYTN'].km + legs['CNYTN-SGSIN'].km + legs['SGSIN-NLRTM'].km, 1);
    // Import direction: Rotterdam → ... → Tanjung Pelepas → (next voyage) Qingdao.
    const back = seaPair('AEX1', 'NLRTM', 'CNTAO')!;
    expect(back.km).toBeCloseTo(legs['NLRTM-DEHAM'].km + legs['DEHAM-GBFXT'].km + legs['GBFXT-MYTPP'].km + legs['MYTPP-CNTAO'].km, 1);
  });

  it('takes the China–Europe rail line within 5 % of its published length', () => {
    const corridor = net.rail.get('cn-eu-chongqing-duisburg')!;
    const r = calc('cn-chongqing', 'de-duisburg').details[0].routes.find((x) => x.routeInfoList.length === 1 && x.routeInfoList[0].transportationMode === 'Rail')!;
    expect(r.totalDistance / corridor.published!.km).toBeGreaterThan(0.95);
    expect(r.totalDistance / corridor.published!.km).toBeLessThan(1.05);
  });

  it('measures a truck leg as geodesic × 1.2 from the city centre', () => {
    const leg = calc('cn-shanghai', 'cn-suzhou').details[0].routes[0].routeInfoList[0];
    expect(leg.transportationMode).toBe('Truck');
    const a = net.city('cn-shanghai')!;
    const b = net.city('cn-suzhou')!;
    expect(leg.distance).toBeCloseTo((geodesicMetres([a.lon, a.lat], [b.lon, b.lat]) / 1000) * 1.2, 1);
  });
});

describe('routes and emissions', () => {
  it('computes each mode by hand: truck, rail', () => {
    // Truck, Shanghai – Suzhou (102.1 km), 2 TEU = 20 t: 20 × 102.1 × 0.06935 = 141.6127 kg TTW;
    // WTW 20 × 102.1 × (0.06935 + 0.0133006638) = 168.7726 kg.
    const truck = calc('cn-shanghai', 'cn-suzhou');
    expect(truck.cargoTonnes).toBe(20);
    expect(truck.details[0].routes[0].totalDistance).toBe(102.1);
    expect(truck.details[0].routes[0].totalEmissionVolume).toBe(141.6);
    expect(truck.details[1].factorType).toBe('WTW');
    expect(truck.details[1].routes[0].totalEmissionVolume).toBe(168.8);
    // Rail, Chongqing – Duisburg (10,781.6 km), 20 t: 20 × 10781.6 × 0.02779 = 5992.41 kg TTW; × 0.0347 = 7482.43 kg WTW.
    // The sea route via Shanghai is lower now, but the rail route stays among the alternatives.
    const rail = calc('cn-chongqing', 'de-duisburg');
    const byRail = (routes: (typeof rail.details)[0]['routes']) => routes.find((x) => x.routeInfoList.every((l) => l.transportationMode === 'Rail'))!;
    const r = byRail(rail.details[0].routes);
    expect(r.routeInfoList.map((l) => [l.transportationMode, l.distance])).toEqual([['Rail', 10781.6]]);
    expect(r.totalEmissionVolume).toBe(5992.4);
    expect(byRail(rail.details[1].routes).totalEmissionVolume).toBe(7482.4);
    expect(rail.details[0].routes[0].totalEmissionVolume).toBeLessThan(r.totalEmissionVolume);
  });

  it('computes a vessel and a feeder leg by hand, in tonnes', () => {
    // 15 t, Dublin – Suva: the feeder IRX (1,000 TEU ships) to Rotterdam, AEX1 (24,000 TEU) to Shanghai, PIX (2,500 TEU) to Suva.
    const result = calc('ie-dublin', 'fj-suva', { cargoWeightValue: 15, cargoWeightUnit: 'TON' });
    const legs = result.details[0].routes[0].routeInfoList;
    expect(legs.map((l) => [l.transportationMode, l.serviceLoopCode])).toEqual([
      ['Truck', null],
      ['Feeder', 'IRX'],
      ['Vessel', 'AEX1'],
      ['Feeder', 'PIX'],
      ['Truck', null],
    ]);
    const [, irx, aex1, pix] = legs;
    // feeders by size class (DESNZ, kg/t-km); the vessel leg by its lane: Asia – North Europe, 38.7 g/TEU-km ÷ 10 t
    expect(irx.emissionVolume).toBeCloseTo(Math.round(15 * irx.distance * 0.0325 * 10) / 10, 5);
    expect(aex1.emissionVolume).toBeCloseTo(Math.round(15 * aex1.distance * 0.00387 * 10) / 10, 5);
    expect(pix.emissionVolume).toBeCloseTo(Math.round(15 * pix.distance * 0.02025 * 10) / 10, 5);
    expect(irx.factorId).toBe('desnz-2025-container-1000-1999');
    expect(aex1.factorId).toBe('glec32-asia-north-europe-dry');
    expect(pix.factorId).toBe('desnz-2025-container-2000-2999');
  });

  it('computes a whole route by hand: 3 TEU Shanghai – Rotterdam, dry and reefer', () => {
    // Truck 106.2 km to Yangshan, AEX1 19,474.9 km (the sum of its sailed legs), truck 37.5 km to the city.
    // TTW = 30 t × (106.2 × 0.06935 + 19474.9 × 0.00387 + 37.5 × 0.06935)
    //     = 30 × (7.36497 + 75.367863 + 2.600625) = 2560.0037 kg.
    const result = calc('cn-shanghai', 'nl-rotterdam', { cargoWeightValue: 3 });
    const best = result.details[0].routes[0];
    expect(seaPair('AEX1', 'CNSHA', 'NLRTM')!.km).toBe(19474.9);
    expect(best.routeInfoList.map((l) => [l.transportationMode, l.serviceLoopCode, l.distance])).toEqual([
      ['Truck', null, 106.2],
      ['Vessel', 'AEX1', 19474.9],
      ['Truck', null, 37.5],
    ]);
    expect(best.totalDistance).toBe(19618.6);
    expect(best.totalEmissionVolume).toBe(2560);
    // WTW = 30 × (143.7 × 0.0826506638 + 19474.9 × 0.00469) = 30 × (11.8769004 + 91.337281) = 3096.4254 kg.
    const wtw = result.details[1].routes.find((r) => r.routeId === best.routeId)!;
    expect(wtw.totalEmissionVolume).toBe(3096.4);
    // Reefer: the lane's reefer value at sea (91.2 g/TEU-km = 0.00912 kg/t-km), the same trucks:
    // 30 × (143.7 × 0.06935 + 19474.9 × 0.00912) = 30 × (9.965595 + 177.611088) = 5627.3005 kg.
    const reefer = calc('cn-shanghai', 'nl-rotterdam', { cargoWeightValue: 3, cargoNature: 'Reefer' });
    const cold = reefer.details[0].routes[0];
    expect(cold.routeInfoList.map((l) => [l.transportationMode, l.factorId])).toEqual([
      ['Truck', 'glec-2019-tl-dry-van-ttw'],
      ['Vessel', 'glec32-asia-north-europe-reefer'],
      ['Truck', 'glec-2019-tl-dry-van-ttw'],
    ]);
    expect(cold.totalEmissionVolume).toBe(5627.3);
  });

  it('keeps trans-Pacific cargo on the Pacific, never via Suez', () => {
    const result = calc('cn-shanghai', 'us-los-angeles');
    const best = result.details[0].routes[0];
    const sea = best.routeInfoList.filter((l) => l.transportationMode === 'Vessel');
    expect(sea.map((l) => l.serviceLoopCode)).toEqual(['PSX']);
    expect(sea[0].distance).toBeLessThan(11_500);
    const map = result.maps.find((m) => m.routeId === best.routeId)!;
    const points = map.legs.flatMap((l) => l.path);
    const suez: LonLat = [32.34, 30.45];
    for (const p of points) expect(geodesicMetres([((p[0] + 540) % 360) - 180, p[1]], suez) / 1000).toBeGreaterThan(5000);
    expect(Math.max(...points.map((p) => p[0]))).toBeGreaterThan(180); // eastwards over the antimeridian
  });

  it('makes WTW higher than TTW on every route', () => {
    for (const [a, b] of [
      ['cn-shanghai', 'nl-rotterdam'],
      ['cn-chongqing', 'de-duisburg'],
      ['cn-shanghai', 'us-chicago'],
      ['ie-dublin', 'fj-suva'],
      ['de-munich', 'cn-wuhan'],
    ]) {
      const result = calc(a, b);
      const ttw = new Map(result.details[0].routes.map((r) => [r.routeId, r.totalEmissionVolume]));
      for (const r of result.details[1].routes) if (ttw.has(r.routeId)) expect(r.totalEmissionVolume, `${a}-${b} ${r.routeId}`).toBeGreaterThan(ttw.get(r.routeId)!);
      for (const r of [...result.details[0].routes, ...result.details[1].routes]) for (const l of r.routeInfoList) expect(l.emissionVolume).toBeGreaterThanOrEqual(0);
    }
  });

  /** Every route the search could take, by brute force (depth-first, no place twice). */
  function allRoutes(origin: string, destination: string, type: FactorType, nature: CargoNature): number[] {
    const next = net.edgesFor(origin, destination, nature);
    const costs: number[] = [];
    const walk = (node: string, seen: Set<string>, cost: number, depth: number) => {
      if (node === `c:${destination}`) {
        costs.push(cost);
        return;
      }
      if (depth > 7) return;
      for (const e of next(node) as Edge[]) {
        const places = [...(e.parts ?? [e]).map((p) => baseRef(p.to))];
        if (places.some((p) => seen.has(p))) continue;
        const s = new Set(seen);
        for (const p of places) s.add(p);
        walk(e.to, s, cost + edgeWeight(e, type, nature), depth + 1);
      }
    };
    walk(`c:${origin}`, new Set([`c:${origin}`]), 0, 0);
    return costs.sort((a, b) => a - b);
  }

  it.each([
    ['cn-shanghai', 'nl-rotterdam'],
    ['cn-chongqing', 'de-duisburg'],
    ['cn-shanghai', 'us-chicago'],
    ['de-munich', 'cn-wuhan'],
    ['jp-osaka', 'au-sydney'],
  ])(
    'lists the lowest route first, and it really is the lowest: %s – %s',
    (a, b) => {
      for (const nature of ['Dry', 'Reefer'] as const) {
        for (const type of ['TTW', 'WTW'] as const) {
          const routes = net.routes(a, b, type, 5, nature);
          expect(routes.length).toBeGreaterThan(1);
          const costs = routes.map((r) => r.perTonne[type]);
          expect(costs).toEqual([...costs].sort((x, y) => x - y));
          const brute = allRoutes(a, b, type, nature);
          expect(costs[0], `${nature} ${type}`).toBeCloseTo(brute[0], 9);
        }
      }
    },
    60_000,
  );

  it('offers several alternatives, each a chain from the origin city to the destination city', () => {
    const result = calc('cn-shanghai', 'nl-rotterdam');
    const routes = result.details[0].routes;
    expect(routes.length).toBe(5);
    for (const r of routes) {
      expect(r.routeInfoList[0].fromRef).toBe('c:cn-shanghai');
      expect(r.routeInfoList.at(-1)!.toRef).toBe('c:nl-rotterdam');
      for (let i = 1; i < r.routeInfoList.length; i++) expect(r.routeInfoList[i].fromRef).toBe(r.routeInfoList[i - 1].toRef);
      expect(r.totalDistance).toBeCloseTo(
        r.routeInfoList.reduce((s, l) => s + l.distance, 0),
        1,
      );
      expect(result.maps.some((m) => m.routeId === r.routeId)).toBe(true);
    }
    // no chain of loops where one loop serves the port pair: AEX1, AEX2 and AEX3 (round the Cape) are offered instead
    const loops = routes.map((r) =>
      r.routeInfoList
        .filter((l) => l.serviceLoopCode)
        .map((l) => l.serviceLoopCode)
        .join('+'),
    );
    expect(loops).toContain('AEX2');
    for (const l of loops) expect(l.split('+')).toHaveLength(1);
  });

  it('names places in the language asked', () => {
    const zh = calc('cn-shanghai', 'nl-rotterdam', {}, 0);
    expect(zh.originCityDisplayName).toBe('上海');
    expect(zh.details[0].routes[0].routeInfoList.map((l) => l.toCityName)).toEqual(['上海港', '鹿特丹港', '鹿特丹']);
    const en = calc('cn-chongqing', 'de-duisburg', {}, 1);
    expect(en.details[0].routes[1].routeInfoList[0].toCityName).toBe('Port of Yantian (Shenzhen)');
  });

  it('answers no route (No Data) where no truck can reach a port: Taipei', () => {
    const result = calc('tw-taipei', 'nl-rotterdam');
    expect(result.details.map((d) => d.routes.length)).toEqual([0, 0]);
    expect(result.maps).toEqual([]);
  });

  it('reaches a port from every other city', () => {
    const unreachable = net.cities.filter(
      (c) =>
        c.country !== 'TW' &&
        !net
          .edgesFor(
            c.id,
            c.id === 'cn-shanghai' ? 'cn-beijing' : 'cn-shanghai',
          )(`c:${c.id}`)
          .some((e) => e.to.startsWith('q:')),
    );
    expect(unreachable.map((c) => c.id)).toEqual([]);
  });
});

describe('city suggestions', () => {
  it('match a prefix of the name, a word or an alias, accents and case ignored, larger cities first', () => {
    expect(engine.searchCities('shang', 1)[0]).toEqual({ address: 'Shanghai, China', locationId: 'cn-shanghai' });
    expect(engine.searchCities('上海', 0)).toEqual([{ address: '上海，中国', locationId: 'cn-shanghai' }]);
    expect(engine.searchCities('lodz', 1)[0].locationId).toBe('pl-lodz');
    expect(engine.searchCities('BOMBAY', 1)[0].locationId).toBe('in-mumbai');
    expect(engine.searchCities('york', 1).map((c) => c.locationId)).toContain('us-new-york');
    expect(engine.searchCities('new', 1)[0].locationId).toBe('us-new-york');
    expect(engine.searchCities('xyzq', 1)).toEqual([]);
    expect(engine.searchCities('a', 1).length).toBeLessThanOrEqual(10);
  });

  it('start after more than 2 characters, or 2 Chinese characters', () => {
    expect(cityQueryReady('sh')).toBe(false);
    expect(cityQueryReady('sha')).toBe(true);
    expect(cityQueryReady(' 上海 ')).toBe(true);
    expect(cityQueryReady('上')).toBe(false);
  });
});

describe('shipment rules', () => {
  const good = { originLocationId: 'cn-shanghai', destinationLocationId: 'nl-rotterdam', cargoWeightValue: '2', cargoWeightUnit: 'TEU', cargoNature: 'Dry', factorType: 'TTW' };
  it('accept a good shipment and name every problem of a bad one', () => {
    expect(validateShipment(good)).toEqual({});
    expect(validateShipment({ ...good, token: '' }, { token: true })).toEqual({ token: 'carbon.err.token' });
    expect(validateShipment({})).toEqual({
      originLocationId: 'carbon.err.origin',
      destinationLocationId: 'carbon.err.destination',
      cargoWeightValue: 'carbon.err.amount',
      cargoWeightUnit: 'carbon.err.unit',
      cargoNature: 'carbon.err.nature',
      factorType: 'carbon.err.factorType',
    });
    expect(validateShipment({ ...good, cargoWeightValue: '1,5' })).toEqual({ cargoWeightValue: 'carbon.err.amountFormat' });
    expect(validateShipment({ ...good, cargoWeightValue: '1.2.3' })).toEqual({ cargoWeightValue: 'carbon.err.amountFormat' });
    expect(validateShipment({ ...good, cargoWeightValue: '0' })).toEqual({ cargoWeightValue: 'carbon.err.amountRange' });
    expect(validateShipment({ ...good, cargoWeightValue: '100001' })).toEqual({ cargoWeightValue: 'carbon.err.amountRange' });
    expect(validateShipment({ ...good, destinationLocationId: 'cn-shanghai' })).toEqual({ destinationLocationId: 'carbon.err.sameCity' });
  });
});

describe('CSV of the results', () => {
  it('has one row per leg of every route, both factor types, recomputable, RFC 4180 quoting', async () => {
    const { resultsCsv, CSV_COLUMNS } = await import('../../src/islands/carbon/csv');
    const result = calc('cn-shanghai', 'nl-rotterdam') as unknown as import('../../src/contract/carbon').CarbonResult;
    const empty = calc('tw-taipei', 'nl-rotterdam', {}, 1) as unknown as import('../../src/contract/carbon').CarbonResult;
    const text = resultsCsv([result, { ...empty, index: 2, originCityDisplayName: 'Taipei, "TW"' }]);
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    const legs = result.details.reduce((n, d) => n + d.routes.reduce((m, r) => m + r.routeInfoList.length, 0), 0);
    expect(lines.length).toBe(1 + legs + 2);
    const first = lines[1].split(',');
    const col = (name: (typeof CSV_COLUMNS)[number]) => first[CSV_COLUMNS.indexOf(name)];
    expect(col('factor_type')).toBe('TTW');
    expect(col('lowest')).toBe('yes');
    // kg = tonnes × km × intensity, to the displayed decimal
    expect(Number(col('leg_kg_co2e'))).toBeCloseTo(Number(col('cargo_tonnes')) * Number(col('leg_km')) * Number(col('intensity_kg_co2e_per_tkm')), 1);
    expect(lines.at(-1)).toContain('"Taipei, ""TW"""');
    expect(lines.at(-1)).toContain('No Data');
  });
});
