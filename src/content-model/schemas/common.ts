import { z } from 'zod';

/**
 * Building blocks of the content schemas. Every field says what it is for
 * (`.describe()`), so the schema documents the content for its maintainers.
 */

/** A text in both interface languages. Both are required: a page is never half translated. */
export const Localised = z
  .object({
    en: z.string().trim().min(1, 'English text is empty'),
    zh: z.string().trim().min(1, 'Chinese text is empty'),
  })
  .strict()
  .describe('Text in English (en) and Chinese (zh)');
export type Localised = z.infer<typeof Localised>;

/** Several paragraphs in both languages. */
export const LocalisedParagraphs = z
  .object({
    en: z.array(z.string().trim().min(1)).min(1),
    zh: z.array(z.string().trim().min(1)).min(1),
  })
  .strict()
  .describe('Paragraphs in English (en) and Chinese (zh), one string per paragraph');
export type LocalisedParagraphs = z.infer<typeof LocalisedParagraphs>;

/** A file or image served from public/ (path starts with a slash). */
export const PublicPath = z
  .string()
  .regex(/^\/[A-Za-z0-9_\-./]+$/, 'must be a path under public/, starting with "/"')
  .describe('Path of a file in public/, e.g. /images/about/profile-1.svg');

/** A link: an absolute http(s) URL, or a spec path such as /home/About/about/Profile (localised at build). */
export const Href = z
  .string()
  .regex(/^(https?:\/\/|\/|mailto:|tel:)/, 'must be an http(s) URL, mailto:, tel: or a path starting with "/"')
  .describe('External URL or spec path (the locale prefix is added at build time)');

export const ExternalUrl = z.url({ protocol: /^https?$/ }).describe('Absolute http(s) URL of another site');

/** Calendar date as YYYY-MM-DD. */
export const IsoDate = z.iso.date().describe('Date as YYYY-MM-DD');

/** Date and time with offset, e.g. 2026-12-06T01:00:00+08:00. */
export const IsoDateTime = z.iso.datetime({ offset: true }).describe('Date and time with UTC offset');

export const LocalisedImage = z.object({ src: PublicPath, alt: Localised }).strict().describe('Image with alternative text in both languages');

export const LocalisedFile = z.object({ en: PublicPath, zh: PublicPath }).strict().describe('A document in each language (the same path twice where one file serves both)');
