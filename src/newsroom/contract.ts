import { z } from 'zod';
import { defineCall, LanguageOnly } from '../contract/define';
import { UploadBody } from '../contract/forms';
import { NEWS_TYPE_IDS } from '../contract/wire';
import { StoryContent, STORY_STATUSES } from './story';

/** The newsroom's calls, under {apiBase}/staff/news (registered by src/server/staff/newsroom.ts with their areas). */

const Version = z.coerce.number().int().min(1);
const Id = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{4,40}$/) }).strict();
const Removal = z.object({ kind: z.string(), what: z.string() });
export const Removed = z.object({ en: z.array(Removal).optional(), zh: z.array(Removal).optional() });

export const StorySummary = z.object({
  id: z.string(),
  status: z.enum(STORY_STATUSES),
  version: z.number(),
  typeId: z.string(),
  titleEn: z.string().nullable(),
  titleZh: z.string().nullable(),
  labels: z.array(z.string()),
  statusDt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  scheduledAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** An important notice mailed at once to its subscribers (once): when, by whom, to how many; sent is null while the mails go. */
  notice: z.object({ at: z.string(), by: z.string(), recipients: z.number(), sent: z.number().nullable() }).nullable().optional(),
  /**
   * Where it is on the site, read from the release served (src/releases/site-state.ts): live (since that
   * release is served, and the CDN edge purged for it); in the served release but the edge not purged yet (edge); waiting for a build (queued, building, failed) or because the site was rolled back
   * (to the release made at builtAt); still on the site though not published; null: not on the site.
   */
  site: z
    .discriminatedUnion('state', [
      z.object({ state: z.literal('queued') }),
      z.object({ state: z.literal('building'), since: z.string() }),
      z.object({ state: z.literal('live'), since: z.string(), release: z.string() }),
      z.object({ state: z.literal('edge'), since: z.string(), release: z.string(), failingSince: z.string().nullable() }),
      z.object({ state: z.literal('failed'), at: z.string(), error: z.string() }),
      z.object({ state: z.literal('rolledBack'), release: z.string(), builtAt: z.string() }),
      z.object({ state: z.literal('stillServed'), since: z.string(), release: z.string() }),
    ])
    .nullable()
    .optional(),
});

export const Revision = z.object({ number: z.number(), action: z.string(), by: z.string(), at: z.string(), status: z.string(), summary: z.string() });

const Saved = z.object({ id: z.string(), version: z.number(), status: z.enum(STORY_STATUSES), removed: Removed.optional() });

export const newsroomCalls = {
  list: defineCall({
    method: 'GET',
    path: '/news/stories',
    query: z
      .object({
        type: z.enum(NEWS_TYPE_IDS).optional(),
        language: z.enum(['en', 'zh']).optional(),
        status: z.enum(STORY_STATUSES).optional(),
        label: z.string().max(40).optional(),
        text: z.string().max(100).optional(),
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(20),
      })
      .strict(),
    answer: z.object({ rows: z.array(StorySummary), total: z.number() }),
    summary: 'Stories, most recently changed first',
  }),
  get: defineCall({
    method: 'GET',
    path: '/news/stories/:id',
    params: Id,
    answer: z.object({ story: StorySummary, content: StoryContent, revisions: z.array(Revision) }),
    summary: 'One story: its content and every revision',
  }),
  create: defineCall({ method: 'POST', path: '/news/stories', query: LanguageOnly, body: StoryContent, answer: Saved, summary: 'A new draft' }),
  save: defineCall({
    method: 'POST',
    path: '/news/stories/:id',
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version, content: StoryContent }).strict(),
    answer: Saved,
    summary: 'Saves a story (the version read must still be the current one)',
  }),
  submit: defineCall({
    method: 'POST',
    path: '/news/stories/:id/submit',
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version }).strict(),
    answer: Saved,
    summary: 'Submits a draft for review',
  }),
  publish: defineCall({ method: 'POST', path: '/news/stories/:id/publish', query: LanguageOnly, params: Id, body: z.object({ version: Version }).strict(), answer: Saved, summary: 'Publishes now' }),
  schedule: defineCall({
    method: 'POST',
    path: '/news/stories/:id/schedule',
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version, at: z.iso.datetime({ offset: true, error: 'staff.field.when' }) }).strict(),
    answer: Saved,
    summary: 'Publishes at a time (within a minute of it)',
  }),
  unpublish: defineCall({
    method: 'POST',
    path: '/news/stories/:id/unpublish',
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version }).strict(),
    answer: Saved,
    summary: 'Takes a story off the site',
  }),
  restore: defineCall({
    method: 'POST',
    path: '/news/stories/:id/restore',
    query: LanguageOnly,
    params: Id,
    body: z.object({ version: Version, revision: z.number().int().min(1) }).strict(),
    answer: Saved,
    summary: 'Makes an earlier revision current again',
  }),
  checkBody: defineCall({
    method: 'POST',
    path: '/news/check-body',
    query: LanguageOnly,
    body: z.object({ html: z.string().max(200_000) }).strict(),
    answer: z.object({ html: z.string(), removed: z.array(Removal) }),
    summary: 'What the allow-list would remove from a body (shown before saving)',
  }),
  mailNotice: defineCall({
    method: 'POST',
    path: '/news/stories/:id/mail',
    query: LanguageOnly,
    params: Id,
    body: z.object({ confirm: z.literal(true, { error: 'confirm must be true: the notice is mailed once and cannot be called back' }) }).strict(),
    answer: z.object({ recipients: z.number() }),
    summary: 'Mails a published important notice at once to the subscribers of important notices (once; a second call is refused)',
  }),
  uploadImage: defineCall({
    method: 'POST',
    path: '/news/images',
    query: LanguageOnly,
    body: UploadBody,
    answer: z.object({ url: z.string(), type: z.string(), size: z.number() }),
    summary: 'Uploads a picture for a story (multipart field file: PNG, JPEG or WebP, checked by content, at most 5 MB); answers its /files/news/ address',
  }),
};
