import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

// ---- Forms: captcha, rate limits, messages, résumés (the forms issue) ----------------------

/** Captcha signs already presented: a sign is accepted once, whichever API process sees it. Pruned after expiry. */
export const captchaUses = pgTable('captcha_uses', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window request counters per bucket (captcha, message, ...) and client address, shared by all API processes. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    client: text('client').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.client, t.windowStart] })],
);

/** Leave-message form submissions (POST /contactUs/saveContactUs). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 0 Chinese, 1 English: the page the visitor wrote from. */
    language: smallint('language').notNull(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    /** 0 wants a call, 1 does not (as on the wire). */
    needCall: smallint('need_call').notNull(),
    tel: text('tel').notNull().default(''),
    /** 'country/province/city' labels as the visitor chose them. */
    country: text('country').notNull().default(''),
    content: text('content').notNull(),
    /** Region chosen in the floating widget (local-site region id), when the message came from there. */
    region: text('region'),
    clientAddress: text('client_address'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyError: text('notify_error'),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Uploaded résumé files (POST /webUpload/upload), stored under UPLOAD_DIR by random name; claimed by one application. */
export const resumeUploads = pgTable('resume_uploads', {
  /** The random token the upload answers (32 hex characters); also the stored file's base name. */
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  originalName: text('original_name').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  clientAddress: text('client_address'),
  /** The application that used it; null while unclaimed (unclaimed uploads are pruned after a day). */
  applicationId: uuid('application_id').unique(),
});

/** Applications of the resume form (POST /positionApplyFor/savePositionApplyFor). */
export const positionApplications = pgTable(
  'position_applications',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    language: smallint('language').notNull(),
    name: text('name').notNull(),
    /** 男 or 女, as on the wire. */
    sex: text('sex').notNull(),
    graduateSchool: text('graduate_school').notNull(),
    major: text('major').notNull(),
    graduateTime: text('graduate_time').notNull(),
    positionId: text('position_id').notNull(),
    /** The position's English title when applied for (positions are content and may change). */
    positionTitle: text('position_title').notNull(),
    uploadId: text('upload_id')
      .notNull()
      .unique()
      .references(() => resumeUploads.id),
    clientAddress: text('client_address'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyError: text('notify_error'),
  },
  (t) => [index('position_applications_created_idx').on(t.createdAt)],
);
