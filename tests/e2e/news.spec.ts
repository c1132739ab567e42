import { readdirSync, readFileSync } from 'node:fs';
import { acceptCookies, expect, test } from './fixtures';

interface Item {
  newsUuid: string;
  typeId: string;
  title: string;
  statusDt: string;
  labels: string[];
}
const SPECIAL = '50000000000000233';
const oceanAlliance = { en: 'Ocean Alliance', zh: '海洋联盟' } as const;
const serviceEnhancement = { en: 'Service Enhancement', zh: '服务提升' } as const;
const read = (locale: string): Item[] =>
  readdirSync(`content/news/${locale}`)
    .map((f) => JSON.parse(readFileSync(`content/news/${locale}/${f}`, 'utf8')) as Item)
    .sort((a, b) => b.statusDt.localeCompare(a.statusDt) || a.title.localeCompare(b.title));

for (const locale of ['en', 'zh'] as const) {
  const base = `/${locale}/home/News`;
  const special = read(locale).filter((n) => n.typeId === SPECIAL);
  const oa = special.filter((n) => n.labels.includes(oceanAlliance[locale]));

  test(`news list shows 5, filters by label and pages keeping the filter (${locale})`, async ({ page }) => {
    await page.goto(`${base}/news/${SPECIAL}`);
    await acceptCookies(page);
    const visible = page.locator('.news-item:visible');
    await expect(visible).toHaveCount(5);
    await expect(visible.first().locator('h3')).toHaveText(special[0].title);
    await expect(visible.first().locator('time')).toHaveText(special[0].statusDt.slice(0, 10));
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${base}/rss/${SPECIAL}.xml`);

    const tabs = page.locator('.news-filter a');
    await expect(tabs.nth(1)).toHaveText(oceanAlliance[locale]);
    await tabs.nth(1).click();
    await expect(page).toHaveURL(/label=/);
    await expect(tabs.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(visible).toHaveCount(Math.min(5, oa.length));
    for (const li of await visible.all()) await expect(li.locator('.news-labels')).toContainText(oceanAlliance[locale]);

    expect(oa.length).toBeGreaterThan(5);
    await page.locator('.news-paging a', { hasText: '2' }).click();
    await expect(page).toHaveURL(/page=2/);
    expect(new URL(page.url()).searchParams.get('label')).toBe(oceanAlliance[locale]);
    await expect(visible).toHaveCount(oa.length - 5);
    await expect(visible.first().locator('h3')).toHaveText(oa[5].title);
    await expect(page.locator('.news-paging a[aria-current="page"]')).toHaveText('2');
  });

  test(`news Service Enhancement list and the redirects (${locale})`, async ({ page }) => {
    await page.goto(`${base}/news/${SPECIAL}?specialType=quality2019`);
    await expect(page.locator('[data-news-heading]')).toHaveText(serviceEnhancement[locale]);
    const se = special.filter((n) => n.labels.includes(serviceEnhancement[locale]));
    await expect(page.locator('.news-item:visible')).toHaveCount(Math.min(5, se.length));
    await page.goto(`${base}/news`);
    await expect(page).toHaveURL(new RegExp(`${base}/news/50000000000000231$`));
    await page.goto(`/${locale}/business/News/news`);
    await expect(page).toHaveURL(new RegExp(`${base}/news/50000000000000231$`));
    const feed = await page.request.get(`${base}/rss/${SPECIAL}.xml`);
    expect(feed.ok()).toBe(true);
    const xml = await feed.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(special[0].title.replace(/&/g, '&amp;'));
  });

  test(`news detail: prev/next keep typeId and ?id, back goes to the list (${locale})`, async ({ page }) => {
    await page.goto(`${base}/news/${SPECIAL}`);
    await acceptCookies(page);
    await page.locator('.news-item:visible h3 a').nth(1).click();
    await expect(page).toHaveURL(`${base}/detail/${special[1].newsUuid}/${SPECIAL}?id=${SPECIAL}`);
    await expect(page.locator('.news-article h2')).toHaveText(special[1].title);
    await expect(page.locator('.news-meta time')).toHaveText(special[1].statusDt.slice(0, 10));
    await expect(page.locator('[data-news-prev]')).toHaveAttribute('href', `${base}/detail/${special[0].newsUuid}/${SPECIAL}?id=${SPECIAL}`);
    await page.locator('[data-news-next]').click();
    await expect(page).toHaveURL(`${base}/detail/${special[2].newsUuid}/${SPECIAL}?id=${SPECIAL}`);
    await page.locator('[data-news-back]').click();
    await expect(page).toHaveURL(`${base}/news/${SPECIAL}`);
  });

  test(`news detail with ?id: the back link points at that list before any click (${locale})`, async ({ page }) => {
    await page.goto(`${base}/detail/${special[0].newsUuid}/${SPECIAL}?id=${SPECIAL}`);
    await expect(page.locator('[data-news-back]')).toHaveAttribute('href', `${base}/news/${SPECIAL}`);
  });

  test(`news detail without ?id goes back in history (${locale})`, async ({ page }) => {
    await page.goto(`/${locale}/home`);
    await acceptCookies(page);
    await page.goto(`${base}/detail/${special[0].newsUuid}/${SPECIAL}`);
    await page.locator('[data-news-back]').click();
    await expect(page).toHaveURL(`/${locale}/home`);
  });
}
