import { localeFromTag } from '../i18n/locales';
import { LANGUAGE_STORAGE_KEY } from '../i18n/preference';

/**
 * Job pages exist only for published positions (pages are static). A static host
 * answers any other job id with 404.html, whose script sends the visitor to the
 * spec's /error/notFound page in their language, as the old site did for an
 * unpublished job.
 */
const JOB_DETAIL = /^(?:\/(en|zh))?\/home\/Recruiting\/detail\/recruitDetail\/[^/]+\/?$/;

export function notFoundTarget(pathname: string, storedTag: string | null): string | null {
  const match = JOB_DETAIL.exec(pathname);
  if (!match) return null;
  const locale = match[1] ?? localeFromTag(storedTag) ?? 'en';
  return `/${locale}/error/notFound`;
}

export function redirectUnknownJob(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const target = notFoundTarget(location.pathname, stored);
  if (target) location.replace(target);
}
