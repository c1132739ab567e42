import type { FooterKey, ServicePageKind } from '../../../content-model/schemas/service-pages';

/**
 * The service product pages under /home/Services/: which content file each one
 * shows, with which layout (`kind`) and which service-footer block.
 * src/pages/[lang]/home/Services/[slug].astro builds every one in both languages.
 *
 * The door-to-door page (transport) is the standardized page's twin in the spec and
 * shares its footer key: the spec's footer keys have no "transport".
 */
export interface ServiceRoute {
  slug: string;
  content: string;
  kind: ServicePageKind;
  footer?: FooterKey;
}

export const SERVICE_ROUTES: readonly ServiceRoute[] = [
  { slug: 'Standardization', content: 'standardization', kind: 'product', footer: 'standardization' },
  { slug: 'transport', content: 'transport', kind: 'product', footer: 'standardization' },
  { slug: 'ontime', content: 'ontime', kind: 'text', footer: 'ontime' },
  { slug: 'fruit', content: 'fruit', kind: 'fruit', footer: 'fruit' },
  { slug: 'cargo', content: 'cargo', kind: 'cargo', footer: 'cargo' },
  { slug: 'movehouse', content: 'movehouse', kind: 'article', footer: 'movehouse' },
  { slug: 'lcl', content: 'lcl', kind: 'lcl', footer: 'lcl' },
  { slug: 'equipment', content: 'equipment', kind: 'equipment', footer: 'equipment' },
  { slug: 'portInformation', content: 'port-information', kind: 'portInformation' },
];
