import type { PointToPointAnswer, SailingOptionWire } from '../contract/schedules';
import type { Locale } from '../i18n/locales';
import { servicePagePath } from '../routes/routes';
import type { ScheduleEngine, SailingOption } from './index';
import { DAY_MS, HOUR_MS, startOfDay } from './time';

/**
 * The site's schedule search (GET /schedule/pointToPoint) from the engine: options with
 * names in the language asked, both CO2e factor types, cut-offs and connections.
 */

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Whole days between two instants, as DCSA counts transit time: arrival − departure, rounded up to the day. */
export const transitDays = (departure: number, arrival: number) => Math.ceil((arrival - departure) / DAY_MS);

export function optionKey(o: SailingOption): string {
  return o.legs.map((l) => `${l.segment.service}-${l.departure.exportVoyage}-${l.segment.from}-${l.segment.to}`).join('_');
}

export function optionToWire(engine: ScheduleEngine, o: SailingOption, locale: Locale): SailingOptionWire {
  const { network } = engine.content;
  const place = (locode: string, terminal: string) => {
    const port = network.ports.get(locode)!;
    return { locode, name: port.name[locale], terminal: port.terminals.find((t) => t.code === terminal)!.name[locale] };
  };
  return {
    id: optionKey(o),
    departure: o.legs[0].departure.departure.local,
    arrival: o.legs.at(-1)!.arrival.arrival.local,
    transitDays: transitDays(o.departure, o.arrival),
    transhipments: o.transhipments,
    legs: o.legs.map((l) => {
      const entry = network.services.get(l.segment.service)!;
      const vessel = l.departure.vessel === 'TBN' ? undefined : engine.vessel(l.departure.vessel);
      return {
        service: l.segment.service,
        serviceName: entry.service.name[locale],
        servicePath: servicePagePath(entry.direction.id, l.segment.service),
        vessel: vessel?.name ?? (locale === 'zh' ? '待定船舶' : 'To be nominated'),
        imo: vessel?.imo ?? null,
        voyage: l.departure.exportVoyage,
        from: place(l.departure.port, l.departure.terminal),
        to: place(l.arrival.port, l.arrival.terminal),
        departure: l.departure.departure.local,
        arrival: l.arrival.arrival.local,
        km: l.segment.edge.km,
      };
    }),
    connections: o.legs.slice(1).map((l, i) => ({
      locode: l.segment.from,
      name: network.ports.get(l.segment.from)!.name[locale],
      hours: round1((l.departure.departure.epoch - o.legs[i].arrival.arrival.epoch) / HOUR_MS),
    })),
    cutOffs: o.cutOffs.map((c) => ({ kind: c.kind, local: c.local })),
    co2PerTeu: { ttw: round1(o.perTeu.ttwKg), wtw: round1(o.perTeu.wtwKg) },
    co2Cargo: o.cargo ? { ttw: round1(o.cargo.ttwKg), wtw: round1(o.cargo.wtwKg), tonnes: o.cargo.tonnes } : null,
  };
}

export interface SiteQuery {
  from: string;
  to: string;
  date: string;
  weeks: number;
  direct: '0' | '1';
  nature: 'Dry' | 'Reefer';
  tonnes?: number;
}

export function pointToPointAnswer(engine: ScheduleEngine, q: SiteQuery, locale: Locale): PointToPointAnswer {
  const departureFrom = startOfDay(q.date, 'UTC');
  const options = engine.pointToPoint({
    from: q.from,
    to: q.to,
    departureFrom,
    departureTo: departureFrom + q.weeks * 7 * DAY_MS - 1,
    maxTranshipment: q.direct === '1' ? 0 : 2,
    nature: q.nature,
    tonnes: q.tonnes,
  });
  return { asOf: engine.horizon.asOf, horizon: { from: engine.horizon.from, to: engine.horizon.to }, options: options.map((o) => optionToWire(engine, o, locale)) };
}
