import { sql } from 'drizzle-orm';
import { PICTURE_NAMES } from '../../contract/wire';
import type { Db } from './index';
import { appMeta, pictureClicks } from './schema';

/** Bump when the seed gains data; an empty database (or an older seed) gets the new rows. */
export const SEED_VERSION = '1';

/**
 * Seeds an empty database with its reference rows, once, inside one transaction:
 * the catalogue of click counters. Existing rows are never overwritten.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx.select().from(appMeta).where(sql`${appMeta.key} = 'seed_version'`);
    if (current[0]?.value === SEED_VERSION) return false;
    await tx
      .insert(pictureClicks)
      .values(PICTURE_NAMES.map((pictureName) => ({ pictureName, count: 0 })))
      .onConflictDoNothing();
    await tx
      .insert(appMeta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: SEED_VERSION, updatedAt: sql`now()` } });
    return true;
  });
}
