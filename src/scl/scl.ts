import brandJson from '../../content/brand.json';
import { SCL_TYPES, type SclTypeCode } from '../contract/scl';
import type { Locale } from '../i18n/locales';
import { SclTypeFile, type SclArea, type SclPicture, type SclRegion, type SclService } from '../content-model/schemas/scl';
import { parseContent } from '../shared/parse-content';

/**
 * The supply-chain pages' content (content/scl/{page}.json), validated once and
 * indexed. The pages (at build time) and the /scl API (at run time) both read it
 * from here, so they show the same areas, regions and services.
 */

/** The four pages in the order the spec lists them (and the cards show them): URL segment and wire type. */
export const SCL_PAGES = [
  { slug: 'trailerTransport', type: 'TT' },
  { slug: 'warehouseDistribution', type: 'WD' },
  { slug: 'railTransport', type: 'RT' },
  { slug: 'customsDeclaration', type: 'CD' },
] as const satisfies readonly { slug: string; type: SclTypeCode }[];
export type SclSlug = (typeof SCL_PAGES)[number]['slug'];

export interface SclPage {
  slug: SclSlug;
  type: SclTypeCode;
  /** content/scl/{slug}.json */
  file: string;
  data: SclTypeFile;
  pictures: Map<string, SclPicture>;
}

export interface SclCatalogue {
  pages: SclPage[];
  byType: Map<SclTypeCode, SclPage>;
  bySlug: Map<SclSlug, SclPage>;
  areas: Map<string, { area: SclArea; page: SclPage }>;
  regions: Map<string, { region: SclRegion; area: SclArea; page: SclPage }>;
}

/** Where a picture of the catalogue is served from (drawn by src/build/derived/generators/make-scl-artwork.mjs). */
export const sclPicturePath = (id: string) => `/scl/${id}.svg`;

/** A text field split into its paragraphs (a blank line separates them). */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** Picture of the catalogue with its path and the alternative text in one language. */
export function pictureOf(page: SclPage, id: string, locale: Locale) {
  const picture = page.pictures.get(id);
  if (!picture) throw new Error(`${page.file}: no picture ${id}`);
  return { src: sclPicturePath(id), alt: picture.alt[locale] };
}

const files = import.meta.glob<unknown>('../../content/scl/*.json', { eager: true, import: 'default' });

let catalogue: SclCatalogue | undefined;

export function loadScl(): SclCatalogue {
  catalogue ??= buildScl(
    Object.entries(files).map(([path, raw]) => ({ file: path.replace(/^(\.\.\/)+/, ''), raw })),
    brandJson.email.split('@')[1],
  );
  return catalogue;
}

/**
 * Validates and cross-checks the files (exported for tests of the checks): one file
 * per page named after it, of the right type; uuids unique over all four files;
 * picture ids unique over all files (they share public/scl/), every picture
 * referenced exists and every catalogued one is used; e-mails on the carrier's domain.
 */
export function buildScl(input: { file: string; raw: unknown }[], emailDomain: string): SclCatalogue {
  const pages: SclPage[] = [];
  const uuids = new Map<string, string>();
  const pictureFiles = new Map<string, string>();
  const areas: SclCatalogue['areas'] = new Map();
  const regions: SclCatalogue['regions'] = new Map();
  const domain = emailDomain.toLowerCase();

  for (const { slug, type } of SCL_PAGES) {
    const matching = input.filter((f) => f.file.endsWith(`/${slug}.json`));
    if (matching.length !== 1) throw new Error(`content/scl: expected one file ${slug}.json, found ${matching.length}`);
    const { file, raw } = matching[0];
    const data = parseContent(file, SclTypeFile, raw);
    if (data.type !== type) throw new Error(`${file}: type must be ${type} for the ${slug} page, found ${data.type}`);

    const pictures = new Map<string, SclPicture>();
    for (const picture of data.pictures) {
      const other = pictureFiles.get(picture.id);
      if (other) throw new Error(`${file}: picture id ${picture.id} is already used in ${other} (all pictures share public/scl/)`);
      pictureFiles.set(picture.id, file);
      pictures.set(picture.id, picture);
    }
    const used = new Set<string>();
    const usePictures = (where: string, ids: string[]) => {
      for (const id of ids) {
        if (!pictures.has(id)) throw new Error(`${file}: ${where} shows picture ${id}, which is not in the file's pictures`);
        used.add(id);
      }
      if (new Set(ids).size !== ids.length) throw new Error(`${file}: ${where} shows the same picture twice`);
    };
    const claim = (uuid: string, where: string) => {
      const other = uuids.get(uuid);
      if (other) throw new Error(`${file}: ${where} has uuid ${uuid}, already used by ${other}`);
      uuids.set(uuid, `${file} ${where}`);
    };

    usePictures('cover', [data.cover]);
    const page: SclPage = { slug, type, file, data, pictures };
    data.areas.forEach((area, a) => {
      const areaWhere = `areas.${a} (${area.name.en})`;
      claim(area.uuid, areaWhere);
      areas.set(area.uuid, { area, page });
      area.regions.forEach((region, r) => {
        const regionWhere = `${areaWhere}.regions.${r} (${region.name.en})`;
        claim(region.uuid, regionWhere);
        regions.set(region.uuid, { region, area, page });
        usePictures(regionWhere, region.pictures);
        region.services.forEach((service, s) => {
          const serviceWhere = `${regionWhere}.services.${s} (${service.title.en})`;
          claim(service.uuid, serviceWhere);
          usePictures(serviceWhere, service.pictures);
          if (service.email && !service.email.toLowerCase().endsWith(`@${domain}`)) {
            throw new Error(`${file}: ${serviceWhere}: e-mail ${service.email} must be an address on ${domain} (brand.json)`);
          }
        });
      });
    });
    const unused = data.pictures.filter((p) => !used.has(p.id)).map((p) => p.id);
    if (unused.length) throw new Error(`${file}: pictures never shown: ${unused.join(', ')} (remove them or use them)`);
    pages.push(page);
  }
  const extra = input.filter((f) => !SCL_PAGES.some((p) => f.file.endsWith(`/${p.slug}.json`)));
  if (extra.length) throw new Error(`content/scl: ${extra.map((f) => f.file).join(', ')} is not one of the pages (${SCL_PAGES.map((p) => p.slug).join(', ')})`);

  return {
    pages,
    byType: new Map(pages.map((p) => [p.type, p])),
    bySlug: new Map(pages.map((p) => [p.slug, p])),
    areas,
    regions,
  };
}

/** Every type code has a page (a compile-time and run-time guard against a type without one). */
export const SCL_TYPE_PAGES: Record<SclTypeCode, SclSlug> = Object.fromEntries(SCL_PAGES.map((p) => [p.type, p.slug])) as Record<SclTypeCode, SclSlug>;
if (SCL_TYPES.some((t) => !SCL_TYPE_PAGES[t])) throw new Error('src/scl/scl.ts: a supply-chain type has no page');

export type { SclArea, SclRegion, SclService };
