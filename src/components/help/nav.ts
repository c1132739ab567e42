import type { Locale } from '../../i18n/locales';
import type { MessageKey } from '../../i18n/t';
import { faqTypePath, loadFaq } from '../../help/faq';

/** The help centre's sections and pages, for its side menu, breadcrumbs and redirects. */
export type HelpSection = 'faq' | 'business' | 'terms';

export interface HelpLink {
  /** Spec path (not localised). */
  href: string;
  label: string;
}

export const BUSINESS_PAGES: { slug: string; key: MessageKey }[] = [
  { slug: 'ClaimForContainerTotalLoss', key: 'help.page.claim' },
  { slug: 'RegulationsOnContainerStuffingOperation', key: 'help.page.stuffing' },
  { slug: 'ServiceSchedule', key: 'help.page.schedule' },
  { slug: 'EuInlandTariff', key: 'help.page.tariff' },
  { slug: 'Downloads', key: 'help.page.downloads' },
];
export const TERMS_PAGES: { slug: string; key: MessageKey }[] = [
  { slug: 'BillConditions', key: 'help.page.bl' },
  { slug: 'ComplianceTerms', key: 'help.page.compliance' },
];

export const businessPath = (slug: string) => `/home/HelpCenter/business/${slug}`;
export const termsPath = (slug: string) => `/home/HelpCenter/termsAndConditions/${slug}`;

export function helpMenu(locale: Locale, t: (key: MessageKey) => string): { section: HelpSection; title: string; links: HelpLink[] }[] {
  return [
    { section: 'faq', title: t('help.faq'), links: loadFaq(locale).map((type) => ({ href: faqTypePath(type.id), label: type.name })) },
    { section: 'business', title: t('help.business'), links: BUSINESS_PAGES.map((p) => ({ href: businessPath(p.slug), label: t(p.key) })) },
    { section: 'terms', title: t('help.terms'), links: TERMS_PAGES.map((p) => ({ href: termsPath(p.slug), label: t(p.key) })) },
  ];
}

/** The section a help-centre spec path belongs to. */
export function sectionOf(specPath: string): HelpSection {
  if (specPath.startsWith('/home/HelpCenter/questions')) return 'faq';
  if (specPath.startsWith('/home/HelpCenter/termsAndConditions')) return 'terms';
  return 'business';
}
