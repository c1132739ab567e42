import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import brand from '../../content/brand.json';
import type { ALERT_MILESTONES, TrackShipment } from '../contract/tracking';
import type { Locale } from '../i18n/locales';
import { localePath } from '../i18n/paths';
import type { Db } from '../server/db';
import { trackingAlertSends, trackingAlerts, trackingEvents } from '../server/db/schema';
import { say } from '../server/forms/messages';
import type { MailMessage } from '../server/mail';
import { formatLocalDateTime } from '../schedules/local-time';
import { escapeHtml } from '../shared/format';
import type { ReferenceKind } from './references';
import { shipmentEvents } from './store';
import { shipmentView } from './view';

/**
 * E-mail alerts on a tracked reference, without an account. A visitor confirms an address with a
 * mailed code (the newsletter's codes and limits), picks the milestones, and gets one mail per
 * milestone as it happens, in their language, with the ports' local times. What is mailed is decided
 * from the shipment as it stands after each stored bundle (./view.ts), not from the single event that
 * came: a replay, a late or out-of-order event sends nothing twice (one row per alert and milestone in
 * tracking_alert_sends, whichever process inserts it first sends). Milestones that had happened when
 * the alert was made are not mailed. An alert and its address are deleted 30 days after the
 * shipment's last event, or at once by the mail's one-click unsubscribe (List-Unsubscribe and
 * List-Unsubscribe-Post, RFC 8058), or by a data-subject request in the console.
 */

export type AlertMilestone = (typeof ALERT_MILESTONES)[number];
/** An alert ends this long after the shipment's last event. */
export const ALERT_TTL_DAYS = 30;

export type Alert = typeof trackingAlerts.$inferSelect;

// ---- what a shipment has reached ----------------------------------------------------------------

export interface Reached {
  /** Milestone keys reached: departure, arrival, discharge, pickup, and eta:<time> for the current estimate. */
  keys: Map<string, { milestone: AlertMilestone; text: (language: 0 | 1) => string }>;
  /** The arrival time expected now (estimate or plan) at the final port, and whether it is an estimate. */
  eta?: { at: string; estimated: boolean };
}

const at = (local: string, language: 0 | 1) => formatLocalDateTime(local, language === 0 ? 'zh' : 'en');

/** Which alert milestones a shipment (seen in the alert's language) has reached. */
export function reached(view: TrackShipment, alert: Pick<Alert, 'etaHours' | 'notifiedEta'>): Reached {
  const keys: Reached['keys'] = new Map();
  const first = view.legs[0];
  const last = view.legs.at(-1);
  if (first?.departure?.state === 'actual')
    keys.set('departure', {
      milestone: 'departure',
      text: (l) => say('alerts.mail.departure', l, { port: first.from.name, vessel: first.vessel?.name ?? '', voyage: first.voyage ?? '', at: at(first.departure!.at, l) }),
    });
  if (last?.arrival?.state === 'actual') keys.set('arrival', { milestone: 'arrival', text: (l) => say('alerts.mail.arrival', l, { port: last.to.name, at: at(last.arrival!.at, l) }) });
  const destination = view.destination?.locode;
  const discharge = view.milestones.find((m) => m.code === 'DISC' && m.time.state === 'actual' && m.place?.locode === destination);
  if (discharge && destination)
    keys.set('discharge', {
      milestone: 'discharge',
      text: (l) => say('alerts.mail.discharge', l, { port: discharge.place!.name, container: discharge.container ?? '', at: at(discharge.time.at, l) }),
    });
  const release = view.milestones.find((m) => m.eventType === 'SHIPMENT' && m.code === 'RELS' && m.time.state === 'actual');
  if (release) keys.set('pickup', { milestone: 'pickup', text: (l) => say('alerts.mail.pickup', l, { port: view.destination?.name ?? '', at: at(release.time.at, l) }) });
  let eta: Reached['eta'];
  if (last?.arrival && last.arrival.state !== 'actual') {
    eta = { at: last.arrival.at, estimated: last.arrival.state === 'estimated' };
    const told = alert.notifiedEta?.getTime() ?? (last.arrival.planned ? Date.parse(last.arrival.planned) : undefined);
    const now = Date.parse(last.arrival.at);
    if (eta.estimated && told !== undefined && Math.abs(now - told) > alert.etaHours * 3_600_000) {
      const before = new Date(told);
      keys.set(`eta:${now}`, {
        milestone: 'eta',
        text: (l) => say('alerts.mail.eta', l, { port: last.to.name, from: at(localLike(before, last.arrival!.at), l), to: at(last.arrival!.at, l) }),
      });
    }
  }
  return { keys, eta };
}

/** An instant written in the offset of another local time of the same port ("…+01:00"). */
function localLike(instant: Date, sample: string): string {
  const offset = sample.slice(19);
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = offset === 'Z' ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return `${new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 19)}${offset === 'Z' ? '+00:00' : offset}`;
}

// ---- making and ending alerts ----------------------------------------------------------------------

export async function loadShipment(db: Db, kind: ReferenceKind, reference: string, language: 0 | 1, now: Date) {
  const found = await shipmentEvents(db, kind, reference);
  const view = shipmentView(language === 0 ? 'zh' : 'en', found.events, { container: kind === 'container' ? reference : undefined, nowMs: now.getTime() });
  const lastEventAt = found.events.reduce((max, e) => Math.max(max, Date.parse(e.eventCreatedDateTime)), 0);
  return { ...found, view, lastEventAt: lastEventAt ? new Date(lastEventAt) : undefined };
}

/**
 * Makes (or changes) the alert of an address on a reference, the milestones reached so far marked as
 * sent. The shipment must be known (an alert on nothing would never end).
 */
export async function createAlert(
  db: Db,
  input: { email: string; language: 0 | 1; kind: ReferenceKind; reference: string; milestones: AlertMilestone[]; etaHours: number },
  now: Date,
): Promise<Alert | undefined> {
  const shipment = await loadShipment(db, input.kind, input.reference, input.language, now);
  if (!shipment.view || !shipment.lastEventAt) return undefined;
  const id = randomUUID();
  const state = reached(shipment.view, { etaHours: input.etaHours, notifiedEta: null });
  return db.transaction(async (tx) => {
    const [alert] = await tx
      .insert(trackingAlerts)
      .values({
        id,
        email: input.email,
        language: input.language,
        reference: input.reference,
        kind: input.kind,
        booking: shipment.booking ?? null,
        bl: shipment.bl ?? null,
        milestones: input.milestones,
        etaHours: input.etaHours,
        createdAt: now,
        lastEventAt: shipment.lastEventAt!,
        notifiedEta: state.eta ? new Date(state.eta.at) : null,
      })
      .onConflictDoUpdate({ target: [trackingAlerts.email, trackingAlerts.reference], set: { milestones: input.milestones, etaHours: input.etaHours, language: input.language } })
      .returning();
    const done = [...state.keys.keys()].filter((k) => !k.startsWith('eta:'));
    if (done.length)
      await tx
        .insert(trackingAlertSends)
        .values(done.map((key) => ({ alertId: alert.id, key, sentAt: now })))
        .onConflictDoNothing();
    return alert;
  });
}

/** The signed token of an alert's unsubscribe link (it names the alert and its address; no code needed). */
export function alertToken(secret: string, alert: Pick<Alert, 'id' | 'email'>): string {
  return createHmac('sha256', secret).update(`tracking-alert:${alert.id}:${alert.email}`).digest('base64url');
}

/** Ends an alert from its link: true when it was there and the token is its own. The address goes with the row. */
export async function endAlert(db: Db, secret: string, id: string, token: string): Promise<boolean> {
  const [alert] = await db.select().from(trackingAlerts).where(eq(trackingAlerts.id, id));
  if (!alert) return false;
  const expected = Buffer.from(alertToken(secret, alert));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await db.delete(trackingAlerts).where(eq(trackingAlerts.id, id));
  return true;
}

/** Deletes the alerts (and addresses) whose shipment has been quiet for ALERT_TTL_DAYS. */
export async function deleteExpiredAlerts(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(trackingAlerts)
    .where(lt(trackingAlerts.lastEventAt, new Date(now.getTime() - ALERT_TTL_DAYS * 86_400_000)))
    .returning({ id: trackingAlerts.id });
  return gone.length;
}

// ---- after events are stored ------------------------------------------------------------------------

/** What sends alert mails after each stored bundle: the server builds one (src/server/runtime.ts) and hands it to the callback and the poll. */
export function alertNotifier(db: Db, options: { links: () => Promise<AlertLinks>; mailer: { send(message: MailMessage): Promise<unknown> }; now?: () => Date; log: (error: Error) => void }) {
  // one bundle's alerts at a time per process: two bundles of one shipment would otherwise race for the same rows
  let queue: Promise<unknown> = Promise.resolve();
  const send = async (message: MailMessage) => {
    try {
      await options.mailer.send(message);
      return { error: null };
    } catch (error) {
      options.log(error as Error);
      return { error: String((error as Error).message ?? error) };
    }
  };
  return async (ids: string[]): Promise<number> => {
    const run = queue.then(async () => notifyAlerts(db, ids, { now: (options.now ?? (() => new Date()))(), links: await options.links(), send }));
    queue = run.catch((error) => options.log(error as Error));
    // awaited by tests only (the callback answers first); a failure is logged above, not thrown again
    try {
      return await run;
    } catch {
      return 0;
    }
  };
}

export interface AlertLinks {
  siteUrl: string;
  apiUrl: string;
  secret: string;
}

/**
 * The alerts touched by newly stored events: each one's shipment looked at again, every milestone it
 * asked for and newly reached mailed once. Gives the number of mails sent.
 */
export async function notifyAlerts(db: Db, eventIds: readonly string[], options: { now: Date; links: AlertLinks; send: (message: MailMessage) => Promise<{ error: string | null }> }): Promise<number> {
  if (eventIds.length === 0) return 0;
  const touched = await db
    .selectDistinct({ booking: trackingEvents.booking, bl: trackingEvents.bl })
    .from(trackingEvents)
    .where(inArray(trackingEvents.eventId, [...eventIds]));
  const bookings = [...new Set(touched.map((t) => t.booking).filter((b): b is string => !!b))];
  const bls = [...new Set(touched.map((t) => t.bl).filter((b): b is string => !!b))];
  if (!bookings.length && !bls.length) return 0;
  const alerts = await db
    .select()
    .from(trackingAlerts)
    .where(or(bookings.length ? inArray(trackingAlerts.booking, bookings) : sql`false`, bls.length ? inArray(trackingAlerts.bl, bls) : sql`false`));
  let sent = 0;
  for (const alert of alerts) {
    const shipment = await loadShipment(db, alert.kind as ReferenceKind, alert.reference, alert.language as 0 | 1, options.now);
    if (!shipment.view) continue;
    const state = reached(shipment.view, alert);
    const update: Partial<Alert> = {};
    if (shipment.lastEventAt && shipment.lastEventAt > alert.lastEventAt) update.lastEventAt = shipment.lastEventAt;
    for (const [key, what] of state.keys) {
      if (!alert.milestones.includes(what.milestone)) continue;
      const [claimed] = await db.insert(trackingAlertSends).values({ alertId: alert.id, key, sentAt: options.now }).onConflictDoNothing().returning({ key: trackingAlertSends.key });
      if (!claimed) continue;
      const result = await options.send(alertMail(alert, shipment.view, what.text(alert.language as 0 | 1), options.links));
      if (result.error) {
        // not sent: the claim is given back, and the next bundle or poll tries again
        await db.delete(trackingAlertSends).where(and(eq(trackingAlertSends.alertId, alert.id), eq(trackingAlertSends.key, key)));
        continue;
      }
      sent++;
      if (what.milestone === 'eta' && state.eta) update.notifiedEta = new Date(state.eta.at);
    }
    if (Object.keys(update).length) await db.update(trackingAlerts).set(update).where(eq(trackingAlerts.id, alert.id));
  }
  return sent;
}

// ---- the mail -------------------------------------------------------------------------------------------

export function unsubscribeAlertUrl(links: AlertLinks, alert: Pick<Alert, 'id' | 'email' | 'language'>): string {
  return `${links.apiUrl}/tracking/alerts/unsubscribe?${new URLSearchParams({ a: alert.id, t: alertToken(links.secret, alert), language: String(alert.language) })}`;
}

export function trackPageUrl(links: AlertLinks, language: 0 | 1, reference: string): string {
  const locale: Locale = language === 0 ? 'zh' : 'en';
  return `${links.siteUrl}${localePath(locale, '/home/Track/result')}?${new URLSearchParams({ refs: reference })}`;
}

export function alertMail(alert: Alert, view: TrackShipment, line: string, links: AlertLinks): MailMessage {
  const language = alert.language as 0 | 1;
  const name = language === 0 ? brand.name.zh : brand.name.en;
  const kindLabel = say(`alerts.kind.${alert.kind as ReferenceKind}`, language);
  const subject = say('alerts.mail.subject', language, { kind: kindLabel, reference: alert.reference, what: line });
  const next = view.next?.place ? say('alerts.mail.next', language, { place: view.next.place.name, at: formatLocalDateTime(view.next.time.at, language === 0 ? 'zh' : 'en') }) : '';
  const page = trackPageUrl(links, language, alert.reference);
  const unsubscribe = unsubscribeAlertUrl(links, alert);
  const why = say('alerts.mail.why', language, { reference: alert.reference, days: ALERT_TTL_DAYS });
  const footer = say('subscribe.mail.footer', language, { brand: name, hotline: brand.hotline.number, email: brand.email });
  const text = [line, next, '', `${say('alerts.mail.open', language)}: ${page}`, '', why, `${say('subscribe.mail.unsubscribe', language)}: ${unsubscribe}`, '', '-- ', footer, ''].join('\n');
  const html = `<!doctype html>
<html lang="${language === 0 ? 'zh-CN' : 'en-US'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f2f5f9;font-family:Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#1d2733;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff">
<div style="background:#0b2f5b;color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold">${escapeHtml(name)}</div>
<div style="padding:24px"><p style="font-size:16px"><strong>${escapeHtml(kindLabel)} ${escapeHtml(alert.reference)}</strong></p><p>${escapeHtml(line)}</p>${next ? `<p>${escapeHtml(next)}</p>` : ''}
<p><a href="${escapeHtml(page)}" style="color:#0b5cab">${escapeHtml(say('alerts.mail.open', language))}</a></p></div>
<div style="padding:16px 24px;border-top:1px solid #dde3ea;color:#5b6877;font-size:12px">${escapeHtml(why)}<br><a href="${escapeHtml(unsubscribe)}" style="color:#0b5cab">${escapeHtml(say('subscribe.mail.unsubscribe', language))}</a><br>${escapeHtml(footer)}</div>
</div></body></html>
`;
  return {
    to: alert.email,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
