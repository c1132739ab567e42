/**
 * The rules of the leave-message form (spec 001 §5 "Contact form"), in one plain
 * module (no zod) that the island and the server share: the island checks each
 * field on blur and all of them on submit, the server runs the same function on
 * what arrives (src/contract/calls.ts wires it into the call's schema).
 *
 * A rule answers a message key of the dictionaries (src/i18n/dict, `forms.err.*`),
 * never a sentence, so each side shows it in the visitor's language.
 */

/** Comment length, in characters (code points), after trimming. */
export const COMMENT_MIN = 20;
export const COMMENT_MAX = 1000;
/** Captcha answers are exactly this long. */
export const CAPTCHA_LENGTH = 4;
/** Upper bounds on the other fields, so nothing unbounded is stored or mailed. */
export const CONTACT_LIMITS = { email: 254, userName: 100, companyName: 200, tel: 20, country: 300 } as const;

/** needCall on the wire: '0' the visitor wants a call, '1' not. */
export const NEED_CALL = { yes: '0', no: '1' } as const;

export const CONTACT_FIELDS = ['email', 'userName', 'companyName', 'needCall', 'tel', 'country', 'content', 'code', 'sign'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** The messages a rule can answer (keys of src/i18n/dict/*.json). The spec's key names are in comments. */
export const CONTACT_ERRORS = [
  'forms.err.userName', // form_userName
  'forms.err.email', // form_email
  'forms.err.emailFormat', // form_email_format
  'forms.err.comment', // form_suggestion
  'forms.err.commentShort', // form_suggestion_format
  'forms.err.commentLong', // form_suggestion_reformat
  'forms.err.code', // form_code
  'forms.err.codeFormat', // form_code_format
  'forms.err.tel', // form_telPhone
  'forms.err.telFormat', // form_telPhone_format
  'forms.err.needCall',
  'forms.err.tooLong',
  'forms.err.sign',
] as const;
export type ContactError = (typeof CONTACT_ERRORS)[number];

/** 8 digits with an optional 3- or 4-digit area code in brackets or followed by a hyphen; or an 11-digit mobile starting 13. */
export const PHONE_PATTERN = /^(?:(?:\(\d{3,4}\)|\d{3,4}-)?\d{8}|13\d{9})$/;
/** A pragmatic address check: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;

/** Length in characters as a person counts them (code points, so 汉字 and emoji count once). */
export function charCount(value: string): number {
  return [...value].length;
}

export function checkEmail(value: string): ContactError | null {
  const v = value.trim();
  if (!v) return 'forms.err.email';
  if (v.length > CONTACT_LIMITS.email || !EMAIL_PATTERN.test(v)) return 'forms.err.emailFormat';
  return null;
}

export function checkUserName(value: string): ContactError | null {
  const v = value.trim();
  if (!v) return 'forms.err.userName';
  if (charCount(v) > CONTACT_LIMITS.userName) return 'forms.err.tooLong';
  return null;
}

export function checkComment(value: string): ContactError | null {
  const v = value.trim();
  if (!v) return 'forms.err.comment';
  const n = charCount(v);
  if (n < COMMENT_MIN) return 'forms.err.commentShort';
  if (n > COMMENT_MAX) return 'forms.err.commentLong';
  return null;
}

export function checkCode(value: string): ContactError | null {
  const v = value.trim();
  if (!v) return 'forms.err.code';
  if (charCount(v) !== CAPTCHA_LENGTH) return 'forms.err.codeFormat';
  return null;
}

/** The phone is required when a call is wanted; when given, it must be a valid number either way. */
export function checkTel(value: string, needCall: string): ContactError | null {
  const v = value.trim().replace(/\s+/g, '');
  if (!v) return needCall === NEED_CALL.yes ? 'forms.err.tel' : null;
  return PHONE_PATTERN.test(v) ? null : 'forms.err.telFormat';
}

function checkOptional(value: string, max: number): ContactError | null {
  return charCount(value.trim()) > max ? 'forms.err.tooLong' : null;
}

/** One field's rule (the island's on-blur check). */
export function checkContactField(field: ContactField, values: Partial<ContactValues>): ContactError | null {
  const v = (name: ContactField) => values[name] ?? '';
  switch (field) {
    case 'email':
      return checkEmail(v('email'));
    case 'userName':
      return checkUserName(v('userName'));
    case 'companyName':
      return checkOptional(v('companyName'), CONTACT_LIMITS.companyName);
    case 'needCall':
      return v('needCall') === NEED_CALL.yes || v('needCall') === NEED_CALL.no ? null : 'forms.err.needCall';
    case 'tel':
      return checkTel(v('tel'), v('needCall'));
    case 'country':
      return checkOptional(v('country'), CONTACT_LIMITS.country);
    case 'content':
      return checkComment(v('content'));
    case 'code':
      return checkCode(v('code'));
    case 'sign':
      return v('sign').trim() ? null : 'forms.err.sign';
  }
}

/** Every rule (the submit check, on both sides): the failing fields with their message, in form order. */
export function validateContact(values: Partial<ContactValues>): Partial<Record<ContactField, ContactError>> {
  const errors: Partial<Record<ContactField, ContactError>> = {};
  for (const field of CONTACT_FIELDS) {
    const error = checkContactField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** What is stored and sent: trimmed values, the phone without spaces, nothing added. */
export function normaliseContact(values: ContactValues): ContactValues {
  const out = { ...values };
  for (const field of CONTACT_FIELDS) out[field] = (values[field] ?? '').trim();
  out.tel = out.tel.replace(/\s+/g, '');
  return out;
}
