import { charCount } from './contact';

/**
 * The newsletter subscription's wire values and rules (spec 002 §3 "Subscriber",
 * "Subscription preference", §5 "Validation rules", §9 constants), in one plain
 * module (no zod) that the island and the server share, like ./contact.ts: a rule
 * answers a message key of the dictionaries (`subscribe.err.*`), never a sentence.
 *
 * The wire keeps the existing backend's values, misspellings included; the code
 * names them properly (SUBSCRIBER_STATUS.active is "ACITVE" on the wire).
 */

/** Paths of the subscription calls (relative to the API base); the zod definitions are in src/contract/subscribe.ts. */
export const SUBSCRIBE_PATH = {
  newsLabels: '/subscribe/getNewsLabels',
  ports: '/subscribe/getPortList',
  countries: '/subscribe/countries',
  provinces: '/subscribe/:country/provinces',
  cities: '/subscribe/:country/:province/cities',
  sendCode: '/subscribe/sendEmailCode',
  lookup: '/subscribe/getUserByEmail',
  register: '/subscribe/userRegister',
  update: '/subscribe/updateRegister',
  cancel: '/subscribe/cancelRegister',
  /** Our addition: the signed one-click link of the mails (GET shows the result page, POST is RFC 8058). */
  unsubscribe: '/subscribe/unsubscribe',
} as const;

/** E-mail verification codes: 6 digits; the get-code button waits this long before a resend (and so does the server). */
export const EMAIL_CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;
/** The image captcha of the preference form: exactly 4 letters or digits. */
export const SUBSCRIBE_CAPTCHA_LENGTH = 4;

/** Frequencies on the wire (feqImportant, feqBusiness, feqPort): 0 not subscribed, 1 weekly, 2 every other week, 3 daily. */
export const FREQUENCY = { none: 0, weekly: 1, fortnightly: 2, daily: 3 } as const;
export type Frequency = 1 | 2 | 3;
export const FREQUENCIES: readonly Frequency[] = [FREQUENCY.daily, FREQUENCY.weekly, FREQUENCY.fortnightly];

/** dayOfWeek on the wire: the weekday of a weekly or fortnightly digest, or DAILY with frequency 3. */
export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DAILY = 'DAILY';
export type DayOfWeek = Weekday | typeof DAILY;

/** Scope of the form (not on the wire: stored as what it means): 1 all news, 0 chosen categories. */
export const SCOPE = { all: '1', byCategory: '0' } as const;

/** status on the wire: the existing backend spells active "ACITVE"; it stays so on the wire only. */
export const SUBSCRIBER_STATUS = { active: 'ACITVE' } as const;

/** Subscriber language on the wire and in the record. */
export const SUBSCRIBER_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type SubscriberLanguage = (typeof SUBSCRIBER_LANGUAGES)[number];

/**
 * The `lang` a page sends: the corporate site's zh-CN / en-US (or zh / en), or a local
 * site's language code (cn and tc are Chinese, spec 002 §1). Answers 0 Chinese, 1 English,
 * or null when it is not a language code.
 */
export function languageOfLang(lang: string | undefined | null): 0 | 1 | null {
  const v = (lang ?? '').trim().toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,4})?$/.test(v)) return null;
  return /^(zh|cn|tc)(-|$)/.test(v) ? 0 : 1;
}

/** Separator of labels and portSubscribe on the wire. */
export const LIST_SEPARATOR = ';';
export function splitList(value: string | undefined | null): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(LIST_SEPARATOR)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}
export function joinList(values: readonly string[]): string {
  return [...new Set(values)].join(LIST_SEPARATOR);
}

/** Trade label codes (2 or 3 capitals) and port codes (UN/LOCODE: country + 3 letters or digits 2-9). */
export const TRADE_CODE_PATTERN = /^[A-Z]{2,3}$/;
export const PORT_CODE_PATTERN = /^[A-Z]{2}[A-Z2-9]{3}$/;

/** Spec 002 §5: local part of letters, digits, dot, underscore, hyphen; a domain with at least one dot. */
export const SUBSCRIBE_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;
/** Phone: digits and hyphens only (optional). */
export const SUBSCRIBE_PHONE_PATTERN = /^[0-9-]+$/;

export const SUBSCRIBER_LIMITS = { email: 254, company: 200, firstName: 100, lastName: 100, country: 2, province: 10, city: 100, phone: 30, jobTitle: 100 } as const;

export const LOOKUP_FIELDS = ['email', 'code'] as const;
export const SUBSCRIBER_FIELDS = ['email', 'company', 'firstName', 'lastName', 'country', 'province', 'city', 'phone', 'jobTitle'] as const;
export type SubscriberField = (typeof SUBSCRIBER_FIELDS)[number];
export const PREFERENCE_FIELDS = ['dayOfWeek', 'labels', 'portSubscribe', 'feqImportant', 'feqBusiness', 'feqPort', 'code', 'sign'] as const;
export type PreferenceField = (typeof PREFERENCE_FIELDS)[number];

/** What register and update carry on the wire (all strings, as a form sends them). */
export type SubscriptionValues = Record<SubscriberField | PreferenceField | 'emailCode', string>;

export const SUBSCRIBE_ERRORS = [
  'subscribe.err.email', // e-mail required (also "sending a code with no e-mail")
  'subscribe.err.emailFormat',
  'subscribe.err.emailCode', // lookup code required
  'subscribe.err.emailCodeFormat', // exactly 6 digits
  'subscribe.err.company',
  'subscribe.err.firstName',
  'subscribe.err.lastName',
  'subscribe.err.country',
  'subscribe.err.province',
  'subscribe.err.phoneFormat',
  'subscribe.err.tooLong',
  'subscribe.err.captcha', // preference captcha code required
  'subscribe.err.captchaFormat', // exactly 4 letters or digits
  'subscribe.err.sign',
  'subscribe.err.category', // nothing chosen
  'subscribe.err.business', // business news without a trade or a port
  'subscribe.err.frequency',
  'subscribe.err.dayOfWeek',
  'subscribe.err.labels',
  'subscribe.err.ports',
] as const;
export type SubscribeError = (typeof SUBSCRIBE_ERRORS)[number];

export function checkSubscribeEmail(value: string): SubscribeError | null {
  const v = value.trim();
  if (!v) return 'subscribe.err.email';
  if (v.length > SUBSCRIBER_LIMITS.email || !SUBSCRIBE_EMAIL_PATTERN.test(v)) return 'subscribe.err.emailFormat';
  return null;
}

export function checkEmailCode(value: string): SubscribeError | null {
  const v = value.trim();
  if (!v) return 'subscribe.err.emailCode';
  return new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(v) ? null : 'subscribe.err.emailCodeFormat';
}

export function checkCaptchaCode(value: string): SubscribeError | null {
  const v = value.trim();
  if (!v) return 'subscribe.err.captcha';
  return new RegExp(`^[A-Za-z0-9]{${SUBSCRIBE_CAPTCHA_LENGTH}}$`).test(v) ? null : 'subscribe.err.captchaFormat';
}

function required(value: string, max: number, missing: SubscribeError): SubscribeError | null {
  const v = value.trim();
  if (!v) return missing;
  return charCount(v) > max ? 'subscribe.err.tooLong' : null;
}

function optional(value: string, max: number): SubscribeError | null {
  return charCount(value.trim()) > max ? 'subscribe.err.tooLong' : null;
}

/**
 * The subscriber form's rules. The province is required when the chosen country has
 * provinces (`hasProvinces`; the dataset has none for a few small countries).
 */
export function checkSubscriberField(field: SubscriberField, values: Partial<Record<SubscriberField, string>>, hasProvinces = true): SubscribeError | null {
  const v = (values[field] ?? '').toString();
  switch (field) {
    case 'email':
      return checkSubscribeEmail(v);
    case 'company':
      return required(v, SUBSCRIBER_LIMITS.company, 'subscribe.err.company');
    case 'firstName':
      return required(v, SUBSCRIBER_LIMITS.firstName, 'subscribe.err.firstName');
    case 'lastName':
      return required(v, SUBSCRIBER_LIMITS.lastName, 'subscribe.err.lastName');
    case 'country':
      return /^[A-Z]{2}$/.test(v.trim()) ? null : 'subscribe.err.country';
    case 'province':
      if (!v.trim()) return hasProvinces ? 'subscribe.err.province' : null;
      return /^[A-Za-z0-9-]{1,10}$/.test(v.trim()) ? null : 'subscribe.err.province';
    case 'city':
      return optional(v, SUBSCRIBER_LIMITS.city);
    case 'phone': {
      const p = v.trim();
      if (!p) return null;
      if (p.length > SUBSCRIBER_LIMITS.phone) return 'subscribe.err.tooLong';
      return SUBSCRIBE_PHONE_PATTERN.test(p) ? null : 'subscribe.err.phoneFormat';
    }
    case 'jobTitle':
      return optional(v, SUBSCRIBER_LIMITS.jobTitle);
  }
}

function frequencyOf(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  return /^[0-3]$/.test(v) ? Number(v) : null;
}

/**
 * The preference rules on the wire values: the frequencies are 0 to 3, at least one
 * is set, the set ones agree; the day fits the frequency (DAILY with 3, a weekday
 * otherwise); business news needs trade labels, port news ports; the captcha code
 * and sign are there.
 */
export function validatePreference(values: Partial<Record<PreferenceField, string>>): Partial<Record<PreferenceField, SubscribeError>> {
  const errors: Partial<Record<PreferenceField, SubscribeError>> = {};
  const freq = { feqImportant: frequencyOf(values.feqImportant), feqBusiness: frequencyOf(values.feqBusiness), feqPort: frequencyOf(values.feqPort) };
  for (const [field, f] of Object.entries(freq) as [PreferenceField, number | null][]) if (f === null) errors[field] = 'subscribe.err.frequency';
  const set = Object.values(freq).filter((f): f is number => f !== null && f > 0);
  if (!Object.keys(errors).length) {
    if (!set.length) errors.feqImportant = 'subscribe.err.category';
    else if (new Set(set).size > 1) errors.feqImportant = 'subscribe.err.frequency';
  }
  const frequency = set[0];
  const day = (values.dayOfWeek ?? '').trim();
  if (frequency === FREQUENCY.daily ? day !== DAILY : !(WEEKDAYS as readonly string[]).includes(day)) {
    if (frequency !== undefined) errors.dayOfWeek = 'subscribe.err.dayOfWeek';
  }
  const labels = splitList(values.labels);
  const ports = splitList(values.portSubscribe);
  if (labels.some((l) => !TRADE_CODE_PATTERN.test(l))) errors.labels = 'subscribe.err.labels';
  else if (freq.feqBusiness && !labels.length) errors.labels = 'subscribe.err.business';
  if (ports.some((p) => !PORT_CODE_PATTERN.test(p))) errors.portSubscribe = 'subscribe.err.ports';
  else if (freq.feqPort && !ports.length) errors.portSubscribe = 'subscribe.err.business';
  const captcha = checkCaptchaCode(values.code ?? '');
  if (captcha) errors.code = captcha;
  if (!(values.sign ?? '').trim()) errors.sign = 'subscribe.err.sign';
  return errors;
}

/** Every rule of register and update: the subscriber's, the preference's and the e-mail code's. */
export function validateSubscription(values: Partial<SubscriptionValues>, hasProvinces = true): Partial<Record<keyof SubscriptionValues, SubscribeError>> {
  const errors: Partial<Record<keyof SubscriptionValues, SubscribeError>> = {};
  for (const field of SUBSCRIBER_FIELDS) {
    const error = checkSubscriberField(field, values, hasProvinces);
    if (error) errors[field] = error;
  }
  Object.assign(errors, validatePreference(values));
  const code = checkEmailCode(values.emailCode ?? '');
  if (code) errors.emailCode = code;
  return errors;
}
