import type { CarbonFactors, EmissionFactor, FuelFactor } from '../schemas/carbon';

/**
 * Emission intensities of each mode, from the published factors of
 * content/carbon/factors.json: tank-to-wheel as published (with the source's own
 * distance adjustment, applied once), well-to-tank either published or derived from
 * the fuel burnt, and well-to-wheel their sum. Pure functions.
 */

export type FactorType = 'TTW' | 'WTW';
export type Mode = 'Vessel' | 'Feeder' | 'Rail' | 'Truck';

/** How a WTT intensity was obtained, for the methodology panel and the tests. */
export type WttSource =
  | { kind: 'published'; factor: EmissionFactor }
  | { kind: 'derived'; fuel: FuelFactor; from: 'co2' | 'value'; basis: number };

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

/**
 * Well-to-tank from the fuel burnt: fuel (kg per tonne-km) = CO2 (kg/t-km) ÷ Cf; its
 * energy (MJ) = fuel × 1000 g/kg × LCV (MJ/g); WTT (kg CO2e) = energy × WTT (g/MJ) ÷ 1000.
 * The two 1000s cancel: WTT = basis ÷ Cf × LCV × WTT.
 */
export function derivedWtt(basis: number, fuel: FuelFactor): number {
  return (basis / fuel.carbonFactor) * fuel.lowerCalorificValue * fuel.wellToTank;
}

function intensityOf(data: CarbonFactors, factor: EmissionFactor, wtt: CarbonFactors['modes']['sea']['wtt']): Intensity {
  const adjustment = factor.distanceAdjustment;
  const scale = 1 + adjustment;
  let wttValue: number;
  let wttSource: WttSource;
  if ('factor' in wtt) {
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
  /** Sea intensity for a ship of this many TEU (its DESNZ size class). */
  sea(teu: number): Intensity;
  rail: Intensity;
  road: Intensity;
  /** Every sea size class, smallest first. */
  seaClasses: Intensity[];
}

export function buildIntensities(data: CarbonFactors): Intensities {
  const seaFactors = data.factors.filter((f) => f.mode === 'sea' && f.minTeu !== undefined).sort((a, b) => a.minTeu! - b.minTeu!);
  if (!seaFactors.length) throw new Error('content/carbon/factors.json: no sea size classes');
  const seaClasses = seaFactors.map((f) => intensityOf(data, f, data.modes.sea.wtt));
  const byId = (id: string) => {
    const f = data.factors.find((x) => x.id === id);
    if (!f) throw new Error(`content/carbon/factors.json: no factor ${id}`);
    return f;
  };
  return {
    seaClasses,
    sea(teu) {
      const found = seaClasses.find((c) => teu >= c.factor.minTeu! && (c.factor.maxTeu === undefined || teu <= c.factor.maxTeu));
      if (!found) throw new Error(`no sea size class for a ${teu} TEU ship`);
      return found;
    },
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
