import { z } from 'zod';
import { IsoDate, Localised, PublicPath } from './common.ts';

/**
 * Help-centre content (content/help/):
 *
 * - faq.json        FAQ types and their questions and answers, both languages side by side
 * - downloads.json  the documents of /home/HelpCenter/business/Downloads (PDFs in public/files/downloads/)
 * - tariffs.json    the EU inland haulage tariffs (PDFs in public/files/tariffs/, written from this file)
 * - schedules.json  which service schedules are published and for how many weeks
 * - pages/{en,zh}/  the terms pages (bill of lading terms, compliance terms) as markdown
 *
 * The PDFs are written by `node src/build/derived/generators/make-help-documents.mjs` from downloads.json and tariffs.json.
 */

// ---- FAQ ------------------------------------------------------------------------------

const Slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens');

/**
 * An answer's block: a paragraph, or a bulleted list. Inline markup in the text:
 * **bold** and [label](href), where href is an http(s) URL or a spec path such as
 * /home/HelpCenter/business/Downloads (the locale prefix is added). No HTML.
 */
export const FaqBlock = z.union([
  z.string().trim().min(1).describe('A paragraph (inline **bold** and [label](href) allowed)'),
  z.object({ list: z.array(z.string().trim().min(1)).min(1).describe('Bulleted items (inline markup allowed)') }).strict(),
]);
export type FaqBlock = z.infer<typeof FaqBlock>;

export const FaqEntryContent = z
  .object({
    id: Slug.describe('Stable id of the question, the same in both languages; the anchor on the page is faq-{id}'),
    question: Localised.describe('The question, as the visitor would ask it'),
    answer: z
      .object({ en: z.array(FaqBlock).min(1), zh: z.array(FaqBlock).min(1) })
      .strict()
      .describe('The answer in English and Chinese, as blocks'),
  })
  .strict();

export const FaqTypeContent = z
  .object({
    id: z
      .string()
      .regex(/^[0-9]{1,6}$/, 'an FAQ type id is a number, e.g. "1"')
      .describe('FAQ type id (faqTypeUuid on the wire, the {id} of /home/HelpCenter/questions/{id})'),
    name: Localised.describe('Name of the type in the side list'),
    entries: z.array(FaqEntryContent).min(5, 'an FAQ type holds at least 5 questions'),
  })
  .strict();

export const FaqFile = z
  .object({ types: z.array(FaqTypeContent).min(6, 'the FAQ has at least 6 types') })
  .strict()
  .superRefine((file, ctx) => {
    const types = new Set<string>();
    const entries = new Set<string>();
    file.types.forEach((type, i) => {
      if (types.has(type.id)) ctx.addIssue({ code: 'custom', path: ['types', i, 'id'], message: `type id ${type.id} is used twice` });
      types.add(type.id);
      type.entries.forEach((entry, j) => {
        if (entries.has(entry.id)) ctx.addIssue({ code: 'custom', path: ['types', i, 'entries', j, 'id'], message: `question id ${entry.id} is used twice` });
        entries.add(entry.id);
      });
    });
  });
export type FaqFile = z.infer<typeof FaqFile>;

// ---- Downloads --------------------------------------------------------------------------

export const DownloadCategory = z.object({ id: Slug, name: Localised }).strict();

export const DownloadFile = z
  .object({
    id: Slug.describe('fileStatisticsUuid on the wire; the download counter is file:{id}'),
    category: Slug.describe('One of the categories above'),
    name: Localised.describe('Title of the document (fileNameEn / fileNameCn)'),
    summary: Localised.describe('One sentence on what the document is for'),
    fileType: z.literal('pdf').describe('fileType on the wire: the format of the file'),
    file: z.object({ en: PublicPath, zh: PublicPath }).strict().describe('The PDF of each language (public/files/downloads/...), written by src/build/derived/generators/make-help-documents.mjs'),
    updated: IsoDate.describe('Date of the current version'),
  })
  .strict();
export type DownloadFile = z.infer<typeof DownloadFile>;

export const DownloadsFile = z
  .object({
    categories: z.array(DownloadCategory).min(1),
    files: z.array(DownloadFile).min(5),
  })
  .strict()
  .superRefine((d, ctx) => {
    const ids = new Set<string>();
    d.files.forEach((f, i) => {
      if (ids.has(f.id)) ctx.addIssue({ code: 'custom', path: ['files', i, 'id'], message: `file id ${f.id} is used twice` });
      ids.add(f.id);
      if (!d.categories.some((c) => c.id === f.category)) ctx.addIssue({ code: 'custom', path: ['files', i, 'category'], message: `no category ${f.category}` });
    });
  });
export type DownloadsFile = z.infer<typeof DownloadsFile>;

// ---- EU inland tariffs ----------------------------------------------------------------

export const TariffZone = z
  .object({
    zone: z.string().regex(/^[A-Z]{2}-[0-9]{2}$/, 'zone code such as DE-01'),
    places: Localised.describe('Main places of the zone (postcode areas, cities)'),
    km: z.number().int().positive().describe('Road distance from the base port, km (one way)'),
    rail: z.boolean().default(false).describe('A rail or barge service to a terminal in the zone is offered'),
  })
  .strict();

export const Tariff = z
  .object({
    id: Slug.describe('Stable id, also the PDF name'),
    country: Localised,
    name: Localised.describe('europeTariffName on the wire'),
    ports: z
      .array(z.object({ locode: z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'a UN/LOCODE such as DEHAM'), name: Localised }).strict())
      .min(1)
      .describe('Base ports the rates apply from and to'),
    validFrom: IsoDate,
    validTo: IsoDate,
    fuelSurchargePercent: z.number().min(0).max(60).describe('Fuel surcharge on the truck rates, per cent'),
    rate: z
      .object({
        base20: z.number().positive(),
        perKm20: z.number().positive(),
        base40: z.number().positive(),
        perKm40: z.number().positive(),
        railFactor: z.number().positive().max(1).describe('Rail or barge rate as a share of the truck rate'),
      })
      .strict()
      .describe('Truck rate in EUR per container, one way: base + per km × distance, rounded to 5 EUR'),
    zones: z.array(TariffZone).min(4),
    file: z.object({ en: PublicPath, zh: PublicPath }).strict().describe('europeTariffPath of each language'),
  })
  .strict();
export type Tariff = z.infer<typeof Tariff>;

export const TariffsFile = z.object({ tariffs: z.array(Tariff).min(1) }).strict();
export type TariffsFile = z.infer<typeof TariffsFile>;

// ---- Schedules ------------------------------------------------------------------------

export const SchedulesFile = z
  .object({
    weeks: z.number().int().min(4).max(26).describe('Weeks of voyages in a long-term schedule file, from the Monday of the build week'),
    unpublished: z
      .array(z.object({ code: z.string().regex(/^[A-Z0-9]{2,6}$/), reason: z.string().min(1) }).strict())
      .describe('Services whose schedule files are not published (the page shows the no-schedule warning)'),
  })
  .strict();
export type SchedulesFile = z.infer<typeof SchedulesFile>;
