import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import {
  ALERT_MILESTONES,
  AlertCreateBody,
  TRACK_ALERT_PATH,
  TRACK_PATH,
  TRACK_SAMPLES_PATH,
  TRACK_TEXT_MAX,
  TrackQuery,
  type MilestoneTime,
  type TrackAnswer,
  type TrackMilestone,
  type TrackShipment,
} from '../../src/contract/tracking';
import { TRACKING_ALERT_PATH, TRACKING_PATH, TRACKING_TEXT_MAX } from '../../src/contract/tracking-paths';
import { dictionaries } from '../../src/i18n/t';
import { trackFailure, trackQuery } from '../../src/islands/tracking/failure';
import { ALERT_DEFAULTS, ALERT_MILESTONE_ORDER, alertCodeBody, alertCreateBody, alertHours, checkAlert, reachedMilestones, type AlertValues } from '../../src/islands/tracking/alert-check';
import AlertForm from '../../src/islands/tracking/AlertForm';
import { alertsLanding } from '../../src/islands/tracking/landing';
import TrackCaptcha from '../../src/islands/tracking/TrackCaptcha';
import { KIND_ORDER, codeText, kindOf } from '../../src/islands/tracking/glossary';
import { ALERT_KEYS, GLOSSARY_KEYS, MILESTONE_KEYS, TRACK_STRING_KEYS, type TrackLinks, type TrackStrings } from '../../src/islands/tracking/strings';
import TrackResults from '../../src/islands/tracking/TrackResults';
import { milestoneLabel, sizeTypeName, whenBeside } from '../../src/islands/tracking/words';
import { LOCALES } from '../../src/i18n/locales';
import { pickStrings } from '../../src/i18n/pick';
import { EQUIPMENT_EVENT_TYPE_CODES, SHIPMENT_EVENT_TYPE_CODES, TRANSPORT_EVENT_TYPE_CODES, DOCUMENT_TYPE_CODES, type Event } from '../../src/tracking/dcsa/schemas';
import { shipmentEvents } from '../../src/tracking/provider/events';
import { EventFeed } from '../../src/tracking/provider/feed';
import { DEFAULT_SHIPMENT_OPTIONS } from '../../src/tracking/provider/shipments';

/**
 * The tracking page's pure parts: the words of every milestone the reference provider writes, in
 * both languages (the glossary and the timeline share them); the sentences of "where it is now"
 * and "next"; the failures' messages and the captcha over the rate limit; the alert form's checks,
 * bodies and labels; and the one results component rendered to HTML as the results page renders it
 * on the server.
 */

const strings = (locale: 'en' | 'zh'): TrackStrings => pickStrings(locale, TRACK_STRING_KEYS);
const links: TrackLinks = { routes: { AEX1: '/home/Services/route/12/AEX1' }, vessels: '9300520 9863297' };

/** What a milestone is, as the glossary keys it: event type, code, empty or laden, document type. */
const keyOf = (e: Event) =>
  e.eventType === 'TRANSPORT'
    ? { eventType: e.eventType, code: e.transportEventTypeCode, documentType: null, empty: null }
    : e.eventType === 'EQUIPMENT'
      ? { eventType: e.eventType, code: e.equipmentEventTypeCode, documentType: null, empty: e.emptyIndicatorCode === 'EMPTY' }
      : { eventType: e.eventType, code: e.shipmentEventTypeCode, documentType: e.documentTypeCode, empty: null };

describe('the words of the milestones', () => {
  // every kind of event the reference provider writes, over a few weeks of shipments
  const feed = new EventFeed({ bookingsPerDay: 4, windowDays: 20 });
  const written = new Map<string, ReturnType<typeof keyOf>>();
  for (const shipment of feed.shipments(Date.parse('2026-12-10T00:00:00Z')))
    for (const { event } of shipmentEvents(shipment, DEFAULT_SHIPMENT_OPTIONS.seed)) {
      const k = keyOf(event);
      written.set(`${k.eventType} ${k.documentType ?? ''} ${k.code} ${k.empty ?? ''}`, k);
    }

  it('the provider writes the codes of the DCSA schemas the site shows: GTOT, GTIN, LOAD, DISC, DEPA, ARRI, RELS and the document steps', () => {
    const codes = new Set([...written.values()].map((k) => k.code));
    for (const code of ['GTOT', 'GTIN', 'LOAD', 'DISC', 'DEPA', 'ARRI', 'RELS', 'RECE', 'CONF', 'DRFT', 'ISSU']) expect(codes, code).toContain(code);
    for (const k of written.values()) {
      const known: readonly string[] = k.eventType === 'TRANSPORT' ? TRANSPORT_EVENT_TYPE_CODES : k.eventType === 'EQUIPMENT' ? EQUIPMENT_EVENT_TYPE_CODES : SHIPMENT_EVENT_TYPE_CODES;
      expect(known).toContain(k.code);
      if (k.documentType) expect(DOCUMENT_TYPE_CODES).toContain(k.documentType);
    }
  });

  it('has a kind, and its label, sentences and glossary entry in both languages, for every milestone the provider writes', () => {
    const kinds = new Set<string>();
    for (const [name, k] of written) {
      const kind = kindOf(k);
      expect(kind, name).not.toBeNull();
      kinds.add(kind!);
    }
    // and every kind the glossary lists is one the provider writes (no word without a use)
    expect([...kinds].sort()).toEqual([...KIND_ORDER].sort());
    for (const locale of LOCALES)
      for (const key of [...MILESTONE_KEYS, ...GLOSSARY_KEYS]) {
        expect(dictionaries[locale][key], `${locale} ${key}`).toBeTruthy();
        if (/\.(done|next)$/.test(key) && !/\.(BKG|SHI|VGM|TRD)_|\.RELS\./.test(key)) expect(dictionaries[locale][key], `${locale} ${key}`).toContain('{{place}}');
      }
    // the Chinese words are Chinese, not the English ones copied
    for (const key of MILESTONE_KEYS) expect(dictionaries.zh[key]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('tells empty from laden and one document from another, and names a kind it has no words for by its code', () => {
    expect(kindOf({ eventType: 'EQUIPMENT', code: 'GTOT', empty: true, documentType: null })).toBe('GTOT_EMPTY');
    expect(kindOf({ eventType: 'EQUIPMENT', code: 'GTOT', empty: false, documentType: null })).toBe('GTOT_LADEN');
    expect(kindOf({ eventType: 'SHIPMENT', code: 'RECE', empty: null, documentType: 'VGM' })).toBe('VGM_RECE');
    expect(kindOf({ eventType: 'SHIPMENT', code: 'RELS', empty: null, documentType: 'CUS' })).toBeNull();
    expect(codeText('TRD_ISSU')).toBe('TRD ISSU');
    const other = { eventType: 'EQUIPMENT', code: 'INSP', empty: false, documentType: null, place: null, vessel: null, voyage: null, time: time('actual', '2026-12-01T10:00:00+08:00') } as const;
    expect(milestoneLabel(other, strings('en'))).toBe('Event INSP');
    expect(milestoneLabel(other, strings('zh'))).toBe('事件 INSP');
  });
});

function time(state: MilestoneTime['state'], at: string, extra: Partial<MilestoneTime> = {}): MilestoneTime {
  return { state, at, planned: null, estimated: null, actual: state === 'actual' ? at : null, movedFrom: null, estimates: [], ...extra };
}

const departed: TrackMilestone = {
  eventType: 'TRANSPORT',
  code: 'DEPA',
  documentType: null,
  empty: null,
  container: null,
  place: { locode: 'CNSHA', name: 'Shanghai' },
  vessel: { imo: '9863297', name: 'SEABRIDGE HARMONY' },
  voyage: '0412W',
  time: time('actual', '2026-11-20T19:30:00+08:00', { planned: '2026-11-20T16:00:00+08:00' }),
};
const arrival: TrackMilestone = {
  ...departed,
  code: 'ARRI',
  place: { locode: 'NLRTM', name: 'Rotterdam' },
  voyage: '0412E',
  time: time('estimated', '2026-12-23T09:00:00+01:00', { planned: '2026-12-22T20:00:00+01:00', estimated: '2026-12-23T09:00:00+01:00', movedFrom: '2026-12-22T20:00:00+01:00' }),
};

/** The text of rendered HTML, its tags left out. */
const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&');

/** The text of an element of the rendered results: the first with this class, its tags left out. */
const textOf = (html: string, className: string) =>
  new RegExp(`class="${className}"><h4>[^<]*</h4><p>(.*?)</p>`)
    .exec(html)?.[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');

/** "Where it is now" and "Next" of a shipment, as the results show them. */
function lines(now: TrackMilestone, next: TrackMilestone, locale: 'en' | 'zh') {
  const shipment = { containers: [], origin: null, destination: null, now, next, completed: false, legs: [], milestones: [], co2e: null, lastEventAt: null };
  const answer: TrackAnswer = {
    demo: false,
    feed: { lastHeardAt: null, stale: false },
    truncated: false,
    results: [{ input: 'X', reference: 'X', kind: 'booking', status: 'found', problem: null, shipment }],
  };
  const html = renderToStaticMarkup(createElement(TrackResults, { answer, locale, strings: strings(locale), links }));
  return { now: textOf(html, 'track-now'), next: textOf(html, 'track-next') };
}

describe('the sentences of where it is and what comes next', () => {
  it('say what happened, on which ship, in the port’s local time; what comes, estimated or planned, and from when the estimate moved', () => {
    expect(lines(departed, arrival, 'en')).toEqual({
      now: 'Departed Shanghai on SEABRIDGE HARMONY 0412W, Fri 2026-11-20 19:30 UTC+8',
      next: 'Arrival at Rotterdam, estimated Wed 2026-12-23 09:00 UTC+1 — moved from Tue 2026-12-22 20:00',
    });
    const zh = { ...departed, place: { locode: 'CNSHA', name: '上海' } };
    expect(lines(zh, { ...arrival, place: { locode: 'NLRTM', name: '鹿特丹' } }, 'zh')).toEqual({
      now: '已从上海开航（SEABRIDGE HARMONY 0412W），2026-11-20 周五 19:30 UTC+8',
      next: '抵达鹿特丹，预计 2026-12-23 周三 09:00 UTC+1（原为 2026-12-22 周二 20:00）',
    });
    const planned = { ...arrival, time: time('planned', '2026-12-22T20:00:00+01:00') };
    expect(lines(departed, planned, 'en').next).toBe('Arrival at Rotterdam, planned Tue 2026-12-22 20:00 UTC+1');
    // a document step has no place and no ship
    const confirmed: TrackMilestone = {
      ...departed,
      eventType: 'SHIPMENT',
      code: 'CONF',
      documentType: 'BKG',
      place: null,
      vessel: null,
      voyage: null,
      time: time('actual', '2026-11-02T08:00:00+00:00'),
    };
    expect(lines(confirmed, planned, 'en').now).toBe('Booking confirmed, Mon 2026-11-02 08:00 UTC');
    expect(lines(confirmed, planned, 'zh').now).toBe('订舱已确认，2026-11-02 周一 08:00 UTC');
  });

  it('keep the offset of a time beside another only when the two differ (a move across a change of summer time)', () => {
    expect(whenBeside('2026-10-24T20:00:00+02:00', '2026-10-26T09:00:00+01:00', 'en')).toBe('Sat 2026-10-24 20:00 UTC+2');
    expect(whenBeside('2026-12-22T20:00:00+01:00', '2026-12-23T09:00:00+01:00', 'en')).toBe('Tue 2026-12-22 20:00');
  });

  it('name the containers’ size and type', () => {
    expect(sizeTypeName('22G1', strings('en'))).toBe('20′ dry');
    expect(sizeTypeName('45G1', strings('en'))).toBe('40′ high cube');
    expect(sizeTypeName('45R1', strings('zh'))).toBe('40英尺冷藏高箱');
    expect(sizeTypeName('L5G1', strings('en'))).toBeNull();
    expect(sizeTypeName(null, strings('en'))).toBeNull();
  });
});

describe('failures', () => {
  const s = strings('en');
  it('keep the API’s own words on too many look-ups, and say the rest in the visitor’s language', () => {
    expect(trackFailure('429', 'Too many requests from your network. Please try again in 10 minutes.', s)).toEqual({
      title: 'Too many look-ups',
      message: 'Too many requests from your network. Please try again in 10 minutes.',
      captcha: true,
    });
    expect(trackFailure('503', 'Service unavailable: the API could not start', s).message).toBe('Tracking is unavailable at the moment. Please try again in a few minutes.');
    expect(trackFailure('NETWORK', 'Request failed: fetch failed', strings('zh')).message).toBe('无法连接货物跟踪服务，请检查网络连接后重试。');
    expect(trackFailure('400', 'refs: must be at most 600 characters', s).message).toBe('must be at most 600 characters');
  });
});

describe('the island’s paths', () => {
  it('are the contract’s, without zod', () => {
    expect(TRACKING_PATH.track).toBe(TRACK_PATH);
    expect(TRACKING_PATH.samples).toBe(TRACK_SAMPLES_PATH);
    expect(TRACKING_TEXT_MAX).toBe(TRACK_TEXT_MAX);
    expect(TRACKING_ALERT_PATH).toEqual(TRACK_ALERT_PATH);
    expect(calls.trackAlertCode.path).toBe(TRACKING_ALERT_PATH.code);
    expect(calls.trackAlertCreate.path).toBe(TRACKING_ALERT_PATH.create);
  });
});

describe('the results, rendered as the server renders them', () => {
  const answer: TrackAnswer = {
    demo: true,
    feed: { lastHeardAt: '2026-11-28T01:00:00.000Z', stale: true },
    truncated: false,
    results: [
      {
        input: 'SBLU 309621 2',
        reference: 'SBLU3096212',
        kind: 'container',
        status: 'found',
        problem: null,
        shipment: {
          containers: [{ number: 'SBLU3096212', isoCode: '45G1', teu: 2 }],
          origin: { locode: 'CNSHA', name: 'Shanghai' },
          destination: { locode: 'NLRTM', name: 'Rotterdam' },
          now: departed,
          next: arrival,
          completed: false,
          legs: [
            {
              service: 'AEX1',
              serviceName: 'Asia – North Europe Express 1',
              vessel: departed.vessel,
              voyage: '0412W',
              from: departed.place!,
              to: arrival.place!,
              departure: departed.time,
              arrival: arrival.time,
              km: 19512.4,
              co2e: { ttwKg: 2100.4, wtwKg: 2543.9 },
            },
          ],
          milestones: [departed, arrival],
          co2e: { ttwKg: 2100.4, wtwKg: 2543.9, teu: 2, tonnesPerTeu: 10 },
          lastEventAt: '2026-11-20T12:00:00.000Z',
        },
      },
      {
        input: 'SBLU3096213',
        reference: 'SBLU3096213',
        kind: null,
        status: 'invalid',
        problem: { code: 'check-digit', message: 'SBLU3096213: the check digit (the last digit) should be 2, not 3.', expected: 2 },
        shipment: null,
      },
      { input: '2611040071', reference: '2611040071', kind: 'booking', status: 'not-found', problem: null, shipment: null },
    ],
  };

  it('shows each reference with its state, the times told apart, the legs with their links and the map', () => {
    const html = renderToStaticMarkup(createElement(TrackResults, { answer, locale: 'en', strings: strings('en'), links }));
    const text = plain(html);
    expect(text).toContain('Results for 3 numbers');
    expect(text).toContain('Demonstration data');
    expect(text).toContain('Tracking data last updated November 28, 2026 at 09:00 (UTC+8)');
    // when the provider was last heard: on the root (the fault tests read it) and in a line of its own
    expect(html).toContain('data-last-heard="2026-11-28T01:00:00.000Z"');
    expect(text).toContain('Updated from the carrier’s systems: November 28, 2026 at 09:00 (UTC+8)');
    // the alerts are the island's: rendered on the server, the found card links to the tracking page that opens their form, and says without JavaScript that they need it
    expect(html).toContain('href="/en/home/Track?refs=SBLU3096212&amp;alert=SBLU3096212"');
    expect(html.match(/track-alerts-link/g)).toHaveLength(1);
    expect(text).toContain('E-mail alerts need JavaScript.');
    expect(text).toContain('As typed: SBLU 309621 2');
    expect(text).toContain('Departed Shanghai on SEABRIDGE HARMONY 0412W, Fri 2026-11-20 19:30 UTC+8');
    expect(html).toContain('<span class="track-state is-actual">Actual</span> <time dateTime="2026-11-20T19:30:00+08:00">Fri 2026-11-20 19:30 UTC+8</time>');
    expect(html).toContain('<time dateTime="2026-12-22T20:00:00+01:00">Tue 2026-12-22 20:00</time>');
    expect(html).toContain('<span class="track-state is-estimated">Estimated</span>');
    expect(text).toContain('Moved from Tue 2026-12-22 20:00 to Wed 2026-12-23 09:00');
    expect(text).toContain('Planned Fri 2026-11-20 16:00');
    expect(html).toContain('href="/en/home/Services/schedules/vessel/9863297"');
    expect(html).toContain('href="/en/home/Services/route/12/AEX1"');
    expect(html).toContain('href="/en/home/About/socialResponsibility/carbonCalculator"');
    expect(html).toMatch(/<img src="\/maps\/routes\/en\/AEX1\.svg"[^>]*loading="lazy"[^>]*alt="Route map of the Asia – North Europe Express 1 \(AEX1\)/);
    expect(text).toContain('40′ high cube');
    expect(text).toContain('2,544 kg');
    expect(text).toContain('SBLU3096213: the check digit (the last digit) should be 2, not 3.');
    expect(text).toContain('No shipment found for 2611040071. Check the number, or try again later');
  });

  it('in Chinese too', () => {
    const html = renderToStaticMarkup(createElement(TrackResults, { answer, locale: 'zh', strings: strings('zh'), links }));
    const text = plain(html);
    expect(text).toContain('3 个编号的查询结果');
    expect(text).toContain('演示数据');
    expect(html).toContain('<span class="track-state is-actual">实际</span>');
    expect(html).toContain('<span class="track-state is-estimated">预计</span>');
    expect(text).toContain('由 2026-12-22 周二 20:00 调整为 2026-12-23 周三 09:00');
    expect(html).toContain('href="/zh/home/Services/schedules/vessel/9863297"');
    expect(text).toContain('未找到 2611040071 的货运记录');
    expect(text).toContain('40英尺高箱');
    expect(text).toContain('承运人系统数据更新于：2026年11月28日 09:00 (UTC+8)');
    expect(text).toContain('订阅邮件提醒');
  });

  it('carry an empty data-last-heard and no "updated" line when the provider was never heard; no alerts on a delivered shipment', () => {
    const found = answer.results[0];
    const never: TrackAnswer = { ...answer, feed: { lastHeardAt: null, stale: true }, results: [{ ...found, shipment: { ...found.shipment!, completed: true } }] };
    const html = renderToStaticMarkup(createElement(TrackResults, { answer: never, locale: 'en', strings: strings('en'), links }));
    expect(html).toContain('data-last-heard=""');
    expect(plain(html)).toContain('No tracking data has been received yet');
    expect(plain(html)).not.toContain('Updated from');
    expect(html).not.toContain('track-alerts');
  });

  it('put the island’s alerts in each found card that has something to come, after where it is and what comes next', () => {
    const html = renderToStaticMarkup(
      createElement(TrackResults, {
        answer,
        locale: 'en',
        strings: strings('en'),
        links,
        alerts: (r, id) => createElement('p', { className: 'slot' }, `${id} ${r.reference} ${r.shipment.legs.length}`),
      }),
    );
    expect(html.match(/class="slot"/g)).toHaveLength(1);
    expect(html).toContain('<p class="slot">track-0 SBLU3096212 1</p>');
    expect(html.indexOf('class="slot"')).toBeGreaterThan(html.indexOf('track-next'));
    expect(html).not.toContain('track-alerts-link');
  });
});

describe('the alert form', () => {
  const shipment = {
    containers: [],
    origin: { locode: 'CNSHA', name: 'Shanghai' },
    destination: { locode: 'NLRTM', name: 'Rotterdam' },
    now: departed,
    next: arrival,
    completed: false,
    legs: [
      {
        service: 'AEX1',
        serviceName: null,
        vessel: departed.vessel,
        voyage: '0412W',
        from: departed.place!,
        to: arrival.place!,
        departure: departed.time,
        arrival: arrival.time,
        km: null,
        co2e: null,
      },
    ],
    milestones: [departed, arrival],
    co2e: null,
    lastEventAt: null,
  } satisfies TrackShipment;

  it('checks what the API checks before anything is sent: the address, a milestone, the hours of the estimate, the 6 digits', () => {
    const ok: AlertValues = { ...ALERT_DEFAULTS, email: ' shipper@example.com ', code: '123456' };
    expect(checkAlert(ok, 'details')).toEqual({});
    expect(checkAlert(ok, 'code')).toEqual({});
    expect(checkAlert({ ...ok, email: 'shipper@example' }, 'details')).toEqual({ email: 'track.alert.err.email' });
    expect(checkAlert({ ...ok, email: 'a b@example.com' }, 'details').email).toBe('track.alert.err.email');
    expect(checkAlert({ ...ok, email: '' }, 'details').email).toBe('track.alert.err.email');
    expect(checkAlert({ ...ok, milestones: [] }, 'details')).toEqual({ milestones: 'track.alert.err.milestones' });
    expect(checkAlert({ ...ok, etaHours: '0' }, 'details')).toEqual({ etaHours: 'track.alert.err.hours' });
    // the hours count only when the estimate is picked
    expect(checkAlert({ ...ok, etaHours: '0', milestones: ['arrival'] }, 'details')).toEqual({});
    // the code only at its step
    expect(checkAlert({ ...ok, code: '12345' }, 'details')).toEqual({});
    expect(checkAlert({ ...ok, code: '12345' }, 'code')).toEqual({ code: 'track.alert.err.code' });
    expect(checkAlert({ ...ok, code: '12345a' }, 'code').code).toBe('track.alert.err.code');
    expect(['1', '12', '168'].map(alertHours)).toEqual([1, 12, 168]);
    expect(['0', '169', '1.5', '-3', '', ' ', 'twelve', '0012'].map(alertHours)).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('sends the bodies of the contract: the reference found, the milestones in their order, the hours only with the estimate', () => {
    const values: AlertValues = { email: ' shipper@example.com', milestones: ['eta', 'departure'], etaHours: '6', code: ' 123456 ' };
    expect(alertCodeBody(values, 'SBLU3096212')).toEqual({ email: 'shipper@example.com', reference: 'SBLU3096212' });
    const body = alertCreateBody(values, 'SBLU3096212');
    expect(body).toEqual({ email: 'shipper@example.com', reference: 'SBLU3096212', code: '123456', milestones: ['departure', 'eta'], etaHours: 6 });
    expect(AlertCreateBody.parse(body)).toEqual(body);
    const noEta = alertCreateBody({ ...values, milestones: ['pickup', 'arrival'] }, 'SBLU2611040071');
    expect(noEta).toEqual({ email: 'shipper@example.com', reference: 'SBLU2611040071', code: '123456', milestones: ['arrival', 'pickup'] });
    expect(AlertCreateBody.parse(noEta).etaHours).toBe(12);
    expect(ALERT_MILESTONE_ORDER).toEqual(ALERT_MILESTONES);
  });

  it('knows what has happened already (never mailed by an alert made now), as the alerts read it', () => {
    expect([...reachedMilestones(shipment)]).toEqual(['departure']);
    const arrived = time('actual', '2026-12-23T09:00:00+01:00');
    const released: TrackMilestone = {
      ...departed,
      eventType: 'SHIPMENT',
      code: 'RELS',
      documentType: 'SRM',
      place: null,
      vessel: null,
      voyage: null,
      time: time('actual', '2026-12-24T09:00:00+01:00'),
    };
    const discharged: TrackMilestone = { ...departed, eventType: 'EQUIPMENT', code: 'DISC', place: arrival.place, time: time('actual', '2026-12-23T15:00:00+01:00') };
    const there = { ...shipment, legs: [{ ...shipment.legs[0], arrival: arrived }], milestones: [departed, discharged, released] };
    expect([...reachedMilestones(there)].sort()).toEqual(['arrival', 'departure', 'discharge', 'eta', 'pickup']);
    // a discharge at a transhipment port is not the one an alert tells of
    expect(reachedMilestones({ ...shipment, milestones: [{ ...discharged, place: { locode: 'SGSIN', name: 'Singapore' } }] }).has('discharge')).toBe(false);
    // booked, nothing has moved
    expect(reachedMilestones({ ...shipment, legs: [{ ...shipment.legs[0], departure: time('planned', '2026-11-20T16:00:00+08:00') }], milestones: [] }).size).toBe(0);
  });

  it('reads where the mails’ unsubscribe link lands', () => {
    expect(alertsLanding('?alerts=unsubscribed')).toBe('unsubscribed');
    expect(alertsLanding('?refs=X&alerts=invalid')).toBe('invalid');
    expect(alertsLanding('?alerts=other')).toBeNull();
    expect(alertsLanding('')).toBeNull();
  });

  for (const locale of LOCALES)
    it(`has a label on every field, the ports named, what has happened shown and not offered (${locale})`, () => {
      const html = renderToStaticMarkup(
        createElement(AlertForm, {
          id: 'a',
          open: true,
          reference: 'SBLU3096212',
          shipment,
          reached: reachedMilestones(shipment),
          s: strings(locale),
          language: locale === 'zh' ? 0 : 1,
          onClose: () => {},
        }),
      );
      expect(html).toMatch(/^<form id="a" class="track-alert-form"/);
      const ids = [...html.matchAll(/<input[^>]*\sid="([^"]+)"/g)].map((m) => m[1]);
      expect(ids).toEqual(['a-email', 'a-hours']);
      for (const id of ids) expect(html, id).toContain(`<label for="${id}">`);
      // every checkbox inside its label
      expect(html.match(/<label class="choice[^"]*"><input[^>]*type="checkbox"/g)).toHaveLength(5);
      const text = plain(html);
      if (locale === 'en') {
        expect(text).toContain('E-mail alerts for SBLU3096212');
        expect(text).toContain('The vessel departs from Shanghai (has happened)');
        expect(text).toContain('The vessel arrives at Rotterdam');
        expect(text).toContain('Send code');
      } else {
        expect(text).toContain('SBLU3096212 的邮件提醒');
        expect(text).toContain('船舶从Shanghai开航（已发生）');
        expect(text).toContain('发送验证码');
      }
      // the departure has happened: not offered; the rest picked
      expect(html).toContain('<input type="checkbox" disabled="" name="milestones" value="departure"/>');
      expect(html.match(/checked=""/g)).toHaveLength(4);
      expect(html).toMatch(/<input[^>]*type="number"[^>]*min="1"[^>]*max="168"[^>]*value="12"/);
    });
});

describe('the captcha over the rate limit', () => {
  const s = strings('en');
  it('is asked for by the API’s 429, and again, fresh, when the answer sent is refused', () => {
    expect(trackFailure('429', 'You have made many look-ups from your network: type the characters in the picture to go on (or wait 10 minutes).', s)).toEqual({
      title: 'Too many look-ups',
      message: 'You have made many look-ups from your network: type the characters in the picture to go on (or wait 10 minutes).',
      captcha: true,
    });
    expect(trackFailure('400', 'The verification code is wrong. Please type the code of the new picture.', s, true)).toEqual({
      title: 'Too many look-ups',
      message: 'The verification code is wrong. Please type the code of the new picture.',
      captcha: true,
    });
    // a refused query is not the captcha's fault
    expect(trackFailure('400', 'refs: must be at most 600 characters', s, true)).toEqual({ message: 'must be at most 600 characters' });
    expect(trackFailure('400', 'something else', s).captcha).toBeUndefined();
    expect(trackFailure('NETWORK', 'Request failed', s, true).captcha).toBeUndefined();
  });

  it('sends the characters and the sign with the references, only when both are there', () => {
    expect(trackQuery('SBLU3096212')).toEqual({ refs: 'SBLU3096212' });
    expect(trackQuery('SBLU3096212', { code: ' ab3D ', sign: 'v1.x' })).toEqual({ refs: 'SBLU3096212', captchaCode: 'ab3D', captchaSign: 'v1.x' });
    expect(trackQuery('SBLU3096212', { code: ' ', sign: 'v1.x' })).toEqual({ refs: 'SBLU3096212' });
    expect(trackQuery('SBLU3096212', { code: 'ab3D', sign: '' })).toEqual({ refs: 'SBLU3096212' });
    // what the contract takes
    expect(TrackQuery.parse(trackQuery('SBLU3096212', { code: 'ab3D', sign: 'v1.x' }))).toMatchObject({ captchaCode: 'ab3D', captchaSign: 'v1.x' });
  });

  it('shows the picture’s box with its label and a button to track again', () => {
    const html = renderToStaticMarkup(createElement(TrackCaptcha, { language: 1, s, busy: false, focus: false, onSolved: () => {} }));
    expect(html).toContain('<label for="track-captcha">Verification code');
    expect(html).toContain('Loading the picture…');
    expect(plain(html)).toContain('Track again');
    expect(plain(renderToStaticMarkup(createElement(TrackCaptcha, { language: 1, s, busy: true, focus: false, onSolved: () => {} })))).toContain('Tracking…');
  });
});

describe('the strings of the island', () => {
  it('are in both languages, the Chinese ones Chinese', () => {
    for (const locale of LOCALES) for (const key of TRACK_STRING_KEYS) expect(dictionaries[locale][key], `${locale} ${key}`).toBeTruthy();
    for (const key of ALERT_KEYS) expect(dictionaries.zh[key], key).toMatch(/[\u4e00-\u9fff]/);
  });
});
