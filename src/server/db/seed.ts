import { sql } from 'drizzle-orm';
import { PICTURE_NAMES } from '../../contract/wire';
import type { Db } from './index';
import { appMeta, pictureClicks } from './schema';
import { seedNews } from '../news/seed';

/** Bump when the seed gains data; an empty database (or an older seed) gets the new rows. */
export const SEED_VERSION = '3';

/**
 * Seeds an empty database with its reference rows, once, inside one transaction (under a
 * lock, so that several processes starting together do not seed twice):
 * the catalogue of click counters. Existing rows are never overwritten.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // processes starting at once on one database seed one at a time; the next finds it done
    await tx.execute(sql`select pg_advisory_xact_lock(7240018)`);
    const current = await tx.select().from(appMeta).where(sql`${appMeta.key} = 'seed_version'`);
    if (current[0]?.value === SEED_VERSION) return false;
    await tx
      .insert(pictureClicks)
      .values(PICTURE_NAMES.map((pictureName) => ({ pictureName, count: 0 })))
      .onConflictDoNothing();
    // Version 2: news types, labels and (into an empty news table) the committed news snapshot.
    // Version 3: stories of an already seeded table get the snapshot's trade and port tags (subscriptions).
    await seedNews(tx);
    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: sql`now()` } });
    return true;
  });
}
