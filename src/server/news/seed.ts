import { and, eq, sql } from 'drizzle-orm';
import { NEWS_TYPE_IDS } from '../../contract/wire';
import { labelIdOf, NEWS_LABELS, NEWS_TYPE_NAMES } from '../../news/news-catalogue';
import type { Db } from '../db';
import { newsItemLabels, newsItems, newsLabels, newsTypes } from '../db/schema';
import { readNewsSnapshot, type SnapshotItem } from './snapshot';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Seeds the news tables: the four types and the label catalogue (missing rows
 * only), and, when there is no story at all, every story of the committed
 * snapshot (content/news), so a fresh API has the news the site was built with.
 */
export async function seedNews(tx: Tx | Db, items: SnapshotItem[] = readNewsSnapshot()): Promise<number> {
  await tx
    .insert(newsTypes)
    .values(NEWS_TYPE_IDS.map((id, sort) => ({ id, sort, nameEn: NEWS_TYPE_NAMES[id].en, nameZh: NEWS_TYPE_NAMES[id].zh })))
    .onConflictDoNothing();
  await tx
    .insert(newsLabels)
    .values(NEWS_LABELS.map((l, sort) => ({ id: l.id, sort, nameEn: l.en, nameZh: l.zh })))
    .onConflictDoNothing();
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(newsItems);
  if (n > 0) {
    await backfillTags(tx, items);
    return 0;
  }
  if (items.length === 0) return 0;
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    await tx.insert(newsItems).values(
      chunk.map((item) => ({
        uuid: item.newsUuid,
        language: item.language,
        typeId: item.typeId,
        title: item.title,
        subTitle: item.subTitle,
        author: item.author,
        statusDt: item.statusDt,
        picUrl: item.picUrl ?? null,
        important: item.important,
        summary: item.summary,
        body: item.body,
        tradeCodes: item.trades,
        portCodes: item.ports,
      })),
    );
    const labels = chunk.flatMap((item) =>
      item.labels.map((name, position) => {
        const labelId = labelIdOf(name);
        if (!labelId) throw new Error(`news snapshot ${item.language === 0 ? 'zh' : 'en'}/${item.newsUuid}.json: unknown label "${name}" (see src/news/news-catalogue.ts)`);
        return { uuid: item.newsUuid, language: item.language, labelId, position };
      }),
    );
    if (labels.length) await tx.insert(newsItemLabels).values(labels).onConflictDoNothing();
  }
  return items.length;
}

/**
 * Seed version 3 (newsletter subscriptions) gave stories trade and port tags. A database
 * seeded before has the stories without them: give each untagged story the tags of the
 * committed snapshot. A story that already has tags is left alone.
 */
async function backfillTags(tx: Tx | Db, items: SnapshotItem[]): Promise<void> {
  for (const item of items) {
    if (!item.trades.length && !item.ports.length) continue;
    await tx
      .update(newsItems)
      .set({ tradeCodes: item.trades, portCodes: item.ports })
      .where(and(eq(newsItems.uuid, item.newsUuid), eq(newsItems.language, item.language), sql`cardinality(${newsItems.tradeCodes}) = 0 and cardinality(${newsItems.portCodes}) = 0`));
  }
}
