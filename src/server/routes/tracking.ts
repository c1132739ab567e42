import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { track } from '../../tracking/lookup';
import { feedOf } from '../../tracking/service';
import { sampleShipments } from '../../tracking/store';
import { rateLimiterOf, type AppDeps } from '../deps';
import { Answer, answerError, handle, WireError } from '../handle';
import { requireCaptcha } from '../forms/captcha';
import { metrics } from '../../observability/metrics.mjs';
import { AlertUnsubscribeQuery } from '../../contract/tracking';
import { CODE } from '../../contract/wire';
import type { MessageKey } from '../../i18n/t';
import { localePath } from '../../i18n/paths';
import { ALERT_TTL_DAYS, createAlert, endAlert, type AlertMilestone } from '../../tracking/alerts';
import { problemOf } from '../../tracking/lookup';
import { parseReference } from '../../tracking/references';
import { shipmentEvents } from '../../tracking/store';
import { formsContext } from '../forms/context';
import { say } from '../forms/messages';
import { emailKey, issueCode, verifyCode, withdrawCode, type CodeProblem } from '../subscribe/codes';
import { codeMail } from '../subscribe/mails';

/**
 * /tracking/track: what the tracking page's island and its no-JavaScript form ask (src/tracking/lookup.ts).
 * Each request counts against RATE_LIMIT_TRACK per client address (the database limiter, shared by
 * every API process); over it a look-up needs a solved captcha (captchaCode and captchaSign from
 * /public/captcha/new), else the answer is code 429 saying so. The alerts' calls follow.
 */
export function trackingRoutes(deps: AppDeps) {
  const router = new Hono();
  const limiter = rateLimiterOf(deps);
  const { source, demo } = feedOf(deps.config.tracking);
  const now = deps.now ?? (() => new Date());
  const forms = formsContext(deps);
  // over RATE_LIMIT_TRACK a look-up needs a solved captcha (one a look-up); below it, never
  router.use(calls.track.path, async (c, next) => {
    const language = c.req.query('language') === '0' ? 0 : 1;
    const verdict = await limiter.hit('track', forms.client(c));
    if (verdict.allowed) return next();
    const code = c.req.query('captchaCode');
    const sign = c.req.query('captchaSign');
    if (code && sign) {
      try {
        await requireCaptcha(forms.db, { secret: await forms.secret(), now: now(), code, sign, language });
        return next();
      } catch (error) {
        if (error instanceof WireError) return answerError(c, error.code, error.message);
        throw error;
      }
    }
    metrics().rateLimited.inc({ limit: 'track' });
    c.header('retry-after', String(verdict.retryAfterSeconds));
    return answerError(c, CODE.tooManyRequests, say('track.err.captchaNeeded', language, { minutes: Math.ceil(verdict.retryAfterSeconds / 60) }));
  });
  handle(router, calls.track, ({ query, language }) => track({ db: deps.database.db, source, demo, now }, query.refs, language));
  // references to try, from the demonstration shipments only: never a customer's
  handle(router, calls.trackSamples, async () => {
    if (!demo) return { demo, samples: [] };
    const rows = await sampleShipments(deps.database.db, now());
    const order = ['sea', 'destination', 'origin', 'delivered', 'booked'] as const;
    const samples = rows
      .sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage))
      .map((r, i) =>
        i % 3 === 1 && r.container
          ? { reference: r.container, kind: 'container' as const, stage: r.stage }
          : i % 3 === 2 && r.bl
            ? { reference: r.bl, kind: 'bl' as const, stage: r.stage }
            : { reference: r.booking, kind: 'booking' as const, stage: r.stage },
      );
    return { demo, samples };
  });

  // ---- alerts: a code to confirm the address, then the alert; the mails' one-click unsubscribe ----
  const subscribe = deps.config.subscribe;
  const rules = { ttlSeconds: subscribe.codeTtlSeconds, maxTries: subscribe.codeMaxTries, dailyLimit: subscribe.codeDailyLimit };
  router.post(calls.trackAlertCode.path, limiter.middleware('subscribe'));
  router.post(calls.trackAlertCreate.path, limiter.middleware('subscribe'));
  const known = (reference: string, language: 0 | 1) => {
    const parsed = parseReference(reference);
    if (!('kind' in parsed)) throw new WireError(CODE.badRequest, `reference: ${problemOf(parsed, language)!.message}`);
    return parsed;
  };
  handle(router, calls.trackAlertCode, async ({ body, language, c }) => {
    const parsed = known(body.reference, language);
    const shipment = await shipmentEvents(forms.db, parsed.kind, parsed.value);
    if (shipment.events.length === 0) throw new WireError(CODE.notFound, say('alerts.err.notFound', language, { reference: parsed.value }));
    const email = emailKey(body.email);
    const issued = await issueCode(forms.db, { email, secret: await forms.secret(), now: now(), rules, client: forms.client(c) });
    if (!issued.ok && issued.problem === 'tooEarly') {
      c.header('retry-after', String(issued.retryAfterSeconds));
      throw new WireError(CODE.tooManyRequests, say('subscribe.err.tooEarly', language, { seconds: issued.retryAfterSeconds }));
    }
    if (!issued.ok) throw new WireError(CODE.tooManyRequests, say('subscribe.err.dailyLimit', language));
    const minutes = Math.round(subscribe.codeTtlSeconds / 60);
    const sent = await forms.notify(
      codeMail({ to: email, code: issued.code, language, minutes, words: { subject: 'alerts.mail.codeSubject', intro: 'alerts.mail.codeIntro', valid: 'alerts.mail.codeValid' } }),
    );
    if (sent.error) {
      await withdrawCode(forms.db, issued.id);
      throw new WireError(CODE.serverError, say('subscribe.err.codeSendFailed', language));
    }
    return new Answer(null, say('alerts.codeSent', language, { email, minutes }));
  });
  handle(router, calls.trackAlertCreate, async ({ body, language }) => {
    const parsed = known(body.reference, language);
    const email = emailKey(body.email);
    const problem = await verifyCode(forms.db, { email, code: body.code, secret: await forms.secret(), now: now(), rules });
    if (problem) throw new WireError(CODE.badRequest, say(CODE_PROBLEM[problem], language));
    const alert = await createAlert(forms.db, { email, language, kind: parsed.kind, reference: parsed.value, milestones: body.milestones, etaHours: body.etaHours }, now());
    if (!alert) throw new WireError(CODE.notFound, say('alerts.err.notFound', language, { reference: parsed.value }));
    forms.log('[tracking] alert made');
    return new Answer(
      { reference: alert.reference, milestones: alert.milestones as AlertMilestone[], endsDaysAfterLastEvent: ALERT_TTL_DAYS },
      say('alerts.created', language, { reference: alert.reference, email }),
    );
  });
  // GET (a click in the mail): end the alert and show the tracking page with the result; POST: RFC 8058 one-click
  router.get(calls.trackAlertUnsubscribe.path, async (c) => {
    const parsed = AlertUnsubscribeQuery.safeParse(c.req.query());
    const language = c.req.query('language') === '0' ? 0 : 1;
    const ended = parsed.success && (await endAlert(forms.db, await forms.secret(), parsed.data.a, parsed.data.t));
    return c.redirect(`${subscribe.siteUrl}${localePath(language === 0 ? 'zh' : 'en', '/home/Track')}?alerts=${ended ? 'unsubscribed' : 'invalid'}`, 303);
  });
  handle(router, calls.trackAlertUnsubscribe, async ({ query }) => {
    const language = query.language ?? 1;
    if (!(await endAlert(forms.db, await forms.secret(), query.a, query.t))) throw new WireError(CODE.forbidden, say('alerts.invalidLink', language));
    return new Answer(null, say('alerts.unsubscribed', language));
  });
  return router;
}

const CODE_PROBLEM: Record<CodeProblem, MessageKey> = {
  missing: 'subscribe.err.codeMissing',
  expired: 'subscribe.err.codeExpired',
  tries: 'subscribe.err.codeTries',
  wrong: 'subscribe.err.codeWrong',
};
