import { z } from 'zod';
import { Localised, LocalisedFile, LocalisedImage, LocalisedParagraphs, PublicPath } from './common.ts';

/** content/about/profile.json: the company profile, two banner sections with text. */
export const Profile = z
  .object({
    sections: z.array(z.object({ title: Localised, paragraphs: LocalisedParagraphs, image: LocalisedImage }).strict()).length(2),
  })
  .strict();

/** content/about/leaders.json: one entry per member of the management team, in display order. */
export const Leader = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: Localised,
    position: Localised,
    introduce: LocalisedParagraphs.describe('Short biography'),
    userPic: PublicPath.describe('Portrait'),
  })
  .strict();

/** content/about/leaders.json: the management team, in display order. */
export const LeadersFile = z.object({ leaders: z.array(Leader) }).strict();

/** content/about/key-facts.json: one entry per year, revenue and volume tables. */
export const KeyFactsYear = z
  .object({
    id: z
      .string()
      .regex(/^\d{4}$/)
      .describe('The year, e.g. "2024"'),
    note: Localised.describe('Source and basis of the figures (audited annual report, currency)'),
    tables: z
      .array(
        z
          .object({
            caption: Localised,
            columns: z.array(Localised).min(2).describe('Column headings; the first is the row label'),
            rows: z.array(z.object({ label: Localised, values: z.array(z.string().min(1)).min(1) }).strict()).min(1),
          })
          .strict()
          .refine((t) => t.rows.every((r) => r.values.length === t.columns.length - 1), {
            message: 'every row needs one value per column after the label',
          }),
      )
      .min(1),
  })
  .strict();

/** content/about/key-facts.json: the key facts, one entry per year. */
export const KeyFactsFile = z.object({ years: z.array(KeyFactsYear) }).strict();

/** content/about/history.json: one entry per year (accordion, newest first), events in the year. */
export const HistoryYear = z
  .object({
    id: z
      .string()
      .regex(/^\d{4}$/)
      .describe('The year'),
    events: z.array(z.object({ date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/), con: Localised }).strict()).min(1),
  })
  .strict();

/** content/about/history.json: the history, one entry per year, newest first. */
export const HistoryFile = z.object({ years: z.array(HistoryYear) }).strict();

/** content/about/reputation.json: honours and awards grouped by year (accordion). */
export const ReputationYear = z
  .object({
    id: z.string().regex(/^\d{4}$/),
    awards: z.array(z.object({ date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/), con: Localised }).strict()).min(1),
  })
  .strict();

/** content/about/reputation.json: honours and awards, one entry per year. */
export const ReputationFile = z.object({ years: z.array(ReputationYear) }).strict();

/** content/about/public-welfare.json */
export const PublicWelfare = z
  .object({
    intro: LocalisedParagraphs,
    groups: z
      .array(
        z
          .object({
            id: z.enum(['society', 'poverty']),
            title: Localised,
            text: Localised,
            images: z.array(LocalisedImage.extend({ caption: Localised }).strict()).min(1),
          })
          .strict(),
      )
      .length(2),
  })
  .strict()
  .refine((w) => w.groups[0].images.length === 6 && w.groups[1].images.length === 4, {
    message: 'contribution to society has 6 pictures and helping the poor 4',
  });

/** content/about/quality.json: quality and environment. */
export const Quality = z
  .object({
    intro: LocalisedParagraphs.describe('The integrated management system'),
    policy: Localised.describe('Service quality policy'),
    certificates: z.array(z.object({ id: z.string(), title: Localised, standard: z.string(), image: LocalisedImage, file: PublicPath }).strict()).length(5),
    calculator: z.object({ title: Localised, text: Localised }).strict().describe('Carbon calculator teaser'),
  })
  .strict();

/** content/about/reports.json: sustainability reports, one per year. */
export const SustainabilityReport = z
  .object({
    id: z.string().regex(/^\d{4}$/),
    title: Localised,
    summary: Localised,
    cover: PublicPath,
    files: LocalisedFile,
  })
  .strict();

/** content/about/reports.json: the sustainability reports, one per year. */
export const ReportsFile = z.object({ reports: z.array(SustainabilityReport) }).strict();

/** content/about/compliance.json: compliance guidelines and the sanctions-compliance terms. */
export const Compliance = z
  .object({
    intro: LocalisedParagraphs,
    guidelines: z.object({ title: Localised, summary: Localised, files: LocalisedFile }).strict(),
    sanctions: z.object({ intro: LocalisedParagraphs, title: Localised, file: PublicPath.describe('One PDF for both languages') }).strict(),
  })
  .strict();
