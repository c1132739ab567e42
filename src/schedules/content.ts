import vesselsJson from '../../content/vessels.json';
import charteredJson from '../../content/routes/chartered-vessels.json';
import rulesJson from '../../content/routes/schedule-rules.json';
import { vesselTeu } from '../carbon/distances.ts';
import { parseContent } from '../shared/parse-content';
import { loadRouteNetwork, type RouteNetwork, type ServiceEntry } from '../routes/route-network';
import type { Localised } from '../content-model/schemas/common';
import { CharteredVesselsFile, ScheduleRules } from '../content-model/schemas/schedules';
import { VesselsFile } from '../content-model/schemas/vessels';

/**
 * The content the dated schedules are computed from, validated once and cross-checked:
 * the route network (rotations with their deployment, ports with their time zones), the
 * ships (our fleet, content/vessels.json, and the chartered ships,
 * content/routes/chartered-vessels.json) and the rules (cut-offs, transhipment hubs).
 * Every problem names the file, the loop and what is wrong.
 */

export interface ScheduleVessel {
  imo: string;
  name: string;
  /** Our own ship (on the fleet page, with certificates) or chartered in. */
  owned: boolean;
  /** The fleet page id of an own ship. */
  fleetId?: string;
  built: number;
  capacityTeu: number;
  lengthM: number;
  beamM: number;
  flag: Localised;
}

export interface ScheduleContent {
  network: RouteNetwork;
  vessels: Map<string, ScheduleVessel>;
  rules: ScheduleRules;
  /** Loops in content order. */
  services: ServiceEntry[];
  /** The loop each deployed ship sails. */
  loopOfVessel: Map<string, string>;
}

/** How far a deployed ship's capacity may be from the loop's vessel class (a fraction of the class). */
export const CLASS_TOLERANCE = 0.3;

let loaded: ScheduleContent | undefined;

export function loadScheduleContent(): ScheduleContent {
  loaded ??= build();
  return loaded;
}

function build(): ScheduleContent {
  const network = loadRouteNetwork();
  const rules = parseContent('content/routes/schedule-rules.json', ScheduleRules, rulesJson);
  const vessels = new Map<string, ScheduleVessel>();
  for (const v of VesselsFile.parse(vesselsJson).vessels)
    vessels.set(v.imo, { imo: v.imo, name: v.name.en, owned: true, fleetId: v.id, built: v.built, capacityTeu: v.capacityTeu, lengthM: v.lengthM, beamM: v.beamM, flag: v.flag });
  for (const v of parseContent('content/routes/chartered-vessels.json', CharteredVesselsFile, charteredJson).vessels) {
    if (vessels.has(v.imo)) throw new Error(`content/routes/chartered-vessels.json: IMO ${v.imo} (${v.name}) is also in content/vessels.json`);
    vessels.set(v.imo, { ...v, owned: false });
  }
  const services = [...network.services.values()];
  const loopOfVessel = new Map<string, string>();
  for (const { service } of services) {
    const where = `content/routes/trades: loop ${service.code}`;
    const classTeu = vesselTeu(service.vesselClass);
    for (const imo of service.deployment.vessels) {
      if (imo === 'TBN') continue;
      const vessel = vessels.get(imo);
      if (!vessel) throw new Error(`${where}: deployment names IMO ${imo}, which is in neither content/vessels.json nor content/routes/chartered-vessels.json`);
      const other = loopOfVessel.get(imo);
      if (other) throw new Error(`${where}: ${vessel.name} (IMO ${imo}) is already deployed on loop ${other}`);
      if (Math.abs(vessel.capacityTeu - classTeu) / classTeu > CLASS_TOLERANCE)
        throw new Error(`${where}: ${vessel.name} (${vessel.capacityTeu} TEU) does not fit the loop's vessel class "${service.vesselClass}" (within ${CLASS_TOLERANCE * 100} %)`);
      loopOfVessel.set(imo, service.code);
    }
  }
  for (const hub of rules.transhipment.hubs) if (!network.ports.has(hub.port)) throw new Error(`content/routes/schedule-rules.json: hub ${hub.port} is not a port in content/routes/ports.json`);
  for (const port of Object.keys(rules.cutOffs.ports))
    if (!network.ports.has(port)) throw new Error(`content/routes/schedule-rules.json: cut-offs for ${port}, which is not a port in content/routes/ports.json`);
  return { network, vessels, rules, services, loopOfVessel };
}
