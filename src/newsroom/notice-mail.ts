import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServerConfig } from '../server/config';
import type { Db } from '../server/db';
import { stories, subscribers } from '../server/db/schema';
import { loadCaptchaSecret } from '../server/forms/secret';
import type { Mailer } from '../server/mail';
import { unsubscribeUrl } from '../server/subscribe/links';
import { noticeMail } from '../server/subscribe/mails';
import { audit } from '../staff/audit';
import type { Actor } from '../staff/accounts';
import type { StoryContent } from './story';
import { createLogger } from '../observability/log.mjs';

const logger = createLogger('newsroom');

/**
 * An important notice mailed at once, by an editor, to every subscriber of important notices, in
 * their language (the other language where the story has only one). Once per story: the claim is one
 * conditional UPDATE (notice_mailed_at is null), so a second press, or two editors at once, send
 * nothing more. The claim is taken before the mails go, and the count is written when they have
 * all gone; a mail the server refuses is logged and the others still go.
 */
export class NoticeRefused extends Error {
  constructor(readonly reason: 'notFound' | 'notPublished' | 'notImportant' | 'alreadyMailed') {
    super(
      {
        notFound: 'No such story',
        notPublished: 'Only a published story is mailed',
        notImportant: 'Only an important notice is mailed at once (the others go with the digests)',
        alreadyMailed: 'This notice has already been mailed',
      }[reason],
    );
  }
}

export interface NoticeMailing {
  recipients: number;
  /** Resolves when every mail has been handed to the mail server (or refused). */
  done: Promise<{ sent: number; failed: number }>;
}

export async function mailNotice(db: Db, config: ServerConfig, mailer: Mailer, id: string, actor: Actor, now = new Date()): Promise<NoticeMailing> {
  const [story] = await db.select().from(stories).where(eq(stories.id, id));
  if (!story) throw new NoticeRefused('notFound');
  if (story.status !== 'published') throw new NoticeRefused('notPublished');
  const content = story.content as StoryContent;
  if (!content.meta.important) throw new NoticeRefused('notImportant');
  const people = await db
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.status, 'active'), gt(subscribers.frequencyImportant, 0)));
  const [claimed] = await db
    .update(stories)
    .set({ noticeMailedAt: now, noticeMailedBy: actor.email, noticeRecipients: people.length, noticeMailedCount: null })
    .where(and(eq(stories.id, id), isNull(stories.noticeMailedAt)))
    .returning({ id: stories.id });
  if (!claimed) throw new NoticeRefused('alreadyMailed');
  await audit(db, { actorId: actor.id, actorEmail: actor.email, action: 'story.mailed', subject: id, detail: `${people.length} subscribers`, clientAddress: actor.clientAddress });

  const secret = await loadCaptchaSecret(db, config.forms.captchaSecret);
  const domain = /@([A-Za-z0-9.-]+)/.exec(config.forms.mailFrom)?.[1] ?? 'localhost';
  const done = (async () => {
    let sent = 0;
    let failed = 0;
    for (const person of people) {
      const language = person.language === 'zh-CN' ? 0 : 1;
      const version = (language === 0 ? (content.zh ?? content.en) : (content.en ?? content.zh)) as NonNullable<StoryContent['en']>;
      const mail = noticeMail(config.subscribe, {
        to: person.email,
        language: version === content.zh ? 0 : 1,
        name: { first: person.firstName, last: person.lastName },
        item: { uuid: id, typeId: content.meta.typeId, title: version.title, summary: version.summary, statusDt: content.meta.statusDt, important: true },
        unsubscribeUrl: unsubscribeUrl(config.subscribe, secret, person),
        messageId: `<notice-${id}-${person.id}@${domain}>`,
      });
      try {
        await mailer.send(mail);
        sent++;
      } catch (error) {
        failed++;
        logger.error({ err: error, story: id }, 'a notice mail was refused');
      }
    }
    await db
      .update(stories)
      .set({ noticeMailedCount: sql`${sent}` })
      .where(eq(stories.id, id));
    return { sent, failed };
  })();
  return { recipients: people.length, done };
}
