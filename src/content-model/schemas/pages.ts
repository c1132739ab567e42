import { z } from 'zod';

/** Front matter of a prose page: content/pages/{en,zh}/{slug}.md (terms, accessibility, site map texts). */
export const ProsePage = z
  .object({
    title: z.string().min(1).describe('Page title, shown in the banner and the browser tab'),
    description: z.string().min(1).describe('One sentence for search engines and link previews'),
    updated: z.coerce.date().describe('Date of the last change to the text, YYYY-MM-DD'),
  })
  .strict();

/** Front matter of a help-centre terms page: content/help/pages/{en,zh}/{slug}.md */
export const HelpTermsPage = ProsePage.extend({
  documents: z
    .array(
      z
        .object({
          label: z.string().min(1).describe('Link text'),
          file: z
            .string()
            .regex(/^\/[A-Za-z0-9_\-./]+\.pdf$/, 'must be the path of a PDF under public/, e.g. /files/help/stuffing-regulations-en.pdf')
            .describe('Path of the PDF under public/'),
        })
        .strict(),
    )
    .default([])
    .describe('PDFs offered beside the text'),
}).strict();
