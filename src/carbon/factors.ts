import type { CarbonFactors, EmissionFactor, FuelFactor } from '../content-model/schemas/carbon';
import type { CargoNature } from '../forms/validation/carbon';

/**
 * Emission intensities of each mode, from the published factors of
 * content/carbon/factors.json, all in kg CO2e per tonne-km (a value published per
 * TEU-km is divided by the one tonnes-per-TEU factor): tank-to-wheel as published
 * (with the source's own distance adjustment, applied once), well-to-tank published
 * with it, published apart, or derived from the fuel burnt, and well-to-wheel their
 * sum. Vessel legs take the factor of their trade lane (the regions of the two
 * ports) and cargo nature; feeder legs that of their ship's size class. Pure functions.
 */

export type FactorType = 'TTW' | 'WTW';
export type Mode = 'Vessel' | 'Feeder' | 'Rail' | 'Truck';
export type { CargoNature };

/** How a WTT intensity was obtained, for the methodology panel and the tests. */
export type WttSource = { kind: 'with-factor'; value: number } | { kind: 'published'; factor: EmissionFactor } | { kind: 'derived'; fuel: FuelFactor; from: 'co2' | 'value'; basis: number };

export interface Intensity {
  /** kg CO2e per tonne-km, tank to wheel, after the distance adjustment. */
  ttw: number;
  /** kg CO2e per tonne-km, well to tank, after the distance adjustment. */
  wtt: number;
  /** ttw + wtt. */
  wtw: number;
  /** The TTW factor used. */
  factor: EmissionFactor;
  wttSource: WttSource;
  /** The distance adjustment applied (e.g. -0.05), 0 for none. */
  adjustment: number;
}

/** An edge's intensity for each cargo nature (the same object where the source has no reefer value). */
export type ByNature = Record<CargoNature, Intensity>;

/**
 * Well-to-tank from the fuel burnt: fuel (kg per tonne-km) = CO2 (kg/t-km) ÷ Cf; its
 * energy (MJ) = fuel × 1000 g/kg × LCV (MJ/g); WTT (kg CO2e) = energy × WTT (g/MJ) ÷ 1000.
 * The two 1000s cancel: WTT = basis ÷ Cf × LCV × WTT.
 */
export function derivedWtt(basis: number, fuel: FuelFactor): number {
  return (basis / fuel.carbonFactor) * fuel.lowerCalorificValue * fuel.wellToTank;
}

/** kg CO2e per tonne-km of one unit of the factor's published unit. */
export function toPerTonneKm(factor: EmissionFactor, teuTonnes: number): number {
  return factor.unit === 'gCO2e/TEU-km' ? 1 / (1000 * teuTonnes) : 1;
}

function intensityOf(data: CarbonFactors, factor: EmissionFactor, wtt: CarbonFactors['modes']['sea']['wtt']): Intensity {
  const adjustment = factor.distanceAdjustment;
  const scale = (1 + adjustment) * toPerTonneKm(factor, data.teuTonnes.value);
  let wttValue: number;
  let wttSource: WttSource;
  if (wtt === 'published with the factor') {
    if (factor.wtt === undefined) throw new Error(`content/carbon/factors.json: ${factor.id} has no published WTT`);
    wttValue = factor.wtt;
    wttSource = { kind: 'with-factor', value: factor.wtt };
  } else if ('factor' in wtt) {
    const published = data.factors.find((f) => f.id === wtt.factor);
    if (!published) throw new Error(`content/carbon/factors.json: no factor ${wtt.factor}`);
    wttValue = published.value;
    wttSource = { kind: 'published', factor: published };
  } else {
    const fuel = data.fuels.find((f) => f.id === wtt.fuel);
    if (!fuel) throw new Error(`content/carbon/factors.json: no fuel ${wtt.fuel}`);
    const basis = wtt.from === 'co2' ? factor.co2 : factor.value;
    if (basis === undefined) throw new Error(`content/carbon/factors.json: ${factor.id} has no CO2 component to derive WTT from`);
    wttValue = derivedWtt(basis, fuel);
    wttSource = { kind: 'derived', fuel, from: wtt.from, basis };
  }
  const ttw = factor.value * scale;
  const wttScaled = wttValue * scale;
  return { ttw, wtt: wttScaled, wtw: ttw + wttScaled, factor, wttSource, adjustment };
}

export interface Intensities {
  /** Vessel leg between two ports (UN/LOCODEs): the factor of its trade lane, for each nature. */
  vessel(fromLocode: string, toLocode: string): ByNature;
  /** The trade lane of a leg between two ports: a seaLanes id, or seaLaneFallback. */
  laneOf(fromLocode: string, toLocode: string): string;
  /** The region (seaRegions id) of a port; throws for a port no region holds. */
  regionOf(locode: string): string;
  /** Feeder leg on a ship of this many TEU: its DESNZ size class (the same for both natures). */
  feeder(teu: number): ByNature;
  /** Every Vessel factor, in the file's order (lanes, dry then reefer). */
  seaFactors: Intensity[];
  /** Every feeder size class, smallest first. */
  feederClasses: Intensity[];
  rail: Intensity;
  road: Intensity;
}

const both = (i: Intensity): ByNature => ({ Dry: i, Reefer: i });

export function buildIntensities(data: CarbonFactors): Intensities {
  const seaFactors = data.factors.filter((f) => f.mode === 'sea').map((f) => intensityOf(data, f, data.modes.sea.wtt));
  const feederFactors = data.factors.filter((f) => f.mode === 'feeder').sort((a, b) => a.minTeu! - b.minTeu!);
  if (!seaFactors.length || !feederFactors.length) throw new Error('content/carbon/factors.json: no sea lanes or no feeder size classes');
  const feederClasses = feederFactors.map((f) => intensityOf(data, f, data.modes.feeder.wtt));
  const byId = (id: string) => {
    const f = data.factors.find((x) => x.id === id);
    if (!f) throw new Error(`content/carbon/factors.json: no factor ${id}`);
    return f;
  };
  const regionByPort = new Map<string, string>();
  const regionByCountry = new Map<string, string>();
  for (const r of data.seaRegions) {
    for (const p of r.ports) regionByPort.set(p, r.id);
    for (const c of r.countries) regionByCountry.set(c, r.id);
  }
  const regionOf = (locode: string) => {
    const region = regionByPort.get(locode) ?? regionByCountry.get(locode.slice(0, 2));
    if (!region) throw new Error(`content/carbon/factors.json: no sea region holds the port ${locode}`);
    return region;
  };
  const laneOf = (from: string, to: string) => {
    const a = regionOf(from);
    const b = regionOf(to);
    const lane = data.seaLanes.find(({ between: [x, y] }) => (x.includes(a) && y.includes(b)) || (x.includes(b) && y.includes(a)));
    return lane?.id ?? data.seaLaneFallback;
  };
  const laneIntensity = new Map<string, ByNature>();
  for (const i of seaFactors) {
    const lane = i.factor.lane!;
    const entry = laneIntensity.get(lane) ?? ({} as ByNature);
    entry[i.factor.nature!] = i;
    laneIntensity.set(lane, entry);
  }
  return {
    vessel(from, to) {
      const lane = laneOf(from, to);
      const found = laneIntensity.get(lane);
      if (!found?.Dry || !found.Reefer) throw new Error(`content/carbon/factors.json: no dry and reefer factors for lane ${lane}`);
      return found;
    },
    laneOf,
    regionOf,
    feeder(teu) {
      const found = feederClasses.find((c) => teu >= c.factor.minTeu! && (c.factor.maxTeu === undefined || teu <= c.factor.maxTeu));
      if (!found) throw new Error(`no feeder size class for a ${teu} TEU ship`);
      return both(found);
    },
    seaFactors,
    feederClasses,
    rail: intensityOf(data, byId(data.modes.rail.ttw), data.modes.rail.wtt),
    road: intensityOf(data, byId(data.modes.road.ttw), data.modes.road.wtt),
  };
}

/** kg CO2e of one leg: tonnes × km × intensity of the factor type. */
export function legEmission(tonnes: number, km: number, intensity: Intensity, type: FactorType): number {
  return tonnes * km * (type === 'TTW' ? intensity.ttw : intensity.wtw);
}

/** Cargo mass in tonnes: TEU × the tonnes-per-TEU convention, or tonnes as given. */
export function cargoTonnes(value: number, unit: 'TEU' | 'TON', teuTonnes: number): number {
  return unit === 'TEU' ? value * teuTonnes : value;
}
