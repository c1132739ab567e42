import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCarbonEngine, legEmission } from '../../src/carbon';
import { Service } from '../../src/content-model/schemas/routes';
import { createEngine, HORIZON_DAYS_AHEAD, HORIZON_DAYS_BACK } from '../../src/schedules';
import { cutOffRules } from '../../src/schedules/cutoffs';
import { searchPorts, portFromText } from '../../src/schedules/port-search';
import { transitDays } from '../../src/schedules/site-wire';
import { DAY_MS, HOUR_MS, localIso, startOfDay } from '../../src/schedules/time';
import { portOptions } from '../../src/schedules/views';

const engine = createEngine('2026-11-25');
const ports = [...engine.router.ports].sort();
const offsetOf = (local: string) => local.slice(19);
const clockOf = (local: string) => local.slice(11, 16);

describe('dated timetable', () => {
  it('publishes departures from two weeks back to twelve weeks ahead', () => {
    expect(engine.horizon.from).toBe('2026-11-11');
    expect(engine.horizon.to).toBe('2027-02-17');
    expect(HORIZON_DAYS_BACK).toBe(14);
    expect(HORIZON_DAYS_AHEAD).toBe(84);
  });

  it('dates every call at the rotation clock time in the port zone, instants strictly increasing along each voyage', () => {
    for (const table of engine.timetables.values()) {
      const { service } = table;
      for (const voyage of table.voyages) {
        voyage.forEach((call, i) => {
          // the rotation's clock time, unless a spring-forward change skipped it (then Temporal's 'compatible' moves it on)
          const zone = engine.timeZone(call.port);
          const skipped = (m: { epoch: number; local: string }) => localIso(m.epoch - 2 * HOUR_MS, zone).slice(19) !== offsetOf(m.local);
          if (!skipped(call.arrival)) expect(clockOf(call.arrival.local), `${service.code} ${call.port}`).toBe(service.calls[i].arrival.time);
          if (!skipped(call.departure)) expect(clockOf(call.departure.local), `${service.code} ${call.port}`).toBe(service.calls[i].departure.time);
          expect(call.departure.epoch).toBeGreaterThan(call.arrival.epoch);
          if (i > 0) expect(call.arrival.epoch).toBeGreaterThan(voyage[i - 1].departure.epoch);
          expect(Date.parse(call.arrival.local)).toBe(call.arrival.epoch);
        });
      }
    }
  });

  it('runs one departure a week per loop, the deployed ships in turn, voyage numbers counting up', () => {
    for (const table of engine.timetables.values()) {
      const n = table.service.deployment.vessels.length;
      for (let i = 1; i < table.voyages.length; i++) {
        const [a, b] = [table.voyages[i - 1][0], table.voyages[i][0]];
        expect(Number(b.exportVoyage.slice(0, 4))).toBe((Number(a.exportVoyage.slice(0, 4)) + 1) % 10000);
        const week = b.departure.epoch - a.departure.epoch;
        expect(Math.abs(week - 7 * DAY_MS)).toBeLessThanOrEqual(HOUR_MS); // a DST change moves a week by an hour
        if (i >= n) expect(table.voyages[i][0].vessel).toBe(table.voyages[i - n][0].vessel);
      }
    }
  });

  it('follows daylight saving: Rotterdam at UTC+1 in winter and UTC+2 from 28 March 2027, at the same clock time', () => {
    const spring = createEngine('2027-03-20');
    const calls = spring.portCalls('NLRTM', Date.parse('2027-03-21T00:00:00Z'), Date.parse('2027-04-04T00:00:00Z'));
    const before = calls.filter((c) => c.arrival.epoch < Date.parse('2027-03-28T01:00:00Z'));
    const after = calls.filter((c) => c.arrival.epoch > Date.parse('2027-03-28T01:00:00Z'));
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const c of before) expect(offsetOf(c.arrival.local)).toBe('+01:00');
    for (const c of after) expect(offsetOf(c.arrival.local)).toBe('+02:00');
    const { service } = spring.content.network.services.get(calls[0].service)!;
    for (const c of calls.filter((x) => x.service === service.code)) expect(clockOf(c.arrival.local)).toBe(service.calls[c.index].arrival.time);
  });

  it('crosses the date line: Auckland in its summer offset (+13:00), Los Angeles behind UTC', () => {
    const akl = engine.portCalls('NZAKL', engine.horizon.fromEpoch, engine.horizon.toEpoch);
    expect(akl.length).toBeGreaterThan(0);
    for (const c of akl.filter((x) => x.arrival.local < '2027-04-04')) expect(offsetOf(c.arrival.local)).toBe('+13:00');
    const lax = engine.portCalls('USLAX', engine.horizon.fromEpoch, Date.parse('2027-03-01T00:00:00Z'));
    for (const c of lax) expect(offsetOf(c.arrival.local)).toBe('-08:00');
  });

  it('computes cut-offs before the departure, on the rule hour where one is set', () => {
    for (const call of engine.portCalls('CNSHA', engine.horizon.fromEpoch, engine.horizon.toEpoch).slice(0, 30)) {
      const rules = cutOffRules(engine.content.rules, 'CNSHA');
      for (const c of engine.cutOffsOf(call)) {
        const rule = rules[c.kind];
        expect(c.epoch).toBeLessThanOrEqual(call.departure.epoch - rule.hoursBefore * HOUR_MS);
        if (rule.at) {
          expect(clockOf(c.local)).toBe(rule.at);
          expect(call.departure.epoch - rule.hoursBefore * HOUR_MS - c.epoch).toBeLessThan(DAY_MS);
        }
      }
    }
  });
});

describe('point-to-point routing', () => {
  const window = (weeks: number) => {
    const from = startOfDay('2026-11-25', 'UTC');
    return { departureFrom: from, departureTo: from + weeks * 7 * DAY_MS - 1 };
  };

  it('finds direct sailings where a loop carries the pair, and only those when asked for direct', () => {
    const options = engine.pointToPoint({ from: 'CNSHA', to: 'USLAX', ...window(4), maxTranshipment: 0, nature: 'Dry' });
    expect(options.length).toBeGreaterThanOrEqual(4);
    for (const o of options) {
      expect(o.transhipments).toBe(0);
      expect(o.legs).toHaveLength(1);
    }
    expect(new Set(options.map((o) => o.legs[0].segment.service))).toContain('PSX');
  });

  it('connects at hubs where no loop carries the pair (Tianjin to Liverpool)', () => {
    const options = engine.pointToPoint({ from: 'CNTXG', to: 'GBLIV', ...window(4), maxTranshipment: 2, nature: 'Dry' });
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.transhipments >= 1)).toBe(true);
    expect(engine.pointToPoint({ from: 'CNTXG', to: 'GBLIV', ...window(4), maxTranshipment: 0, nature: 'Dry' })).toEqual([]);
  });

  it('every option connects, with each hub minimum connection, a bounded wait, increasing dates and matching transit days (property)', () => {
    const pair = fc.tuple(fc.constantFrom(...ports), fc.constantFrom(...ports)).filter(([a, b]) => a !== b);
    fc.assert(
      fc.property(pair, fc.integer({ min: 1, max: 8 }), fc.constantFrom(0 as const, 1 as const, 2 as const), fc.constantFrom('Dry' as const, 'Reefer' as const), ([from, to], weeks, max, nature) => {
        const w = window(weeks);
        const options = engine.pointToPoint({ from, to, ...w, maxTranshipment: max, nature });
        const seen = new Set<string>();
        for (const o of options) {
          expect(o.legs[0].segment.from).toBe(from);
          expect(o.legs.at(-1)!.segment.to).toBe(to);
          expect(o.departure).toBeGreaterThanOrEqual(w.departureFrom);
          expect(o.departure).toBeLessThanOrEqual(w.departureTo);
          expect(o.transhipments).toBeLessThanOrEqual(max);
          const called = [from, ...o.legs.map((l) => l.segment.to)];
          expect(new Set(called).size).toBe(called.length);
          o.legs.forEach((l, i) => {
            expect(l.arrival.arrival.epoch).toBeGreaterThan(l.departure.departure.epoch);
            if (i > 0) {
              const prev = o.legs[i - 1].arrival.arrival.epoch;
              const hub = engine.router.minConnection(l.segment.from);
              expect(hub, `hub ${l.segment.from}`).toBeDefined();
              expect(prev + hub!).toBeLessThanOrEqual(l.departure.departure.epoch);
              expect(l.departure.departure.epoch - prev).toBeLessThanOrEqual(engine.router.maxWaitMs);
              expect(l.segment.service).not.toBe(o.legs[i - 1].segment.service);
            }
          });
          expect(o.arrival).toBe(o.legs.at(-1)!.arrival.arrival.epoch);
          expect(transitDays(o.departure, o.arrival)).toBe(Math.ceil((o.arrival - o.departure) / DAY_MS));
          const key = o.legs.map((l) => `${l.segment.service}${l.departure.k}${l.segment.a}${l.segment.b}`).join('/');
          expect(seen.has(key)).toBe(false);
          seen.add(key);
          // no option is dominated by another that leaves at the same time, arrives no later and changes ships no more
          for (const p of options)
            if (p !== o && p.departure === o.departure)
              expect(p.arrival <= o.arrival && p.transhipments <= o.transhipments && (p.arrival < o.arrival || p.transhipments < o.transhipments)).toBe(false);
        }
        for (let i = 1; i < options.length; i++) expect(options[i].arrival).toBeGreaterThanOrEqual(options[i - 1].arrival);
      }),
      { numRuns: 150 },
    );
  });

  it('answers nearly every port pair within two transhipments over eight weeks (every third destination of every origin)', () => {
    let none = 0;
    let asked = 0;
    for (const from of ports)
      for (const to of ports.filter((_, i) => i % 3 === 0))
        if (from !== to) {
          asked++;
          if (!engine.pointToPoint({ from, to, ...window(8), maxTranshipment: 2, nature: 'Dry' }).length) none++;
        }
    // a few pairs (e.g. two ports of one country that no loop carries between) have no sailing
    expect(none / asked).toBeLessThan(0.1);
  }, 60_000);
});

describe('CO2e per sailing', () => {
  it("is the carbon calculator's number for the same loop and port pair", () => {
    const carbon = loadCarbonEngine();
    const result = carbon.calculate(
      { originLocationId: 'cn-shanghai', destinationLocationId: 'nl-rotterdam', cargoWeightValue: 3, cargoWeightUnit: 'TEU', cargoNature: 'Reefer', factorType: 'WTW' },
      0,
      1,
    );
    const sea = result.details[0].routes.flatMap((r) => r.routeInfoList).find((l) => l.serviceLoopCode && l.fromRef === 'p:CNSHA' && l.toRef === 'p:NLRTM');
    expect(sea, 'the calculator sails Shanghai to Rotterdam on a loop').toBeDefined();
    const options = engine.pointToPoint({ from: 'CNSHA', to: 'NLRTM', departureFrom: engine.horizon.fromEpoch, departureTo: engine.horizon.toEpoch, maxTranshipment: 0, nature: 'Reefer', tonnes: 30 });
    const same = options.find((o) => o.legs[0].segment.service === sea!.serviceLoopCode)!;
    expect(same).toBeDefined();
    expect(Math.round(same.cargo!.wtwKg * 10) / 10).toBe(sea!.emissionVolume);
    const edge = same.legs[0].segment.edge;
    expect(edge).toBe(carbon.network.seaEdge(sea!.serviceLoopCode!, 'CNSHA', 'NLRTM'));
    expect(same.perTeu.ttwKg).toBeCloseTo(legEmission(10, edge.km, edge.intensity.Reefer, 'TTW'), 6);
    expect(same.perTeu.wtwKg).toBeGreaterThan(same.perTeu.ttwKg);
  });
});

describe('content rules', () => {
  const psx = () => structuredClone(engine.content.network.services.get('PSX')!.service);
  it('refuses a deployment that cannot keep a weekly frequency, naming the loop', () => {
    const s = psx();
    s.deployment.vessels.pop();
    const r = Service.safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('loop PSX: a weekly service with a round trip of 42 days needs 6 ships, 5 deployed');
  });
  it('refuses a reference departure on the wrong weekday', () => {
    const s = psx();
    s.deployment.reference.departure = '2026-01-10';
    const r = Service.safeParse(s);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(/^loop PSX: .*2026-01-10 \(a SAT\) cannot be one$/);
  });
  it('refuses a ship deployed twice on a loop', () => {
    const s = psx();
    s.deployment.vessels[1] = s.deployment.vessels[0];
    expect(Service.safeParse(s).error!.issues[0].message).toMatch(/^loop PSX: vessel \d{7} is deployed twice$/);
  });
  it('gives every port an IANA time zone', () => {
    for (const p of engine.content.network.ports.values()) expect(() => new Intl.DateTimeFormat('en', { timeZone: p.timeZone })).not.toThrow();
  });
});

describe('port picker', () => {
  const en = portOptions(engine, 'en');
  const zh = portOptions(engine, 'zh');
  it('matches English and Chinese names, pinyin and UN/LOCODEs, the code itself first', () => {
    expect(searchPorts(en, 'CNSHA')[0].locode).toBe('CNSHA');
    expect(searchPorts(en, 'rotter')[0].locode).toBe('NLRTM');
    expect(searchPorts(zh, '鹿特丹')[0].locode).toBe('NLRTM');
    expect(searchPorts(zh, 'shanghai')[0].locode).toBe('CNSHA');
    expect(searchPorts(en, 'gdansk')[0].locode).toBe('PLGDN');
    expect(searchPorts(en, 'qqqq')).toEqual([]);
    expect(portFromText(en, 'Shanghai (CNSHA)')?.locode).toBe('CNSHA');
    expect(portFromText(en, 'nlrtm')?.locode).toBe('NLRTM');
  });
});
