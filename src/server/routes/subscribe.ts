import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import { calls } from '../../contract/calls';
import { UnsubscribeQuery, type SubscriberRecord } from '../../contract/subscribe';
import { CODE } from '../../contract/wire';
import type { MessageKey } from '../../i18n/t';
import { joinList, languageOfLang, splitList, SUBSCRIBE_PATH, SUBSCRIBER_FIELDS, SUBSCRIBER_STATUS, type SubscriberLanguage } from '../../forms/validation/subscribe';
import { subscribers } from '../db/schema';
import { requireCaptcha } from '../forms/captcha';
import { formsContext, type FormsContext } from '../forms/context';
import { say } from '../forms/messages';
import { cityOptions, countryOptions, provinceOptions } from '../forms/regions';
import { Answer, WireError, handle } from '../handle';
import { knownPortCodes, knownTradeCodes, portOptions, tradeLabelOptions } from '../subscribe/catalogue';
import { emailKey, issueCode, verifyCode, withdrawCode, type CodeProblem } from '../subscribe/codes';
import { checkUnsubscribeToken, subscribePageUrl, type LinkResult } from '../subscribe/links';
import { codeMail } from '../subscribe/mails';
import { metrics } from '../../observability/metrics.mjs';

/**
 * The newsletter subscription calls (/subscribe/*, spec 002 §7) and the mails' signed
 * one-click unsubscribe link. Option lists answer from the route network and the
 * country dataset; the code mail, the look-up and the changes follow the rules of
 * src/server/subscribe/codes.ts (code) and forms/captcha.ts (one-time captcha sign).
 * A refused request writes no subscriber and sends no mail; the only traces are the
 * ones that make the limits work (a wrong code counts a try, a captcha sign is used up).
 */

type Subscriber = typeof subscribers.$inferSelect;

const CODE_PROBLEM: Record<CodeProblem, MessageKey> = {
  missing: 'subscribe.err.codeMissing',
  expired: 'subscribe.err.codeExpired',
  tries: 'subscribe.err.codeTries',
  wrong: 'subscribe.err.codeWrong',
};

/** The language of the answer: the query's `language` when given, else the body's `lang`, else English. */
function replyLanguage(c: Context, language: 0 | 1, lang?: string): 0 | 1 {
  if (c.req.query('language') !== undefined) return language;
  return languageOfLang(lang) ?? language;
}

function toRecord(row: Subscriber): SubscriberRecord {
  return {
    userUuid: row.id,
    email: row.email,
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    province: row.province,
    city: row.city,
    phone: row.phone,
    jobTitle: row.jobTitle,
    language: row.language as SubscriberLanguage,
    dayOfWeek: row.dayOfWeek as SubscriberRecord['dayOfWeek'],
    labels: joinList(row.tradeLabels),
    portSubscribe: joinList(row.ports),
    feqImportant: row.frequencyImportant,
    feqBusiness: row.frequencyBusiness,
    feqPort: row.frequencyPort,
    status: SUBSCRIBER_STATUS.active,
  };
}

export function subscribeRoutes(deps: AppDeps) {
  const forms = formsContext(deps);
  const config = deps.config.subscribe;
  const rules = { ttlSeconds: config.codeTtlSeconds, maxTries: config.codeMaxTries, dailyLimit: config.codeDailyLimit };
  const router = new Hono();
  for (const path of [SUBSCRIBE_PATH.sendCode, SUBSCRIBE_PATH.lookup, SUBSCRIBE_PATH.register, SUBSCRIBE_PATH.update, SUBSCRIBE_PATH.cancel]) {
    router.post(path, forms.limiter.middleware('subscribe'));
  }

  // ---- option lists ----
  handle(router, calls.subscribeNewsLabels, ({ language }) => tradeLabelOptions(language));
  handle(router, calls.subscribePorts, () => portOptions());
  handle(router, calls.subscribeCountries, ({ language }) => countryOptions(language).map((o) => ({ code: o.code, description: o.label })));
  handle(router, calls.subscribeProvinces, ({ params, language }) => {
    const list = provinceOptions(params.country, language);
    if (!list) throw new WireError(CODE.notFound, say('subscribe.err.unknownCountry', language, { code: params.country }));
    return list.map((o) => ({ code: o.code, description: o.label }));
  });
  handle(router, calls.subscribeCities, ({ params, language }) => {
    const list = cityOptions(params.country, params.province, language);
    if (!list) throw new WireError(CODE.notFound, say('subscribe.err.unknownProvince', language, { code: `${params.country}/${params.province}` }));
    return list.map((o) => ({ code: o.code, description: o.label }));
  });

  const findByEmail = async (email: string) =>
    (
      await forms.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.email, emailKey(email)))
    )[0];
  const requireCode = async (email: string, code: string, language: 0 | 1) => {
    const problem = await verifyCode(forms.db, { email, code, secret: await forms.secret(), now: forms.now(), rules });
    if (problem) throw new WireError(CODE.badRequest, say(CODE_PROBLEM[problem], language));
  };

  // ---- the code mail ----
  handle(router, calls.subscribeSendCode, async ({ body, language: queryLanguage, c }) => {
    const language = replyLanguage(c, queryLanguage, body.lang);
    const email = emailKey(body.email!);
    const issued = await issueCode(forms.db, { email, secret: await forms.secret(), now: forms.now(), rules, client: forms.client(c) });
    if (!issued.ok && issued.problem === 'tooEarly') {
      c.header('retry-after', String(issued.retryAfterSeconds));
      metrics().rateLimited.inc({ limit: 'subscribe-code-resend' });
      throw new WireError(CODE.tooManyRequests, say('subscribe.err.tooEarly', language, { seconds: issued.retryAfterSeconds }));
    }
    if (!issued.ok) {
      metrics().rateLimited.inc({ limit: 'subscribe-code-daily' });
      throw new WireError(CODE.tooManyRequests, say('subscribe.err.dailyLimit', language));
    }
    const minutes = Math.round(config.codeTtlSeconds / 60);
    // The mail is in the page's language (the subscriber's language is not known yet).
    const sent = await forms.notify(codeMail({ to: email, code: issued.code, language, minutes }));
    if (sent.error) {
      await withdrawCode(forms.db, issued.id);
      throw new WireError(CODE.serverError, say('subscribe.err.codeSendFailed', language));
    }
    return new Answer(null, say('subscribe.codeSent', language, { email, minutes }));
  });

  // ---- look-up: 200 with the record, 201 for a new subscriber ----
  handle(router, calls.subscribeLookup, async ({ body, language: queryLanguage, c }) => {
    const language = replyLanguage(c, queryLanguage, body.lang);
    await requireCode(body.email!, body.code!, language);
    const row = await findByEmail(body.email!);
    if (!row) throw new WireError(CODE.empty, say('subscribe.lookup.new', language));
    return new Answer(toRecord(row), say('subscribe.lookup.found', language));
  });

  /** The body's values as stored, checked against the country dataset and the catalogue (400 naming the field). */
  const prepare = (body: Record<string, string | undefined>, language: 0 | 1, c: Context, queryLanguage: 0 | 1) => {
    const v = Object.fromEntries(SUBSCRIBER_FIELDS.map((f) => [f, (body[f] ?? '').trim()])) as Record<(typeof SUBSCRIBER_FIELDS)[number], string>;
    const provinces = provinceOptions(v.country, language);
    if (!provinces) throw new WireError(CODE.badRequest, `country: ${say('subscribe.err.unknownCountry', language, { code: v.country })}`);
    if (provinces.length && !v.province) throw new WireError(CODE.badRequest, `province: ${say('subscribe.err.province', language)}`);
    if (v.province && !provinces.some((p) => p.code === v.province))
      throw new WireError(CODE.badRequest, `province: ${say('subscribe.err.unknownProvince', language, { code: `${v.country}/${v.province}` })}`);
    const labels = splitList(body.labels);
    const ports = splitList(body.portSubscribe);
    const trades = knownTradeCodes();
    const unknownLabel = labels.find((l) => !trades.has(l));
    if (unknownLabel) throw new WireError(CODE.badRequest, `labels: ${say('subscribe.err.unknownLabel', language, { code: unknownLabel })}`);
    const portCodes = knownPortCodes();
    const unknownPort = ports.find((p) => !portCodes.has(p));
    if (unknownPort) throw new WireError(CODE.badRequest, `portSubscribe: ${say('subscribe.err.unknownPort', language, { code: unknownPort })}`);
    const subscriberLanguage: SubscriberLanguage =
      (body.language as SubscriberLanguage | undefined) ?? ((languageOfLang(body.lang) ?? (c.req.query('language') !== undefined ? queryLanguage : 1)) === 0 ? 'zh-CN' : 'en-US');
    return {
      email: emailKey(v.email),
      company: v.company,
      firstName: v.firstName,
      lastName: v.lastName,
      country: v.country,
      province: v.province,
      city: v.city,
      phone: v.phone,
      jobTitle: v.jobTitle,
      language: subscriberLanguage,
      dayOfWeek: (body.dayOfWeek ?? '').trim(),
      tradeLabels: labels,
      ports,
      frequencyImportant: Number(body.feqImportant),
      frequencyBusiness: Number(body.feqBusiness),
      frequencyPort: Number(body.feqPort),
    };
  };

  const authorise = async (forms: FormsContext, body: { email?: string; emailCode?: string; code?: string; sign?: string }, language: 0 | 1) => {
    await requireCode(body.email!, body.emailCode!, language);
    await requireCaptcha(forms.db, { secret: await forms.secret(), now: forms.now(), code: body.code!.trim(), sign: body.sign!.trim(), language });
  };

  handle(router, calls.subscribeRegister, async ({ body, language: queryLanguage, c }) => {
    const language = replyLanguage(c, queryLanguage, body.lang);
    const values = prepare(body as Record<string, string | undefined>, language, c, queryLanguage);
    await authorise(forms, body, language);
    if (await findByEmail(values.email)) throw new WireError(CODE.badRequest, say('subscribe.err.alreadySubscribed', language));
    const at = forms.now();
    const inserted = await forms.db
      .insert(subscribers)
      .values({ id: randomUUID(), ...values, status: 'active', createdAt: at, updatedAt: at, clientAddress: forms.client(c) })
      .onConflictDoNothing()
      .returning({ id: subscribers.id });
    // Two registrations of one address at the same moment: the unique index lets one through.
    if (!inserted.length) throw new WireError(CODE.badRequest, say('subscribe.err.alreadySubscribed', language));
    return new Answer(null, say('subscribe.done.subscribed', language, { email: values.email }));
  });

  handle(router, calls.subscribeUpdate, async ({ body, language: queryLanguage, c }) => {
    const language = replyLanguage(c, queryLanguage, body.lang);
    const values = prepare(body as Record<string, string | undefined>, language, c, queryLanguage);
    await authorise(forms, body, language);
    const row = await findByEmail(values.email);
    if (!row) throw new WireError(CODE.notFound, say('subscribe.err.noInformation', language));
    if (body.uuid && body.uuid !== row.id) throw new WireError(CODE.badRequest, `uuid: ${say('subscribe.err.uuid', language)}`);
    const { email: _email, ...changes } = values;
    await forms.db
      .update(subscribers)
      .set({ ...changes, updatedAt: forms.now(), clientAddress: forms.client(c) })
      .where(eq(subscribers.id, row.id));
    return new Answer(null, say('subscribe.done.modified', language));
  });

  handle(router, calls.subscribeCancel, async ({ body, language: queryLanguage, c }) => {
    const language = replyLanguage(c, queryLanguage, body.lang);
    await authorise(forms, body, language);
    const row = await findByEmail(body.email!);
    if (!row) throw new WireError(CODE.notFound, say('subscribe.err.notSubscribed', language));
    if (body.uuid && body.uuid !== row.id) throw new WireError(CODE.badRequest, `uuid: ${say('subscribe.err.uuid', language)}`);
    await forms.db.delete(subscribers).where(eq(subscribers.id, row.id));
    return new Answer(null, say('subscribe.done.deleted', language));
  });

  // ---- the mails' one-click link ----
  /** Checks the link and ends the subscription; answers the outcome and the language to show it in. */
  const followLink = async (query: { u: string; t: string; language?: 0 | 1 }): Promise<{ result: LinkResult; language: 0 | 1 }> => {
    const [row] = await forms.db.select().from(subscribers).where(eq(subscribers.id, query.u));
    const fallback = query.language ?? 1;
    if (!row) return { result: 'notSubscribed', language: fallback };
    const language = row.language === 'zh-CN' ? 0 : 1;
    if (!checkUnsubscribeToken(await forms.secret(), row.id, row.email, query.t)) return { result: 'invalidLink', language };
    await forms.db.delete(subscribers).where(eq(subscribers.id, row.id));
    forms.log('[subscribe] unsubscribed by link');
    return { result: 'unsubscribed', language };
  };
  // GET (a click in the mail): unsubscribe and show the result on the subscription page. Registered before
  // the POST call below, whose registration answers 405 to the other method.
  router.get(SUBSCRIBE_PATH.unsubscribe, async (c) => {
    const parsed = UnsubscribeQuery.safeParse(c.req.query());
    const language = c.req.query('language') === '0' ? 0 : 1;
    const { result, language: shown } = parsed.success ? await followLink(parsed.data) : { result: 'invalidLink' as const, language };
    return c.redirect(subscribePageUrl(config, shown === 0 ? 'zh' : 'en', result), 303);
  });
  // POST (RFC 8058 one-click from the mail program): the same, answered in the wrapper.
  handle(router, calls.subscribeOneClick, async ({ query }) => {
    const { result, language } = await followLink(query);
    if (result === 'invalidLink') throw new WireError(CODE.forbidden, say('subscribe.link.invalidLink', language));
    if (result === 'notSubscribed') throw new WireError(CODE.notFound, say('subscribe.link.notSubscribed', language));
    return new Answer(null, say('subscribe.link.unsubscribed', language));
  });
  return router;
}
