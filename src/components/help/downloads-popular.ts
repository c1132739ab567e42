import { apiFetch } from '../../contract/fetch';
import { HELP_PATH } from '../../contract/help-paths';
import { fill } from '../../i18n/fill';

/**
 * The Downloads page's popular lists, read at run time from the real counters:
 * the five most downloaded documents (GET /schedule/ServicedownLoadCount) replace
 * the page-order list the page was built with, and the five most downloaded
 * vessel certificates (GET /ship/downLoadCount) show when there are any. If the
 * API cannot be reached, the page keeps its built list and says nothing.
 */

interface DownloadStat {
  fileStatisticsUuid: string;
  count: number;
}
interface CertificateStat {
  shipUuid: string;
  shipNameCn: string;
  shipNameEn: string;
  count: number;
}

function item(name: string, href: string, count: number, msg: DOMStringMap): HTMLLIElement {
  const li = document.createElement('li');
  const link = document.createElement('a');
  link.href = href;
  link.textContent = name;
  li.append(link);
  if (count > 0) {
    const badge = document.createElement('span');
    badge.className = 'count';
    badge.textContent = fill((count === 1 ? msg.msgCountOne : msg.msgCount) ?? '', { count });
    li.append(' ', badge);
  }
  return li;
}

export async function startPopularDownloads(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-popular]');
  const list = section?.querySelector<HTMLElement>('[data-popular-list]');
  const raw = document.getElementById('downloads-data')?.textContent;
  if (!section || !list || !raw) return;
  const links = JSON.parse(raw) as Record<string, { name: string; href: string }>;
  const language = section.dataset.language === '0' ? 0 : 1;
  try {
    const stats = await apiFetch<DownloadStat[]>(HELP_PATH.popularDownloads, { language });
    const items = stats.filter((s) => links[s.fileStatisticsUuid]);
    if (items.length) {
      list.replaceChildren(
        ...items.map((s) => {
          const li = item(links[s.fileStatisticsUuid].name, links[s.fileStatisticsUuid].href, s.count, section.dataset);
          li.dataset.file = s.fileStatisticsUuid;
          return li;
        }),
      );
      section.dataset.loaded = 'true';
    }
  } catch {
    // the API is out of reach: the list the page was built with stays
  }

  const certificates = document.querySelector<HTMLElement>('[data-popular-certificates]');
  const certificateList = certificates?.querySelector<HTMLElement>('[data-certificates-list]');
  if (!certificates || !certificateList) return;
  try {
    const stats = await apiFetch<CertificateStat[]>(HELP_PATH.popularCertificates, { language });
    if (stats.length === 0) return;
    const template = certificates.dataset.shipHref ?? '';
    certificateList.replaceChildren(...stats.map((s) => item(language === 0 ? s.shipNameCn : s.shipNameEn, template.replace('SHIP', encodeURIComponent(s.shipUuid)), s.count, section.dataset)));
    certificates.hidden = false;
  } catch {
    // nothing to show
  }
}
