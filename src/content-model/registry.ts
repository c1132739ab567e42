import { z } from 'zod';
import { Compliance, HistoryFile, KeyFactsFile, LeadersFile, Profile, PublicWelfare, Quality, ReportsFile, ReputationFile } from './schemas/about.ts';
import { Brand } from './schemas/brand.ts';
import { CarbonFactors, CarbonNetworkFile, CitiesFile, RailFile } from './schemas/carbon.ts';
import { Containers } from './schemas/containers.ts';
import { DownloadsFile, FaqFile, SchedulesFile, TariffsFile } from './schemas/help.ts';
import { Home } from './schemas/home.ts';
import { LocalLanguageContent, LocalSite, LocalSitesFile } from './schemas/local.ts';
import { Navigation } from './schemas/navigation.ts';
import { NewsItem } from './schemas/news.ts';
import { AreaFile } from './schemas/offices.ts';
import { HelpTermsPage, ProsePage } from './schemas/pages.ts';
import { PositionsFile } from './schemas/recruiting.ts';
import { DirectionsFile, PortsFile, SeaLeg, Trade } from './schemas/routes.ts';
import { CharteredVesselsFile, ScheduleRules } from './schemas/schedules.ts';
import { SclTypeFile } from './schemas/scl.ts';
import { ServiceFooters, ServicePage } from './schemas/service-pages.ts';
import { VesselsFile } from './schemas/vessels.ts';

/**
 * Every file of content/ and the zod schema it must pass: the one list the
 * content check (npm run content:check), the editor (/admin in npm run dev) and
 * their tests read. The schemas in src/content-model/schemas/ stay the truth; this only says
 * which file holds which.
 *
 * - `pattern`: a path under content/ as node:fs globSync reads it: `*` is one path segment (no `/`), `{a,b}` either
 * - `format`: json, or markdown whose YAML front matter the schema checks
 * - `origin`: `edited` by maintainers (in the editor), or `generated` by a command
 *   (the editor does not offer these: a hand edit would be overwritten)
 */
export interface ContentFile {
  /** Stable key, also the editor's collection or singleton key. */
  key: string;
  pattern: string;
  format: 'json' | 'markdown';
  schema: z.ZodType;
  origin: 'edited' | 'generated';
  /** What maintainers see in the editor's menu, and what the check prints. */
  label: string;
  /** Editor menu group. */
  group: string;
}

const json = (key: string, pattern: string, schema: z.ZodType, label: string, group: string, origin: ContentFile['origin'] = 'edited'): ContentFile => ({
  key,
  pattern,
  format: 'json',
  schema,
  origin,
  label,
  group,
});
const markdown = (key: string, pattern: string, schema: z.ZodType, label: string, group: string): ContentFile => ({ key, pattern, format: 'markdown', schema, origin: 'edited', label, group });

export const CONTENT_FILES: readonly ContentFile[] = [
  json('brand', 'brand.json', Brand, 'Brand, hotline and platform links', 'Site'),
  json('navigation', 'navigation.json', Navigation, 'Navigation', 'Site'),
  json('home', 'home.json', Home, 'Home: banners and key figures', 'Site'),
  json('offices', 'offices/*.json', AreaFile, 'Offices (one file per continent)', 'Company'),
  json('positions', 'recruiting/positions.json', PositionsFile, 'Positions', 'Company'),
  json('profile', 'about/profile.json', Profile, 'About: profile', 'Company'),
  json('leaders', 'about/leaders.json', LeadersFile, 'About: leaders', 'Company'),
  json('keyFacts', 'about/key-facts.json', KeyFactsFile, 'About: key facts', 'Company'),
  json('history', 'about/history.json', HistoryFile, 'About: history', 'Company'),
  json('reputation', 'about/reputation.json', ReputationFile, 'About: reputation', 'Company'),
  json('publicWelfare', 'about/public-welfare.json', PublicWelfare, 'About: public welfare', 'Company'),
  json('quality', 'about/quality.json', Quality, 'About: quality', 'Company'),
  json('reports', 'about/reports.json', ReportsFile, 'About: sustainability reports', 'Company'),
  json('compliance', 'about/compliance.json', Compliance, 'About: compliance', 'Company'),
  json('vessels', 'vessels.json', VesselsFile, 'Vessels (our fleet)', 'Fleet and routes'),
  json('charteredVessels', 'routes/chartered-vessels.json', CharteredVesselsFile, 'Chartered vessels', 'Fleet and routes'),
  json('trades', 'routes/trades/*.json', Trade, 'Route loops (one file per trade)', 'Fleet and routes'),
  json('ports', 'routes/ports.json', PortsFile, 'Ports and terminals', 'Fleet and routes'),
  json('directions', 'routes/directions.json', DirectionsFile, 'Trade tabs', 'Fleet and routes'),
  json('scheduleRules', 'routes/schedule-rules.json', ScheduleRules, 'Cut-offs and transhipment hubs', 'Fleet and routes'),
  json('containers', 'containers.json', Containers, 'Container types', 'Services'),
  json('servicePages', 'services/pages/*.json', ServicePage, 'Service pages', 'Services'),
  json('serviceFooters', 'services/footers/*.json', ServiceFooters, 'Service page footers (one file per language)', 'Services'),
  json('scl', 'scl/*.json', SclTypeFile, 'Supply-chain pages', 'Services'),
  json('faq', 'help/faq.json', FaqFile, 'FAQ', 'Help centre'),
  json('downloads', 'help/downloads.json', DownloadsFile, 'Downloads', 'Help centre'),
  json('tariffs', 'help/tariffs.json', TariffsFile, 'Tariffs', 'Help centre'),
  json('helpSchedules', 'help/schedules.json', SchedulesFile, 'Schedule downloads', 'Help centre'),
  markdown('helpPages', 'help/pages/*/*.md', HelpTermsPage, 'Terms pages (stuffing regulations …)', 'Help centre'),
  markdown('pages', 'pages/*/*.md', ProsePage, 'Prose pages (terms, accessibility …)', 'Help centre'),
  json('localSites', 'local-sites.json', LocalSitesFile, 'Local sites: the region list', 'Local sites'),
  json('localSite', 'local/*/site.json', LocalSite, 'Local sites: site settings', 'Local sites'),
  json('localContent', 'local/*/{en,cn,tc}.json', LocalLanguageContent, 'Local sites: content per language', 'Local sites'),
  json('carbonFactors', 'carbon/factors.json', CarbonFactors, 'Carbon: emission factors', 'Carbon'),
  json('carbonCities', 'carbon/cities.json', CitiesFile, 'Carbon: cities', 'Carbon'),
  json('carbonRail', 'carbon/rail.json', RailFile, 'Carbon: rail corridors', 'Carbon'),
  json('carbonNetwork', 'carbon/network.json', CarbonNetworkFile, 'Carbon network', 'Generated', 'generated'),
  json('seaLegs', 'routes/sea-legs.json', z.record(z.string(), SeaLeg), 'Sea legs', 'Generated', 'generated'),
  json('news', 'news/{en,zh}/*.json', NewsItem, 'News (pulled from the API each night)', 'Generated', 'generated'),
];
