import { z } from 'zod';
import { Location } from '../../contract/entities.ts';
import { ExternalUrl, IsoDate, PublicPath } from './common.ts';

/**
 * Content of the regional local sites, content/local/{location}/:
 *   site.json      the location: names, languages (may be empty: a site being prepared), logo
 *   {lang}.json    one file per language of the location: menu (with the pages it leads to),
 *                  home blocks, news, profile, quick links, QR codes, address, footer notices.
 * Unlike the corporate content, a local site's languages are separate files: each language
 * has its own menu (the spec's menu is per location and language).
 */

/** Site language codes of local URLs (/{location}/{lang}/...): cn and tc are Chinese for labels. */
export const LOCAL_LANGS = ['cn', 'tc', 'en'] as const;
export const LocalLang = z.enum(LOCAL_LANGS, { error: `must be one of ${LOCAL_LANGS.join(', ')}` });
export type LocalLang = z.infer<typeof LocalLang>;

/** A location key as it appears in URLs: lower-case letters and digits. */
export const LocationKey = z.string().regex(/^[a-z][a-z0-9]{1,30}$/, 'must be lower-case letters and digits, e.g. shanghai');

/** content/local-sites.json: the regions and sites of the local-site picker (GET /local/getLocationList answers the list). */
export const LocalSitesFile = z.object({ locations: z.array(Location) }).strict();

/** Menu ids (the wire's menu uuid) and item ids: digits, unique within a location and language. */
const Id = z.string().regex(/^[0-9]{4,12}$/, 'must be 4 to 12 digits');
/** A router path of a menu page: one or more lower-case segments, e.g. about/profile */
const RouterPath = z
  .string()
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'must be lower-case segments separated by "/", e.g. about/profile')
  .describe('Path segments of the page before /{id}/{type}');
/** HTML written by the maintainers; sanitized before it is rendered. */
const Html = z.string().trim().min(1, 'is empty').describe('HTML (sanitized at build time)');
const Text = z.string().trim().min(1, 'is empty');

/** The page types of the spec and the URL suffix of each (/{path}/{id}/{suffix}). */
export const PAGE_SUFFIX = {
  Default_Content_Page: 1,
  Default_Summary_Page: 2,
  Business_News_Page: 2,
  Company_News_Page: 2,
  News_Letter_Page: 3,
  Form_Download_Page: 5,
  Company_Profile_Page: 6,
  Charge_Page: 7,
  Redirect_Page: 9,
} as const;
export type PageType = keyof typeof PAGE_SUFFIX;
export const PAGE_TYPES = Object.keys(PAGE_SUFFIX) as PageType[];

export const DefaultInfo = z
  .object({
    id: Id,
    defaultInfoTitle: Text,
    statusDt: IsoDate.describe('Publication date'),
    coverImagePath: PublicPath.optional(),
    summary: Text.describe('One or two sentences for the card'),
    defaultInfoText: Html,
  })
  .strict();
export type DefaultInfo = z.infer<typeof DefaultInfo>;

export const Newsletter = z
  .object({
    id: Id,
    newsLetterTitle: Text,
    statusDt: IsoDate,
    newsLetterCoverPath: PublicPath.describe('Cover image'),
    file: PublicPath.regex(/\.pdf$/, 'must be a .pdf file').describe('The newsletter PDF; the card opens it'),
  })
  .strict();
export type Newsletter = z.infer<typeof Newsletter>;

export const FileDownload = z
  .object({
    id: Id,
    formDownloadTitle: Text,
    statusDt: IsoDate,
    file: PublicPath.regex(/\.(pdf|docx?|xlsx?)$/, 'must be a .pdf, .doc(x) or .xls(x) file'),
  })
  .strict();
export type FileDownload = z.infer<typeof FileDownload>;

export const ChargeRow = z
  .object({
    item: Text.describe('Charge name, e.g. Terminal handling charge (THC)'),
    basis: Text.describe('Per what: per container, per B/L, ...'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as CNY'),
    dry20: z.number().nonnegative().nullable().describe("20' dry; null when not charged per size"),
    dry40: z.number().nonnegative().nullable().describe("40' dry / high cube; null when not charged per size"),
    reefer: z.number().nonnegative().nullable().describe("Reefer (20' / 40' alike); null when the same or not applicable"),
    flat: z.number().nonnegative().nullable().describe('Flat amount when not per size'),
    note: z.string().trim().optional(),
  })
  .strict()
  .refine((r) => r.flat !== null || r.dry20 !== null || r.dry40 !== null, { message: "a charge needs a flat amount or a 20'/40' amount" });

const menuBase = {
  id: Id.describe("The menu's uuid on the wire and the id segment of its URL"),
  seq: z.number().int().nonnegative().describe('Order among its siblings'),
  menuText: Text.describe('Label of the menu entry and heading of its page'),
  path: RouterPath,
  isOpenNewTab: z
    .union([z.literal(0), z.literal(1)])
    .default(0)
    .describe('1: a Redirect_Page entry opens in a new tab'),
};

/** A menu entry that leads to a page; the page's content sits with it. */
export const PageMenu = z.discriminatedUnion(
  'pageType',
  [
    z.object({ ...menuBase, pageType: z.literal('Default_Content_Page'), title: Text.optional(), html: Html }).strict(),
    z.object({ ...menuBase, pageType: z.literal('Default_Summary_Page'), items: z.array(DefaultInfo) }).strict(),
    z.object({ ...menuBase, pageType: z.literal('Business_News_Page') }).strict(),
    z.object({ ...menuBase, pageType: z.literal('Company_News_Page') }).strict(),
    z.object({ ...menuBase, pageType: z.literal('News_Letter_Page'), items: z.array(Newsletter) }).strict(),
    z.object({ ...menuBase, pageType: z.literal('Form_Download_Page'), items: z.array(FileDownload) }).strict(),
    z.object({ ...menuBase, pageType: z.literal('Company_Profile_Page') }).strict(),
    z
      .object({
        ...menuBase,
        pageType: z.literal('Charge_Page'),
        effective: IsoDate.describe('Date the charges apply from'),
        intro: Text,
        rows: z.array(ChargeRow).min(1),
        notes: z.array(Text).default([]),
      })
      .strict(),
    z.object({ ...menuBase, pageType: z.literal('Redirect_Page'), url: ExternalUrl.describe('Where the entry and its page send the visitor') }).strict(),
  ],
  { error: `pageType must be one of ${PAGE_TYPES.join(', ')}` },
);
export type PageMenu = z.infer<typeof PageMenu>;

/** A first-level entry that only groups second-level pages. */
export const ParentMenu = z
  .object({
    id: menuBase.id,
    seq: menuBase.seq,
    menuText: menuBase.menuText,
    children: z.array(PageMenu).min(1, 'a parent menu needs at least one second-level entry'),
  })
  .strict();
export type ParentMenu = z.infer<typeof ParentMenu>;

export const MenuLevel1 = z.union([ParentMenu, PageMenu], { error: 'a menu entry is either {id, seq, menuText, children} or a page entry with pageType' });
export type MenuLevel1 = z.infer<typeof MenuLevel1>;

export const LocalNews = z
  .object({
    id: Id,
    newsTitle: Text,
    newsType: z.enum(['BUS', 'COM'], { error: 'newsType must be BUS (business news) or COM (company news)' }),
    statusDt: IsoDate.describe('Publication date'),
    recCreDt: IsoDate.describe('Date the item was written'),
    coverImgPath: PublicPath.optional(),
    summary: Text.describe('Teaser for cards'),
    newsText: Html,
    important: z.boolean().default(false).describe('Shown among the important-news notices of the home page (at most 6)'),
  })
  .strict();
export type LocalNews = z.infer<typeof LocalNews>;

const QrImage = z.object({ imagePath: PublicPath, imageDesc: Text.describe('What to scan it for, e.g. WeChat official account') }).strict();

/** content/local/{location}/{lang}.json */
export const LocalLanguageContent = z
  .object({
    companyName: Text.describe('Company name text of the home page'),
    description: Text.describe('Meta description of the local home page'),
    menu: z.array(MenuLevel1).min(1),
    banners: z.array(z.object({ bannerTitle: Text, bannerTitleVice: z.string().trim(), imgPath: PublicPath, imgAlt: Text }).strict()).min(1),
    news: z.array(LocalNews),
    briefProfile: z.object({ profileInfo: Text, profileImgPath: PublicPath, profileImgAlt: Text }).strict(),
    profile: z
      .object({
        profileInfo: Html,
        photoGallerys: z.array(z.object({ photoTitle: Text, photoPath: PublicPath, seq: z.number().int().nonnegative() }).strict()).min(1),
      })
      .strict(),
    navCards: z
      .array(
        z
          .object({
            titleName: Text,
            imgPath: PublicPath,
            url: z.string().regex(/^(https?:\/\/|\/)/, 'must be an http(s) URL or a site path starting with "/"'),
            openNewTab: z.boolean().default(false),
            seq: z.number().int().nonnegative(),
            text: Text.describe('One line under the title'),
          })
          .strict(),
      )
      .describe('Navigation cards of the home page'),
    products: z
      .array(
        z
          .object({
            group: z.enum(['productCase', 'intelligentOperation', 'intelligentCommerce', 'intelligentManagement']),
            title: Text,
            children: z.array(z.object({ title: Text, text: Text, url: ExternalUrl }).strict()).min(1),
          })
          .strict(),
      )
      .optional()
      .describe('Product cards (cosconit only): four groups whose children link out'),
    quickLinks: z.array(z.object({ quickLinkText: Text, quickLinkUrl: ExternalUrl, seq: z.number().int().nonnegative() }).strict()),
    qr: z
      .object({
        top: z.array(QrImage).min(1).max(4, 'the QR panel holds at most 4 codes').describe('Codes of the top-bar panel'),
        bottom: z.union([QrImage, z.literal('default'), z.null()]).describe('Footer code: its own, "default" (the shared one) or null (none)'),
      })
      .strict(),
    address: z
      .object({
        lines: z.array(Text).min(1),
        tel: z
          .string()
          .regex(/^[0-9+\- ()]+$/, 'digits, spaces, +, - and brackets only')
          .optional(),
        email: z.email().optional(),
      })
      .strict(),
    footer: z
      .object({
        filings: z
          .array(z.object({ label: Text, href: ExternalUrl.optional() }).strict())
          .default([])
          .describe('ICP and police filing records (China)'),
        registration: z.object({ label: Text, href: ExternalUrl }).strict().optional().describe('Company registration bureau link'),
      })
      .strict(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const important = c.news.filter((n) => n.important).length;
    if (important > 6) ctx.addIssue({ code: 'custom', path: ['news'], message: `at most 6 important news, found ${important}` });
    const seen = new Map<string, string>();
    const note = (id: string, where: string) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['menu'], message: `menu id ${id} used twice (${seen.get(id)} and ${where})` });
      seen.set(id, where);
    };
    c.menu.forEach((m, i) => {
      note(m.id, `menu.${i}`);
      if ('children' in m) m.children.forEach((child, j) => note(child.id, `menu.${i}.children.${j}`));
    });
    const newsIds = new Set<string>();
    c.news.forEach((n, i) => {
      if (newsIds.has(n.id)) ctx.addIssue({ code: 'custom', path: ['news', i, 'id'], message: `news id ${n.id} used twice` });
      newsIds.add(n.id);
    });
  });
export type LocalLanguageContent = z.infer<typeof LocalLanguageContent>;

/** content/local/{location}/site.json */
export const LocalSite = z
  .object({
    name: z.object({ en: Text, zh: Text }).strict().describe('Name of the location in English and Chinese'),
    languages: z
      .array(z.object({ lang: LocalLang, langText: Text.describe('Name of the language in itself, for the switcher') }).strict())
      .describe('Languages of the site, the default first; empty while the site is being prepared (its URL goes to /404)'),
    logo: PublicPath.describe('Logo of the local site (top bar)'),
    logoWidth: z.number().int().positive(),
    logoHeight: z.number().int().positive(),
  })
  .strict()
  .refine((s) => new Set(s.languages.map((l) => l.lang)).size === s.languages.length, { message: 'a language is listed twice', path: ['languages'] });
export type LocalSite = z.infer<typeof LocalSite>;
