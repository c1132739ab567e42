import type { Location } from '../contract/entities';
import locationsJson from '../../content/local-sites.json';
import vesselsJson from '../../content/vessels.json';
import { LocalSitesFile } from '../content-model/schemas/local';
import { VesselsFile, type Vessel } from '../content-model/schemas/vessels';
import { parseContent } from '../shared/parse-content';

/**
 * Content the API answers from. The files are bundled into the server and
 * validated with the same schemas as the build, once, on first use.
 */
let locations: Location[] | undefined;

export function loadLocations(): Location[] {
  locations ??= parseContent('content/local-sites.json', LocalSitesFile, locationsJson).locations;
  return locations;
}

let vessels: Vessel[] | undefined;

export function loadVessels(): Vessel[] {
  vessels ??= parseContent('content/vessels.json', VesselsFile, vesselsJson).vessels;
  return vessels;
}
