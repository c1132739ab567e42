import { z } from 'zod';
import { ExternalUrl, Href, Localised, LocalisedImage, LocalisedParagraphs, PublicPath } from './common.ts';

/**
 * The service product pages (/home/Services/{Standardization, transport, fruit,
 * cargo, movehouse, lcl, ontime, equipment, portInformation}) and the two help
 * pages built with them (container total-loss compensation; stuffing regulations
 * are markdown in content/pages/{en,zh}/stuffing-regulations.md).
 *
 * - content/services/pages/{id}.json   one file per page, `kind` says which layout
 * - content/services/footers/{en,zh}.json  the service-footer blocks, per language
 */

const Id = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _')
  .describe('Stable id, used as the HTML anchor');

/** A bulleted list in both languages; both lists have the same number of items. */
export const LocalisedList = z
  .object({ en: z.array(z.string().trim().min(1)).min(1), zh: z.array(z.string().trim().min(1)).min(1) })
  .strict()
  .refine((l) => l.en.length === l.zh.length, { message: 'the English and Chinese lists need the same number of items' })
  .describe('List items in English (en) and Chinese (zh), one string per item, in the same order');

/** The top of a page: its heading (h1), a sentence under it and a picture. */
export const Banner = z
  .object({
    title: Localised.describe('Page heading (h1) and page title'),
    subtitle: Localised.describe('One sentence under the heading; also the page description'),
    image: LocalisedImage.describe('Banner picture, shown beside the heading'),
  })
  .strict();

/** One person of a contact list: the spec's static contact entry. */
export const ContactPerson = z
  .object({
    name: Localised.describe('Name as written in each language, e.g. "Ms Zhou Min" / "周敏"'),
    phone: z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{5,}$/, 'international phone number: digits, spaces, +, - and brackets')
      .describe('Direct line'),
    email: z.email().describe('E-mail address'),
  })
  .strict();

/** A titled group of contacts (an office, a region, a desk). */
export const ContactGroup = z.object({ title: Localised.describe('Office, region or desk'), persons: z.array(ContactPerson).min(1) }).strict();
export type ContactGroup = z.infer<typeof ContactGroup>;

/** A titled block of text with optional bullets and picture. */
export const Section = z
  .object({
    id: Id,
    title: Localised,
    paragraphs: LocalisedParagraphs.optional(),
    bullets: LocalisedList.optional(),
    ordered: z.boolean().default(false).describe('True when the bullets are steps in order (numbered list)'),
    marker: z.enum(['check', 'cross', 'dot']).default('check').describe('Bullet marker: check (what we offer), cross (what is not allowed), dot (neutral)'),
    image: LocalisedImage.optional().describe('Picture beside the text'),
  })
  .strict()
  .refine((s) => s.paragraphs || s.bullets, { message: 'a section needs paragraphs, bullets or both' });
export type Section = z.infer<typeof Section>;

/** Links to the carrier's platforms. The address comes from content/brand.json; content only names the target. */
export const BRAND_LINK_TARGETS = ['goods', 'goodsDetail', 'sailingSchedule', 'eBusiness'] as const;
export const BrandLink = z
  .object({
    target: z.enum(BRAND_LINK_TARGETS).describe('goods / goodsDetail / sailingSchedule: brand.links; eBusiness: the EB platform of brand.platforms'),
    label: Localised.describe('Link text'),
    text: Localised.optional().describe('One line on what the visitor finds there'),
  })
  .strict();
export type BrandLink = z.infer<typeof BrandLink>;

/** The consultation dialog of the fruit and special-cargo pages: the desks to contact. */
export const Consultation = z
  .object({
    title: Localised.describe('Dialog heading'),
    intro: Localised.describe('What to send the desk'),
    desks: z.array(ContactGroup).min(1),
  })
  .strict();

/**
 * The ids of the standardized-service promises (spec, business constants). The
 * Standardization page must list every one; tests check their figures.
 */
export const PROMISE_IDS = [
  'booking-status',
  'confirmation-standard-reefer',
  'confirmation-dangerous-oversize',
  'equipment-release',
  'counter-service',
  'documents',
  'schedule-reliability',
  'transshipment',
  'invoice-disputes',
  'commercial-disputes',
  'complaints',
  'feedback',
] as const;

/** The four words of the service quality policy. */
export const POLICY_IDS = ['convenience', 'honesty', 'harmony', 'excellence'] as const;

const ListItem = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .optional()
      .describe('Promise id (see PROMISE_IDS) where the item is a service promise'),
    text: Localised,
  })
  .strict();

/** Standardization and door-to-door pages: banner, two bulleted lists, four highlighted boxes, platform links. */
export const ProductPage = z
  .object({
    kind: z.literal('product'),
    banner: Banner,
    intro: LocalisedParagraphs,
    lists: z
      .array(z.object({ id: Id, title: Localised, items: z.array(ListItem).min(1) }).strict())
      .length(2)
      .describe('The two bulleted feature lists'),
    highlights: z
      .object({
        title: Localised,
        intro: Localised.optional(),
        boxes: z.array(z.object({ id: Id, title: Localised, text: Localised }).strict()).length(4),
      })
      .strict()
      .describe('The four highlighted boxes'),
    links: z
      .object({ title: Localised, text: Localised, items: z.array(BrandLink).min(2) })
      .strict()
      .refine((l) => l.items.some((i) => i.target === 'goods') && l.items.some((i) => i.target === 'goodsDetail'), {
        message: 'the links include the goods site and the goods-detail site',
      }),
  })
  .strict();

export const FRUIT_SECTION_IDS = ['pti-monitoring', 'asc', 'cool-treatment', 'controlled-atmosphere'] as const;

/** Fresh-fruit reefer page: four sections and the reefer desk. */
export const FruitPage = z
  .object({
    kind: z.literal('fruit'),
    banner: Banner,
    intro: LocalisedParagraphs,
    sections: z
      .array(Section)
      .length(4)
      .refine((s) => s.map((x) => x.id).join() === FRUIT_SECTION_IDS.join(), { message: `sections are ${FRUIT_SECTION_IDS.join(', ')}, in that order` }),
    consultation: Consultation,
  })
  .strict();

/** Special-cargo page: five blocks and the special-cargo desk. */
export const CargoPage = z
  .object({
    kind: z.literal('cargo'),
    banner: Banner,
    intro: LocalisedParagraphs,
    blocks: z.array(Section).length(5),
    consultation: Consultation,
  })
  .strict();

/** A page of sections under a banner (personal effects moving). */
export const ArticlePage = z.object({ kind: z.literal('article'), banner: Banner, intro: LocalisedParagraphs, sections: z.array(Section).min(1) }).strict();

/** LCL page: sections and the contact list of regional offices. */
export const LclPage = z
  .object({
    kind: z.literal('lcl'),
    banner: Banner,
    intro: LocalisedParagraphs,
    sections: z.array(Section).min(1),
    contacts: z.object({ title: Localised, intro: Localised, groups: z.array(ContactGroup).min(1) }).strict(),
  })
  .strict();

/** A text-only page (on-time service): heading, intro and titled paragraphs. */
export const TextPage = z
  .object({
    kind: z.literal('text'),
    title: Localised,
    description: Localised.describe('Page description for search engines'),
    intro: LocalisedParagraphs,
    sections: z.array(z.object({ id: Id, title: Localised, paragraphs: LocalisedParagraphs }).strict()).min(1),
  })
  .strict();

export const EQUIPMENT_SECTION_IDS = ['equipment_6', 'equipment_10', 'equipment_13', 'equipment_17', 'equipment_20'] as const;

/** Container trade and equipment page: five sections, each with its contacts. */
export const EquipmentPage = z
  .object({
    kind: z.literal('equipment'),
    banner: Banner,
    intro: LocalisedParagraphs,
    sections: z
      .array(z.object({ section: Section, contacts: z.array(ContactGroup).min(1) }).strict())
      .length(5)
      .refine((s) => s.map((x) => x.section.id).join() === EQUIPMENT_SECTION_IDS.join(), {
        message: `sections are ${EQUIPMENT_SECTION_IDS.join(', ')}, in that order`,
      }),
  })
  .strict();

/** Port information page: intro, four short items, eight icon items, app download with QR codes, two buttons. */
export const PortInformationPage = z
  .object({
    kind: z.literal('portInformation'),
    banner: Banner,
    intro: LocalisedParagraphs,
    items: z
      .array(z.object({ title: Localised, text: Localised }).strict())
      .length(4)
      .describe('The four short items'),
    features: z
      .array(z.object({ icon: PublicPath.describe('Decorative icon'), title: Localised, text: Localised }).strict())
      .length(8)
      .describe('The eight icon items'),
    app: z
      .object({
        title: Localised,
        text: Localised,
        stores: z
          .tuple([
            z.object({ platform: z.literal('ios'), label: Localised, url: ExternalUrl.describe('Download address; the page draws its QR code') }).strict(),
            z.object({ platform: z.literal('android'), label: Localised, url: ExternalUrl.describe('Download address; the page draws its QR code') }).strict(),
          ])
          .describe('iOS first, then Android'),
      })
      .strict(),
    buttons: z
      .array(BrandLink)
      .length(2)
      .refine((b) => b[0].target === 'goods' && b[1].target === 'goodsDetail', { message: 'the buttons lead to the goods site, then the goods-detail site' }),
  })
  .strict();

/** Static price row of the container total-loss table (the spec's size and money). */
export const PriceRow = z
  .object({
    size: z
      .string()
      .regex(/^(20|40|45) ?[A-Z]{2}$/, 'size and type code, e.g. "20 GP"')
      .describe('Size and type code as printed, e.g. "20 GP"'),
    type: Localised.describe('What the code means, e.g. 20-foot dry container'),
    money: z.number().int().positive().describe('Compensation per container in US dollars'),
  })
  .strict();

/** /home/HelpCenter/business/ClaimForContainerTotalLoss: the static USD table and how a claim works. */
export const ContainerLossPage = z
  .object({
    kind: z.literal('containerLoss'),
    title: Localised,
    description: Localised,
    intro: LocalisedParagraphs,
    table: z.object({ caption: Localised, note: Localised, rows: z.array(PriceRow).min(1) }).strict(),
    sections: z.array(Section).min(1).describe('How a total-loss claim works'),
  })
  .strict();

export const ServicePage = z.discriminatedUnion('kind', [ProductPage, FruitPage, CargoPage, ArticlePage, LclPage, TextPage, EquipmentPage, PortInformationPage, ContainerLossPage]);
export type ServicePage = z.infer<typeof ServicePage>;
export type ServicePageKind = ServicePage['kind'];
export type ServicePageOf<K extends ServicePageKind> = Extract<ServicePage, { kind: K }>;

/** The keys of the service-footer blocks (spec: language-specific resource per key). */
export const FOOTER_KEYS = ['ontime', 'fruit', 'cargo', 'movehouse', 'lcl', 'standardization', 'equipment'] as const;
export type FooterKey = (typeof FOOTER_KEYS)[number];

const Text = z.string().trim().min(1);

/**
 * One entry of a service-footer block, in one language. The spec's fields:
 * main, conent (content), left_title, left_desc, left_pic, top_link (the left
 * card's link), right_title, right_desc, right_pic, bottom_link (the right
 * card's link) and show.
 */
export const FooterEntry = z
  .object({
    main: Text.describe('Heading of the block'),
    content: Text.describe('Sentence under the heading (the spec spells it "conent")'),
    leftTitle: Text,
    leftDesc: Text,
    leftPic: PublicPath.describe('Picture of the left card (decorative)'),
    topLink: Href.describe("The left card's link"),
    rightTitle: Text,
    rightDesc: Text,
    rightPic: PublicPath.describe('Picture of the right card (decorative)'),
    bottomLink: Href.describe("The right card's link"),
    show: z.boolean().describe('False hides the entry without deleting it'),
  })
  .strict();
export type FooterEntry = z.infer<typeof FooterEntry>;

/** The entries of one page's footer block, in display order. */
const FooterBlock = z.array(FooterEntry).min(1);

/**
 * content/services/footers/{en,zh}.json: per key, the entries of that page's footer block. A missing key means no block.
 * An object with one optional key per FOOTER_KEY (not a record), so that the editor can hold it.
 */
export const ServiceFooters = z
  .object(Object.fromEntries(FOOTER_KEYS.map((key) => [key, FooterBlock.optional()])) as Record<FooterKey, z.ZodOptional<typeof FooterBlock>>)
  .strict()
  .describe('Service-footer blocks of one language, by page key');
export type ServiceFooters = z.infer<typeof ServiceFooters>;

/** The entries a page shows: those of its key whose show flag is true (none when the key is absent). */
export function visibleFooterEntries(footers: ServiceFooters, key: FooterKey | undefined): FooterEntry[] {
  if (!key) return [];
  return (footers[key] ?? []).filter((entry) => entry.show);
}
