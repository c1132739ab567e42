import type { CarbonResult } from '../../contract/carbon';

/**
 * The calculator's results as CSV (RFC 4180: comma-separated, CRLF, fields with a
 * comma, quote or line break quoted), one row per leg of every route of every
 * shipment, for both factor types, so a spreadsheet can recompute every figure:
 * kg CO2e = cargo tonnes × distance km × intensity. Column names are English (they
 * are data, not interface); place names are in the page's language. Starts with a
 * byte-order mark so that spreadsheet programs read UTF-8 (Chinese names).
 */
export const CSV_COLUMNS = [
  'shipment',
  'origin',
  'destination',
  'cargo_value',
  'cargo_unit',
  'cargo_nature',
  'cargo_tonnes',
  'factor_type',
  'route',
  'lowest',
  'route_km',
  'route_kg_co2e',
  'leg',
  'from',
  'to',
  'mode',
  'service_loop',
  'vessel_teu',
  'leg_km',
  'distance_method',
  'factor_id',
  'intensity_kg_co2e_per_tkm',
  'leg_kg_co2e',
] as const;

function field(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsCsv(results: readonly CarbonResult[]): string {
  const rows: (string | number | null)[][] = [[...CSV_COLUMNS]];
  for (const r of results) {
    for (const detail of r.details) {
      detail.routes.forEach((route, i) => {
        route.routeInfoList.forEach((leg, j) => {
          rows.push([
            r.index,
            r.originCityDisplayName,
            r.destinationCityDisplayName,
            r.cargoVolumeValue,
            r.cargoWeightUnit,
            r.cargoNature,
            r.cargoTonnes,
            detail.factorType,
            i + 1,
            i === 0 ? 'yes' : 'no',
            route.totalDistance,
            route.totalEmissionVolume,
            j + 1,
            leg.fromCityName,
            leg.toCityName,
            leg.transportationMode,
            leg.serviceLoopCode,
            leg.vesselTeu,
            leg.distance,
            leg.distanceMethod,
            leg.factorId,
            Number(leg.intensity.toPrecision(8)),
            leg.emissionVolume,
          ]);
        });
      });
      if (!detail.routes.length)
        rows.push([
          r.index,
          r.originCityDisplayName,
          r.destinationCityDisplayName,
          r.cargoVolumeValue,
          r.cargoWeightUnit,
          r.cargoNature,
          r.cargoTonnes,
          detail.factorType,
          null,
          null,
          null,
          null,
          null,
          'No Data',
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ]);
    }
  }
  return `\ufeff${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
