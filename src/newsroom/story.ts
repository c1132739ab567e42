import { z } from 'zod';
import { NEWS_TYPE_IDS } from '../contract/wire';
import { NEWS_LABELS } from '../news/news-catalogue';

/**
 * A story as the newsroom writes it: its metadata, and an English and a Chinese version side by
 * side (either may be missing, not both). Messages are dictionary keys of the console
 * (staff.field.*), so the page says them in its language next to the field.
 */
export const STORY_STATUSES = ['draft', 'review', 'scheduled', 'published', 'unpublished'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];
export const STORY_LANGUAGES = ['en', 'zh'] as const;
export type StoryLanguage = (typeof STORY_LANGUAGES)[number];

const LABEL_IDS = NEWS_LABELS.map((l) => l.id) as [string, ...string[]];

export const StoryVersion = z
  .object({
    title: z.string().trim().min(1, 'staff.field.required').max(200, 'staff.field.tooLong'),
    subTitle: z.string().trim().max(300, 'staff.field.tooLong').default(''),
    author: z.string().trim().max(100, 'staff.field.tooLong').default(''),
    summary: z.string().trim().max(600, 'staff.field.tooLong').default(''),
    /** Rich text from the editor; sanitized with the site's allow-list on save. */
    body: z
      .string()
      .max(200_000, 'staff.field.tooLong')
      .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0, 'staff.field.required'),
    /** The story's picture: an uploaded image under /files/news/. */
    picUrl: z
      .string()
      .regex(/^\/files\/news\/[A-Za-z0-9._-]+$/, 'staff.field.picture')
      .nullable()
      .default(null),
  })
  .strict();
export type StoryVersion = z.infer<typeof StoryVersion>;

export const StoryMeta = z
  .object({
    typeId: z.enum(NEWS_TYPE_IDS, { error: 'staff.field.type' }),
    labels: z
      .array(z.enum(LABEL_IDS, { error: 'staff.field.label' }))
      .max(6)
      .default([]),
    /** Trade label codes the digests match on (src/server/subscribe/catalogue.ts). */
    tradeCodes: z
      .array(z.string().regex(/^[A-Z0-9_-]{2,20}$/, 'staff.field.trade'))
      .max(20)
      .default([]),
    /** UN/LOCODEs of the ports the story is about. */
    portCodes: z
      .array(z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'staff.field.port'))
      .max(30)
      .default([]),
    /** The date shown with the story. */
    statusDt: z.iso.date({ error: 'staff.field.date' }),
    important: z.boolean().default(false),
  })
  .strict();
export type StoryMeta = z.infer<typeof StoryMeta>;

export const StoryContent = z
  .object({ meta: StoryMeta, en: StoryVersion.nullable().default(null), zh: StoryVersion.nullable().default(null) })
  .strict()
  .refine((c) => c.en || c.zh, { message: 'staff.field.oneLanguage', path: ['en'] });
export type StoryContent = z.infer<typeof StoryContent>;

/** A new story's id, in the wire's form (n2026-1126-ab12). */
export function newStoryId(now: Date, random: string): string {
  const d = now.toISOString();
  return `n${d.slice(0, 4)}-${d.slice(5, 7)}${d.slice(8, 10)}-${random.slice(0, 4)}`;
}

/** What changed between two contents, short: "title (en), body (zh), labels". */
export function describeChange(before: StoryContent | null, after: StoryContent): string {
  if (!before) return '';
  const changed: string[] = [];
  for (const key of Object.keys(after.meta) as (keyof StoryMeta)[]) if (JSON.stringify(before.meta[key]) !== JSON.stringify(after.meta[key])) changed.push(key);
  for (const lang of STORY_LANGUAGES) {
    const a = before[lang];
    const b = after[lang];
    if (!a && b) changed.push(`${lang} added`);
    else if (a && !b) changed.push(`${lang} removed`);
    else if (a && b) for (const key of Object.keys(b) as (keyof StoryVersion)[]) if (a[key] !== b[key]) changed.push(`${key} (${lang})`);
  }
  return changed.join(', ');
}
