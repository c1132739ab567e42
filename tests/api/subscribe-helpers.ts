import { expect } from 'vitest';
import type { MailMessage, Mailer } from '../../src/server/mail';
import { startForms, type FormsHarness, type RequestOptions } from './forms-helpers';
import { EXAMPLE_SUBSCRIPTION } from '../../src/contract/examples';

/** Helpers of the subscription tests: a harness with the subscription limit out of the way, codes read from the mails, a valid form. */

export const SUB = {
  labels: '/subscribe/getNewsLabels',
  ports: '/subscribe/getPortList',
  countries: '/subscribe/countries',
  sendCode: '/subscribe/sendEmailCode',
  lookup: '/subscribe/getUserByEmail',
  register: '/subscribe/userRegister',
  update: '/subscribe/updateRegister',
  cancel: '/subscribe/cancelRegister',
  unsubscribe: '/subscribe/unsubscribe',
} as const;

export async function startSubscribe(env: Record<string, string> = {}, options: { mailer?: Mailer } = {}): Promise<FormsHarness> {
  return startForms({ RATE_LIMIT_SUBSCRIBE: '1000000/60', ...env }, options);
}

/** The 6-digit code of a code mail. */
export function codeOf(mail: MailMessage | string): string {
  const text = typeof mail === 'string' ? mail : mail.text;
  const match = /^\s+(\d{6})\s*$/m.exec(text);
  if (!match) throw new Error(`no code in: ${text.slice(0, 200)}`);
  return match[1];
}

/** Asks for a code and reads it from the mail the API sent. */
export async function codeFor(h: FormsHarness, email: string, options: RequestOptions & { lang?: string } = {}): Promise<string> {
  const before = h.mailer.sent.length;
  const { body } = await h.post(SUB.sendCode, { email, lang: options.lang ?? 'en-US' }, options);
  expect(body.code, body.message).toBe('200');
  expect(h.mailer.sent.length).toBe(before + 1);
  return codeOf(h.mailer.sent[h.mailer.sent.length - 1]);
}

/** A subscription that passes every rule (without the e-mail code and the captcha). */
export function validSubscription(over: Record<string, string> = {}): Record<string, string> {
  return {
    ...EXAMPLE_SUBSCRIPTION,
    ...over,
  };
}

/** A subscription with a valid e-mail code and a solved captcha. */
export async function authorised(h: FormsHarness, fields: Record<string, string>, emailCode: string): Promise<Record<string, string>> {
  return { ...fields, emailCode, ...(await h.solved()) };
}
