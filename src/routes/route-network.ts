import { z } from 'zod';
import { parseContent } from '../shared/parse-content';
import { DirectionsFile, PortsFile, SeaLeg, Trade, type Direction, type Port, type RouteGroup, type SeaPassage, type Service } from '../content-model/schemas/routes';
import { legKey, sailedLegs } from './routes';

/**
 * The carrier's route network as content/routes/ holds it, validated once and
 * indexed. Pages (at build time) and the API (at run time) read it from here, so
 * both show the same thing.
 */

export interface ServiceEntry {
  service: Service;
  group: RouteGroup;
  direction: Direction;
}

export interface RouteNetwork {
  directions: Direction[];
  ports: Map<string, Port>;
  groups: Map<string, { group: RouteGroup; direction: Direction }>;
  services: Map<string, ServiceEntry>;
  groupsOf(directionId: number): RouteGroup[];
  legs: Map<string, SeaLeg>;
  /**
   * The sea leg between two consecutive calls, through `via` if the call says so (key
   * "FROM-TO~via"); throws if the legs file lacks it. Without `via`, the shortest-way leg
   * "FROM-TO", or if the content sails that pair only one way, that leg.
   */
  leg(from: string, to: string, via?: SeaPassage): SeaLeg;
}

const tradeFiles = import.meta.glob<unknown>('../../content/routes/trades/*.json', { eager: true, import: 'default' });
const portsFile = import.meta.glob<unknown>('../../content/routes/ports.json', { eager: true, import: 'default' });
const directionsFile = import.meta.glob<unknown>('../../content/routes/directions.json', { eager: true, import: 'default' });
const legsFile = import.meta.glob<unknown>('../../content/routes/sea-legs.json', { eager: true, import: 'default' });

let network: RouteNetwork | undefined;

export function loadRouteNetwork(): RouteNetwork {
  network ??= buildNetwork();
  return network;
}

function only(files: Record<string, unknown>, name: string): unknown {
  const values = Object.values(files);
  if (values.length !== 1) throw new Error(`${name} is missing`);
  return values[0];
}

function buildNetwork(): RouteNetwork {
  const directions = parseContent('content/routes/directions.json', DirectionsFile, only(directionsFile, 'content/routes/directions.json')).directions;
  const ports = new Map(parseContent('content/routes/ports.json', PortsFile, only(portsFile, 'content/routes/ports.json')).ports.map((p) => [p.locode, p]));
  const legsRaw = Object.values(legsFile)[0] ?? {};
  const legs = new Map(Object.entries(parseContent('content/routes/sea-legs.json', z.record(z.string(), SeaLeg), legsRaw)));
  const groups = new Map<string, { group: RouteGroup; direction: Direction }>();
  const services = new Map<string, ServiceEntry>();
  const byDirection = new Map<number, RouteGroup[]>();

  for (const [path, raw] of Object.entries(tradeFiles).sort(([a], [b]) => a.localeCompare(b))) {
    const file = path.replace(/^(\.\.\/)+/, '');
    const trade = parseContent(file, Trade, raw);
    const direction = directions.find((d) => d.id === trade.direction);
    if (!direction) throw new Error(`${file}: direction ${trade.direction} is not in content/routes/directions.json`);
    if (byDirection.has(trade.direction)) throw new Error(`${file}: a second file for direction ${trade.direction}`);
    byDirection.set(trade.direction, trade.groups);
    for (const group of trade.groups) {
      if (groups.has(group.id)) throw new Error(`${file}: route group id ${group.id} is used twice`);
      groups.set(group.id, { group, direction });
      for (const service of group.services) {
        if (services.has(service.code)) throw new Error(`${file}: service code ${service.code} is used twice`);
        for (const call of service.calls) {
          const port = ports.get(call.port);
          if (!port) throw new Error(`${file}: ${service.code} calls ${call.port}, which is not in content/routes/ports.json`);
          if (!port.terminals.some((t) => t.code === call.terminal)) throw new Error(`${file}: ${service.code} calls ${call.port} at terminal ${call.terminal}, which that port does not list`);
        }
        services.set(service.code, { service, group, direction });
      }
    }
  }

  return {
    directions,
    ports,
    groups,
    services,
    legs,
    groupsOf: (id) => byDirection.get(id) ?? [],
    leg(from, to, via) {
      const key = legKey(from, to, via);
      const leg = legs.get(key);
      if (!leg) throw new Error(`content/routes/sea-legs.json has no leg ${key}: run npm run routes:legs`);
      return leg;
    },
  };
}

/** Every sea leg the content needs, for the check that the legs file is complete. */
export function requiredLegs(net: RouteNetwork): string[] {
  return [...new Set([...net.services.values()].flatMap(({ service }) => sailedLegs(service).map(([a, b, via]) => legKey(a, b, via))))].sort();
}
