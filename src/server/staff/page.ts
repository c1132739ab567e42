import type { AstroGlobal } from 'astro';
import { isLocale, type Locale } from '../../i18n/locales';
import { mayEnter, type StaffArea, type StaffRole } from '../../staff/roles';
import { getApps } from '../runtime';
import type { StaffSession } from './session';
import { loadConfig } from '../config';
import { backupStatus, type BackupStatus } from '../../backup/nightly';

/**
 * What a console page (src/pages/[lang]/staff/) asks before it renders, on the server, on every
 * request: the language, and for a page of an area the staff member, checked as the staff API
 * checks its calls. Every answer is private, uncached and not for search engines.
 * Returns a Response (a redirect to sign in or to add a second factor, a 404, a 403) or what the
 * page needs.
 */
export type StaffPageAccess = { locale: Locale; staff: StaffSession | null; apiBase: string } | Response;

const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' };

export async function staffPage(Astro: AstroGlobal, area: StaffArea | null): Promise<StaffPageAccess> {
  for (const [name, value] of Object.entries(PRIVATE)) Astro.response.headers.set(name, value);
  const lang = Astro.params.lang;
  if (!isLocale(lang)) return new Response('Not found', { status: 404, headers: PRIVATE });
  const apps = await getApps();
  const apiBase = import.meta.env.PUBLIC_API_BASE ?? '/homeapiak';
  if (area === null) return { locale: lang, staff: null, apiBase };
  const found = await apps.staff.who(Astro.request.headers, area);
  if ('staff' in found) {
    for (const cookie of found.setCookies) Astro.response.headers.append('set-cookie', cookie);
    return { locale: lang, staff: found.staff, apiBase };
  }
  const redirect = (to: string) => new Response(null, { status: 303, headers: { location: to, ...PRIVATE } });
  if (found.reason === 'session') return redirect(`/${lang}/staff/sign-in?next=${encodeURIComponent(Astro.url.pathname)}`);
  if (found.reason === 'secondFactor') return redirect(`/${lang}/staff/security`);
  return new Response(lang === 'zh' ? '您的角色无权访问此页面。' : 'Your role may not open this page.', {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });
}

/** New items in the inbox's boxes a role opens (the staff header's count). */
export async function newItemsFor(role: StaffRole): Promise<number> {
  const counts = await (await getApps()).staff.inboxCounts();
  return (mayEnter(role, 'messages') ? counts.messages : 0) + (mayEnter(role, 'applications') ? counts.applications : 0);
}

/** The nightly backups as BACKUP_DIR holds them (the admins' overview reads the folder on every request). */
export function backupOverview(): BackupStatus {
  return backupStatus(loadConfig().backup);
}
