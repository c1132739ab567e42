import type { LonLat } from '../../src/geo/geodesy.ts';

/**
 * The reference table of published port-to-port sea distances, shared by the sea
 * routing tests (sea-route.test.ts) and the carbon calculator's tests (carbon.test.ts).
 */

/** Port positions used by these tests (UN/LOCODE, [lon, lat] of the port, not of its city centre when they differ much). */
export const AT: Record<string, LonLat> = {
  CNSHA: [121.6, 31.36], // Shanghai, Waigaoqiao
  USLAX: [-118.27, 33.73], // Los Angeles, San Pedro
  USLGB: [-118.21, 33.75], // Long Beach
  NLRTM: [4.05, 51.96], // Rotterdam, Maasvlakte
  SGSIN: [103.83, 1.26], // Singapore, Keppel / Tanjong Pagar
  JPYOK: [139.67, 35.45], // Yokohama
  HKHKG: [114.15, 22.3], // Hong Kong, Kowloon
  USNYC: [-74.04, 40.67], // New York, Brooklyn / Red Hook
  BRSSZ: [-46.3, -23.97], // Santos
  LKCMB: [79.85, 6.95], // Colombo
  PABLB: [-79.57, 8.95], // Balboa
  PACTB: [-79.9, 9.36], // Cristóbal / Colón
  EGPSD: [32.3, 31.26], // Port Said
  GIGIB: [-5.35, 36.13], // Gibraltar
  GBSOU: [-1.4, 50.9], // Southampton
  AUSYD: [151.2, -33.96], // Sydney, Port Botany
  AEJEA: [55.03, 25.01], // Jebel Ali
};

/**
 * Published port-to-port distances, nautical miles. These are the figures as commonly
 * quoted by the sources named (rounded as quoted; recalled, not looked up in a licensed
 * table): an analyst should confirm them against AtoBviaC, Netpas or BP tables before
 * relying on them for an audit. Each computed distance must be within `tolerance`
 * (default 3 %) of the published one.
 */
export const REFERENCES: Array<{ from: string; to: string; nm: number; source: string; tolerance?: number; why?: string }> = [
  { from: 'CNSHA', to: 'USLAX', nm: 5700, source: 'sea-distances.org, about 5,700 nm' },
  { from: 'CNSHA', to: 'NLRTM', nm: 10500, source: 'sea-distances.org via Suez, about 10,500 nm (Rodrigue, PEMP: about 10,600)' },
  { from: 'SGSIN', to: 'NLRTM', nm: 8288, source: 'sea-distances.org via Suez, 8,288 nm' },
  { from: 'JPYOK', to: 'USLGB', nm: 4850, source: 'sea-distances.org / Netpas, about 4,850 nm' },
  { from: 'HKHKG', to: 'SGSIN', nm: 1450, source: 'sea-distances.org, about 1,450 nm' },
  { from: 'CNSHA', to: 'USNYC', nm: 10600, source: 'sea-distances.org via Panama, about 10,600 nm' },
  { from: 'HKHKG', to: 'USLAX', nm: 6380, source: 'sea-distances.org, about 6,380 nm' },
  { from: 'CNSHA', to: 'SGSIN', nm: 2200, source: 'sea-distances.org, about 2,200 nm' },
  { from: 'LKCMB', to: 'SGSIN', nm: 1570, source: 'sea-distances.org, about 1,570 nm' },
  { from: 'USLAX', to: 'PABLB', nm: 2913, source: 'NGA Pub. 151 / Panama Canal Authority, Los Angeles – Balboa 2,913 nm' },
  { from: 'PACTB', to: 'USNYC', nm: 1972, source: 'NGA Pub. 151, Cristóbal – New York 1,972 nm' },
  { from: 'EGPSD', to: 'GIGIB', nm: 1912, source: 'sea-distances.org, about 1,910 nm' },
  { from: 'BRSSZ', to: 'NLRTM', nm: 5500, source: 'sea-distances.org, about 5,500 nm' },
  { from: 'GBSOU', to: 'USNYC', nm: 3150, source: 'Cunard, Southampton – New York crossing, about 3,150 nm' },
  {
    from: 'NLRTM',
    to: 'USNYC',
    nm: 3450,
    source: 'sea-distances.org, about 3,450 nm',
    tolerance: 0.05,
    why: 'published tables follow the seasonal North Atlantic track, south of the great circle the network follows (about 3,300 nm); Southampton – New York above agrees within 1 %',
  },
];
