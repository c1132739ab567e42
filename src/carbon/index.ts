import { parseContent } from '../shared/parse-content';
import { loadRouteNetwork } from '../routes/route-network';
import { CarbonFactors, CarbonNetworkFile, CitiesFile, RailFile } from '../content-model/schemas/carbon';
import { calculateShipment, type ShipmentInput, type ShipmentResult } from './calculate.ts';
import { cityIndex, type CitySuggestion } from './cities.ts';
import { buildCarbonNetwork, type CarbonNetwork } from './network.ts';

/**
 * The carbon calculator's engine, loaded once per process from content/carbon/ and
 * the route content (the service loops, their ports and sea legs), validated with the
 * content schemas. The API (src/server/routes/carbon.ts), the methodology panel (at
 * build time) and the tests use it; nothing here does HTTP.
 */
export { calculateShipment, placeName, routeGeometry, type ResultLeg, type ResultRoute, type ShipmentInput, type ShipmentResult } from './calculate.ts';
export { cityAddress, fold, type CitySuggestion } from './cities.ts';
export { buildIntensities, cargoTonnes, derivedWtt, legEmission, toPerTonneKm, type ByNature, type CargoNature, type FactorType, type Intensity, type Mode } from './factors.ts';
export { buildCarbonNetwork, cheapestPath, kShortest, type CarbonNetwork, type Edge, type Route } from './network.ts';

const factorsFile = import.meta.glob<unknown>('../../content/carbon/factors.json', { eager: true, import: 'default' });
const citiesFile = import.meta.glob<unknown>('../../content/carbon/cities.json', { eager: true, import: 'default' });
const railFile = import.meta.glob<unknown>('../../content/carbon/rail.json', { eager: true, import: 'default' });
const networkFile = import.meta.glob<unknown>('../../content/carbon/network.json', { eager: true, import: 'default' });

function only(files: Record<string, unknown>, name: string): unknown {
  const values = Object.values(files);
  if (values.length !== 1) throw new Error(`${name} is missing${name.endsWith('network.json') ? ': run npm run carbon:data' : ''}`);
  return values[0];
}

export interface CarbonEngine {
  network: CarbonNetwork;
  searchCities(text: string, language: 0 | 1, limit?: number): CitySuggestion[];
  calculate(input: ShipmentInput, index: number, language: 0 | 1): ShipmentResult;
}

let engine: CarbonEngine | undefined;

export function loadCarbonEngine(): CarbonEngine {
  engine ??= createEngine();
  return engine;
}

function createEngine(): CarbonEngine {
  const routes = loadRouteNetwork();
  const loops = new Map([...routes.services.values()].map(({ service }) => [service.code, service]));
  const network = buildCarbonNetwork({
    factors: parseContent('content/carbon/factors.json', CarbonFactors, only(factorsFile, 'content/carbon/factors.json')),
    cities: parseContent('content/carbon/cities.json', CitiesFile, only(citiesFile, 'content/carbon/cities.json')),
    rail: parseContent('content/carbon/rail.json', RailFile, only(railFile, 'content/carbon/rail.json')).corridors,
    network: parseContent('content/carbon/network.json', CarbonNetworkFile, only(networkFile, 'content/carbon/network.json')),
    ports: routes.ports,
    loops,
  });
  const index = cityIndex(network.cities, network.countryName);
  const seaLegPath = (key: string) => {
    const leg = routes.legs.get(key);
    if (!leg) throw new Error(`content/routes/sea-legs.json has no leg ${key}: run npm run routes:legs, then npm run carbon:data`);
    return leg.path;
  };
  return {
    network,
    searchCities: (text, language, limit) => index.search(text, language, limit),
    calculate: (input, i, language) => calculateShipment(input, i, language, { network, seaLegPath }),
  };
}
