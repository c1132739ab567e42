import { z } from 'zod';
import { Href, Localised } from './common.ts';

const Link = z.object({ label: Localised, href: Href }).strict();

/** content/navigation.json: main menu, footer columns and the section side menus. */
export const Navigation = z
  .object({
    main: z
      .array(
        z
          .object({
            id: z.enum(['services', 'about', 'news', 'help', 'contact']),
            label: Localised,
            href: Href,
            groups: z
              .array(
                z
                  .object({
                    title: Localised,
                    links: z.array(Link).min(1),
                    assistant: Localised.optional().describe(
                      'Label of an entry to the smart customer service (brand.links.aiAssistant) after the links; in English the page first asks the API whether it is offered to the visitor',
                    ),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .length(5),
    footer: z.array(z.object({ title: Localised, links: z.array(Link).min(1) }).strict()).min(1),
    legal: z.array(Link).min(1).describe('Terms, privacy and contact links at the foot of every page'),
    sections: z
      .record(
        z.string(),
        z
          .object({
            title: Localised,
            banner: z.string().optional(),
            children: z.array(Link).min(2).describe('The first child is the bare section path; it is dropped from the side menu'),
          })
          .strict(),
      )
      .describe('Side menus of sections such as About'),
  })
  .strict();
export type Navigation = z.infer<typeof Navigation>;
