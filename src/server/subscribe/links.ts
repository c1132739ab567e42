import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../i18n/locales';
import { localePath } from '../../i18n/paths';
import type { SubscribeConfig } from './config';
import { SUBSCRIBE_PATH } from '../../forms/validation/subscribe';

/**
 * The one-click unsubscribe link of every newsletter mail: the subscriber's id and an
 * HMAC over id and address under the server key (purpose "unsubscribe" inside the MAC),
 * so it needs no code and cannot be made for another subscriber. It does not expire; it
 * stops working when the subscription ends (the id is gone) — a new subscription of the
 * same address gets a new id and new links.
 */
export function unsubscribeToken(secret: string, subscriberId: string, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${subscriberId}:${email.trim().toLowerCase()}`).digest('base64url');
}

export function checkUnsubscribeToken(secret: string, subscriberId: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, subscriberId, email));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The link (GET unsubscribes and shows the result page; POST is RFC 8058's one-click). */
export function unsubscribeUrl(config: SubscribeConfig, secret: string, subscriber: { id: string; email: string; language: string }): string {
  // language: of the result page, should the subscription already be gone when the link is followed
  const query = new URLSearchParams({ u: subscriber.id, t: unsubscribeToken(secret, subscriber.id, subscriber.email), language: subscriber.language === 'zh-CN' ? '0' : '1' });
  return `${config.apiUrl}${SUBSCRIBE_PATH.unsubscribe}?${query}`;
}

/** Outcome shown by the subscription page after a link was followed (?result=...). */
export type LinkResult = 'unsubscribed' | 'notSubscribed' | 'invalidLink';

/** The subscription page of a language, on the pages' origin. */
export function subscribePageUrl(config: SubscribeConfig, locale: Locale, result?: LinkResult): string {
  return `${config.siteUrl}${localePath(locale, '/home/News/newsSubscribe')}${result ? `?result=${result}` : ''}`;
}

/** A news story's page, on the pages' origin. */
export function newsUrl(config: SubscribeConfig, path: string): string {
  return `${config.siteUrl}${path}`;
}
