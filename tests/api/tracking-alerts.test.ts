import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaptchaSecret } from '../../src/server/forms/secret';
import { alertNotifier, ALERT_TTL_DAYS, deleteExpiredAlerts } from '../../src/tracking/alerts';
import { storeEvents } from '../../src/tracking/store';
import { BL, BOOKING, BOX, EVENTS, equipment, shipment, transport } from '../fixtures/tnt-shipment';
import { startForms, type FormsHarness } from './forms-helpers';
import { codeOf } from './subscribe-helpers';

/**
 * Alerts without an account: an address confirmed with a mailed code, milestones picked, one mail per
 * milestone as the events come (in the alert's language, with the ports' local times and the
 * one-click unsubscribe headers), nothing twice for a replay, nothing for what had happened before,
 * unsubscribed by the link, and deleted 30 days after the shipment's last event.
 */

const SOURCE = 'https://tnt.example.test/v2';
let h: FormsHarness;
let notify: (ids: string[]) => Promise<number>;

async function json(path: string, body: unknown, language = 1) {
  const res = await h.app.request(
    `http://test.local${h.config.apiBase}${path}?language=${language}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { clientAddress: '203.0.113.9' },
  );
  return { status: res.status, body: (await res.json()) as { code: string; message: string; data: { content: unknown } } };
}

beforeAll(async () => {
  h = await startForms({ TNT_PROVIDER_URL: SOURCE, SITE_URL: 'https://www.example.test' });
  h.clock.advance(Date.parse('2026-11-28T00:00:00Z') - h.clock.now().getTime());
  await storeEvents(h.database.db, SOURCE, EVENTS);
  notify = alertNotifier(h.database.db, {
    links: async () => ({ siteUrl: 'https://www.example.test', apiUrl: 'https://www.example.test/homeapiak', secret: await loadCaptchaSecret(h.database.db, h.config.forms.captchaSecret) }),
    mailer: h.mailer,
    now: h.clock.now,
    log: (error) => {
      throw error;
    },
  }) as (ids: string[]) => Promise<number>;
});
afterAll(() => h?.close());

describe('alerts', () => {
  it('refuse a reference tracking does not find, and a wrong check digit, before any code is mailed', async () => {
    const unknown = await json('/tracking/alerts/code', { email: 'a@example.com', reference: '9999999999' });
    expect(unknown.body.code).toBe('404');
    const typo = await json('/tracking/alerts/code', { email: 'a@example.com', reference: 'SBLU3096218' });
    expect(typo.body.code).toBe('400');
    expect(typo.body.message).toContain('check digit');
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('confirm the address with a code, then mail each milestone picked once, in the alert’s language', async () => {
    const asked = await json('/tracking/alerts/code', { email: 'Shipper@Example.com', reference: BL }, 0);
    expect(asked.body.code, asked.body.message).toBe('200');
    const code = codeOf(h.mailer.sent.at(-1)!);
    expect(h.mailer.sent.at(-1)!.subject).toContain('货物动态提醒');
    const wrong = await json('/tracking/alerts', { email: 'shipper@example.com', reference: BL, code: code === '000000' ? '111111' : '000000', milestones: ['arrival'] }, 0);
    expect(wrong.body.code).toBe('400');
    const made = await json('/tracking/alerts', { email: 'shipper@example.com', reference: BL, code, milestones: ['departure', 'arrival', 'discharge', 'pickup', 'eta'], etaHours: 6 }, 0);
    expect(made.body.code, made.body.message).toBe('200');
    expect(made.body.data.content).toMatchObject({ reference: BL, endsDaysAfterLastEvent: ALERT_TTL_DAYS });
    const before = h.mailer.sent.length;

    // the departure had happened already: nothing is mailed for it; a replay of old events sends nothing
    expect(await notify(EVENTS.map((e) => e.eventID))).toBe(0);

    // the ETA moves by 15 hours (more than 6): one mail, in Chinese, with Rotterdam's local times
    const later = transport('ARRI', 'NLRTM', 9, 'EST', '2026-12-24T00:00:00+01:00', '2026-11-29T00:00:00Z');
    const ids = await storeEvents(h.database.db, SOURCE, [later]);
    expect(await notify(ids)).toBe(1);
    const eta = h.mailer.sent.at(-1)!;
    expect(eta.to).toBe('shipper@example.com');
    expect(eta.subject).toContain(BL);
    expect(eta.text).toContain('鹿特丹');
    expect(eta.text).toContain('UTC+1');
    expect(eta.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await notify(ids)).toBe(0);
    // a move of 2 hours from what was mailed: below 6, no mail
    expect(await notify(await storeEvents(h.database.db, SOURCE, [transport('ARRI', 'NLRTM', 9, 'EST', '2026-12-24T02:00:00+01:00', '2026-11-30T00:00:00Z')]))).toBe(0);

    // arrival, discharge and release come in one bundle, out of order: three mails, once each
    const arrivalAt = '2026-12-24T03:00:00+01:00';
    const bundle = [
      shipment('TRD', 'ISSU', '2026-12-26T10:00:00Z'),
      { ...shipment('TRD', 'RELS', '2026-12-25T10:00:00Z'), documentTypeCode: 'SRM' },
      equipment('DISC', BOX, false, 'NLRTM', '2026-12-24T09:00:00+01:00'),
      transport('ARRI', 'NLRTM', 9, 'ACT', arrivalAt, '2026-12-24T03:00:00Z'),
    ] as typeof EVENTS;
    const bundleIds = await storeEvents(h.database.db, SOURCE, bundle);
    expect(await notify(bundleIds)).toBe(3);
    const subjects = h.mailer.sent.slice(-3).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('已抵达鹿特丹'))).toBe(true);
    expect(subjects.some((s) => s.includes('卸船'))).toBe(true);
    expect(subjects.some((s) => s.includes('可提柜'))).toBe(true);
    expect(await notify(bundleIds)).toBe(0);
    expect(h.mailer.sent.length).toBe(before + 4);
  });

  it('end by the mail’s one-click link (and only with its own signature), the address deleted', async () => {
    const mail = h.mailer.sent.at(-1)!;
    const link = /<([^>]+)>/.exec(mail.headers!['List-Unsubscribe'])![1];
    const url = new URL(link);
    expect(url.origin).toBe('https://www.example.test');
    const forged = new URL(link);
    forged.searchParams.set('t', 'A'.repeat(43));
    const bad = await h.app.request(`http://test.local${forged.pathname}${forged.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(((await bad.json()) as { code: string }).code).toBe('403');
    const res = await h.app.request(`http://test.local${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(((await res.json()) as { code: string }).code).toBe('200');
    expect(await h.count('tracking_alerts')).toBe(0);
    const again = await h.app.request(`http://test.local${url.pathname}${url.search}`);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toContain('alerts=invalid');
  });

  it('are deleted with their address 30 days after the shipment’s last event', async () => {
    const code = await (async () => {
      await json('/tracking/alerts/code', { email: 'late@example.com', reference: BOOKING });
      return codeOf(h.mailer.sent.at(-1)!);
    })();
    expect((await json('/tracking/alerts', { email: 'late@example.com', reference: BOOKING, code, milestones: ['arrival'] })).body.code).toBe('200');
    expect(await deleteExpiredAlerts(h.database.db, new Date('2027-01-10T00:00:00Z'))).toBe(0);
    expect(await deleteExpiredAlerts(h.database.db, new Date('2027-02-10T00:00:00Z'))).toBe(1);
    expect(await h.count('tracking_alerts')).toBe(0);
  });
});

describe('look-ups over the limit', () => {
  it('ask for a captcha only once a client is over RATE_LIMIT_TRACK, one solved captcha a look-up', async () => {
    const limited = await startForms({ TNT_PROVIDER_URL: SOURCE, RATE_LIMIT_TRACK: '2/600' });
    try {
      const ask = async (extra = '') => {
        const res = await limited.app.request(`http://test.local${limited.config.apiBase}/tracking/track?language=1&refs=${BOOKING}${extra}`, {}, { clientAddress: '198.51.100.4' });
        return { status: res.status, body: (await res.json()) as { code: string; message: string } };
      };
      expect((await ask()).body.code).toBe('200');
      expect((await ask()).body.code).toBe('200');
      const over = await ask();
      expect(over.body.code).toBe('429');
      expect(over.body.message).toContain('characters in the picture');
      const { code, sign } = await limited.solved();
      expect((await ask(`&captchaCode=${code}&captchaSign=${encodeURIComponent(sign)}`)).body.code).toBe('200');
      // a captcha counts once
      expect((await ask(`&captchaCode=${code}&captchaSign=${encodeURIComponent(sign)}`)).body.code).toBe('400');
      // another client is not concerned
      const other = await limited.app.request(`http://test.local${limited.config.apiBase}/tracking/track?language=1&refs=${BOOKING}`, {}, { clientAddress: '198.51.100.5' });
      expect(((await other.json()) as { code: string }).code).toBe('200');
    } finally {
      await limited.close();
    }
  });
});
