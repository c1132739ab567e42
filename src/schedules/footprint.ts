import { legEmission, type CargoNature, type CarbonNetwork } from '../carbon';
import type { RouteOption } from './routing';

/**
 * CO2e of a sailing option with the carbon calculator's engine: each leg is the carbon
 * network's edge for its loop and port pair (along-loop distance, trade-lane or feeder
 * intensity for dry or reefer cargo), and legEmission is the calculator's own function, so
 * the figure on a sailing and the calculator's for the same legs are the same number.
 */

export interface Footprint {
  /** kg CO2e, tank to wheel and well to wheel. */
  ttwKg: number;
  wtwKg: number;
  tonnes: number;
  km: number;
}

export function footprint(option: RouteOption, nature: CargoNature, tonnes: number): Footprint {
  let ttw = 0;
  let wtw = 0;
  let km = 0;
  for (const { segment } of option.legs) {
    const intensity = segment.edge.intensity[nature];
    ttw += legEmission(tonnes, segment.edge.km, intensity, 'TTW');
    wtw += legEmission(tonnes, segment.edge.km, intensity, 'WTW');
    km += segment.edge.km;
  }
  return { ttwKg: ttw, wtwKg: wtw, tonnes, km: Math.round(km * 10) / 10 };
}

/** Tonnes in one TEU by the calculator's convention. */
export const teuTonnes = (carbon: CarbonNetwork) => carbon.factors.teuTonnes.value;
