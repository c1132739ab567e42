import type { MessageKey } from '../../i18n/t';
import type { AboutPageKind } from './AboutPage.astro';

/**
 * The About section's routes under /home/About/: pages (with their title and side
 * menu) and the spec's redirects. src/pages/[lang]/home/About/[...slug].astro builds
 * every one in both languages.
 */
export type AboutRoute = { slug: string; kind: AboutPageKind; title: MessageKey; section: 'about' | 'compliance' } | { slug: string; redirectTo: string };

export const ABOUT_ROUTES: AboutRoute[] = [
  { slug: 'about/Profile', kind: 'profile', title: 'about.profile', section: 'about' },
  { slug: 'about/Lead', kind: 'leaders', title: 'about.leaders', section: 'about' },
  { slug: 'about/FactFigures', kind: 'keyFacts', title: 'about.keyFacts', section: 'about' },
  { slug: 'history', kind: 'history', title: 'about.history', section: 'about' },
  { slug: 'honourAwards', kind: 'reputation', title: 'about.reputation', section: 'about' },
  { slug: 'socialResponsibility/publicWelfare', kind: 'publicWelfare', title: 'about.publicWelfare', section: 'about' },
  { slug: 'socialResponsibility/qualityEnviroment', kind: 'quality', title: 'about.quality', section: 'about' },
  { slug: 'socialResponsibility/sustainabilityReport', kind: 'reports', title: 'about.reports', section: 'about' },
  { slug: 'socialResponsibility/complianceGuidelines', kind: 'compliance', title: 'about.compliance', section: 'about' },
  { slug: 'socialResponsibility/sanctionsCompliance', kind: 'sanctions', title: 'about.sanctions', section: 'compliance' },
  // the spec's redirects: bare section paths to their first child, old names to new ones
  { slug: 'about', redirectTo: '/home/About/about/Profile' },
  { slug: 'socialResponsibility', redirectTo: '/home/About/socialResponsibility/publicWelfare' },
  { slug: 'memorabilia', redirectTo: '/home/About/history' },
  { slug: 'awards', redirectTo: '/home/About/honourAwards' },
];
