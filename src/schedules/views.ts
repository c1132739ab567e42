import type { Locale } from '../i18n/locales';
import { fold } from '../offices/office-search';
import { servicePagePath } from '../routes/routes';
import type { CutOff } from './cutoffs';
import { loadSchedules, type ScheduleEngine } from './index';
import { portSchedulePath, vesselSchedulePath } from './paths';
import type { PortOption } from './port-search';
import { searchTerms } from './search-terms';
import { DAY_MS } from './time';
import type { DatedCall } from './timetable';

/**
 * What the schedule pages show, worked out at build time from the engine: the port and
 * vessel schedules (tables of dated calls, names in the page's language, links to the
 * loop, port and vessel pages) and the port list of the search island.
 */

export const PORT_PAGE_DAYS = 28;
export const VESSEL_PAGE_DAYS = 84;

export interface CallRow {
  vessel: { name: string; href?: string; imo?: string };
  service: { code: string; name: string; href: string };
  port: { locode: string; name: string; href: string };
  terminal: string;
  importVoyage: string;
  exportVoyage: string;
  arrival: string;
  departure: string;
  cutOffs: CutOff[];
}

export function engineForBuild(): ScheduleEngine {
  return loadSchedules();
}

export function callRow(engine: ScheduleEngine, call: DatedCall, locale: Locale): CallRow {
  const { network } = engine.content;
  const entry = network.services.get(call.service)!;
  const port = network.ports.get(call.port)!;
  const vessel = call.vessel === 'TBN' ? undefined : engine.vessel(call.vessel);
  return {
    vessel: vessel ? { name: vessel.name, imo: vessel.imo, href: vesselSchedulePath(vessel.imo) } : { name: locale === 'zh' ? '待定船舶' : 'To be nominated' },
    service: { code: call.service, name: entry.service.name[locale], href: servicePagePath(entry.direction.id, call.service) },
    port: { locode: call.port, name: port.name[locale], href: portSchedulePath(call.port) },
    terminal: port.terminals.find((t) => t.code === call.terminal)!.name[locale],
    importVoyage: call.importVoyage,
    exportVoyage: call.exportVoyage,
    arrival: call.arrival.local,
    departure: call.departure.local,
    cutOffs: engine.cutOffsOf(call),
  };
}

/** Calls at a port from the start of the build day for PORT_PAGE_DAYS, by arrival. */
export function portScheduleRows(engine: ScheduleEngine, locode: string, locale: Locale): CallRow[] {
  const from = Date.parse(`${engine.horizon.asOf}T00:00:00Z`);
  return engine
    .portCalls(locode, from, from + PORT_PAGE_DAYS * DAY_MS)
    .sort((a, b) => a.arrival.epoch - b.arrival.epoch)
    .map((c) => callRow(engine, c, locale));
}

/** A vessel's calls from the start of the build day for VESSEL_PAGE_DAYS. */
export function vesselScheduleRows(engine: ScheduleEngine, imo: string, locale: Locale): CallRow[] {
  const from = Date.parse(`${engine.horizon.asOf}T00:00:00Z`);
  return engine.vesselCalls(imo, from, from + VESSEL_PAGE_DAYS * DAY_MS).map((c) => callRow(engine, c, locale));
}

/** Ports with at least one loop, in English or pinyin order of the page's language. */
export function portOptions(engine: ScheduleEngine, locale: Locale): PortOption[] {
  const { ports } = engine.content.network;
  return [...engine.router.ports]
    .map((locode) => ports.get(locode)!)
    .map((p) => {
      const { terms, reading } = searchTerms(p.name, p.locode);
      return { locode: p.locode, name: p.name[locale], country: p.country[locale], terms, sort: locale === 'zh' ? reading : fold(p.name.en) };
    })
    .sort((a, b) => a.sort.localeCompare(b.sort))
    .map(({ sort: _sort, ...rest }) => rest);
}

/** Loops calling a port, in content order. */
export function loopsAt(engine: ScheduleEngine, locode: string) {
  return engine.content.services.filter(({ service }) => service.calls.some((c) => c.port === locode));
}

/** Deployed ships (IMO) in loop order. */
export function deployedVessels(engine: ScheduleEngine): string[] {
  return engine.content.services.flatMap(({ service }) => service.deployment.vessels.filter((v) => v !== 'TBN'));
}
