import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/**
 * The supply-chain pages in both languages: area tabs (mouse and keyboard, the
 * first selected), the region list (the first selected, choosing another shows its
 * description and services), the services (e-mail when present, pictures, the
 * "Login to know more" link to the e-business platform), deep links through the
 * query, the cards to the other three pages, and axe.
 */
interface Text {
  en: string;
  zh: string;
}
interface Service {
  uuid: string;
  title: Text;
  desc: Text;
  email?: string;
  pictures: string[];
}
interface Region {
  uuid: string;
  name: Text;
  company: Text;
  desc: Text;
  pictures: string[];
  services: Service[];
}
interface Area {
  uuid: string;
  name: Text;
  desc: Text;
  regions: Region[];
}
interface TypeFile {
  type: string;
  title: Text;
  pictures: { id: string; alt: Text }[];
  areas: Area[];
}
const SLUGS = ['trailerTransport', 'warehouseDistribution', 'railTransport', 'customsDeclaration'] as const;
const files = Object.fromEntries(SLUGS.map((s) => [s, JSON.parse(readFileSync(`content/scl/${s}.json`, 'utf8')) as TypeFile]));
const brand = JSON.parse(readFileSync('content/brand.json', 'utf8')) as { platforms: { id: string; href: string }[] };
const EB = brand.platforms.find((p) => p.id === 'EB')!.href;

const words = {
  en: {
    areas: 'Global areas',
    regions: (a: string) => `Regions in ${a}`,
    services: (r: string) => `Services in ${r}`,
    login: 'Login to know more',
    others: 'Other supply-chain services',
    email: 'E-mail: ',
    pictures: (n: string) => `Pictures: ${n}`,
  },
  zh: {
    areas: '全球服务区域',
    regions: (a: string) => `${a}服务地区`,
    services: (r: string) => `${r}服务项目`,
    login: '登录了解更多',
    others: '其他供应链服务',
    email: '邮箱：',
    pictures: (n: string) => `图片：${n}`,
  },
} as const;

const areaTabs = (page: Page, locale: 'en' | 'zh') => page.getByRole('tablist', { name: words[locale].areas }).getByRole('tab');
const regionList = (page: Page, locale: 'en' | 'zh', area: Area) => page.getByRole('tablist', { name: words[locale].regions(area.name[locale]) });
const regionPanel = (page: Page, region: Region) => page.locator(`[data-region-panel="${region.uuid}"]`);

for (const locale of ['en', 'zh'] as const) {
  const w = words[locale];

  test(`area tabs: the first is selected; a click and the arrow keys switch areas, each opening its first region (${locale})`, async ({ page }) => {
    const data = files.trailerTransport;
    await page.goto(`/${locale}/home/SCL/trailerTransport`);
    await acceptCookies(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.title[locale]);
    const tabs = areaTabs(page, locale);
    await expect(tabs).toHaveText(data.areas.map((a) => a.name[locale]));
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const [first, second] = data.areas;
    await expect(page.getByRole('tabpanel', { name: first.name[locale] })).toContainText(first.desc[locale]);
    await expect(page.getByRole('tabpanel', { name: second.name[locale] })).toBeHidden();
    await expect(regionList(page, locale, first).getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, first.regions[0])).toBeVisible();

    // mouse: the second area, its feature text and its first region
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel', { name: second.name[locale] })).toContainText(second.desc[locale]);
    await expect(page.getByRole('tabpanel', { name: first.name[locale] })).toBeHidden();
    await expect(regionList(page, locale, second).getByRole('tab')).toHaveText(second.regions.map((r) => r.name[locale]));
    await expect(regionPanel(page, second.regions[0])).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]area=${second.uuid}`));

    // keyboard: one tab stop for the list; arrows move and select, wrapping; Home and End
    await expect(tabs.first()).toHaveAttribute('tabindex', '-1');
    await tabs.nth(1).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(2)).toBeFocused();
    await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, data.areas[2].regions[0])).toBeVisible();
    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, first.regions[0])).toBeVisible();
    // Tab leaves the area list for the selected region tab
    await page.keyboard.press('Tab');
    await expect(regionList(page, locale, first).getByRole('tab', { name: first.regions[0].name[locale] })).toBeFocused();
  });

  test(`region list: choosing a region shows its description, pictures and services; the URL keeps it (${locale})`, async ({ page }) => {
    const data = files.railTransport;
    const area = data.areas[0];
    const [r0, r1, r2] = area.regions;
    await page.goto(`/${locale}/home/SCL/railTransport`);
    await acceptCookies(page);
    const list = regionList(page, locale, area);
    await expect(list).toHaveAttribute('aria-orientation', 'vertical');
    await list.getByRole('tab', { name: r1.name[locale] }).click();
    await expect(list.getByRole('tab', { name: r1.name[locale] })).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, r0)).toBeHidden();
    const panel = regionPanel(page, r1);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(r1.name[locale]);
    await expect(panel).toContainText(r1.company[locale]);
    await expect(panel).toContainText(r1.desc[locale]);
    const pictures = panel.getByRole('list', { name: w.pictures(r1.name[locale]), exact: true }).getByRole('img');
    await expect(pictures).toHaveCount(r1.pictures.length);
    for (const [i, id] of r1.pictures.entries()) {
      await expect(pictures.nth(i)).toHaveAttribute('alt', data.pictures.find((p) => p.id === id)!.alt[locale]);
      await expect(pictures.nth(i)).toHaveJSProperty('naturalWidth', 480);
    }
    await expect(page).toHaveURL(new RegExp(`region=${r1.uuid}`));

    // keyboard in the vertical list
    await list.getByRole('tab', { name: r1.name[locale] }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('tab', { name: r2.name[locale] })).toBeFocused();
    await expect(regionPanel(page, r2)).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(regionPanel(page, r0)).toBeVisible();

    // reload keeps the choice (deep link through the query)
    await list.getByRole('tab', { name: r2.name[locale] }).click();
    await page.reload();
    await expect(regionPanel(page, r2)).toBeVisible();
    await expect(regionList(page, locale, area).getByRole('tab', { name: r2.name[locale] })).toHaveAttribute('aria-selected', 'true');
  });

  test(`services: title, description, e-mail only when present, pictures and the login link to the platform (${locale})`, async ({ page }) => {
    // Pearl River Delta: two services with an e-mail and one (barge) without
    const data = files.trailerTransport;
    const area = data.areas[0];
    const region = area.regions[1];
    expect(region.services.some((s) => !s.email) && region.services.some((s) => s.email)).toBe(true);
    await page.goto(`/${locale}/home/SCL/trailerTransport?region=${region.uuid}`);
    await acceptCookies(page);
    const panel = regionPanel(page, region);
    await expect(panel).toBeVisible();
    const list = panel.getByRole('list', { name: w.services(region.name[locale]) });
    const items = list.locator(':scope > li');
    await expect(items).toHaveCount(region.services.length);
    for (const [i, service] of region.services.entries()) {
      const item = items.nth(i);
      await expect(item.getByRole('heading', { level: 5 })).toHaveText(service.title[locale]);
      await expect(item).toContainText(service.desc[locale]);
      if (service.email) {
        await expect(item.locator('.scl-email')).toHaveText(`${w.email}${service.email}`);
        await expect(item.getByRole('link', { name: service.email })).toHaveAttribute('href', `mailto:${service.email}`);
      } else {
        await expect(item.getByRole('link', { name: /@/ })).toHaveCount(0);
        await expect(item.locator('.scl-email')).toHaveCount(0);
      }
      await expect(item.getByRole('img')).toHaveCount(service.pictures.length);
      const login = item.getByRole('link', { name: new RegExp(`^${w.login}.*${service.title[locale].replace(/[()]/g, '.')}`) });
      await expect(login).toHaveAttribute('href', EB);
      await expect(login).toHaveAttribute('target', '_blank');
      await expect(login).toHaveAttribute('rel', /noopener/);
      await expect(login).toContainText(w.login);
    }
    // the link opens the platform in a new tab (answered locally by the fixture)
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      items
        .first()
        .getByRole('link', { name: new RegExp(`^${w.login}`) })
        .click(),
    ]);
    await expect(popup).toHaveURL(EB);
    await popup.close();
  });

  test(`a deep link to a region opens its area; unknown ids leave the first area (${locale})`, async ({ page }) => {
    const data = files.customsDeclaration;
    const area = data.areas[2];
    const region = area.regions[1];
    await page.goto(`/${locale}/home/SCL/customsDeclaration?region=${region.uuid}`);
    await acceptCookies(page);
    await expect(areaTabs(page, locale).nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, region)).toBeVisible();
    await expect(regionList(page, locale, area).getByRole('tab', { name: region.name[locale] })).toHaveAttribute('aria-selected', 'true');

    await page.goto(`/${locale}/home/SCL/customsDeclaration?area=${data.areas[1].uuid}`);
    await expect(areaTabs(page, locale).nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, data.areas[1].regions[0])).toBeVisible();

    await page.goto(`/${locale}/home/SCL/customsDeclaration?area=nonsense&region=00000000-0000-5000-8000-000000000000`);
    await expect(areaTabs(page, locale).first()).toHaveAttribute('aria-selected', 'true');
    await expect(regionPanel(page, data.areas[0].regions[0])).toBeVisible();
  });

  test(`cards lead to the other three pages, each opening on its first area (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}/home/SCL/warehouseDistribution`);
    await acceptCookies(page);
    const cards = page.getByRole('navigation', { name: w.others }).getByRole('link');
    await expect(cards).toHaveCount(3);
    const others = SLUGS.filter((s) => s !== 'warehouseDistribution');
    for (const [i, slug] of others.entries()) {
      await expect(cards.nth(i)).toHaveAttribute('href', `/${locale}/home/SCL/${slug}`);
      await expect(cards.nth(i)).toContainText(files[slug].title[locale]);
    }
    await cards.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/home/SCL/railTransport$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(files.railTransport.title[locale]);
    await expect(areaTabs(page, locale).first()).toHaveAttribute('aria-selected', 'true');
    // the main menu lists the four pages
    const nav = page.locator('header');
    for (const slug of SLUGS) await expect(nav.locator(`a[href="/${locale}/home/SCL/${slug}"]`)).toHaveCount(1);
  });

  for (const slug of SLUGS) {
    test(`axe finds no serious or critical violation on the ${slug} page (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}/home/SCL/${slug}`);
      await acceptCookies(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}

test('the language switch keeps the page and the chosen region', async ({ page }) => {
  const area = files.trailerTransport.areas[1];
  const region = area.regions[2];
  await page.goto(`/en/home/SCL/trailerTransport?region=${region.uuid}`);
  await acceptCookies(page);
  await page.getByRole('link', { name: '中文' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/zh/home/SCL/trailerTransport\\?.*region=${region.uuid}`));
  await expect(regionPanel(page, region)).toBeVisible();
  await expect(regionPanel(page, region).getByRole('heading', { level: 3 })).toHaveText(region.name.zh);
});
