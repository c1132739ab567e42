import { z } from 'zod';
import { ExternalUrl, Href, IsoDate, IsoDateTime, Localised, PublicPath } from './common.ts';

/** Names that the click counter accepts (POST /webPicture/saveClick, pictureNameEN). */
export const PLATFORM_IDS = ['EXPO', 'EB', 'SYNCONHUB'] as const;

/**
 * content/brand.json: the carrier's identity in one file. Rebranding the site means
 * editing this file (and the logo it names), nothing else.
 */
export const Brand = z
  .object({
    name: Localised.describe('Full trading name, shown in the header, footer and titles'),
    shortName: Localised.describe('Short name used in running text'),
    legalName: Localised.describe('Registered company name, used in the terms and the copyright line'),
    carrierCode: z
      .object({
        code: z.string().regex(/^[A-Z0-9]{2,4}$/, '2 to 4 capital letters or digits'),
        list: z.enum(['SMDG', 'NMFTA']).describe('SMDG liner code (3 letters) or NMFTA SCAC (4 letters)'),
      })
      .strict()
      .describe('The carrier code that schedules served in the DCSA standard name the operator and service partner with'),
    slogan: Localised,
    logo: z.object({ src: PublicPath, width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    hotline: z
      .object({
        number: z.string().regex(/^[0-9+\- ()]+$/, 'digits, spaces, +, - and brackets only'),
        hours: Localised.describe('When the hotline answers'),
      })
      .strict(),
    email: z.email().describe('Customer-service e-mail address'),
    contactListPdf: PublicPath.describe('PDF with the e-mail contacts of every department (floating widget)'),
    platforms: z
      .array(
        z
          .object({
            id: z.enum(PLATFORM_IDS).describe('Click-counter name sent as pictureNameEN'),
            label: Localised,
            title: Localised.describe('Tooltip: what the platform is for'),
            href: ExternalUrl,
          })
          .strict(),
      )
      .length(3)
      .describe('The three external platforms of the top bar'),
    links: z
      .object({
        goods: ExternalUrl.describe('Goods-booking site'),
        goodsDetail: ExternalUrl.describe('Goods-detail page of the booking site'),
        sailingSchedule: ExternalUrl.describe('External sailing-schedule search'),
        webChat: ExternalUrl.describe('Online customer-service chat'),
        aiAssistant: ExternalUrl.describe('AI assistant (offered to Chinese-language visitors)'),
      })
      .strict(),
    keyFigures: z
      .array(z.object({ value: z.number().int().positive(), label: Localised, href: Href }).strict())
      .length(4)
      .describe('The four key figures on the home page, each linking to a section'),
    groupSites: z
      .array(
        z
          .object({
            label: Localised,
            sites: z.array(z.object({ label: Localised, href: ExternalUrl }).strict()).min(1),
          })
          .strict(),
      )
      .min(1)
      .describe('Dropdowns of group and partner sites in the footer'),
    filings: z.array(z.object({ label: Localised, href: ExternalUrl.optional() }).strict()).describe('Filing notices shown at the foot of every page'),
    mourning: z.array(z.object({ from: IsoDate, to: IsoDate, reason: Localised.optional() }).strict()).describe('Date ranges (inclusive, China time) in which the home pages are shown in grey'),
    maintenance: z
      .object({ from: IsoDateTime, to: IsoDateTime })
      .strict()
      .refine((w) => Date.parse(w.from) < Date.parse(w.to), { message: 'maintenance.from must be before maintenance.to' })
      .describe('The planned maintenance window shown on /home/error/defend'),
  })
  .strict();
export type Brand = z.infer<typeof Brand>;
