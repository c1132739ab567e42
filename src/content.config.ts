import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'zod';
import { Location } from './contract/entities';
import { Compliance, HistoryYear, KeyFactsYear, Leader, Profile, PublicWelfare, Quality, ReputationYear, SustainabilityReport } from './content-model/schemas/about';
import { Brand } from './content-model/schemas/brand';
import { Home } from './content-model/schemas/home';
import { Navigation } from './content-model/schemas/navigation';
import { NewsItem } from './content-model/schemas/news';
import { newsLoader } from './news/loader';
import { ServiceFooters, ServicePage } from './content-model/schemas/service-pages';
import { Vessel } from './content-model/schemas/vessels';
import { Containers } from './content-model/schemas/containers';
import { Position } from './content-model/schemas/recruiting';
import { HelpTermsPage, ProsePage } from './content-model/schemas/pages';

/**
 * Content collections. Everything maintainers edit lives in content/ and is
 * validated here at build time: a bad file fails the build naming file and field.
 * Single-file collections hold one entry whose id is the file name.
 */
const single = (name: string) => glob({ pattern: `${name}.json`, base: './content' });
const aboutFile = (name: string) => glob({ pattern: `${name}.json`, base: './content/about' });

export const collections = {
  brand: defineCollection({ loader: single('brand'), schema: Brand }),
  navigation: defineCollection({ loader: single('navigation'), schema: Navigation }),
  home: defineCollection({ loader: single('home'), schema: Home }),
  localSites: defineCollection({
    loader: file('./content/local-sites.json', { parser: (text) => JSON.parse(text).locations.map((l: Location) => ({ ...l, id: String(l.locationId) })) }),
    schema: Location.extend({ id: z.string() }),
  }),
  profile: defineCollection({ loader: aboutFile('profile'), schema: Profile }),
  leaders: defineCollection({ loader: file('./content/about/leaders.json', { parser: (text) => JSON.parse(text).leaders }), schema: Leader }),
  keyFacts: defineCollection({ loader: file('./content/about/key-facts.json', { parser: (text) => JSON.parse(text).years }), schema: KeyFactsYear }),
  history: defineCollection({ loader: file('./content/about/history.json', { parser: (text) => JSON.parse(text).years }), schema: HistoryYear }),
  reputation: defineCollection({ loader: file('./content/about/reputation.json', { parser: (text) => JSON.parse(text).years }), schema: ReputationYear }),
  publicWelfare: defineCollection({ loader: aboutFile('public-welfare'), schema: PublicWelfare }),
  quality: defineCollection({ loader: aboutFile('quality'), schema: Quality }),
  reports: defineCollection({ loader: file('./content/about/reports.json', { parser: (text) => JSON.parse(text).reports }), schema: SustainabilityReport }),
  compliance: defineCollection({ loader: aboutFile('compliance'), schema: Compliance }),
  /** Vessels of /home/Services/ship/{0..4}: content/vessels.json (id is the shipUuid). */
  vessels: defineCollection({ loader: file('./content/vessels.json', { parser: (text) => JSON.parse(text).vessels }), schema: Vessel }),
  /** Container types and loading combinations of /home/Services/containers/{1..5}. */
  containers: defineCollection({ loader: single('containers'), schema: Containers }),
  /** Service product pages and the total-loss table: content/services/pages/{id}.json (`kind` picks the layout). */
  servicePages: defineCollection({ loader: glob({ pattern: '*.json', base: './content/services/pages' }), schema: ServicePage }),
  /** Service-footer blocks, one file per language: content/services/footers/{en,zh}.json */
  serviceFooters: defineCollection({ loader: glob({ pattern: '*.json', base: './content/services/footers' }), schema: ServiceFooters }),
  /** Prose pages, one markdown file per language: content/pages/{en,zh}/{slug}.md */
  pages: defineCollection({
    loader: glob({ pattern: '*/*.md', base: './content/pages' }),
    schema: ProsePage,
  }),
  /** Help-centre terms pages, one markdown file per language: content/help/pages/{en,zh}/{slug}.md */
  helpPages: defineCollection({
    loader: glob({ pattern: '*/*.md', base: './content/help/pages' }),
    schema: HelpTermsPage,
  }),
  /** Open positions of /home/Recruiting (published or not): content/recruiting/positions.json */
  positions: defineCollection({ loader: file('./content/recruiting/positions.json', { parser: (text) => JSON.parse(text).positions }), schema: Position }),
  /** News snapshot, written by the nightly job from the API: content/news/{en,zh}/{newsUuid}.json */
  news: defineCollection({ loader: newsLoader(), schema: NewsItem }),
};
