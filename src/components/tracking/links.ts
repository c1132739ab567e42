import type { TrackLinks } from '../../islands/tracking/strings';
import { loadRouteNetwork } from '../../routes/route-network';
import { servicePagePath } from '../../routes/routes';
import { deployedVessels, engineForBuild } from '../../schedules/views';

/**
 * Where the tracking results link to (src/islands/tracking/TrackResults.tsx): each service's route
 * page and the vessels that have a schedule page, as the build makes them. Given to the island as
 * props, so that it carries no route network.
 */
export function trackLinks(): TrackLinks {
  const network = loadRouteNetwork();
  const routes = Object.fromEntries([...network.services].map(([code, entry]) => [code, servicePagePath(entry.direction.id, code)]));
  return { routes, vessels: [...new Set(deployedVessels(engineForBuild()))].sort().join(' ') };
}
