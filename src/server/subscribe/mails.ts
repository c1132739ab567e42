import brand from '../../../content/brand.json';
import type { NewsTypeId } from '../../contract/wire';
import { formatLongDate } from '../../shared/format';
import { newsDetailHref } from '../../news/news';
import { DAILY, FREQUENCY, type DayOfWeek } from '../../forms/validation/subscribe';
import type { Locale } from '../../i18n/locales';
import type { MessageKey } from '../../i18n/t';
import type { MailMessage } from '../mail';
import { say } from '../forms/messages';
import type { SubscribeConfig } from './config';
import { subscribePageUrl } from './links';
import { escapeHtml } from '../../shared/format';

/**
 * The subscription's mails in the subscriber's language, as plain text with a simple
 * HTML alternative: the verification code, and the digest with its one-click
 * unsubscribe link (in the text, the HTML and the List-Unsubscribe headers, RFC 8058).
 * Words come from the dictionaries (`subscribe.mail.*`), like every server sentence.
 */

const localeOf = (language: 0 | 1): Locale => (language === 0 ? 'zh' : 'en');
const brandName = (language: 0 | 1) => (language === 0 ? brand.shortName.zh : brand.shortName.en);

function page(language: 0 | 1, title: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="${language === 0 ? 'zh-CN' : 'en-US'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f2f5f9;font-family:Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#1d2733;line-height:1.5">
<div style="max-width:640px;margin:0 auto;background:#ffffff">
<div style="background:#0b2f5b;color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold">${escapeHtml(language === 0 ? brand.name.zh : brand.name.en)}</div>
<div style="padding:24px">${body}</div>
<div style="padding:16px 24px;border-top:1px solid #dde3ea;color:#5b6877;font-size:12px">${footer}</div>
</div>
</body>
</html>
`;
}

function footerText(language: 0 | 1): string {
  return say('subscribe.mail.footer', language, { brand: language === 0 ? brand.name.zh : brand.name.en, hotline: brand.hotline.number, email: brand.email });
}

/** The code mail. */
/** The end of a newsletter mail's text: why it came, where to manage and leave the subscription, the sender. */
function newsletterTail(language: 0 | 1, why: string, manage: string, unsubscribeUrl: string): string[] {
  return [why, `${say('subscribe.mail.manage', language)}: ${manage}`, `${say('subscribe.mail.unsubscribe', language)}: ${unsubscribeUrl}`, '', '-- ', footerText(language), ''];
}

/** The same, as the HTML mail's footer. */
function newsletterFooterHtml(language: 0 | 1, why: string, manage: string, unsubscribeUrl: string): string {
  return `${escapeHtml(why)}<br><a href="${escapeHtml(manage)}" style="color:#0b5cab">${escapeHtml(say('subscribe.mail.manage', language))}</a> · <a href="${escapeHtml(unsubscribeUrl)}" style="color:#0b5cab">${escapeHtml(say('subscribe.mail.unsubscribe', language))}</a><br>${escapeHtml(footerText(language))}`;
}

/** A newsletter mail, with its one-click unsubscribe headers (RFC 8058). */
function newsletterMessage(input: { to: string; unsubscribeUrl: string; messageId: string }, subject: string, text: string, html: string): MailMessage {
  return {
    to: input.to,
    subject,
    text,
    html,
    messageId: input.messageId,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The words of a code mail: the newsletter's, or another double opt-in's (the tracking alerts'). */
export interface CodeMailWords {
  subject: MessageKey;
  intro: MessageKey;
  valid: MessageKey;
}
const NEWSLETTER_CODE: CodeMailWords = { subject: 'subscribe.mail.codeSubject', intro: 'subscribe.mail.codeIntro', valid: 'subscribe.mail.codeValid' };

export function codeMail(options: { to: string; code: string; language: 0 | 1; minutes: number; words?: CodeMailWords }): MailMessage {
  const { to, code, language, minutes, words = NEWSLETTER_CODE } = options;
  const b = brandName(language);
  const subject = say(words.subject, language, { code, brand: b });
  const lines = [say(words.intro, language, { brand: b }), '', `    ${code}`, '', say(words.valid, language, { minutes }), say('subscribe.mail.codeIgnore', language)];
  const html = page(
    language,
    subject,
    `<p>${escapeHtml(lines[0])}</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:6px;color:#0b2f5b;margin:16px 0">${code}</p>
<p>${escapeHtml(lines[4])}</p>
<p style="color:#5b6877">${escapeHtml(lines[5])}</p>`,
    escapeHtml(footerText(language)),
  );
  return { to, subject, text: `${lines.join('\n')}\n\n-- \n${footerText(language)}\n`, html };
}

export interface DigestItem {
  uuid: string;
  typeId: NewsTypeId;
  title: string;
  summary: string;
  statusDt: string;
  important: boolean;
}

export interface DigestMailInput {
  to: string;
  language: 0 | 1;
  name: { first: string; last: string };
  period: string;
  frequency: number;
  dayOfWeek: DayOfWeek;
  items: DigestItem[];
  unsubscribeUrl: string;
  messageId: string;
}

/** The display name: "First Last" in English, 姓名 (last name first, no space between Chinese names) in Chinese. */
export function displayName(language: 0 | 1, name: { first: string; last: string }): string {
  if (language === 1) return `${name.first} ${name.last}`.trim();
  const cjk = /[\u3400-\u9fff]/.test(name.first + name.last);
  return (cjk ? `${name.last}${name.first}` : `${name.first} ${name.last}`).trim();
}

/** The digest: important notices first, then the news of the subscriber's trades and ports, newest first in each part. */
export function digestMail(config: SubscribeConfig, input: DigestMailInput): MailMessage {
  const { language } = input;
  const locale = localeOf(language);
  const b = brandName(language);
  const date = formatLongDate(input.period, locale);
  const subject = say('subscribe.mail.digestSubject', language, { brand: b, date });
  const day = input.dayOfWeek === DAILY ? '' : say(`subscribe.day.${input.dayOfWeek}` as MessageKey, language);
  const frequency = say(`subscribe.mail.frequency.${input.frequency === FREQUENCY.daily ? 3 : input.frequency === FREQUENCY.fortnightly ? 2 : 1}` as MessageKey, language, { day });
  const manage = subscribePageUrl(config, locale);
  const link = (item: DigestItem) => `${config.siteUrl}${newsDetailHref(locale, { newsUuid: item.uuid, typeId: item.typeId })}`;
  const sections = [
    { title: say('subscribe.mail.sectionImportant', language), items: input.items.filter((i) => i.important) },
    { title: say('subscribe.mail.sectionBusiness', language), items: input.items.filter((i) => !i.important) },
  ].filter((s) => s.items.length);

  const greeting = say('subscribe.mail.greeting', language, { name: displayName(language, input.name) });
  const intro = say('subscribe.mail.digestIntro', language);
  const why = say('subscribe.mail.why', language, { frequency, email: input.to });
  const text = [
    subject,
    '',
    greeting,
    intro,
    ...sections.flatMap((s) => ['', s.title.toUpperCase(), '', ...s.items.flatMap((i) => [`* ${i.statusDt}  ${i.title}`, ...(i.summary ? [`  ${i.summary}`] : []), `  ${link(i)}`, ''])]),
    '',
    ...newsletterTail(language, why, manage, input.unsubscribeUrl),
  ].join('\n');

  const html = page(
    language,
    subject,
    `<p>${escapeHtml(greeting)}<br>${escapeHtml(intro)}</p>
${sections
  .map(
    (s) => `<h2 style="font-size:16px;color:#0b2f5b;border-bottom:2px solid #0a8f8f;padding-bottom:4px;margin:24px 0 8px">${escapeHtml(s.title)}</h2>
${s.items
  .map(
    (i) => `<div style="margin:0 0 16px">
<div style="color:#5b6877;font-size:13px">${escapeHtml(i.statusDt)}</div>
<a href="${escapeHtml(link(i))}" style="font-size:15px;font-weight:bold;color:#0b5cab">${escapeHtml(i.title)}</a>
${i.summary ? `<div>${escapeHtml(i.summary)}</div>` : ''}
</div>`,
  )
  .join('\n')}`,
  )
  .join('\n')}`,
    newsletterFooterHtml(language, why, manage, input.unsubscribeUrl),
  );
  return newsletterMessage(input, subject, text, html);
}

export interface NoticeMailInput {
  to: string;
  language: 0 | 1;
  name: { first: string; last: string };
  item: DigestItem;
  unsubscribeUrl: string;
  messageId: string;
}

/** One important notice, mailed at once by an editor from the newsroom (src/newsroom/notice-mail.ts), to a subscriber of important notices. */
export function noticeMail(config: SubscribeConfig, input: NoticeMailInput): MailMessage {
  const { language, item } = input;
  const locale = localeOf(language);
  const subject = say('subscribe.mail.noticeSubject', language, { brand: brandName(language), title: item.title });
  const link = `${config.siteUrl}${newsDetailHref(locale, { newsUuid: item.uuid, typeId: item.typeId })}`;
  const manage = subscribePageUrl(config, locale);
  const greeting = say('subscribe.mail.greeting', language, { name: displayName(language, input.name) });
  const intro = say('subscribe.mail.noticeIntro', language);
  const why = say('subscribe.mail.noticeWhy', language, { email: input.to });
  const text = [
    subject,
    '',
    greeting,
    intro,
    '',
    `${item.statusDt}  ${item.title}`,
    ...(item.summary ? [item.summary] : []),
    `${say('subscribe.mail.readMore', language)}: ${link}`,
    '',
    ...newsletterTail(language, why, manage, input.unsubscribeUrl),
  ].join('\n');
  const html = page(
    language,
    subject,
    `<p>${escapeHtml(greeting)}<br>${escapeHtml(intro)}</p>
<div style="margin:16px 0;padding:12px 16px;border-left:4px solid #d9480f;background:#fff5e6">
<div style="color:#5b6877;font-size:13px">${escapeHtml(item.statusDt)}</div>
<div style="font-size:16px;font-weight:bold;color:#0b2f5b">${escapeHtml(item.title)}</div>
${item.summary ? `<div>${escapeHtml(item.summary)}</div>` : ''}
<p><a href="${escapeHtml(link)}" style="color:#0b5cab;font-weight:bold">${escapeHtml(say('subscribe.mail.readMore', language))}</a></p>
</div>`,
    newsletterFooterHtml(language, why, manage, input.unsubscribeUrl),
  );
  return newsletterMessage(input, subject, text, html);
}
