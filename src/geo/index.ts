/**
 * Sea routing: shortest feasible sea paths and distances between ports, worked out
 * ahead of time (src/build/derived/generators/sea-legs.ts) into content/routes/sea-legs.json.
 *
 * See sea-route.ts for how a route is made and its conventions (units, path,
 * antimeridian), network.ts for the lane network, passages.ts for the canals and the
 * passages a route can be told to take, land.ts for the coastline it is checked against
 * and detour.ts for the paths over water found where the lanes fall short.
 */
export { METRES_PER_NM, geodesicMetres, haversineMetres, simplifyPath, unwrapPath, type LonLat } from './geodesy.ts';
export { defaultLandMask, LandMask, type LandStretch } from './land.ts';
export { buildNetwork, canalNetwork, defaultNetwork, readMarnet, type BuildOptions, type NetworkStats, type SeaNetwork } from './network.ts';
export { CANALS, CLOSED_LANES, PASSAGE_IDS, PASSAGES, passage, type Canal, type Passage, type PassageId } from './passages.ts';
export { seaRoute, straighten, UnreachableError, type SeaRoute, type SeaRouteOptions, type SnapInfo } from './sea-route.ts';
