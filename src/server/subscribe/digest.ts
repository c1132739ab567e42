import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db';
import { newsItems, subscribeDigests, subscribers } from '../db/schema';
import { loadCaptchaSecret } from '../forms/secret';
import type { Mailer } from '../mail';
import type { NewsTypeId } from '../../contract/wire';
import type { DayOfWeek } from '../../forms/validation/subscribe';
import { addDays, frequencyOf, isDue, LOOKBACK_DAYS, localDay, selectStories, windowStart } from './digest-rules';
import { unsubscribeUrl } from './links';
import { digestMail } from './mails';

/**
 * `npm run send-digests` (scripts/send-digests.mjs): one newsletter per active subscriber
 * who is due today, with the stories published since their last digest that match their
 * subscription, in their language.
 *
 * Idempotence and crashes. Each (subscriber, day) has one row in subscribe_digests (primary
 * key). Before a mail goes, the row is claimed as 'pending' (insert; a row that exists is
 * taken over only when it 'failed', or when it is a 'pending' claim older than
 * CLAIM_MINUTES by the run's clock, i.e. left by a run that died); after the mail server accepted the mail it
 * becomes 'sent' with the stories it carried. So:
 * - a second run on the same day finds 'sent' and 'empty' rows and sends nothing again;
 * - a run that crashes between two subscribers has recorded every mail it sent: the next
 *   run (after CLAIM_MINUTES) sends only to the others, and a later day's digest reaches
 *   back to the last day that was *done*, so no story is missed;
 * - the one mail that may be in flight at the crash (accepted by the server, not yet
 *   recorded) is the only possible duplicate; it is resent with the same Message-ID
 *   (`<digest-{subscriber}-{day}@domain>`), which mail systems use to collapse duplicates.
 *   Recording *before* sending instead would lose that mail for good; a possible duplicate
 *   of one mail is the lesser harm, and the Message-ID limits it.
 * - two runs at the same time do not both send: the claim is an atomic upsert.
 * A failure of the mail server marks the row 'failed' (retried by the next run) and the
 * run exits non-zero.
 */

/** A 'pending' claim older than this was left by a run that died; the next run takes it over. */
export const CLAIM_MINUTES = 10;

export interface DigestRunResult {
  /** The digest day, YYYY-MM-DD in DIGEST_TIME_ZONE. */
  period: string;
  subscribers: number;
  due: number;
  sent: number;
  empty: number;
  failed: number;
  /** Due but already done today (or being done by another run). */
  skipped: number;
  errors: string[];
}

export interface DigestRunOptions {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  /** The moment the run is for (tests, a catch-up of a missed day); now by default. */
  at?: Date;
  log?: (line: string) => void;
}

function mailDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
}

export async function sendDigests(options: DigestRunOptions): Promise<DigestRunResult> {
  const { db, config, mailer } = options;
  const log = options.log ?? (() => {});
  const now = options.at ?? new Date();
  const zone = config.subscribe.digestTimeZone;
  const today = localDay(now, zone);
  const earliest = addDays(today, -LOOKBACK_DAYS);
  const secret = await loadCaptchaSecret(db, config.forms.captchaSecret);
  const domain = mailDomain(config.forms.mailFrom);
  const result: DigestRunResult = { period: today, subscribers: 0, due: 0, sent: 0, empty: 0, failed: 0, skipped: 0, errors: [] };

  const stories = await db
    .select({
      uuid: newsItems.uuid,
      language: newsItems.language,
      typeId: newsItems.typeId,
      title: newsItems.title,
      summary: newsItems.summary,
      statusDt: newsItems.statusDt,
      important: newsItems.important,
      tradeCodes: newsItems.tradeCodes,
      portCodes: newsItems.portCodes,
    })
    .from(newsItems)
    .where(and(gte(newsItems.statusDt, earliest), lte(newsItems.statusDt, today)));
  const people = await db.select().from(subscribers).where(eq(subscribers.status, 'active')).orderBy(asc(subscribers.createdAt), asc(subscribers.id));
  const history = await db
    .select({ subscriberId: subscribeDigests.subscriberId, period: subscribeDigests.period, status: subscribeDigests.status, newsUuids: subscribeDigests.newsUuids })
    .from(subscribeDigests)
    .where(gte(subscribeDigests.period, earliest));
  result.subscribers = people.length;

  for (const person of people) {
    if (frequencyOf(person) === 0) continue;
    const done = history.filter((h) => h.subscriberId === person.id && h.period < today && (h.status === 'sent' || h.status === 'empty'));
    const lastDay = done.reduce<string | null>((max, h) => (max === null || h.period > max ? h.period : max), null);
    if (!isDue(person, today, lastDay)) continue;
    result.due++;

    const claimedAt = now;
    const stale = new Date(claimedAt.getTime() - CLAIM_MINUTES * 60_000);
    const claimed = await db
      .insert(subscribeDigests)
      .values({ subscriberId: person.id, period: today, status: 'pending', claimedAt })
      .onConflictDoUpdate({
        target: [subscribeDigests.subscriberId, subscribeDigests.period],
        set: { status: 'pending', claimedAt, error: null },
        setWhere: sql`${subscribeDigests.status} = 'failed' or (${subscribeDigests.status} = 'pending' and ${subscribeDigests.claimedAt} < ${stale})`,
      })
      .returning({ period: subscribeDigests.period });
    if (!claimed.length) {
      result.skipped++;
      continue;
    }

    const language = person.language === 'zh-CN' ? 0 : 1;
    const from = windowStart(today, lastDay, localDay(person.createdAt, zone));
    const exclude = new Set(done.filter((h) => h.status === 'sent' && h.period >= from).flatMap((h) => h.newsUuids));
    const chosen = selectStories(
      person,
      stories.filter((s) => s.language === language),
      { from, to: today, exclude },
    );
    const key = and(eq(subscribeDigests.subscriberId, person.id), eq(subscribeDigests.period, today));
    if (!chosen.length) {
      await db.update(subscribeDigests).set({ status: 'empty', newsUuids: [] }).where(key);
      result.empty++;
      continue;
    }
    const messageId = `<digest-${person.id}-${today}@${domain}>`;
    const mail = digestMail(config.subscribe, {
      to: person.email,
      language,
      name: { first: person.firstName, last: person.lastName },
      period: today,
      frequency: frequencyOf(person),
      dayOfWeek: person.dayOfWeek as DayOfWeek,
      items: chosen.map((s) => ({ uuid: s.uuid, typeId: s.typeId as NewsTypeId, title: s.title, summary: s.summary, statusDt: s.statusDt, important: s.important })),
      unsubscribeUrl: unsubscribeUrl(config.subscribe, secret, person),
      messageId,
    });
    await db
      .update(subscribeDigests)
      .set({ newsUuids: chosen.map((s) => s.uuid), messageId })
      .where(key);
    try {
      await mailer.send(mail);
      await db
        .update(subscribeDigests)
        .set({ status: 'sent', sentAt: options.at ?? new Date() })
        .where(key);
      result.sent++;
      log(`[digest] ${today} subscriber ${person.id}: ${chosen.length} stories`);
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      await db.update(subscribeDigests).set({ status: 'failed', error: message }).where(key);
      result.failed++;
      result.errors.push(`subscriber ${person.id}: ${message}`);
    }
  }
  return result;
}
