import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { formatDateTime } from '../../shared/format';
import { NEED_CALL, normaliseContact, type ContactValues } from '../../forms/validation/contact';
import { loadLocations } from '../content';
import { contactMessages } from '../db/schema';
import { requireCaptcha } from '../forms/captcha';
import type { FormsContext } from '../forms/context';
import { say } from '../forms/messages';
import { Answer, WireError, handle } from '../handle';

/**
 * POST /contactUs/saveContactUs: the leave-message form. The body passed the shared
 * rules (calls.saveContact); then the captcha is checked and used up, the message
 * stored, and staff notified. A refused request stores nothing and mails nothing.
 * What the visitor typed is stored as typed (trimmed): nothing is invented.
 */
export function contactRoutes(forms: FormsContext) {
  const router = new Hono();
  router.use(calls.saveContact.path, forms.limiter.middleware('message'));
  handle(router, calls.saveContact, async ({ body, language, c }) => {
    const values = normaliseContact(body as ContactValues);
    let regionName: string | null = null;
    if (body.region) {
      const region = loadLocations().find((l) => String(l.locationId) === body.region && l.locationParentId === 0);
      if (!region) throw new WireError(CODE.badRequest, `region: ${say('forms.err.region', language)}`);
      regionName = `${region.locationNameEn} / ${region.locationNameCn}`;
    }
    await requireCaptcha(forms.db, { secret: await forms.secret(), now: forms.now(), code: values.code, sign: values.sign, language });

    const id = randomUUID();
    const receivedAt = forms.now();
    await forms.db.insert(contactMessages).values({
      id,
      createdAt: receivedAt,
      language,
      email: values.email,
      userName: values.userName,
      companyName: values.companyName,
      needCall: Number(values.needCall),
      tel: values.tel,
      country: values.country,
      content: values.content,
      region: body.region ?? null,
      clientAddress: forms.client(c),
    });
    const mail = await forms.notify({
      to: forms.config.mailToStaff,
      replyTo: values.email,
      subject: `Website message / 网站留言: ${oneLine(values.userName)}${values.companyName ? ` (${oneLine(values.companyName)})` : ''}`,
      text: [
        `A visitor left a message on the website (${language === 0 ? 'Chinese' : 'English'} page).`,
        `网站访客留言（${language === 0 ? '中文' : '英文'}页面）。`,
        '',
        `Name / 姓名: ${values.userName}`,
        `E-mail / 邮箱: ${values.email}`,
        `Company / 公司: ${values.companyName || '-'}`,
        `Call back / 需要回电: ${values.needCall === NEED_CALL.yes ? 'yes / 是' : 'no / 否'}`,
        `Phone / 电话: ${values.tel || '-'}`,
        `Country/province/city / 国家/省/市: ${values.country || '-'}`,
        ...(regionName ? [`Region / 区域: ${regionName}`] : []),
        `Received / 收到时间: ${formatDateTime(receivedAt.toISOString(), 'en')}`,
        '',
        'Message / 留言:',
        values.content,
        '',
        `Reference / 编号: ${id}`,
      ].join('\n'),
    });
    await forms.db
      .update(contactMessages)
      .set({ notifiedAt: mail.sentAt, notifyError: mail.error, outboxFile: mail.file ?? null })
      .where(eq(contactMessages.id, id));
    return new Answer(null, say('forms.contact.sent', language));
  });
  return router;
}

/** Header-safe: one line, at most 80 characters. */
export function oneLine(value: string): string {
  const line = value.replace(/[\r\n\t]+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
