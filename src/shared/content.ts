import { getCollection, getEntry, type CollectionEntry, type CollectionKey } from 'astro:content';
import type { Locale } from '../i18n/locales';
import type { NewsTypeId } from '../contract/wire';
import type { ServiceFooters, ServicePageKind, ServicePageOf } from '../content-model/schemas/service-pages';
import { newestFirst } from '../news/news-list';
import { publishedPositions, type Position } from '../content-model/schemas/recruiting';

/** Reads for pages: one place that knows how collections are laid out. */

/** The one entry of a single-file collection (brand, navigation, home, ...). */
export async function single<C extends CollectionKey>(collection: C): Promise<CollectionEntry<C>['data']> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  if (entries.length !== 1) throw new Error(`content: expected one ${collection} file, found ${entries.length}`);
  return entries[0].data;
}

export const getBrand = () => single('brand');
export const getNavigation = () => single('navigation');

/** Entries of an array file, in file order. */
export async function list<C extends 'leaders' | 'localSites'>(collection: C): Promise<CollectionEntry<C>['data'][]> {
  return ((await getCollection(collection)) as CollectionEntry<C>[]).map((e) => e.data);
}

/** Entries keyed by year (key facts, history, honours, reports), newest first. */
export async function byYear<C extends 'keyFacts' | 'history' | 'reputation' | 'reports'>(collection: C): Promise<CollectionEntry<C>['data'][]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries.map((e) => e.data).sort((a, b) => (b as { id: string }).id.localeCompare((a as { id: string }).id));
}

/** News of one language, newest first, optionally of one type. */
export async function getNews(locale: Locale, typeId?: NewsTypeId) {
  const items = await getCollection('news', (e) => e.id.startsWith(`${locale}/`) && (!typeId || e.data.typeId === typeId));
  return newestFirst(items.map((e) => e.data));
}

/** Positions for the recruiting pages: the published ones, newest first. */
export async function getPublishedPositions(): Promise<Position[]> {
  return publishedPositions((await getCollection('positions')).map((e) => e.data as Position));
}

/** A prose page in one language: content/pages/{locale}/{slug}.md */
export async function getPage(locale: Locale, slug: string) {
  const entry = await getEntry('pages', `${locale}/${slug}`);
  if (!entry) throw new Error(`content: content/pages/${locale}/${slug}.md is missing`);
  return entry;
}

/** All vessels, largest first (capacity, then English name); the page filters them by capacity class. */
export async function getVessels(): Promise<CollectionEntry<'vessels'>['data'][]> {
  const entries = (await getCollection('vessels')) as CollectionEntry<'vessels'>[];
  return entries.map((e) => e.data).sort((a, b) => b.capacityTeu - a.capacityTeu || a.name.en.localeCompare(b.name.en));
}

/** A service page (content/services/pages/{id}.json), checked to be of the expected kind. */
export async function getServicePage<K extends ServicePageKind>(id: string, kind: K): Promise<ServicePageOf<K>> {
  const entry = await getEntry('servicePages', id);
  if (!entry) throw new Error(`content: content/services/pages/${id}.json is missing`);
  if (entry.data.kind !== kind) throw new Error(`content: content/services/pages/${id}.json is a "${entry.data.kind}" page, expected "${kind}"`);
  return entry.data as ServicePageOf<K>;
}

/** The service-footer blocks of one language (content/services/footers/{locale}.json); none when the file is absent. */
export async function getServiceFooters(locale: Locale): Promise<ServiceFooters> {
  return (await getEntry('serviceFooters', locale))?.data ?? {};
}

export { getEntry };
