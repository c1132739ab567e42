import { z } from 'zod';
import { NEWS_TYPE_IDS } from '../../contract/wire.ts';
import { PublicPath } from './common.ts';

/**
 * One news item of the snapshot in content/news/{en,zh}/{newsUuid}.json. The API
 * is the source of truth; the nightly job (scripts/pull-news) writes these files.
 * The body is HTML that the job has already sanitized.
 */
export const NewsItem = z
  .object({
    newsUuid: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .describe('Id of the item on the API (same for both languages of one story)'),
    typeId: z.enum(NEWS_TYPE_IDS).describe('News category: notices, news, special topic or updates'),
    title: z.string().trim().min(1),
    subTitle: z.string().default(''),
    author: z.string().default(''),
    statusDt: z.iso.date().describe('Publication date, YYYY-MM-DD'),
    picUrl: z
      .union([PublicPath, z.url({ protocol: /^https?$/ })])
      .optional()
      .describe('Cover picture'),
    labels: z.array(z.string().min(1)).default([]).describe('Label names, e.g. Ocean Alliance'),
    trades: z
      .array(z.string().regex(/^[A-Z]{2,3}$/, { error: 'must be a trade label code such as TP (see src/server/subscribe/catalogue.ts)' }))
      .default([])
      .describe('Trade label codes the story is about (newsletter subscribers of those trades get it)'),
    ports: z
      .array(z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, { error: 'must be a UN/LOCODE such as CNSHA (a port of content/routes/ports.json)' }))
      .default([])
      .describe('UN/LOCODEs of the ports the story is about (newsletter subscribers of those ports get it)'),
    important: z.boolean().default(false).describe('Shown in the notice ticker (at most 5)'),
    summary: z.string().default('').describe('Plain-text teaser'),
    body: z.string().min(1).describe('Sanitized HTML body'),
  })
  .strict();
export type NewsItem = z.infer<typeof NewsItem>;
