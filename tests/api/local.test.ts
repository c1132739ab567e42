import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../src/contract/calls';
import { getLocalLanguage, newsOf } from '../../src/local/local';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const sh = { location: 'shanghai', lang: 'en' };
const shCn = { location: 'shanghai', lang: 'cn' };
const shEn = getLocalLanguage('shanghai', 'en')!;

describe('local: languages', () => {
  it('lists the languages of a location, the default first', async () => {
    expect(await h.client.call(calls.localLanguages, { query: { location: 'shanghai' } })).toEqual([
      { lang: 'cn', langText: '中文' },
      { lang: 'en', langText: 'English' },
    ]);
    expect(await h.client.call(calls.localLanguages, { query: { location: 'singapore' } })).toEqual([{ lang: 'en', langText: 'English' }]);
    expect(await h.client.call(calls.localLanguages, { query: { location: 'dalian' } })).toEqual([]);
  });

  it('answers code 201 for an unknown location or language', async () => {
    const unknown = await h.request('/local/findLanguageByLocation?location=atlantis');
    expect(unknown.status).toBe(200);
    expect(unknown.body.code).toBe('201');
    expect(unknown.body.data.content).toBeNull();
    expect((await h.request('/local/findLanguageByLocationAndLang?location=singapore&lang=cn')).body.code).toBe('201');
    expect(await h.client.call(calls.localLanguage, { query: { location: 'hongkong', lang: 'tc' } })).toEqual({ lang: 'tc', langText: '繁體中文' });
  });

  it('refuses a malformed location with a 400 naming it', async () => {
    const { status, body } = await h.request('/local/findLanguageByLocation?location=%3Cx%3E');
    expect(status).toBe(400);
    expect(body.message).toContain('location');
    expect((await h.request('/local/findLanguageByLocation')).body.message).toContain('location');
  });
});

describe('local: menu', () => {
  it('answers first-level entries with their second-level ones, URLs and redirect targets', async () => {
    const menu = await h.client.call(calls.localMenu, { query: sh });
    expect(menu.map((m) => m.menuText)).toEqual(['About Us', 'News', 'Services', 'Contact Us']);
    const services = menu[2];
    expect(services.pageType).toBeNull();
    expect(services.subLocalMenus.map((m) => m.pageType)).toEqual(['Charge_Page', 'Default_Summary_Page', 'Form_Download_Page', 'Redirect_Page', 'Redirect_Page']);
    expect(services.subLocalMenus[0].totalRouterPath).toBe('/shanghai/en/services/charges/110031/7');
    expect(services.subLocalMenus[3]).toMatchObject({ totalRouterPath: 'https://eb.seabridgelines.com/', isOpenNewTab: 1, level: 2 });
    expect(menu[3]).toMatchObject({ level: 1, pageType: 'Default_Content_Page', totalRouterPath: '/shanghai/en/contact/110040/1' });
    const cn = await h.client.call(calls.localMenu, { query: shCn });
    expect(cn[0].menuText).toBe('关于我们');
  });

  it('answers 404 for an unknown location or a language the location lacks', async () => {
    const unknown = await h.request('/local/menu/getLocalMenuListByLang?location=atlantis&lang=en');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('atlantis');
    const lang = await h.request('/local/menu/getLocalMenuListByLang?location=singapore&lang=cn');
    expect(lang.status).toBe(404);
    expect(lang.body.message).toContain('lang');
  });
});

describe('local: summary pages', () => {
  it('pages business news 9 at a time, newest first, empty past the end', async () => {
    const business = newsOf(shEn, 'business');
    const first = await h.client.call(calls.localNewsSummary, { query: { ...sh, summaryMenuUuid: '110022' } });
    expect(first.total).toBe(business.length);
    expect(first.content.content.map((n) => n.id)).toEqual(business.slice(0, 9).map((n) => n.id));
    expect(first.content.content.every((n) => n.newsType === 'BUS')).toBe(true);
    const second = await h.client.call(calls.localNewsSummary, { query: { ...sh, summaryMenuUuid: '110022', pageNum: 2 } });
    expect(second.content.content.map((n) => n.id)).toEqual(business.slice(9).map((n) => n.id));
    const past = await h.client.call(calls.localNewsSummary, { query: { ...sh, summaryMenuUuid: '110022', pageNum: 99 } });
    expect(past).toEqual({ total: business.length, content: { content: [] } });
    const company = await h.client.call(calls.localNewsSummary, { query: { ...sh, summaryMenuUuid: '110021' } });
    expect(company.content.content.every((n) => n.newsType === 'COM')).toBe(true);
    expect(company.content.content[0].path).toMatch(/^\/shanghai\/en\/news\/company\/110021\/2\/\d+$/);
  });

  it('answers the default summary list', async () => {
    const page = await h.client.call(calls.localDefaultSummary, { query: { ...sh, summaryMenuUuid: '110032' } });
    expect(page.totalNum).toBe(4);
    expect(page.localDefaultInfoList[0].defaultInfoTitle).toBe('Holiday schedule for the year-end');
  });

  it('answers 404 for an unknown menu or a menu of another type, 400 for a bad page number', async () => {
    const unknown = await h.request('/local/pages/summary/getNewsSummaryPage?location=shanghai&lang=en&summaryMenuUuid=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('999999');
    const wrong = await h.request('/local/pages/summary/getNewsSummaryPage?location=shanghai&lang=en&summaryMenuUuid=110032');
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toContain('Default_Summary_Page');
    for (const n of ['0', '-1', 'x', '1.5']) {
      const bad = await h.request(`/local/pages/summary/getNewsSummaryPage?location=shanghai&lang=en&summaryMenuUuid=110022&pageNum=${n}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('pageNum');
    }
    expect((await h.request('/local/pages/summary/getNewsSummaryPage?location=shanghai&lang=en&summaryMenuUuid=110022&page=2')).body.message).toContain('page');
  });
});

describe('local: details with neighbours', () => {
  it('answers a news item with its newer and older neighbours', async () => {
    const business = newsOf(shEn, 'business');
    const mid = business[1];
    const item = await h.client.call(calls.localNewsDetail, { query: { ...sh, summaryMenuUuid: '110022', id: mid.id } });
    expect(item.newsTitle).toBe(mid.newsTitle);
    expect(item.newsText).toBe(mid.newsText);
    expect(item.previous).toMatchObject({ id: business[0].id, title: business[0].newsTitle });
    expect(item.next).toMatchObject({ id: business[2].id });
    const first = await h.client.call(calls.localNewsDetail, { query: { ...sh, summaryMenuUuid: '110022', id: business[0].id } });
    expect(first.previous).toBeNull();
  });

  it('needs location and lang only when the menu uuid is shared by several sites', async () => {
    const ambiguous = await h.request('/local/pages/summary/getNewsDetailPage?summaryMenuUuid=110022&id=110101');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toContain('shanghai/cn');
    const sg = await h.client.call(calls.localNewsDetail, { query: { summaryMenuUuid: '130022', id: '130101' } });
    expect(sg.newsTitle).toMatch(/Tuas/);
  });

  it('answers 404 for an item the menu does not list', async () => {
    const company = await h.request('/local/pages/summary/getNewsDetailPage?location=shanghai&lang=en&summaryMenuUuid=110021&id=110101');
    expect(company.status).toBe(404);
    expect(company.body.message).toContain('110101');
  });

  it('answers default infos and default pages', async () => {
    const info = await h.client.call(calls.localDefaultDetailBySummary, { query: { ...shCn, summaryMenuUuid: '110032', id: '110402' } });
    expect(info.defaultInfoTitle).toBe('如何在线申请放货');
    expect(info.previous?.id).toBe('110401');
    expect(info.next?.id).toBe('110403');
    const page = await h.client.call(calls.localDefaultDetail, { query: { ...sh, menuUuid: '110040' } });
    expect(page).toMatchObject({ title: 'Contact Us', path: '/shanghai/en/contact/110040/1' });
    expect(page.content).toContain('400-820-6688');
    expect((await h.request('/local/pages/summary/getDefaultDetailPage?location=shanghai&lang=en&menuUuid=110022')).status).toBe(404);
  });
});

describe('local: profile, newsletters, downloads, redirect', () => {
  it('answers the full profile with its gallery in order', async () => {
    const profile = await h.client.call(calls.localFullProfile, { query: { location: 'hongkong', lang: 'tc' } });
    expect(profile.profileInfo).toContain('海橋');
    expect(profile.photoGallerys.map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('pages newsletters and downloads 9 at a time', async () => {
    const first = await h.client.call(calls.localNewsletters, { query: { ...sh, menuUuid: '110023' } });
    expect(first.total).toBe(10);
    expect(first.list).toHaveLength(9);
    expect(first.list[0]).toMatchObject({ newsLetterTitle: 'Shanghai Shipping Bulletin, November 2026', path: '/local/shanghai/newsletter/en-2026-11.pdf', newsLetterOriginTitle: 'en-2026-11.pdf' });
    expect((await h.client.call(calls.localNewsletters, { query: { ...sh, menuUuid: '110023', pageNum: 2 } })).list).toHaveLength(1);
    expect((await h.client.call(calls.localNewsletters, { query: { ...sh, menuUuid: '110023', pageNum: 3 } })).list).toEqual([]);
    const files = await h.client.call(calls.localFileDownloads, { query: { ...shCn, menuUuid: '110033' } });
    expect(files.total).toBe(5);
    expect(files.list[0].formDownloadTitle).toBe('提单补料单');
    expect((await h.request('/local/specificInfo/findFileDownloadsInfo?location=shanghai&lang=en&menuUuid=110023')).status).toBe(404);
  });

  it('answers where a redirect page goes', async () => {
    expect(await h.client.call(calls.localRedirectInfo, { query: { ...sh, menuUuid: '110034' } })).toEqual({
      menuUuid: '110034',
      menuText: 'e-Business Booking',
      url: 'https://eb.seabridgelines.com/',
      isOpenNewTab: 1,
    });
    expect((await h.request('/local/specificInfo/findLocalRedirectInfo?location=shanghai&lang=en&menuUuid=110040')).status).toBe(404);
  });
});

describe('local: search', () => {
  it('searches one location and language, 10 a page', async () => {
    const found = await h.client.call(calls.localSearch, { query: { ...sh, keyWords: 'Yangshan' } });
    expect(found.total).toBeGreaterThan(0);
    expect(found.list.every((hit) => hit.path.startsWith('/shanghai/en/') || hit.path.startsWith('/local/shanghai/'))).toBe(true);
    expect(found.list[0].title).toMatch(/Yangshan/);
    const cn = await h.client.call(calls.localSearch, { query: { ...shCn, keyWords: '洋山' } });
    expect(cn.total).toBeGreaterThan(0);
    expect(cn.list.every((hit) => !hit.path.startsWith('/shanghai/en/'))).toBe(true);
    const many = await h.client.call(calls.localSearch, { query: { ...sh, keyWords: 'the' } });
    expect(many.total).toBeGreaterThan(10);
    expect(many.list).toHaveLength(10);
    expect((await h.client.call(calls.localSearch, { query: { ...sh, keyWords: 'the', pageNum: 99 } })).list).toEqual([]);
    expect((await h.client.call(calls.localSearch, { query: { location: 'singapore', lang: 'en', keyWords: 'Yangshan' } })).total).toBe(0);
  });

  it('refuses an empty keyword', async () => {
    const { status, body } = await h.request('/local/search/getContentByKeyWords?location=shanghai&lang=en&keyWords=%20');
    expect(status).toBe(400);
    expect(body.message).toContain('keyWords');
  });
});

describe('local: home blocks and shell', () => {
  it('answers banners, company name, important news (≤ 6), company news, brief profile', async () => {
    expect((await h.client.call(calls.localBanners, { query: sh })).length).toBe(3);
    expect(await h.client.call(calls.localCompanyName, { query: shCn })).toEqual({ companyNameText: '海桥集运（上海）有限公司' });
    const important = await h.client.call(calls.localImportantNews, { query: sh });
    expect(important.length).toBeGreaterThan(0);
    expect(important.length).toBeLessThanOrEqual(6);
    expect(important.map((n) => n.statusDt)).toEqual([...important.map((n) => n.statusDt)].sort().reverse());
    const company = await h.client.call(calls.localHomeCompanyNews, { query: sh });
    expect(company.every((n) => n.newsType === 'COM')).toBe(true);
    expect((await h.client.call(calls.localBriefProfile, { query: sh })).profileImgPath).toBe('/local/shanghai/companyProfile/1.svg');
  });

  it('answers navigation cards, and cosconit its four product groups', async () => {
    const cards = await h.client.call(calls.localNavTitle, { query: sh });
    expect(cards.every((c) => c.parentUuid === '0')).toBe(true);
    const it = await h.client.call(calls.localNavTitle, { query: { location: 'cosconit', lang: 'en' } });
    expect(it.filter((c) => c.parentUuid === '0').map((c) => c.titleName)).toEqual(['Product cases', 'Intelligent operation and maintenance', 'Intelligent e-commerce', 'Intelligent management']);
    expect(it.filter((c) => c.parentUuid !== '0').every((c) => c.url.startsWith('https://'))).toBe(true);
  });

  it('answers quick links, QR codes (top and bottom, shared default), address and logo', async () => {
    expect((await h.client.call(calls.localQuickLinks, { query: sh })).map((q) => q.seq)).toEqual([1, 2, 3, 4]);
    expect(await h.client.call(calls.localQr, { query: { ...sh, position: 'TOP' } })).toHaveLength(2);
    expect(await h.client.call(calls.localQr, { query: { ...sh, position: 'BOTTOM' } })).toEqual([
      { imagePath: '/local/common/qrCode/wechat.svg', imageDesc: 'WeChat official account', locationCode: 'default', position: 'BOTTOM' },
    ]);
    expect(await h.client.call(calls.localQr, { query: { location: 'singapore', lang: 'en', position: 'BOTTOM' } })).toEqual([]);
    expect((await h.client.call(calls.localQr, { query: { location: 'hongkong', lang: 'tc', position: 'BOTTOM' } }))[0].locationCode).toBe('hongkong');
    expect((await h.request('/local/findQrByLocationAndLang?location=shanghai&lang=en&position=MIDDLE')).body.message).toContain('position');
    const address = await h.client.call(calls.localAddress, { query: sh });
    expect(address.location).toContain('378 Dongdaming Road');
    expect(address.location).toContain('mailto:shanghai@seabridgelines.com');
    expect(await h.client.call(calls.localLogo, { params: { location: 'germany' } })).toEqual({ imagePath: '/local/germany/logo/logo.svg' });
    expect((await h.request('/local/findLogo/atlantis')).status).toBe(404);
  });

  it('answers the IP check with a boolean (offered everywhere by default) and keeps the picker list', async () => {
    expect(await h.client.call(calls.localChatIp)).toBe(true);
    const list = await h.client.call(calls.getLocationList);
    expect(list.find((l) => l.locationUrl === '/shanghai')).toBeTruthy();
  });
});

describe('the smart customer service check (ASSISTANT_NETWORKS)', () => {
  it('offers the assistant only to callers in the configured networks, IPv4 and IPv6, by the address the rate limits use', async () => {
    const only = await startHarness({ ASSISTANT_NETWORKS: '203.0.113.0/24, 2001:db8::/32', TRUST_PROXY_HOPS: '1' });
    try {
      const ask = async (from: string) => {
        const { status, body } = await only.request('/local/ip/decideIntelligentCustomerIp', { headers: { 'x-forwarded-for': from } });
        expect(status).toBe(200);
        return body.data.content;
      };
      expect(await ask('203.0.113.7')).toBe(true);
      expect(await ask('::ffff:203.0.113.200')).toBe(true);
      expect(await ask('2001:db8:1::5')).toBe(true);
      expect(await ask('198.51.100.1')).toBe(false);
      expect(await ask('2001:db9::1')).toBe(false);
      // only the entry our one proxy appended counts, not what the client put before it
      expect(await ask('203.0.113.7, 198.51.100.1')).toBe(false);
      expect(await ask('not-an-address')).toBe(false);
    } finally {
      await only.close();
    }
  });

  it('refuses a bad ASSISTANT_NETWORKS at start-up, naming it', async () => {
    const { loadConfig } = await import('../../src/server/config');
    expect(() => loadConfig({ ASSISTANT_NETWORKS: '203.0.113.0/24,10.0.0.0/40' })).toThrow(/ASSISTANT_NETWORKS.*CIDR/);
    expect(() => loadConfig({ ASSISTANT_NETWORKS: 'example.com/8' })).toThrow(/ASSISTANT_NETWORKS/);
    expect(loadConfig({ ASSISTANT_NETWORKS: ' 10.0.0.0/8 , ' }).assistantNetworks).toEqual(['10.0.0.0/8']);
  });
});
