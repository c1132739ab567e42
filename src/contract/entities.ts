import { z } from 'zod';
import { PICTURE_NAMES } from './wire';

/** Entities that travel on the wire, one schema each, shared by server, client, content and tests. */

/** The `language` query value: 0 Chinese, 1 English. */
export const Language = z.coerce
  .number({ error: 'language must be 0 (Chinese) or 1 (English)' })
  .pipe(z.union([z.literal(0), z.literal(1)], { error: 'language must be 0 (Chinese) or 1 (English)' }));

export const PictureName = z.enum(PICTURE_NAMES, {
  error: `pictureNameEN must be one of ${PICTURE_NAMES.join(', ')}`,
});

/** A local (regional) site or a region of the local-site picker. */
export const Location = z
  .object({
    locationId: z.number().int().describe('Unique id'),
    locationParentId: z.number().int().describe('0 = top-level region, -2 = site of the China sub-list, else the id of its region'),
    locationNameEn: z.string().min(1),
    locationNameCn: z.string().min(1),
    locationUrl: z
      .string()
      .regex(/^(|\/[a-z0-9-]+|https?:\/\/\S+)$/, 'must be empty (a region), a site path such as /shanghai, or an http(s) URL')
      .describe('Where the site lives: /{location} on this site, or an external URL'),
  })
  .strict();
export type Location = z.infer<typeof Location>;

export const ClickCount = z.object({ pictureNameEN: PictureName, count: z.number().int().nonnegative() }).strict();

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    databaseOk: z.boolean(),
    version: z.string(),
    time: z.string(),
  })
  .strict();
