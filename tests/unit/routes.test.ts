import { describe, expect, it } from 'vitest';
import { Port, Service } from '../../src/content-model/schemas/routes';
import { callPortRows, loopTable, routeNavigationAllowed, sailedLegs, splitAdvantages, transitDays, weekdayOf } from '../../src/routes/routes';

const port = (locode: string, en: string, zh: string, lon: number, lat: number) =>
  Port.parse({
    locode,
    name: { en, zh },
    country: { en: 'X', zh: 'X' },
    lat,
    lon,
    timeZone: lon < 0 ? 'America/Los_Angeles' : 'Asia/Shanghai',
    terminals: [{ code: 'T1', name: { en: `${en} T1`, zh: `${zh}一号码头` } }],
  });
const ports = new Map(
  [
    port('CNSHA', 'Shanghai', '上海', 122.1, 30.6),
    port('CNNGB', 'Ningbo', '宁波', 121.9, 29.9),
    port('USLAX', 'Los Angeles', '洛杉矶', -118.3, 33.7),
    port('USOAK', 'Oakland', '奥克兰', -122.3, 37.8),
  ].map((p) => [p.locode, p]),
);
const at = (day: number, time: string) => ({ day, time });
const service = Service.parse({
  code: 'TPX',
  name: { en: 'Test Pacific Express', zh: '测试太平洋快航' },
  trade: 'Trans-Pacific',
  startsOn: 'MON',
  roundTripDays: 35,
  vesselClass: '14,000 TEU',
  calls: [
    { port: 'CNSHA', terminal: 'T1', arrival: at(0, '06:00'), departure: at(1, '18:00') },
    { port: 'CNNGB', terminal: 'T1', arrival: at(2, '08:00'), departure: at(3, '12:00') },
    { port: 'USLAX', terminal: 'T1', arrival: at(15, '06:00'), departure: at(18, '20:00') },
    { port: 'USOAK', terminal: 'T1', arrival: at(20, '08:00'), departure: at(21, '22:00') },
  ],
  export: { label: { en: 'Eastbound', zh: '东行' }, pols: [0, 1], pods: [2, 3] },
  import: { label: { en: 'Westbound', zh: '西行' }, pols: [2, 3], pods: [0, 1] },
  deployment: { vessels: ['TBN', 'TBN', 'TBN', 'TBN', 'TBN'], reference: { voyage: 101, departure: '2026-01-06' } },
  advantages: { en: 'Eastbound@Fast@Westbound@Direct', zh: '东行@@快速@@西行@@直达' },
});

describe('route navigation rule', () => {
  it('allows direction ids 11 to 16 only', () => {
    for (const id of [11, 12, 13, 14, 15, 16, '11', '16']) expect(routeNavigationAllowed(id), String(id)).toBe(true);
    for (const id of [10, 17, 18, 0, -11, 11.5, '11a', '', 'abc', null, undefined, '1e1']) expect(routeNavigationAllowed(id), String(id)).toBe(false);
  });
});

describe('advantage splitting', () => {
  it('splits English on @ and marks direction headings', () => {
    expect(splitAdvantages('Eastbound@Shanghai to Los Angeles in 13 days.@ @Westbound:@Direct call at Ningbo.', 'en')).toEqual([
      { text: 'Eastbound', heading: true },
      { text: 'Shanghai to Los Angeles in 13 days.', heading: false },
      { text: 'Westbound', heading: true },
      { text: 'Direct call at Ningbo.', heading: false },
    ]);
  });
  it('splits Chinese on @@ only, so a single @ inside a paragraph stays', () => {
    expect(splitAdvantages('东行@@上海至洛杉矶仅需13天@@西行：@@邮箱 desk@example.com 受理订舱', 'zh')).toEqual([
      { text: '东行', heading: true },
      { text: '上海至洛杉矶仅需13天', heading: false },
      { text: '西行', heading: true },
      { text: '邮箱 desk@example.com 受理订舱', heading: false },
    ]);
  });
  it('does not take a sentence that starts with a direction word for a heading', () => {
    expect(splitAdvantages('Eastbound cargo reaches Oakland on day 20', 'en')).toEqual([{ text: 'Eastbound cargo reaches Oakland on day 20', heading: false }]);
    expect(splitAdvantages('北行航线覆盖青岛', 'zh')[0].heading).toBe(false);
    expect(splitAdvantages('Northbound@Southbound', 'en').map((p) => p.heading)).toEqual([true, true]);
  });
});

describe('rotation derivations', () => {
  it('gives weekdays from the start day', () => {
    expect(weekdayOf('MON', at(0, '06:00'))).toBe('MON');
    expect(weekdayOf('MON', at(15, '06:00'))).toBe('TUE');
    expect(weekdayOf('SAT', at(2, '06:00'))).toBe('MON');
  });
  it('counts transit days from sailing to arrival, into the next voyage when the POD comes first', () => {
    expect(transitDays(service, 0, 2)).toBe(14); // sails day 1, LA day 15
    expect(transitDays(service, 1, 3)).toBe(17);
    expect(transitDays(service, 3, 0)).toBe(35 - 21); // Oakland day 21 → Shanghai day 35
    expect(transitDays(service, 2, 1)).toBe(35 + 2 - 18);
  });
  it('builds the loop tables with the first POL first and localised names', () => {
    const table = loopTable(service, service.export, ports, 'zh');
    expect(table.direction).toBe('东行');
    expect(table.pols.map((p) => p.name)).toEqual(['上海', '宁波']);
    expect(table.pols[0].pods).toEqual([
      { locode: 'USLAX', name: '洛杉矶', days: 14 },
      { locode: 'USOAK', name: '奥克兰', days: 19 },
    ]);
  });
  it('lists call ports with terminal and weekly ETA / ETD', () => {
    expect(callPortRows(service, ports, 'en')[2]).toEqual({ locode: 'USLAX', port: 'Los Angeles', terminal: 'Los Angeles T1', eta: 'TUE', etaTime: '06:00', etd: 'FRI', etdTime: '20:00' });
  });
  it('closes the loop when listing sailed legs', () => {
    expect(sailedLegs(service)).toEqual([
      ['CNSHA', 'CNNGB'],
      ['CNNGB', 'USLAX'],
      ['USLAX', 'USOAK'],
      ['USOAK', 'CNSHA'],
    ]);
  });
  it('refuses a rotation that goes back in time or overruns its round trip', () => {
    const bad = structuredClone(service) as unknown as { calls: { arrival: { day: number } }[]; roundTripDays: number };
    bad.calls[2].arrival.day = 2;
    bad.roundTripDays = 21;
    const issues = Service.safeParse(bad).error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toContain('calls.2.arrival: arrival must come after the previous departure');
    expect(issues.some((i) => i.startsWith('roundTripDays'))).toBe(true);
  });
});
