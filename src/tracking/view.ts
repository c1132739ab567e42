import { legEmission, loadCarbonEngine, type CargoNature } from '../carbon';
import type { TrackLeg, TrackMilestone, TrackShipment, MilestoneTime } from '../contract/tracking';
import type { Locale } from '../i18n/locales';
import { loadRouteNetwork } from '../routes/route-network';
import { localIso } from '../schedules/time';
import type { Event } from './dcsa/schemas';
import { current, lastMove, mergeMilestones, type Milestone } from './timeline';

/**
 * What a visitor is shown of a shipment, from its stored events: the milestones (./timeline.ts)
 * in the ports' local times with their offsets (the schedules' zone rules, right across DST), the
 * legs (a departure and the next arrival of the same ship), where the cargo is and what comes next,
 * and the CO2e of each leg from the carbon calculator's engine (the loop's along-loop distance and
 * intensity, tonnes by the calculator's convention per TEU). Nothing about parties, cargo or weights:
 * the events carry none and the view adds none.
 */

const TEU_OF_SIZE: Record<string, number> = { '2': 1, '4': 2, L: 2, M: 2 };
/** TEU of an ISO 6346 size-type code (22G1 → 1, 45G1 → 2). */
export const teuOf = (isoCode: string | undefined) => (isoCode ? (TEU_OF_SIZE[isoCode[0]] ?? 1) : 1);

function placeOf(locale: Locale, locode: string | undefined, fallbackName: string | undefined) {
  if (!locode && !fallbackName) return null;
  const port = locode ? loadRouteNetwork().ports.get(locode) : undefined;
  return { locode: locode ?? null, name: port ? port.name[locale] : (fallbackName ?? locode ?? '') };
}

/** An instant in the zone of the port it happens at (UTC when the place is not one of ours). */
function localTime(epoch: number, locode: string | undefined): string {
  const zone = (locode && loadRouteNetwork().ports.get(locode)?.timeZone) || 'UTC';
  return localIso(epoch, zone);
}

function timeOf(m: Milestone): MilestoneTime | null {
  const now = current(m);
  if (!now) return null;
  const at = (v: { at: number } | undefined) => (v ? localTime(v.at, m.location) : null);
  const move = m.actual ? undefined : lastMove(m);
  return {
    state: now.state,
    at: localTime(now.value.at, m.location),
    planned: at(m.planned),
    estimated: at(m.estimates.at(-1)),
    actual: at(m.actual),
    movedFrom: move ? localTime(move.from, m.location) : null,
    estimates: m.estimates.map((e) => localTime(e.at, m.location)),
  };
}

function milestoneView(locale: Locale, m: Milestone): TrackMilestone | null {
  const time = timeOf(m);
  if (!time) return null;
  return {
    eventType: m.eventType,
    code: m.code,
    documentType: m.documentType ?? null,
    empty: m.empty ?? null,
    container: m.container ?? null,
    place: placeOf(locale, m.location, m.locationName),
    vessel: m.vessel ? { imo: m.vessel.imo, name: m.vessel.name ?? m.vessel.imo } : null,
    voyage: (m.code === 'ARRI' ? m.importVoyage : m.exportVoyage) ?? m.exportVoyage ?? null,
    time,
  };
}

/** Legs: each departure with the next arrival of the same ship, in the order they sail. */
function legsOf(locale: Locale, milestones: Milestone[], teu: number, nature: CargoNature): TrackLeg[] {
  const carbon = loadCarbonEngine().network;
  const network = loadRouteNetwork();
  const tonnes = teu * carbon.factors.teuTonnes.value;
  const transport = milestones.filter((m) => m.eventType === 'TRANSPORT');
  const legs: TrackLeg[] = [];
  transport.forEach((dep, i) => {
    if (dep.code !== 'DEPA') return;
    const arr = transport.slice(i + 1).find((m) => m.code === 'ARRI' && m.vessel?.imo === dep.vessel?.imo);
    if (!arr) return;
    const edge = dep.service && dep.location && arr.location ? carbon.seaEdge(dep.service, dep.location, arr.location) : undefined;
    const intensity = edge?.intensity[nature];
    legs.push({
      service: dep.service ?? null,
      serviceName: (dep.service && network.services.get(dep.service)?.service.name[locale]) || null,
      vessel: dep.vessel ? { imo: dep.vessel.imo, name: dep.vessel.name ?? dep.vessel.imo } : null,
      voyage: dep.exportVoyage ?? null,
      from: placeOf(locale, dep.location, dep.locationName) ?? { locode: null, name: '' },
      to: placeOf(locale, arr.location, arr.locationName) ?? { locode: null, name: '' },
      departure: timeOf(dep),
      arrival: timeOf(arr),
      km: edge ? edge.km : null,
      co2e: edge && intensity ? { ttwKg: Math.round(legEmission(tonnes, edge.km, intensity, 'TTW') * 10) / 10, wtwKg: Math.round(legEmission(tonnes, edge.km, intensity, 'WTW') * 10) / 10 } : null,
    });
  });
  return legs;
}

/** The view of one shipment (or one container of it) from its events; null when there are none. */
export function shipmentView(locale: Locale, events: readonly Event[], options: { container?: string; nowMs: number }): TrackShipment | null {
  if (events.length === 0) return null;
  const milestones = mergeMilestones(events);
  const containers = new Map<string, string | undefined>();
  for (const m of milestones) if (m.container && (!options.container || m.container === options.container)) containers.set(m.container, m.isoCode ?? containers.get(m.container));
  if (options.container && !containers.has(options.container)) containers.set(options.container, undefined);
  const teu = [...containers.values()].reduce((s, iso) => s + teuOf(iso), 0) || 1;
  // reefer boxes (ISO type group R) travel at the reefer intensity, as in the calculator
  const nature: CargoNature = [...containers.values()].some((iso) => iso?.[2] === 'R') ? 'Reefer' : 'Dry';
  const legs = legsOf(locale, milestones, teu, nature);
  const views = milestones.map((m) => ({ m, view: milestoneView(locale, m) })).filter((x): x is { m: Milestone; view: TrackMilestone } => x.view !== null);
  // where it is: the latest milestone that happened; next: the first expected one that has not
  // documents have no place: they tell where the cargo is only before anything moved, or when it is released
  const tells = (m: Milestone) => m.eventType !== 'SHIPMENT' || m.code === 'RELS';
  const happened = views.filter((x) => x.m.actual && x.m.actual.at <= options.nowMs);
  const done = happened.some((x) => tells(x.m)) ? happened.filter((x) => tells(x.m)) : happened;
  const pending = views.filter((x) => !x.m.actual && x.m.eventType !== 'SHIPMENT');
  const last = done.reduce<(typeof views)[number] | undefined>((a, b) => (!a || b.m.actual!.at >= a.m.actual!.at ? b : a), undefined);
  const emptyReturns = [...containers.keys()].filter((c) => milestones.some((m) => m.container === c && m.code === 'GTIN' && m.empty && m.actual));
  const co2 = legs.every((l) => l.co2e) && legs.length ? legs.reduce((s, l) => ({ ttwKg: s.ttwKg + l.co2e!.ttwKg, wtwKg: s.wtwKg + l.co2e!.wtwKg }), { ttwKg: 0, wtwKg: 0 }) : null;
  const lastCreated = events.reduce((max, e) => Math.max(max, Date.parse(e.eventCreatedDateTime)), 0);
  return {
    containers: [...containers].map(([number, iso]) => ({ number, isoCode: iso ?? null, teu: teuOf(iso) })),
    origin: legs[0]?.from ?? null,
    destination: legs.at(-1)?.to ?? null,
    now: last?.view ?? null,
    next: pending[0]?.view ?? null,
    completed: containers.size > 0 && emptyReturns.length === containers.size,
    legs,
    milestones: views.map((x) => x.view),
    co2e: co2 ? { ttwKg: Math.round(co2.ttwKg * 10) / 10, wtwKg: Math.round(co2.wtwKg * 10) / 10, teu, tonnesPerTeu: loadCarbonEngine().network.factors.teuTonnes.value } : null,
    lastEventAt: lastCreated ? new Date(lastCreated).toISOString() : null,
  };
}
