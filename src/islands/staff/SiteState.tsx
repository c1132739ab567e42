import type { z } from 'zod';
import type { StorySummary } from '../../newsroom/contract';
import { formatStaffTime } from './time';

type Site = NonNullable<z.infer<typeof StorySummary>['site']>;

/** Where a story is on the site (src/releases/site-state.ts): live (since), waiting for a build or after a rollback, building, failed with the build's words, or still on the site though not published. */
export default function SiteState({ site, lang, s, detailed = false }: { site: Site | null | undefined; lang: 'en' | 'zh'; s: Record<string, string>; detailed?: boolean }) {
  if (!site) return <span className="staff-site staff-site-none">{s['staff.news.site.none']}</span>;
  const time = (iso: string) => formatStaffTime(iso, lang);
  const text =
    site.state === 'queued'
      ? s['staff.news.site.queued']
      : site.state === 'building'
        ? s['staff.news.site.building'].replace('{{time}}', time(site.since))
        : site.state === 'live'
          ? s['staff.news.site.live'].replace('{{time}}', time(site.since))
          : site.state === 'edge'
            ? site.failingSince
              ? s['staff.news.site.edgeFailing'].replace('{{time}}', time(site.failingSince))
              : s['staff.news.site.edge'].replace('{{time}}', time(site.since))
            : site.state === 'rolledBack'
              ? s['staff.news.site.rolledBack'].replace('{{time}}', time(site.builtAt))
              : site.state === 'stillServed'
                ? s['staff.news.site.stillServed'].replace('{{time}}', time(site.since))
                : s['staff.news.site.failed'].replace('{{time}}', time(site.at));
  return (
    <span className={`staff-site staff-site-${site.state}`} data-site-state={site.state}>
      {text}
      {detailed && site.state === 'failed' && site.error && (
        <details>
          <summary>{s['staff.news.site.reason']}</summary>
          <pre className="staff-build-error">{site.error}</pre>
        </details>
      )}
    </span>
  );
}
