import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { networkFromContent } from '../../scripts/carbon-data.ts';
import { baseRef, edgeWeight, type Edge } from '../../src/carbon/network.ts';
import { derivedWtt, loadCarbonEngine, type FactorType } from '../../src/carbon/index';
import { geodesicMetres, type LonLat } from '../../src/geo/geodesy.ts';
import { cityQueryReady, validateShipment } from '../../src/lib/validation/carbon';
import { REFERENCES } from './sea-references.ts';

const engine = loadCarbonEngine();
const net = engine.network;
const { intensities } = net;
const calc = (origin: string, destination: string, extra: Partial<Parameters<typeof engine.calculate>[0]> = {}, language: 0 | 1 = 1) =>
  engine.calculate({ originLocationId: origin, destinationLocationId: destination, cargoWeightValue: 2, cargoWeightUnit: 'TEU', cargoNature: 'Dry', factorType: 'TTW', ...extra }, 1, language);
const network = JSON.parse(readFileSync('content/carbon/network.json', 'utf8')) as { sea: { loop: string; from: string; to: string; km: number }[] };
const seaPair = (loop: string, from: string, to: string) => network.sea.find((p) => p.loop === loop && p.from === from && p.to === to);

describe('emission intensities (content/carbon/factors.json)', () => {
  it('cover every ship size with one DESNZ class each, smallest first, no gaps', () => {
    const classes = intensities.seaClasses.map((c) => [c.factor.minTeu, c.factor.maxTeu ?? null]);
    expect(classes).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2999],
      [3000, 4999],
      [5000, 7999],
      [8000, null],
    ]);
    expect(intensities.sea(24_000).factor.id).toBe('desnz-2025-container-8000plus');
    expect(intensities.sea(1_400).factor.id).toBe('desnz-container-1000-1999');
    expect(intensities.sea(2_999).factor.id).toBe('desnz-container-2000-2999');
  });

  it('give every factor its provenance', () => {
    for (const f of net.factors.factors) {
      expect(f.sourceUrl, f.id).toMatch(/^https:\/\//);
      expect(f.framework.length, f.id).toBeGreaterThan(3);
      expect(f.gwp.length, f.id).toBeGreaterThan(1);
      expect(f.distanceBasis.length, f.id).toBeGreaterThan(3);
    }
  });

  it('are the published values, hand-checked: sea 8000+ TEU, feeder 1000–1999 TEU, rail, road', () => {
    // Sea, over 8,000 TEU: TTW 0.01266 as published; WTT from the fuel burnt:
    // 0.0125 kg CO2/t-km ÷ 3.114 × 0.0405 MJ/g × 13.5 g/MJ = 0.0021947254 kg CO2e/t-km.
    const big = intensities.sea(14_000);
    expect(big.ttw).toBe(0.01266);
    expect(big.wtt).toBeCloseTo(0.0021947254, 10);
    expect(big.wtw).toBeCloseTo(0.0148547254, 10);
    expect(big.adjustment).toBe(0);
    // Feeder, 1,000–1,999 TEU: TTW 0.0325; WTT 0.0321 ÷ 3.114 × 0.0405 × 13.5 = 0.0056360549.
    const feeder = intensities.sea(1_000);
    expect(feeder.ttw).toBe(0.0325);
    expect(feeder.wtt).toBeCloseTo(0.0056360549, 10);
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

  it('make TTW lower than WTW for every mode and class', () => {
    for (const i of [...intensities.seaClasses, intensities.rail, intensities.road]) {
      expect(i.wtt, i.factor.id).toBeGreaterThan(0);
      expect(i.ttw, i.factor.id).toBeLessThan(i.wtw);
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
    const rail = calc('cn-chongqing', 'de-duisburg');
    const r = rail.details[0].routes[0];
    expect(r.routeInfoList.map((l) => [l.transportationMode, l.distance])).toEqual([['Rail', 10781.6]]);
    expect(r.totalEmissionVolume).toBe(5992.4);
    expect(rail.details[1].routes[0].totalEmissionVolume).toBe(7482.4);
  });

  it('computes a vessel and a feeder leg by hand, in tonnes', () => {
    // 15 t, Dublin – Suva: the feeder IRX (1,000 TEU ships) to Antwerp, AEX2 (20,000 TEU) to Shanghai, PIX (2,500 TEU) to Suva.
    const result = calc('ie-dublin', 'fj-suva', { cargoWeightValue: 15, cargoWeightUnit: 'TON' });
    const legs = result.details[0].routes[0].routeInfoList;
    expect(legs.map((l) => [l.transportationMode, l.serviceLoopCode])).toEqual([
      ['Truck', null],
      ['Feeder', 'IRX'],
      ['Vessel', 'AEX2'],
      ['Feeder', 'PIX'],
      ['Truck', null],
    ]);
    const [, irx, aex2, pix] = legs;
    expect(irx.emissionVolume).toBeCloseTo(Math.round(15 * irx.distance * 0.0325 * 10) / 10, 5);
    expect(aex2.emissionVolume).toBeCloseTo(Math.round(15 * aex2.distance * 0.01266 * 10) / 10, 5);
    expect(pix.emissionVolume).toBeCloseTo(Math.round(15 * pix.distance * 0.02025 * 10) / 10, 5);
    expect(irx.factorId).toBe('desnz-container-1000-1999');
    expect(pix.factorId).toBe('desnz-container-2000-2999');
  });

  it('computes a whole route by hand: 3 TEU Shanghai – Rotterdam', () => {
    // Truck 106.2 km to Yangshan, AEX1 19,474.9 km (the sum of its sailed legs), truck 37.5 km to the city.
    // TTW = 30 t × (106.2 × 0.06935 + 19474.9 × 0.01266 + 37.5 × 0.06935)
    //     = 30 × (7.36497 + 246.55223 + 2.600625) = 7695.535 kg.
    const result = calc('cn-shanghai', 'nl-rotterdam', { cargoWeightValue: 3 });
    const best = result.details[0].routes[0];
    expect(seaPair('AEX1', 'CNSHA', 'NLRTM')!.km).toBe(19474.9);
    expect(best.routeInfoList.map((l) => [l.transportationMode, l.serviceLoopCode, l.distance])).toEqual([
      ['Truck', null, 106.2],
      ['Vessel', 'AEX1', 19474.9],
      ['Truck', null, 37.5],
    ]);
    expect(best.totalDistance).toBe(19618.6);
    expect(best.totalEmissionVolume).toBe(7695.5);
    // WTW = 30 × (143.7 × 0.0826506638 + 19474.9 × 0.0148547254) = 9035.14 kg.
    const wtw = result.details[1].routes.find((r) => r.routeId === best.routeId)!;
    expect(wtw.totalEmissionVolume).toBe(9035.1);
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
  function allRoutes(origin: string, destination: string, type: FactorType): number[] {
    const next = net.edgesFor(origin, destination);
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
        walk(e.to, s, cost + edgeWeight(e, type), depth + 1);
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
  ])('lists the lowest route first, and it really is the lowest: %s – %s', (a, b) => {
    for (const type of ['TTW', 'WTW'] as const) {
      const routes = net.routes(a, b, type);
      expect(routes.length).toBeGreaterThan(1);
      const costs = routes.map((r) => r.perTonne[type]);
      expect(costs).toEqual([...costs].sort((x, y) => x - y));
      const brute = allRoutes(a, b, type);
      expect(costs[0]).toBeCloseTo(brute[0], 9);
    }
  }, 60_000);

  it('offers several alternatives, each a chain from the origin city to the destination city', () => {
    const result = calc('cn-shanghai', 'nl-rotterdam');
    const routes = result.details[0].routes;
    expect(routes.length).toBe(5);
    for (const r of routes) {
      expect(r.routeInfoList[0].fromRef).toBe('c:cn-shanghai');
      expect(r.routeInfoList.at(-1)!.toRef).toBe('c:nl-rotterdam');
      for (let i = 1; i < r.routeInfoList.length; i++) expect(r.routeInfoList[i].fromRef).toBe(r.routeInfoList[i - 1].toRef);
      expect(r.totalDistance).toBeCloseTo(r.routeInfoList.reduce((s, l) => s + l.distance, 0), 1);
      expect(result.maps.some((m) => m.routeId === r.routeId)).toBe(true);
    }
    // no chain of loops where one loop serves the port pair: AEX1, AEX2 and AEX3 (round the Cape) are offered instead
    const loops = routes.map((r) => r.routeInfoList.filter((l) => l.serviceLoopCode).map((l) => l.serviceLoopCode).join('+'));
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
    const unreachable = net.cities.filter((c) => c.country !== 'TW' && !net.edgesFor(c.id, c.id === 'cn-shanghai' ? 'cn-beijing' : 'cn-shanghai')(`c:${c.id}`).some((e) => e.to.startsWith('q:')));
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
