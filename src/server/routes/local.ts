import { Hono } from 'hono';
import { calls } from '../../contract/calls';
import { CODE } from '../../contract/wire';
import { handle, WireError } from '../handle';
import { loadLocations } from '../content';
import type { AppDeps } from '../deps';
import { assistantAvailability } from '../assistant';
import { clientAddress } from '../forms/client-address';
import {
  allLocalLanguages,
  findPage,
  getLocalLanguage,
  getLocalLocation,
  loadLocalSites,
  neighbours,
  newsOf,
  newsUrl,
  pageOf,
  pageUrl,
  searchLocal,
  summaryItems,
  type LocalLanguage,
  type MenuPage,
} from '../../local/local';
import { DEFAULT_QR, LOCAL_SEARCH_PAGE_SIZE } from '../../local/local-rules';
import type { DefaultInfo, LocalNews, PageMenu, PageType } from '../../content-model/schemas/local';
import { escapeHtml } from '../../shared/format';

function site(location: string, lang: string): LocalLanguage {
  const entry = getLocalLocation(location);
  if (!entry) throw new WireError(CODE.notFound, `location: no local site "${location}"`);
  const l = getLocalLanguage(location, lang);
  if (!l) throw new WireError(CODE.notFound, `lang: ${location} has no language "${lang}" (it has ${entry.site.languages.map((x) => x.lang).join(', ') || 'none'})`);
  return l;
}

function menuOf(l: LocalLanguage, uuid: string, field: string, types?: PageType[]): MenuPage {
  const page = findPage(l, uuid);
  if (!page) throw new WireError(CODE.notFound, `${field}: no menu ${uuid} on ${l.location}/${l.lang}`);
  if (types && !types.includes(page.menu.pageType)) throw new WireError(CODE.notFound, `${field}: menu ${uuid} is a ${page.menu.pageType}, not ${types.join(' or ')}`);
  return page;
}

/** Detail calls name only the menu: find the site(s) that have it, narrowed by location and lang when given. */
function siteOfMenu(uuid: string, field: string, location?: string, lang?: string): { l: LocalLanguage; page: MenuPage } {
  if (location && lang) return { l: site(location, lang), page: menuOf(site(location, lang), uuid, field) };
  const found = allLocalLanguages()
    .filter((l) => (!location || l.location === location) && (!lang || l.lang === lang))
    .flatMap((l) => {
      const page = findPage(l, uuid);
      return page ? [{ l, page }] : [];
    });
  if (!found.length) throw new WireError(CODE.notFound, `${field}: no menu ${uuid}`);
  if (found.length > 1) throw new WireError(CODE.badRequest, `${field}: menu ${uuid} exists on ${found.map((f) => `${f.l.location}/${f.l.lang}`).join(', ')}; send location and lang`);
  return found[0];
}

function menuEntry(l: LocalLanguage, m: PageMenu, level: 1 | 2) {
  return {
    menuUuid: m.id,
    level,
    seq: m.seq,
    menuText: m.menuText,
    totalRouterPath: m.pageType === 'Redirect_Page' ? m.url : pageUrl(l.location, l.lang, m),
    pageType: m.pageType,
    isOpenNewTab: m.isOpenNewTab,
    subLocalMenus: [] as never[],
  };
}

const newsItem = (l: LocalLanguage, n: LocalNews) => ({
  id: n.id,
  newsTitle: n.newsTitle,
  newsType: n.newsType,
  statusDt: n.statusDt,
  recCreDt: n.recCreDt,
  coverImgPath: n.coverImgPath ?? null,
  summary: n.summary,
  path: newsUrl(l, n),
});
const defaultInfo = (page: MenuPage, d: DefaultInfo) => ({
  id: d.id,
  defaultInfoTitle: d.defaultInfoTitle,
  statusDt: d.statusDt,
  recCreDt: d.statusDt,
  coverImagePath: d.coverImagePath ?? null,
  summary: d.summary,
  path: `${page.url}/${d.id}`,
});
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** /local/*: the regional sites, answered from content/local (the same content the pages are built from). */
export function localRoutes(deps: AppDeps) {
  const router = new Hono();
  handle(router, calls.getLocationList, () => loadLocations());

  handle(router, calls.localMenu, ({ query }) => {
    const l = site(query.location, query.lang);
    return [...l.content.menu]
      .sort((a, b) => a.seq - b.seq)
      .map((m) => {
        if (!('children' in m)) return menuEntry(l, m, 1);
        return {
          menuUuid: m.id,
          level: 1 as const,
          seq: m.seq,
          menuText: m.menuText,
          totalRouterPath: '',
          pageType: null,
          isOpenNewTab: 0 as const,
          subLocalMenus: [...m.children].sort((a, b) => a.seq - b.seq).map((c) => menuEntry(l, c, 2)),
        };
      });
  });

  handle(router, calls.localDefaultSummary, ({ query }) => {
    const l = site(query.location, query.lang);
    const page = menuOf(l, query.summaryMenuUuid, 'summaryMenuUuid', ['Default_Summary_Page']);
    const items = summaryItems(l, page.menu) as DefaultInfo[];
    return { localDefaultInfoList: pageOf(items, query.pageNum).map((d) => defaultInfo(page, d)), totalNum: items.length };
  });

  handle(router, calls.localNewsSummary, ({ query }) => {
    const l = site(query.location, query.lang);
    const page = menuOf(l, query.summaryMenuUuid, 'summaryMenuUuid', ['Business_News_Page', 'Company_News_Page']);
    const items = summaryItems(l, page.menu) as LocalNews[];
    return { total: items.length, content: { content: pageOf(items, query.pageNum).map((n) => newsItem(l, n)) } };
  });

  const neighbour = (item: { id: string; title: string; path: string } | null) => item;

  handle(router, calls.localDefaultDetailBySummary, ({ query }) => {
    const { page } = siteOfMenu(query.summaryMenuUuid, 'summaryMenuUuid', query.location, query.lang);
    if (page.menu.pageType !== 'Default_Summary_Page') throw new WireError(CODE.notFound, `summaryMenuUuid: menu ${page.menu.id} is a ${page.menu.pageType}, not Default_Summary_Page`);
    const items = [...page.menu.items].sort((a, b) => b.statusDt.localeCompare(a.statusDt) || b.id.localeCompare(a.id));
    const around = neighbours(items, query.id);
    if (!around) throw new WireError(CODE.notFound, `id: menu ${page.menu.id} has no item ${query.id}`);
    const item = items.find((d) => d.id === query.id)!;
    const link = (d: DefaultInfo | null) => neighbour(d && { id: d.id, title: d.defaultInfoTitle, path: `${page.url}/${d.id}` });
    return { ...defaultInfo(page, item), defaultInfoText: item.defaultInfoText, previous: link(around.previous), next: link(around.next) };
  });

  handle(router, calls.localNewsDetail, ({ query }) => {
    const { l, page } = siteOfMenu(query.summaryMenuUuid, 'summaryMenuUuid', query.location, query.lang);
    if (page.menu.pageType !== 'Business_News_Page' && page.menu.pageType !== 'Company_News_Page') {
      throw new WireError(CODE.notFound, `summaryMenuUuid: menu ${page.menu.id} is a ${page.menu.pageType}, not a news menu`);
    }
    const items = summaryItems(l, page.menu) as LocalNews[];
    const around = neighbours(items, query.id);
    if (!around) throw new WireError(CODE.notFound, `id: menu ${page.menu.id} lists no news ${query.id}`);
    const item = items.find((n) => n.id === query.id)!;
    const link = (n: LocalNews | null) => neighbour(n && { id: n.id, title: n.newsTitle, path: newsUrl(l, n) });
    return { ...newsItem(l, item), newsText: item.newsText, previous: link(around.previous), next: link(around.next) };
  });

  handle(router, calls.localDefaultDetail, ({ query }) => {
    const { page } = siteOfMenu(query.menuUuid, 'menuUuid', query.location, query.lang);
    if (page.menu.pageType !== 'Default_Content_Page') throw new WireError(CODE.notFound, `menuUuid: menu ${page.menu.id} is a ${page.menu.pageType}, not Default_Content_Page`);
    return { menuUuid: page.menu.id, title: page.menu.title ?? page.menu.menuText, content: page.menu.html, path: page.url };
  });

  handle(router, calls.localFullProfile, ({ query }) => {
    const { profile } = site(query.location, query.lang).content;
    return { profileInfo: profile.profileInfo, photoGallerys: [...profile.photoGallerys].sort((a, b) => a.seq - b.seq) };
  });

  handle(router, calls.localNewsletters, ({ query }) => {
    const l = site(query.location, query.lang);
    const { menu } = menuOf(l, query.menuUuid, 'menuUuid', ['News_Letter_Page']);
    if (menu.pageType !== 'News_Letter_Page') throw new Error('unreachable');
    const items = [...menu.items].sort((a, b) => b.statusDt.localeCompare(a.statusDt));
    return {
      total: items.length,
      list: pageOf(items, query.pageNum).map((n) => ({
        id: n.id,
        newsLetterTitle: n.newsLetterTitle,
        statusDt: n.statusDt,
        newsLetterCoverPath: n.newsLetterCoverPath,
        newsLetterOriginTitle: fileName(n.file),
        formDownloadOriginTitle: fileName(n.file),
        path: n.file,
      })),
    };
  });

  handle(router, calls.localFileDownloads, ({ query }) => {
    const l = site(query.location, query.lang);
    const { menu } = menuOf(l, query.menuUuid, 'menuUuid', ['Form_Download_Page']);
    if (menu.pageType !== 'Form_Download_Page') throw new Error('unreachable');
    const items = [...menu.items].sort((a, b) => b.statusDt.localeCompare(a.statusDt));
    return {
      total: items.length,
      list: pageOf(items, query.pageNum).map((f) => ({ id: f.id, formDownloadTitle: f.formDownloadTitle, formDownloadOriginTitle: fileName(f.file), statusDt: f.statusDt, path: f.file })),
    };
  });

  handle(router, calls.localRedirectInfo, ({ query }) => {
    const { menu } = menuOf(site(query.location, query.lang), query.menuUuid, 'menuUuid', ['Redirect_Page']);
    if (menu.pageType !== 'Redirect_Page') throw new Error('unreachable');
    return { menuUuid: menu.id, menuText: menu.menuText, url: menu.url, isOpenNewTab: menu.isOpenNewTab };
  });

  handle(router, calls.localSearch, ({ query }) => {
    const found = searchLocal(site(query.location, query.lang), query.keyWords, query.pageNum, LOCAL_SEARCH_PAGE_SIZE);
    return { total: found.total, list: found.list.map(({ title, pageType, path, content }) => ({ title, pageType, path, content })) };
  });

  handle(router, calls.localBanners, ({ query }) => site(query.location, query.lang).content.banners.map(({ bannerTitle, bannerTitleVice, imgPath }) => ({ bannerTitle, bannerTitleVice, imgPath })));
  handle(router, calls.localCompanyName, ({ query }) => ({ companyNameText: site(query.location, query.lang).content.companyName }));
  handle(router, calls.localImportantNews, ({ query }) => {
    const l = site(query.location, query.lang);
    return newsOf(l)
      .filter((n) => n.important)
      .slice(0, 6)
      .map((n) => ({ id: n.id, newsTitle: n.newsTitle, statusDt: n.statusDt, path: newsUrl(l, n) }));
  });
  handle(router, calls.localHomeCompanyNews, ({ query }) => {
    const l = site(query.location, query.lang);
    return newsOf(l, 'company')
      .slice(0, 4)
      .map((n) => ({ ...newsItem(l, n), newsText: n.newsText }));
  });
  handle(router, calls.localNavTitle, ({ query }) => {
    const l = site(query.location, query.lang);
    const cards = l.content.navCards.map((c) => ({ titleName: c.titleName, parentUuid: '0', imgPath: c.imgPath, openNewTab: c.openNewTab, url: c.url, seq: c.seq }));
    const products = (l.content.products ?? []).flatMap((group, g) => [
      { titleName: group.title, parentUuid: '0', imgPath: '', openNewTab: false, url: '', seq: cards.length + g + 1 },
      ...group.children.map((child, i) => ({ titleName: child.title, parentUuid: group.group, imgPath: '', openNewTab: true, url: child.url, seq: i + 1 })),
    ]);
    return [...cards, ...products];
  });
  handle(router, calls.localBriefProfile, ({ query }) => {
    const { profileInfo, profileImgPath } = site(query.location, query.lang).content.briefProfile;
    return { profileInfo, profileImgPath };
  });

  handle(router, calls.localLanguages, ({ query }) => {
    const entry = getLocalLocation(query.location);
    if (!entry) throw new WireError(CODE.empty, `no local site "${query.location}"`);
    return entry.site.languages.map(({ lang, langText }) => ({ lang, langText }));
  });
  handle(router, calls.localLanguage, ({ query }) => {
    const found = getLocalLocation(query.location)?.site.languages.find((l) => l.lang === query.lang);
    if (!found) throw new WireError(CODE.empty, `no local site "${query.location}" in "${query.lang}"`);
    return { lang: found.lang, langText: found.langText };
  });

  handle(router, calls.localQuickLinks, ({ query }) => [...site(query.location, query.lang).content.quickLinks].sort((a, b) => a.seq - b.seq));
  handle(router, calls.localQr, ({ query }) => {
    const l = site(query.location, query.lang);
    const zh = l.lang !== 'en';
    if (query.position === 'TOP') return l.content.qr.top.map((q) => ({ ...q, locationCode: l.location, position: 'TOP' as const }));
    const bottom = l.content.qr.bottom;
    if (bottom === null) return [];
    if (bottom === 'default') return [{ imagePath: DEFAULT_QR.imagePath, imageDesc: DEFAULT_QR.imageDesc[zh ? 'zh' : 'en'], locationCode: 'default', position: 'BOTTOM' as const }];
    return [{ ...bottom, locationCode: l.location, position: 'BOTTOM' as const }];
  });
  handle(router, calls.localAddress, ({ query }) => {
    const { address } = site(query.location, query.lang).content;
    const lines = address.lines.map(escapeHtml);
    if (address.tel) lines.push(`Tel: ${escapeHtml(address.tel)}`);
    if (address.email) lines.push(`<a href="mailto:${escapeHtml(address.email)}">${escapeHtml(address.email)}</a>`);
    return { location: `<p>${lines.join('<br>')}</p>` };
  });
  handle(router, calls.localLogo, ({ params }) => {
    const entry = loadLocalSites().get(params.location);
    if (!entry) throw new WireError(CODE.notFound, `location: no local site "${params.location}"`);
    return { imagePath: entry.site.logo };
  });
  // The caller's address against ASSISTANT_NETWORKS (unset: offered everywhere); no geo-IP database is shipped.
  const assistantOffered = assistantAvailability(deps.config.assistantNetworks);
  handle(router, calls.localChatIp, ({ c }) => assistantOffered(clientAddress(c, deps.config.forms.trustProxyHops)));
  return router;
}
