import { z } from 'zod';
import { Href, Localised, LocalisedImage, PublicPath } from './common.ts';

/** Banner names the click counter accepts (POST /webPicture/saveClick). */
export const BANNER_IDS = ['SLOGAN', 'SYNCONHUB', 'SOUTH_AFRICA', 'META_OCEAN'] as const;

/** content/home.json: what the home page shows besides news. */
export const Home = z
  .object({
    banners: z
      .array(
        z
          .object({
            id: z.enum(BANNER_IDS).describe('Recorded as pictureNameEN when the banner is clicked'),
            title: Localised,
            subtitle: Localised,
            image: z.object({ en: PublicPath, zh: PublicPath }).strict().describe('Background picture per language'),
            href: Href,
            locales: z
              .array(z.enum(['en', 'zh']))
              .min(1)
              .default(['en', 'zh'])
              .describe('Languages that show this banner'),
          })
          .strict(),
      )
      .min(1),
    services: z
      .array(z.object({ title: Localised, text: Localised, href: Href, image: LocalisedImage }).strict())
      .length(2)
      .describe('Standardization and door-to-door links'),
    quickMenu: z
      .array(
        z
          .object({
            title: Localised,
            icon: PublicPath,
            href: Href,
            links: z.array(z.object({ label: Localised, href: Href }).strict()).min(1),
          })
          .strict(),
      )
      .length(4)
      .describe('Four-column quick menu: routes, vessels, containers, global offices'),
    posters: z
      .array(z.object({ title: Localised, text: Localised, href: Href, image: LocalisedImage }).strict())
      .length(5)
      .describe('Business-opportunity posters: container business, fresh, special cargo, personal effects, LCL'),
  })
  .strict();
export type Home = z.infer<typeof Home>;
