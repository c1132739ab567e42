import { z } from 'zod';
import { defineCall, LanguageOnly, type CallDef } from './define';
import { Language, ServiceCode } from './entities';

/** Calls of the help centre: FAQ, service schedules, downloads, tariffs. Spread into `calls` (./calls.ts). */

export { HELP_PATH } from './help-paths';
import { HELP_PATH } from './help-paths';

/** An FAQ page holds at most this many entries per page when the caller pages (currentPage, size). */
export const FAQ_PAGE_MAX = 100;

const pageError = `must be a whole number from 1`;
const FaqPage = z.coerce.number({ error: `currentPage ${pageError}` }).pipe(
  z
    .number()
    .int({ error: `currentPage ${pageError}` })
    .min(1, { error: `currentPage ${pageError}` })
    .max(100_000, { error: 'currentPage must be at most 100000' }),
);
const FaqSize = z.coerce.number({ error: `size must be a whole number from 1 to ${FAQ_PAGE_MAX}` }).pipe(
  z
    .number()
    .int({ error: `size must be a whole number from 1 to ${FAQ_PAGE_MAX}` })
    .min(1, { error: `size must be a whole number from 1 to ${FAQ_PAGE_MAX}` })
    .max(FAQ_PAGE_MAX, { error: `size must be a whole number from 1 to ${FAQ_PAGE_MAX}` }),
);

export const FaqTypeUuid = z.coerce.string({ error: 'must be an FAQ type id, e.g. 1' }).regex(/^[0-9]{1,6}$/, { error: 'must be an FAQ type id, e.g. 1' });

/** The fields of findByFaqTypeUuid; sent as a JSON or form body, or in the query string (both are accepted, the body wins). */
const FaqFields = {
  faqTypeUuid: FaqTypeUuid,
  faqTitle: z.string().max(100, { error: 'must be at most 100 characters' }),
  currentPage: FaqPage,
  size: FaqSize,
};

export const FaqTypeItem = z.object({ id: z.string(), faqType: z.string().describe('Name in the language asked') }).strict();

export const FaqItem = z
  .object({
    id: z.string().describe('Entry id, the same in both languages (anchor faq-{id} on the FAQ page)'),
    faqTypeUuid: z.string(),
    title: z.string(),
    content: z.string().describe('Answer as HTML (built from the content, text escaped)'),
  })
  .strict();

export const ScheduleGroupItem = z
  .object({
    name: z.string().describe('"{tab id}-{trade}": the trade is the part after the first dash'),
    trade: z.string(),
    tradeName: z.string().describe('The trade as the route tabs name it, in the language asked'),
  })
  .strict();

export const ScheduleLoopItem = z
  .object({
    service: z.string().describe('Service name in the language asked'),
    serviceCode: ServiceCode,
    isInServiceLoop: z.boolean().describe('True when the service publishes schedule files'),
    serLpUuid: z.string().describe('The service code (a service is identified by its code)'),
    serLpGroupUuid: z.string().describe('Route group id'),
  })
  .strict();

export const ScheduleFileItem = z
  .object({
    excelName: z.string().describe('Name of the file in the language asked'),
    scheduleUuid: z.string(),
    kind: z.enum(['long-term', 'proforma']),
    downloadUrl: z.string().describe('The counted download link, relative to the API base'),
  })
  .strict();

export const DownloadStatItem = z
  .object({
    fileStatisticsUuid: z.string(),
    fileNameCn: z.string(),
    fileNameEn: z.string(),
    fileType: z.string(),
    count: z.number().int().nonnegative(),
  })
  .strict();

export const CertificateStatItem = z.object({ shipUuid: z.string(), shipNameCn: z.string(), shipNameEn: z.string(), count: z.number().int().nonnegative() }).strict();

export const TariffItem = z
  .object({
    europeTariffName: z.string(),
    europeTariffPath: z.string().describe('Path of the PDF of the language asked'),
    id: z.string(),
    country: z.string(),
    validFrom: z.iso.date(),
    validTo: z.iso.date(),
  })
  .strict();

export const helpCalls = {
  faqTypes: defineCall({
    method: 'GET',
    path: HELP_PATH.faqTypes,
    query: LanguageOnly,
    answer: z.array(FaqTypeItem),
    summary: 'The FAQ types in display order, named in the language asked',
  }),
  faqByType: defineCall({
    method: 'POST',
    path: HELP_PATH.faqByType,
    query: z
      .object({
        faqTypeUuid: FaqFields.faqTypeUuid.optional(),
        faqTitle: FaqFields.faqTitle.optional(),
        currentPage: FaqFields.currentPage.optional(),
        size: FaqFields.size.optional(),
        language: Language.optional(),
      })
      .strict(),
    body: z
      .object({
        faqTypeUuid: FaqFields.faqTypeUuid.optional(),
        faqTitle: FaqFields.faqTitle.optional(),
        currentPage: FaqFields.currentPage.optional(),
        size: FaqFields.size.optional(),
      })
      .strict()
      .optional(),
    answer: z.array(FaqItem),
    summary:
      'The entries of an FAQ type (faqTypeUuid, required), those matching faqTitle when it is not empty (case-insensitive, question and answer); all of them, or one page with currentPage and size (a page past the end is empty). Fields in a JSON or form body, or in the query',
  }),
  scheduleGroups: defineCall({
    method: 'GET',
    path: HELP_PATH.scheduleGroups,
    query: LanguageOnly,
    answer: z.array(ScheduleGroupItem),
    summary: 'The trades of the service schedule page, in route-tab order',
  }),
  scheduleLoops: defineCall({
    method: 'GET',
    path: HELP_PATH.scheduleLoops,
    query: z
      .object({
        tradeName: z.string({ error: 'must name a trade, e.g. Trans-Pacific' }).trim().min(1, { error: 'must name a trade, e.g. Trans-Pacific' }).max(80, { error: 'must be at most 80 characters' }),
        language: Language.optional(),
      })
      .strict(),
    answer: z.array(ScheduleLoopItem),
    summary: 'The services of a trade (tradeName: the trade, or a schedule group name "11-Trans-Pacific")',
  }),
  scheduleFiles: defineCall({
    method: 'GET',
    path: HELP_PATH.scheduleFiles,
    query: z.object({ serviceCode: ServiceCode, language: Language.optional() }).strict(),
    answer: z.array(ScheduleFileItem),
    summary: "A service's schedule files (empty when its schedule is not published; 404 for an unknown service)",
  }),
  popularDownloads: defineCall({
    method: 'GET',
    path: HELP_PATH.popularDownloads,
    query: LanguageOnly,
    answer: z.array(DownloadStatItem).max(5),
    summary: 'The five most downloaded documents of the Downloads page (ties: the latest download first, then the page order)',
  }),
  popularCertificates: defineCall({
    method: 'GET',
    path: HELP_PATH.popularCertificates,
    query: LanguageOnly,
    answer: z.array(CertificateStatItem).max(5),
    summary: 'The five most downloaded vessel certificate files (only vessels downloaded at least once)',
  }),
  tariffs: defineCall({
    method: 'GET',
    path: HELP_PATH.tariffs,
    query: LanguageOnly,
    answer: z.array(TariffItem),
    summary: 'The EU inland haulage tariffs, one PDF per country in the language asked',
  }),
} satisfies Record<string, CallDef>;
