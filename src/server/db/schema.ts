import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The database schema. Migrations are generated from it with
 * `npm run db:generate` and committed under ./migrations.
 */

/** Click counters of POST /webPicture/saveClick, one row per picture name. */
export const pictureClicks = pgTable('picture_clicks', {
  pictureName: text('picture_name').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  lastClickAt: timestamp('last_click_at', { withTimezone: true }),
});

/** Small key/value facts about the database itself (seed version, ...). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
