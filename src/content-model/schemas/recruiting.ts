import { z } from 'zod';
import { IsoDate, Localised, LocalisedParagraphs } from './common.ts';

/**
 * content/recruiting/positions.json: the open positions of /home/Recruiting, one
 * entry per position, both languages side by side. The API (/position/*) answers
 * from the same file. A position with `published: false` is neither listed, nor
 * pre-rendered, nor answered by the API (its URL lands on /error/notFound).
 *
 * The résumé template of a position is not stored: it is
 * /files/recruiting/{id}.docx, written by `node src/build/derived/generators/make-resume-templates.mjs`
 * (re-run it after adding a position; a test fails while a template is missing).
 */
export const Position = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'must be lower-case letters, digits and hyphens (it is the URL of the job)')
      .describe('Stable identifier: /home/Recruiting/detail/recruitDetail/{id} and the positionUUID on the wire'),
    published: z.boolean().describe('false hides the position everywhere'),
    title: Localised.describe('Position name'),
    department: Localised,
    openings: z.number().int().min(1).max(99).describe('How many people are hired (count on the wire)'),
    requirement: Localised.describe('Professional requirement, one line for the job list (education, field, experience)'),
    address: Localised.describe('Place of work'),
    publishedOn: IsoDate.describe('Publish date shown in the list'),
    deadline: IsoDate.describe('Last day applications are taken'),
    duties: LocalisedParagraphs.describe('Duties, one list item per string'),
    qualifications: LocalisedParagraphs.describe('Qualifications, one list item per string'),
    email: z.email().describe('Where candidates may also write'),
    emailFormat: Localised.describe('Subject line candidates should use when writing by e-mail'),
  })
  .strict()
  .refine((p) => p.deadline >= p.publishedOn, { message: 'deadline is before publishedOn', path: ['deadline'] });
export type Position = z.infer<typeof Position>;

export const Positions = z
  .array(Position)
  .min(1)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [index, p] of list.entries()) {
      if (seen.has(p.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id ${p.id}` });
      seen.add(p.id);
    }
  });

/** content/recruiting/positions.json: every position, published or not. */
export const PositionsFile = z.object({ positions: Positions }).strict();

/** Job list page size (spec: 7): the list, and GET /position/getAllPosition by default. */
export const JOB_PAGE_SIZE = 7;

/** Where the résumé template of a position is served. */
export function templatePath(id: string): string {
  return `/files/recruiting/${id}.docx`;
}

/** Published positions, newest first (then by English title): the order of the job list. */
export function publishedPositions(list: readonly Position[]): Position[] {
  return list.filter((p) => p.published).sort((a, b) => b.publishedOn.localeCompare(a.publishedOn) || a.title.en.localeCompare(b.title.en));
}
