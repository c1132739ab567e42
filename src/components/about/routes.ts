import type { MessageKey } from '../../i18n/t';
import type { AboutPageKind } from './AboutPage.astro';

/**
 * The About section's routes under /home/About/: pages (with their title and side
 * menu) and the spec's redirects. src/pages/[lang]/home/About/[...slug].astro builds
 * every one in both languages.
 */
export type AboutRoute = { slug: string; kind: AboutPageKind; title: MessageKey; description: MessageKey; section: 'about' | 'compliance' } | { slug: string; redirectTo: string };

export const ABOUT_ROUTES: AboutRoute[] = [
  { slug: 'about/Profile', kind: 'profile', title: 'about.profile', description: 'about.profileDescription', section: 'about' },
  { slug: 'about/Lead', kind: 'leaders', title: 'about.leaders', description: 'about.leadersDescription', section: 'about' },
  { slug: 'about/FactFigures', kind: 'keyFacts', title: 'about.keyFacts', description: 'about.keyFactsDescription', section: 'about' },
  { slug: 'history', kind: 'history', title: 'about.history', description: 'about.historyDescription', section: 'about' },
  { slug: 'honourAwards', kind: 'reputation', title: 'about.reputation', description: 'about.reputationDescription', section: 'about' },
  { slug: 'socialResponsibility/publicWelfare', kind: 'publicWelfare', title: 'about.publicWelfare', description: 'about.publicWelfareDescription', section: 'about' },
  { slug: 'socialResponsibility/qualityEnviroment', kind: 'quality', title: 'about.quality', description: 'about.qualityDescription', section: 'about' },
  { slug: 'socialResponsibility/sustainabilityReport', kind: 'reports', title: 'about.reports', description: 'about.reportsDescription', section: 'about' },
  { slug: 'socialResponsibility/complianceGuidelines', kind: 'compliance', title: 'about.compliance', description: 'about.complianceDescription', section: 'about' },
  { slug: 'socialResponsibility/sanctionsCompliance', kind: 'sanctions', title: 'about.sanctions', description: 'about.sanctionsDescription', section: 'compliance' },
  // the spec's redirects: bare section paths to their first child, old names to new ones
  { slug: 'about', redirectTo: '/home/About/about/Profile' },
  { slug: 'socialResponsibility', redirectTo: '/home/About/socialResponsibility/publicWelfare' },
  { slug: 'memorabilia', redirectTo: '/home/About/history' },
  { slug: 'awards', redirectTo: '/home/About/honourAwards' },
];
