import { CONTACT_ERRORS } from '../../forms/validation/contact';
import { CAPTCHA_STRING_KEYS } from '../shared/captcha-strings';

/** The dictionary strings the contact form needs (given to it as props; see src/i18n/pick.ts). */
export const CONTACT_STRING_KEYS = [
  'forms.email',
  'forms.name',
  'forms.company',
  'forms.needCall',
  'forms.needCallYes',
  'forms.needCallNo',
  'forms.phone',
  'forms.phoneHint',
  'forms.country',
  'forms.province',
  'forms.city',
  'forms.choose',
  'forms.loading',
  'forms.loadFailed',
  'forms.retry',
  'forms.comment',
  'forms.commentHint',
  'forms.counter',
  ...CAPTCHA_STRING_KEYS,
  'forms.optional',
  'forms.submit',
  'forms.sending',
  'forms.subject',
  'forms.summary',
  'forms.failed',
  'forms.contact.sent',
  ...CONTACT_ERRORS,
] as const;
export type ContactStringKey = (typeof CONTACT_STRING_KEYS)[number];
export type ContactStrings = Record<ContactStringKey, string>;
