import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

/**
 * What the staff inbox (src/inbox/) keeps on a message or an application: its status (new,
 * in_progress, answered, closed, spam), `version` (raised by every status change or assignment; a
 * change must name it), who changed it last and when, who handles it, when it was closed (retention
 * counts from then), and the outbox copy of the staff mail (deleted with it).
 */
const inboxColumns = () => ({
  status: text('status').notNull().default('new'),
  version: integer('version').notNull().default(1),
  assignedTo: text('assigned_to'),
  changedBy: text('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  outboxFile: text('outbox_file'),
});

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
    ...inboxColumns(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_status_idx').on(t.status, t.createdAt)],
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
    ...inboxColumns(),
  },
  (t) => [index('position_applications_created_idx').on(t.createdAt), index('position_applications_status_idx').on(t.status, t.createdAt)],
);

// ---- News (issue 4): the API is the source of truth; the nightly job pulls it into content/news ----

/** The four news categories (ids of the spec, 50000000000000231 to 50000000000000234). */
export const newsTypes = pgTable('news_types', {
  id: text('id').primaryKey(),
  sort: integer('sort').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
});

/** Labels an item can carry (Ocean Alliance, Trade Lanes, ...), named in both languages. */
export const newsLabels = pgTable('news_labels', {
  /** Stable id on the wire (newsLabelUuid), e.g. ocean-alliance. */
  id: text('id').primaryKey(),
  sort: integer('sort').notNull(),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
});

/** One story in one language (0 Chinese, 1 English); the two languages of a story share its uuid. */
export const newsItems = pgTable(
  'news_items',
  {
    uuid: text('uuid').notNull(),
    language: smallint('language').notNull(),
    typeId: text('type_id')
      .notNull()
      .references(() => newsTypes.id),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    author: text('author').notNull().default(''),
    statusDt: date('status_dt', { mode: 'string' }).notNull(),
    picUrl: text('pic_url'),
    important: boolean('important').notNull().default(false),
    summary: text('summary').notNull().default(''),
    /** HTML body (sanitized again by the nightly job before it reaches a page). */
    body: text('body').notNull(),
    /** Trade label codes the story is about (newsletter subscriptions match them; src/server/subscribe/catalogue.ts). */
    tradeCodes: text('trade_codes').array().notNull().default([]),
    /** UN/LOCODEs of the ports the story is about (newsletter subscriptions match them). */
    portCodes: text('port_codes').array().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uuid, t.language] }), index('news_items_list_idx').on(t.language, t.typeId, t.statusDt)],
);

/** Labels of an item, in the order shown. */
export const newsItemLabels = pgTable(
  'news_item_labels',
  {
    uuid: text('uuid').notNull(),
    language: smallint('language').notNull(),
    labelId: text('label_id')
      .notNull()
      .references(() => newsLabels.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uuid, t.language, t.labelId] }),
    foreignKey({ columns: [t.uuid, t.language], foreignColumns: [newsItems.uuid, newsItems.language] }).onDelete('cascade'),
    index('news_item_labels_label_idx').on(t.labelId, t.language),
  ],
);

// ---- Downloads (the help-centre issue) -------------------------------------------------------

/**
 * Download counters: one row per downloadable file, keyed by kind and id
 * (`schedule:{scheduleUuid}`, `file:{fileStatisticsUuid}`, `ship:{shipUuid}`).
 * Incremented atomically by the download calls; read by the popular-downloads lists.
 */
export const downloadCounts = pgTable('download_counts', {
  fileKey: text('file_key').primaryKey(),
  kind: text('kind').notNull(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  lastDownloadAt: timestamp('last_download_at', { withTimezone: true }),
});

// ---- Newsletter subscriptions (issue 9) -------------------------------------------------------

/**
 * Subscribers and their preferences (one row each: a subscriber has one preference).
 * The wire's values are stored as meaning, not as spelt: status 'active' is "ACITVE"
 * on the wire; labels and ports are arrays (semicolon-joined on the wire).
 */
export const subscribers = pgTable(
  'subscribers',
  {
    /** userUuid on the wire. */
    id: uuid('id').primaryKey(),
    /** Lower-cased; one subscription per address. */
    email: text('email').notNull(),
    company: text('company').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** ISO 3166-1 alpha-2, the province code and the city name as the visitor chose them. */
    country: text('country').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    /** zh-CN or en-US: the language of the mails. */
    language: text('language').notNull(),
    /** 'active' (the only state so far: unsubscribing deletes the row). */
    status: text('status').notNull().default('active'),
    /** SUN..SAT, or DAILY with frequency 3 (the wire's codes). */
    dayOfWeek: text('day_of_week').notNull(),
    tradeLabels: text('trade_labels').array().notNull().default([]),
    ports: text('ports').array().notNull().default([]),
    /** 0 not subscribed, 1 weekly, 2 every other week, 3 daily (the wire's feqImportant, feqBusiness, feqPort). */
    frequencyImportant: smallint('frequency_important').notNull().default(0),
    frequencyBusiness: smallint('frequency_business').notNull().default(0),
    frequencyPort: smallint('frequency_port').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    clientAddress: text('client_address'),
  },
  (t) => [uniqueIndex('subscribers_email_idx').on(t.email)],
);

/**
 * E-mail verification codes, one row per code sent: only a hash is kept (HMAC under the
 * server key, so a copy of the table does not give the codes away), with its expiry and
 * the wrong tries so far. The newest row of an address is its code; the rows of the last
 * 24 hours are the daily count and the newest one's time the resend wait. Pruned after two days.
 */
export const subscribeCodes = pgTable(
  'subscribe_codes',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: smallint('tries').notNull().default(0),
    clientAddress: text('client_address'),
  },
  (t) => [index('subscribe_codes_email_idx').on(t.email, t.createdAt)],
);

/**
 * One row per subscriber and digest day (the period): claimed ('pending') before the mail
 * goes, 'sent' once the mail server accepted it, 'empty' when nothing new matched, 'failed'
 * when the server refused it. The primary key makes a second run of the day skip what is
 * done; see src/server/subscribe/digest.ts for the crash rules.
 */
export const subscribeDigests = pgTable(
  'subscribe_digests',
  {
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    /** The digest's day (YYYY-MM-DD in DIGEST_TIME_ZONE). */
    period: date('period', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    /** The stories the mail carries (news uuids). */
    newsUuids: text('news_uuids').array().notNull().default([]),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.period] })],
);

// ---- Staff: accounts, sessions and second factors (Better Auth's tables, src/staff/auth.ts), sign-in
// ---- failures and the audit log. Export names are Better Auth's model names (modelName in src/staff/auth.ts).

/** A staff account. `role` is one of src/staff/roles.ts; `banned` is set when an admin disables the account. */
export const staffUsers = pgTable('staff_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
});

/** A signed-in session: the cookie holds the token; expiresAt slides with use (idle timeout), createdAt bounds it (absolute). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/** How an account signs in with a password (provider 'credential'; the scrypt hash in `password`). */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_accounts_user_idx').on(t.userId)],
);

/** One-time values: invitation and password-reset tokens (stored hashed), WebAuthn challenges. */
export const staffVerifications = pgTable(
  'staff_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_verifications_identifier_idx').on(t.identifier)],
);

/** TOTP secret and recovery codes of an account (both encrypted by Better Auth). */
export const staffTwoFactors = pgTable(
  'staff_two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('staff_two_factors_secret_idx').on(t.secret), index('staff_two_factors_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys) of an account. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }),
    aaguid: text('aaguid'),
  },
  (t) => [index('staff_passkeys_user_idx').on(t.userId), index('staff_passkeys_credential_idx').on(t.credentialID)],
);

/** Better Auth's request counters per client address and path (all API processes together). */
export const staffRateLimits = pgTable('staff_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Failed password sign-ins in a row, per account ('account:{email}', unknown addresses too, so a lock
 * tells nothing) and per client address ('address:{ip}'); a success clears the account's row.
 * `lockedUntil` refuses every sign-in of the key until then (src/staff/lockout.ts).
 */
export const staffSignInFailures = pgTable('staff_sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstFailureAt: timestamp('first_failure_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * What staff did, and what was done to staff accounts (src/staff/audit.ts): sign-in (success, failure,
 * lockout), sign-out, invitation, role change, disable, and each story's steps. Kept two years.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff account that acted (null: nobody signed in, e.g. a failed sign-in, or the command line). */
    actorId: text('actor_id'),
    /** The actor's e-mail as it was then (kept when the account is gone), or the address tried, or 'cli'. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What it was done to: an account's e-mail, a story's uuid, ... */
    subject: text('subject').notNull().default(''),
    /** Small facts of the action (old and new role, the reason of a failure, ...). */
    detail: text('detail').notNull().default(''),
    clientAddress: text('client_address'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_action_idx').on(t.action, t.at)],
);

// ---- The newsroom (src/newsroom/): stories in their workflow, every revision kept. A published
// ---- story is copied into news_items / news_item_labels, which the public API serves.

/**
 * A story in both languages as the newsroom holds it: its state, its current content (`content`:
 * the metadata and each language present, src/newsroom/story.ts), and `version`, raised by every
 * change, which a save must name (two people saving: the second is refused, never overwrites).
 */
export const stories = pgTable(
  'stories',
  {
    /** The news uuid on the wire (n2026-1126-ab12). */
    id: text('id').primaryKey(),
    /** draft, review, scheduled, published, unpublished. */
    status: text('status').notNull(),
    version: integer('version').notNull().default(1),
    content: jsonb('content').notNull(),
    /** Searchable text of both titles (the list's text filter). */
    titles: text('titles').notNull().default(''),
    typeId: text('type_id')
      .notNull()
      .references(() => newsTypes.id),
    labels: text('labels').array().notNull().default([]),
    /** Which languages it has: 'en', 'zh'. */
    languages: text('languages').array().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a scheduled story is to go live. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The revision that is live (published), or null. */
    liveRevision: integer('live_revision'),
    /** When the story last changed what the site shows (published, unpublished, a live edit): the next build takes it. */
    siteChangedAt: timestamp('site_changed_at', { withTimezone: true }),
    /** An important notice mailed at once to the subscribers of important notices (once: src/newsroom/notice-mail.ts): when, by whom, to how many (null while it is being sent). */
    noticeMailedAt: timestamp('notice_mailed_at', { withTimezone: true }),
    noticeMailedBy: text('notice_mailed_by'),
    noticeMailedCount: integer('notice_mailed_count'),
    noticeRecipients: integer('notice_recipients'),
  },
  (t) => [index('stories_updated_idx').on(t.updatedAt), index('stories_status_idx').on(t.status, t.scheduledAt)],
);

/** Every revision of a story: who did what when, and the whole story as it was then (restorable). */
export const storyRevisions = pgTable(
  'story_revisions',
  {
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** created, saved, submitted, published, scheduled, unpublished, restored, imported. */
    action: text('action').notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    content: jsonb('content').notNull(),
    /** What changed, said short ("title (en), body (zh)"). */
    summary: text('summary').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.number] })],
);

/** The site's builds by the worker (src/worker/): when each started and ended, and how; the newsroom shows a story's state on the site from them. */
export const siteBuilds = pgTable(
  'site_builds',
  {
    id: serial('id').primaryKey(),
    /** building, live, failed. */
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The release folder it made (var/releases/…), when it made one. */
    release: text('release'),
    /** What failed, in the build's own words (its last lines). */
    error: text('error'),
  },
  (t) => [index('site_builds_started_idx').on(t.startedAt)],
);

// ---- The inbox (src/inbox/): staff notes on messages and applications ---------------------------

/** An internal note on a message or an application (kind 'message' or 'application'); deleted with it. */
export const inboxNotes = pgTable(
  'inbox_notes',
  {
    id: uuid('id').primaryKey(),
    itemKind: text('item_kind').notNull(),
    itemId: uuid('item_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    by: text('by').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('inbox_notes_item_idx').on(t.itemKind, t.itemId, t.at)],
);

// ---- Tracking: DCSA Track & Trace 2.2 events received from the carrier's provider (src/tracking/) ----

/**
 * Every event received, once per eventID (a replayed callback or an overlapping poll stores nothing
 * new), as it came (`payload`), with the columns the lookups and the DCSA listing need: the booking,
 * bill of lading and container it concerns (from documentReferences, documentID or
 * equipmentReference), its kind, classifier (PLN, EST, ACT) and type code, when it happens
 * (`event_at`) and when the provider created it (`created_at`: a newer estimate supersedes an older
 * one by this, whatever the order of arrival). Nothing is updated: the history of estimates stays.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    eventId: uuid('event_id').primaryKey(),
    source: text('source').notNull(),
    eventType: text('event_type').notNull(),
    classifier: text('classifier').notNull(),
    typeCode: text('type_code').notNull(),
    documentType: text('document_type'),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    booking: text('booking'),
    bl: text('bl'),
    equipment: text('equipment'),
    location: text('location'),
    transportCallId: text('transport_call_id'),
    payload: jsonb('payload').notNull(),
  },
  (t) => [
    index('tracking_events_booking_idx').on(t.booking),
    index('tracking_events_bl_idx').on(t.bl),
    index('tracking_events_equipment_idx').on(t.equipment),
    index('tracking_events_created_idx').on(t.createdAt, t.eventId),
  ],
);

/**
 * The feed of one provider (TNT_PROVIDER_URL, or the embedded demonstration provider): the site's
 * subscription there (its id, the secret the callbacks are signed with, the callback URL given), and
 * the catch-up poll's progress: every event created before `polled_until` has been fetched by a poll
 * that completed (callbacks do not move it), so a restart or a gap resumes from there. One process
 * polls at a time (`poll_lease_until`). `last_heard_at` is the last callback or poll that succeeded:
 * what the tracking page shows when the provider is away.
 */
export const trackingFeeds = pgTable('tracking_feeds', {
  source: text('source').primaryKey(),
  providerUrl: text('provider_url').notNull(),
  subscriptionId: uuid('subscription_id'),
  secret: text('secret'),
  callbackUrl: text('callback_url'),
  subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
  polledUntil: timestamp('polled_until', { withTimezone: true, precision: 3 }),
  pollLeaseUntil: timestamp('poll_lease_until', { withTimezone: true }),
  lastHeardAt: timestamp('last_heard_at', { withTimezone: true }),
  lastCallbackAt: timestamp('last_callback_at', { withTimezone: true }),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * E-mail alerts on a tracked reference, without an account: made once the address is confirmed with
 * a mailed code (the newsletter's codes, src/server/subscribe/codes.ts), for the milestones picked
 * (departure, arrival, discharge, pickup: available for pick-up, eta: an arrival estimate that moves
 * by more than `eta_hours`). `last_event_at` is the newest event of the shipment seen: the alert and
 * its address are deleted 30 days after it (src/tracking/alerts.ts), or at once on unsubscribing.
 * `notified_eta` is the arrival time the last mail told (an ETA move is measured from it).
 */
export const trackingAlerts = pgTable(
  'tracking_alerts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    language: smallint('language').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    booking: text('booking'),
    bl: text('bl'),
    milestones: text('milestones').array().notNull(),
    etaHours: integer('eta_hours').notNull().default(12),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    notifiedEta: timestamp('notified_eta', { withTimezone: true }),
  },
  (t) => [
    index('tracking_alerts_booking_idx').on(t.booking),
    index('tracking_alerts_bl_idx').on(t.bl),
    index('tracking_alerts_email_idx').on(t.email),
    uniqueIndex('tracking_alerts_one_idx').on(t.email, t.reference),
  ],
);

/** Each alert mail sent, once per alert and milestone (the key), whichever process saw the event first. */
export const trackingAlertSends = pgTable(
  'tracking_alert_sends',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => trackingAlerts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.key] })],
);
