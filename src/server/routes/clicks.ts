import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { calls } from '../../contract/calls';
import { pictureClicks } from '../db/schema';
import { handle } from '../handle';
import type { AppDeps } from '../deps';

/** POST /webPicture/saveClick: one atomic increment per click. */
export function clickRoutes({ database }: AppDeps) {
  const router = new Hono();
  handle(router, calls.saveClick, async ({ query }) => {
    const [row] = await database.db
      .insert(pictureClicks)
      .values({ pictureName: query.pictureNameEN, count: 1, lastClickAt: sql`now()` })
      .onConflictDoUpdate({
        target: pictureClicks.pictureName,
        set: { count: sql`${pictureClicks.count} + 1`, lastClickAt: sql`now()` },
      })
      .returning();
    return { pictureNameEN: query.pictureNameEN, count: Number(row.count) };
  });
  return router;
}
