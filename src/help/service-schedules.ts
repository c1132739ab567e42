import type { Locale } from '../i18n/locales';
import { SchedulesFile } from '../content-model/schemas/help';
import type { Direction, Port, Service } from '../content-model/schemas/routes';
import { loadScheduleContent } from '../schedules/content';
import { addDays } from '../schedules/time';
import { loopTimetable } from '../schedules/timetable';
import { parseContent } from '../shared/parse-content';
import type { RouteNetwork } from '../routes/route-network';
import { callPortRows, loopTable } from '../routes/routes';
import { columnName as colName, writeWorkbook, type SheetCell, type SheetSpec, type SheetValue } from '../schedules/spreadsheet';

/**
 * Service schedules of the help centre, derived from the route network
 * (content/routes/) and content/help/schedules.json. Pure: the schedule page and
 * the .xlsx files are built from it, and the API (/schedule/*) answers from it.
 *
 * - A trade is the `trade` of its services; each trade belongs to one route tab,
 *   whose name it is shown with. A schedule group's wire name is
 *   "{tab id}-{trade}" (e.g. "11-Trans-Pacific"): the spec reads the trade as the
 *   part after the first dash.
 * - Every service not listed as unpublished has two files: a long-term schedule
 *   (the voyages of the next `weeks` weeks from the Monday of the build week:
 *   vessel, voyage, and each call's ETA and ETD dates, computed from the weekly
 *   rotation) and a proforma schedule (the standard rotation with weekdays, and
 *   the transit days of both directions). scheduleUuid is "{code}-long-term" /
 *   "{code}-proforma" in lower case, stable from one build to the next, so the
 *   download counters keep counting the same file.
 */

export type ScheduleKind = 'long-term' | 'proforma';
export const SCHEDULE_KINDS: ScheduleKind[] = ['long-term', 'proforma'];

export interface ScheduleFile {
  scheduleUuid: string;
  code: string;
  kind: ScheduleKind;
  /** excelName in each language. */
  name: Record<Locale, string>;
  /** Where the build writes it (served by the CDN; the download call redirects here). */
  path: string;
}

export interface ScheduleTrade {
  trade: string;
  direction: Direction;
  /** Wire name of the schedule group: "{tab id}-{trade}". */
  groupName: string;
  services: { service: Service; groupId: string }[];
}

const settingsFiles = import.meta.glob<unknown>('../../content/help/schedules.json', { eager: true, import: 'default' });
let settings: SchedulesFile | undefined;

export function scheduleSettings(): SchedulesFile {
  settings ??= parseContent('content/help/schedules.json', SchedulesFile, Object.values(settingsFiles)[0]);
  return settings;
}

/** The trade in a schedule group's wire name: everything after the first dash ("11-Trans-Pacific" → "Trans-Pacific"). */
export function tradeOfGroupName(name: string): string {
  const dash = name.indexOf('-');
  return dash === -1 ? name : name.slice(dash + 1);
}

/** Trades in the route page's tab order, each with its services in content order. */
export function scheduleTrades(net: RouteNetwork): ScheduleTrade[] {
  const trades = new Map<string, ScheduleTrade>();
  for (const { service, group, direction } of net.services.values()) {
    let entry = trades.get(service.trade);
    if (!entry) {
      entry = { trade: service.trade, direction, groupName: `${direction.id}-${service.trade}`, services: [] };
      trades.set(service.trade, entry);
    } else if (entry.direction.id !== direction.id) {
      throw new Error(`content/routes: trade "${service.trade}" is used on tabs ${entry.direction.id} and ${direction.id}; a trade belongs to one tab`);
    }
    entry.services.push({ service, groupId: group.id });
  }
  const order = net.directions.map((d) => d.id);
  return [...trades.values()].sort((a, b) => tabRank(order, a.direction.id) - tabRank(order, b.direction.id));
}

const TAB_ORDER = [11, 12, 13, 17, 14, 15, 18, 16];
const tabRank = (_: number[], id: number) => (TAB_ORDER.includes(id) ? TAB_ORDER.indexOf(id) : 100 + id);

export function isPublished(code: string): boolean {
  return !scheduleSettings().unpublished.some((u) => u.code === code);
}

export const scheduleFilePath = (scheduleUuid: string) => `/files/schedules/${scheduleUuid}.xlsx`;

/** The schedule files of a service (none when its schedule is not published). */
export function scheduleFiles(code: string): ScheduleFile[] {
  if (!isPublished(code)) return [];
  const weeks = scheduleSettings().weeks;
  return SCHEDULE_KINDS.map((kind) => {
    const scheduleUuid = `${code.toLowerCase()}-${kind}`;
    const name = kind === 'long-term' ? { en: `${code} long-term schedule, ${weeks} weeks`, zh: `${code} 长期船期表（${weeks}周）` } : { en: `${code} proforma schedule`, zh: `${code} 标准船期表` };
    return { scheduleUuid, code, kind, name, path: scheduleFilePath(scheduleUuid) };
  });
}

/** Every schedule file of the network. */
export function allScheduleFiles(net: RouteNetwork): ScheduleFile[] {
  return [...net.services.keys()].flatMap((code) => scheduleFiles(code));
}

export function findScheduleFile(net: RouteNetwork, scheduleUuid: string): ScheduleFile | undefined {
  const match = /^([a-z0-9]{2,6})-(long-term|proforma)$/.exec(scheduleUuid);
  if (!match) return undefined;
  const code = match[1].toUpperCase();
  if (!net.services.has(code)) return undefined;
  return scheduleFiles(code).find((f) => f.scheduleUuid === scheduleUuid);
}

// ---- dates ------------------------------------------------------------------------------

const DAY = 86_400_000;

/** The Monday (00:00 UTC) of the week of a day: long-term schedules start there. */
export function scheduleStart(today: Date): Date {
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return new Date(day - weekday * DAY);
}

export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

// ---- vessels and voyages: from the loops' deployment (content/routes/trades, src/schedules) ----

/** The ship size a service's content names ("14,000 TEU (Neopanamax)" → 14000). */
export function vesselClassTeu(service: Service): number {
  const m = /([\d,]+)\s*TEU/i.exec(service.vesselClass);
  if (!m) throw new Error(`${service.code}: vesselClass "${service.vesselClass}" names no TEU figure`);
  return Number(m[1].replace(/,/g, ''));
}

/** Name shown for a slot whose ship is still to be nominated. */
export const TBN_NAME = 'TBN (to be nominated)';

/** The ships deployed on each service, by name, in the order they sail it (content/routes/trades: deployment). */
export function deployedVessels(net: RouteNetwork): Map<string, string[]> {
  const { vessels } = loadScheduleContent();
  return new Map([...net.services.values()].map(({ service }) => [service.code, service.deployment.vessels.map((imo) => (imo === 'TBN' ? TBN_NAME : vessels.get(imo)!.name))]));
}

export interface Voyage {
  vessel: string;
  voyage: string;
  /** Day 0 of the rotation (the first call's arrival date). */
  day0: Date;
  calls: { eta: string; etd: string }[];
}

const localText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/**
 * The voyages of a service whose first call falls in the `weeks` weeks from `from`, from
 * the dated timetable (src/schedules/timetable.ts): one a week, the deployed ships in turn,
 * voyage numbers counting up from the deployment's reference sailing; times port-local.
 */
export function voyages(service: Service, from: Date, weeks: number): Voyage[] {
  const { network, vessels } = loadScheduleContent();
  const start = isoDay(from);
  const end = isoDay(new Date(from.getTime() + weeks * 7 * DAY));
  const table = loopTimetable(service, network.ports, start, end);
  const day0Of = (k: number) => new Date(`${addDays(table.day0, 7 * k)}T00:00:00Z`);
  return table.voyages
    .filter((calls) => {
      const d = isoDay(day0Of(calls[0].k));
      return d >= start && d < end;
    })
    .map((calls) => ({
      vessel: calls[0].vessel === 'TBN' ? TBN_NAME : vessels.get(calls[0].vessel)!.name,
      voyage: calls[0].exportVoyage,
      day0: day0Of(calls[0].k),
      calls: calls.map((c) => ({ eta: localText(c.arrival.local), etd: localText(c.departure.local) })),
    }));
}

// ---- the workbooks ----------------------------------------------------------------------

const ISSUER = 'Seabridge Container Lines Co., Ltd.';
const HOTLINE = '400-820-6688';

/** The .xlsx of a schedule file; long-term schedules start at `from` (a Monday). */
export function scheduleWorkbook(net: RouteNetwork, file: ScheduleFile, from: Date): Promise<Buffer> {
  const entry = net.services.get(file.code);
  if (!entry) throw new Error(`schedules: no service ${file.code}`);
  const { service } = entry;
  const title = `${service.code} · ${service.name.en} / ${service.name.zh}`;
  const sheets = file.kind === 'long-term' ? [longTermSheet(net, service, from)] : proformaSheets(net, service);
  return writeWorkbook(sheets, { title: `${title} — ${file.name.en}`, author: ISSUER, created: from });
}

const portLabel = (ports: ReadonlyMap<string, Port>, locode: string) => {
  const p = ports.get(locode)!;
  return `${p.name.en} ${p.name.zh}`;
};

function longTermSheet(net: RouteNetwork, service: Service, from: Date): SheetSpec {
  const weeks = scheduleSettings().weeks;
  const list = voyages(service, from, weeks);
  const width = 2 + service.calls.length * 2;
  const last = (row: number) => `${colName(width - 1)}${row}`;
  const header1: (SheetValue | SheetCell)[] = [
    { value: 'Vessel 船名', style: 'header' },
    { value: 'Voyage 航次', style: 'header' },
  ];
  const header2: (SheetValue | SheetCell)[] = [
    { value: '', style: 'header' },
    { value: '', style: 'header' },
  ];
  const merges = [`A1:${last(1)}`, `A2:${last(2)}`, 'A4:A5', 'B4:B5'];
  service.calls.forEach((call, i) => {
    const terminal = net.ports.get(call.port)!.terminals.find((t) => t.code === call.terminal)!;
    header1.push({ value: `${portLabel(net.ports, call.port)} (${call.port}, ${terminal.name.en})`, style: 'header' }, { value: '', style: 'header' });
    header2.push({ value: 'ETA 抵港', style: 'header' }, { value: 'ETD 离港', style: 'header' });
    merges.push(`${colName(2 + i * 2)}4:${colName(3 + i * 2)}4`);
  });
  const rows: (SheetValue | SheetCell)[][] = [
    [{ value: `${service.code} · ${service.name.en} / ${service.name.zh}`, style: 'title' }],
    [{ value: `Long-term schedule 长期船期表 · ${weeks} weeks from ${isoDay(from)} · weekly, ${service.roundTripDays / 7} vessels of ${service.vesselClass} · all times local`, style: 'subtitle' }],
    [],
    header1,
    header2,
    ...list.map((v) => [
      { value: v.vessel, style: 'cell' as const },
      { value: v.voyage, style: 'cell' as const },
      ...v.calls.flatMap((c) => [
        { value: c.eta, style: 'cell' as const },
        { value: c.etd, style: 'cell' as const },
      ]),
    ]),
    [],
    [
      {
        value: `Schedules are subject to change without notice; the booking confirmation gives the cut-off times of each sailing. 船期如有变动，恕不另行通知；各航次截止时间以订舱确认书为准。`,
        style: 'note',
      },
    ],
    [{ value: `Issued by ${ISSUER} · hotline ${HOTLINE} · www.seabridgelines.com`, style: 'note' }],
  ];
  return { name: 'Long-term schedule', rows, widths: [22, 10, ...service.calls.flatMap(() => [17, 17])], freezeRows: 5, merges, heights: { 4: 30 } };
}

function proformaSheets(net: RouteNetwork, service: Service): SheetSpec[] {
  const en = callPortRows(service, net.ports, 'en');
  const zh = callPortRows(service, net.ports, 'zh');
  const rotation: (SheetValue | SheetCell)[][] = [
    [{ value: `${service.code} · ${service.name.en} / ${service.name.zh}`, style: 'title' }],
    [{ value: `Proforma schedule 标准船期表 · round trip ${service.roundTripDays} days, ${service.roundTripDays / 7} vessels of ${service.vesselClass}, weekly`, style: 'subtitle' }],
    [],
    ['Call 序号', 'Port 港口', 'UN/LOCODE', 'Terminal 码头', 'Arrival day 抵港日', 'ETA 抵港', 'Departure day 离港日', 'ETD 离港'].map((value) => ({ value, style: 'header' as const })),
    ...service.calls.map((call, i) => [
      { value: i + 1, style: 'cell' as const },
      { value: `${en[i].port} ${zh[i].port}`, style: 'cell' as const },
      { value: call.port, style: 'cell' as const },
      { value: `${en[i].terminal} ${zh[i].terminal}`, style: 'cell' as const },
      { value: `Day ${call.arrival.day}`, style: 'cell' as const },
      { value: `${en[i].eta} ${en[i].etaTime}`, style: 'cell' as const },
      { value: `Day ${call.departure.day}`, style: 'cell' as const },
      { value: `${en[i].etd} ${en[i].etdTime}`, style: 'cell' as const },
    ]),
    [],
    [{ value: 'Day 0 is the arrival at the first port; weekdays and times are local. 第0天为首港抵港日；星期和时间均为当地时间。', style: 'note' }],
  ];
  const transit: (SheetValue | SheetCell)[][] = [
    [{ value: `${service.code} transit times 航程时间 (days 天)`, style: 'title' }],
    [],
    ['Direction 航向', 'POL 装货港', 'POD 卸货港', 'Days 天数'].map((value) => ({ value, style: 'header' as const })),
  ];
  for (const bound of [service.export, service.import]) {
    const tEn = loopTable(service, bound, net.ports, 'en');
    const tZh = loopTable(service, bound, net.ports, 'zh');
    tEn.pols.forEach((pol, p) =>
      pol.pods.forEach((pod, d) =>
        transit.push([
          { value: `${tEn.direction} ${tZh.direction}`, style: 'cell' },
          { value: `${pol.name} ${tZh.pols[p].name}`, style: 'cell' },
          { value: `${pod.name} ${tZh.pols[p].pods[d].name}`, style: 'cell' },
          { value: pod.days, style: 'cell' },
        ]),
      ),
    );
  }
  return [
    { name: 'Rotation', rows: rotation, widths: [9, 26, 12, 34, 15, 14, 17, 14], freezeRows: 4, merges: ['A1:H1', 'A2:H2'] },
    { name: 'Transit times', rows: transit, widths: [18, 24, 24, 10], freezeRows: 3 },
  ];
}
