import { z } from 'zod';
import type { CallDef } from './define';
import { defineCall, LanguageOnly } from './define';
import { Language } from './entities';
import {
  checkCaptchaCode,
  checkEmailCode,
  checkSubscribeEmail,
  DAILY,
  SUBSCRIBE_PATH,
  SUBSCRIBER_FIELDS,
  SUBSCRIBER_LANGUAGES,
  SUBSCRIBER_STATUS,
  validateSubscription,
  WEEKDAYS,
  type SubscribeError,
} from '../forms/validation/subscribe';

export { SUBSCRIBE_PATH } from '../forms/validation/subscribe';

/**
 * Newsletter subscription calls (spec 002 §7: /subscribe/*): option lists, the code
 * mail, the look-up and the three changes, plus our signed one-click unsubscribe.
 * Request bodies run the island's rules (src/forms/validation/subscribe.ts); a failing
 * rule's message is a dictionary key that the server says in the request's language.
 *
 * Codes of getUserByEmail: 200 the address is subscribed (content: the record),
 * 201 it is not (content null, message "please complete the form"); anything else is
 * an error with its message. Changes need a valid e-mail code (`emailCode`, our
 * addition to the wire: the existing backend kept the verification in its session) and
 * a captcha answer and sign (`code`, `sign`).
 */

const formText = z.string().optional();
/** A number a form sends as text or JSON sends as a number. */
const formNumber = z.union([z.string(), z.number().int()]).transform(String).optional();

function rulesToIssues(errors: Partial<Record<string, SubscribeError>>, ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(errors)) if (message) ctx.addIssue({ code: 'custom', path: [field], message });
}

const langField = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,4})?$/, { error: 'must be a language code such as zh-CN, en-US, cn or en' })
  .optional()
  .describe('Language of the page (zh-CN / en-US, or a local site language code: cn and tc are Chinese)');

/** A trade label: a trade of the route network, its services as children (the card's hover list). */
export const TradeLabelOption = z
  .object({
    tradeLabel: z.string(),
    tradeLabelCode: z.string(),
    children: z.array(z.object({ tradeDesc: z.string().describe('Service code and name'), tradeLabelCode: z.string().describe('Service code') }).strict()),
  })
  .strict();
export type TradeLabelOption = z.infer<typeof TradeLabelOption>;

export const PortOption = z
  .object({
    portZh: z.string(),
    portEn: z.string(),
    portCode: z.string().describe('UN/LOCODE'),
    portContinent: z.enum(['asia', 'oceania', 'africa', 'europe', 'america']).describe("The global offices' area of the port's country"),
  })
  .strict();
export type PortOption = z.infer<typeof PortOption>;

/** Country, province, city: code and description (spec 002 §3). */
export const PlaceOption = z.object({ code: z.string(), description: z.string() }).strict();
export type PlaceOption = z.infer<typeof PlaceOption>;

/** The record getUserByEmail answers (code 200): subscriber and preference, the subscriber's id as userUuid. */
export const SubscriberRecord = z
  .object({
    userUuid: z.uuid(),
    email: z.string(),
    company: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    country: z.string(),
    province: z.string(),
    city: z.string(),
    phone: z.string(),
    jobTitle: z.string(),
    language: z.enum(SUBSCRIBER_LANGUAGES),
    dayOfWeek: z.enum([...WEEKDAYS, DAILY]),
    labels: z.string().describe('Trade label codes joined with ;'),
    portSubscribe: z.string().describe('UN/LOCODEs joined with ;'),
    feqImportant: z.number().int().min(0).max(3),
    feqBusiness: z.number().int().min(0).max(3),
    feqPort: z.number().int().min(0).max(3),
    status: z.literal(SUBSCRIBER_STATUS.active).describe('ACITVE, spelt as the existing backend spells it'),
  })
  .strict();
export type SubscriberRecord = z.infer<typeof SubscriberRecord>;

export const SendCodeBody = z
  .object({ email: formText, lang: langField })
  .strict()
  .superRefine((body, ctx) => {
    const error = checkSubscribeEmail(body.email ?? '');
    if (error) rulesToIssues({ email: error }, ctx);
  });

export const LookupBody = z
  .object({ email: formText, lang: langField, code: formText.describe('The 6-digit e-mail code') })
  .strict()
  .superRefine((body, ctx) => rulesToIssues({ email: checkSubscribeEmail(body.email ?? '') ?? undefined, code: checkEmailCode(body.code ?? '') ?? undefined }, ctx));

/**
 * userRegister and updateRegister: the subscriber's and the preference's fields
 * ("merged subscriber and preference fields plus sign"), the e-mail code, the page's
 * lang. The province rule here is its format; "required when the country has
 * provinces" needs the country list and is checked by the server.
 */
export const SubscriptionBody = z
  .object({
    ...(Object.fromEntries(SUBSCRIBER_FIELDS.map((f) => [f, formText])) as Record<(typeof SUBSCRIBER_FIELDS)[number], typeof formText>),
    dayOfWeek: formText,
    labels: formText,
    portSubscribe: formText,
    feqImportant: formNumber,
    feqBusiness: formNumber,
    feqPort: formNumber,
    code: formText.describe('Captcha answer (4 letters or digits)'),
    sign: formText.describe('Captcha sign'),
    emailCode: formText.describe('Addition: the 6-digit e-mail code that authorises the change'),
    status: z.literal(SUBSCRIBER_STATUS.active, { error: `must be ${SUBSCRIBER_STATUS.active}` }).optional(),
    language: z.enum(SUBSCRIBER_LANGUAGES, { error: 'must be zh-CN or en-US' }).optional().describe('Language of the mails (default: of lang)'),
    lang: langField,
    uuid: z.uuid({ error: 'must be the userUuid of the subscription' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => rulesToIssues(validateSubscription(body, false), ctx));
export type SubscriptionBody = z.input<typeof SubscriptionBody>;

export const CancelBody = z
  .object({
    email: formText,
    lang: langField,
    code: formText.describe('Captcha answer'),
    sign: formText,
    emailCode: formText,
    uuid: z.uuid({ error: 'must be the userUuid of the subscription' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) =>
    rulesToIssues(
      {
        email: checkSubscribeEmail(body.email ?? '') ?? undefined,
        emailCode: checkEmailCode(body.emailCode ?? '') ?? undefined,
        code: checkCaptchaCode(body.code ?? '') ?? undefined,
        sign: (body.sign ?? '').trim() ? undefined : 'subscribe.err.sign',
      },
      ctx,
    ),
  );

/** The one-click link's query: subscriber id and its MAC. */
export const UnsubscribeQuery = z
  .object({
    u: z.uuid({ error: 'must be a subscription id' }),
    t: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be the link’s signature' }),
    language: Language.optional(),
  })
  .strict();

const country = z.string().regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code, e.g. CN' });
const province = z.string().regex(/^[A-Za-z0-9-]{1,10}$/, { error: 'must be a province code' });

export const subscribeCalls = {
  subscribeNewsLabels: defineCall({
    method: 'GET',
    path: SUBSCRIBE_PATH.newsLabels,
    query: LanguageOnly,
    answer: z.array(TradeLabelOption),
    summary: 'Trade labels a subscriber can choose (the route network’s trades), each with the services it includes',
  }),
  subscribePorts: defineCall({ method: 'GET', path: SUBSCRIBE_PATH.ports, query: LanguageOnly, answer: z.array(PortOption), summary: 'Ports a subscriber can choose (the ports the network calls)' }),
  subscribeCountries: defineCall({ method: 'GET', path: SUBSCRIBE_PATH.countries, query: LanguageOnly, answer: z.array(PlaceOption), summary: 'Countries and regions, named in the language asked' }),
  subscribeProvinces: defineCall({
    method: 'GET',
    path: SUBSCRIBE_PATH.provinces,
    query: LanguageOnly,
    params: z.object({ country }),
    answer: z.array(PlaceOption),
    summary: 'Provinces (states) of a country',
  }),
  subscribeCities: defineCall({
    method: 'GET',
    path: SUBSCRIBE_PATH.cities,
    query: LanguageOnly,
    params: z.object({ country, province }),
    answer: z.array(PlaceOption),
    summary: 'Cities of a province',
  }),
  subscribeSendCode: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.sendCode,
    query: LanguageOnly,
    body: SendCodeBody,
    answer: z.null(),
    summary: 'Mails a 6-digit code to the address (one per 60 seconds, a daily limit per address); 429 when too early or over the limit',
  }),
  subscribeLookup: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.lookup,
    query: LanguageOnly,
    body: LookupBody,
    answer: SubscriberRecord,
    summary: 'Checks the e-mail code; 200 with the subscription when the address is subscribed, 201 (content null) when it is not',
  }),
  subscribeRegister: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.register,
    query: LanguageOnly,
    body: SubscriptionBody,
    answer: z.null(),
    summary: 'Subscribes an address (e-mail code and captcha required); 400 "already subscribed" when it is',
  }),
  subscribeUpdate: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.update,
    query: LanguageOnly,
    body: SubscriptionBody,
    answer: z.null(),
    summary: 'Changes a subscription (e-mail code and captcha required); 404 when the address is not subscribed',
  }),
  subscribeCancel: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.cancel,
    query: LanguageOnly,
    body: CancelBody,
    answer: z.null(),
    summary: 'Ends a subscription (e-mail code and captcha required); 404 when the address is not subscribed',
  }),
  subscribeOneClick: defineCall({
    method: 'POST',
    path: SUBSCRIBE_PATH.unsubscribe,
    query: UnsubscribeQuery,
    body: z
      .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
      .strict()
      .optional(),
    answer: z.null(),
    summary: 'The mails’ signed link, RFC 8058 one-click (POST); GET on the same URL unsubscribes and redirects to the subscription page with the result',
  }),
} satisfies Record<string, CallDef>;
