import { readFileSync } from 'node:fs';
import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/**
 * Global offices in both languages: the continent map (links reached by keyboard),
 * the country index, the city search with its history, Load More to the end, the
 * office detail with its breadcrumb both ways, and all of it without the API.
 */
interface AreaFile {
  area: string;
  countries: { name: { en: string; zh: string }; offices: { id: string; city: { en: string; zh: string }; company: { en: string; zh: string }; linkmen: { email: string }[] }[] }[];
}
const areas: AreaFile[] = ['asia', 'oceania', 'africa', 'europe', 'america'].map((a) => JSON.parse(readFileSync(`content/offices/${a}.json`, 'utf8')));
const china = areas[0].countries.find((c) => c.name.en === 'China')!;
const peru = areas[4].countries.find((c) => c.name.en === 'Peru')!;
const shanghai = china.offices.filter((o) => o.city.en === 'Shanghai');

const text = {
  en: {
    area: { asia: 'Asia', europe: 'Europe', america: 'Americas' },
    mapLink: 'Offices in Europe',
    noResult: (k: string) => `There is no result for "${k}", please change the keywords to search.`,
    results: (k: string, n: number) => `Offices in cities matching "${k}": ${n}`,
    noMore: 'No Result',
    loadMore: 'Load More',
    return: 'Return',
    shanghaiKey: 'shang',
    typed: 'sh',
    empty: 'Enter part of a city name.',
  },
  zh: {
    area: { asia: '亚洲', europe: '欧洲', america: '美洲' },
    mapLink: '欧洲网点',
    noResult: (k: string) => `没有找到与“${k}”相关的结果，请更换关键词搜索。`,
    results: (k: string, n: number) => `城市名称包含“${k}”的网点：${n} 个`,
    noMore: '没有更多数据',
    loadMore: '加载更多',
    return: '返回',
    shanghaiKey: '上海',
    typed: '上',
    empty: '请输入城市名称。',
  },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const base = `/${locale}/home/Contact/global`;
  const s = text[locale];

  test(`the bare section path opens Asia; the map links the other continents and a keyboard reaches them (${locale})`, async ({ page }) => {
    await page.goto(`${base}?x=1`);
    await expect(page).toHaveURL(new RegExp(`${base}/asia\\?x=1$`));
    await acceptCookies(page);
    await expect(page.locator('.cmap-current')).toHaveAttribute('data-area', 'asia');
    await expect(page.locator('a.cmap-link')).toHaveCount(4);
    await expect(page.locator('.continent-tabs [aria-current=page]')).toHaveText(s.area.asia);

    // Tab from the breadcrumb into the map until Europe has the focus, then follow it with Enter
    await page.locator('.breadcrumb a').last().focus();
    const europe = page.locator('a.cmap-link[data-area=europe]');
    for (let i = 0; i < 6 && !(await europe.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(europe).toBeFocused();
    await expect(europe).toHaveAccessibleName(s.mapLink);
    // the focus is visible: the continent is outlined in the focus colour
    await expect(europe.locator('path')).toHaveCSS('stroke', 'rgb(255, 176, 0)');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${base}/europe$`));
    await expect(page.locator('.cmap-current')).toHaveAttribute('data-area', 'europe');
    await expect(page.locator('a.cmap-link[data-area=asia]')).toHaveCount(1);
  });

  test(`the country index groups countries by initial letter (${locale})`, async ({ page }) => {
    await page.goto(`${base}/america`);
    const groupOf = (name: string) => page.locator('.letter-group', { has: page.getByRole('link', { name, exact: true }) }).locator('h3');
    if (locale === 'en') {
      await expect(groupOf('Peru')).toHaveText('P');
      await expect(groupOf('United States')).toHaveText('U');
    } else {
      await expect(groupOf('秘鲁')).toHaveText('B'); // 秘 read bì
      await expect(groupOf('智利')).toHaveText('Z');
      await expect(groupOf('厄瓜多尔')).toHaveText('E');
    }
    const letters = await page.locator('.letter-group h3').allTextContents();
    expect(letters).toEqual([...letters].sort());
    await page.getByRole('link', { name: peru.name[locale], exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/countryList/countryList/america/peru$`));
    await expect(page.locator('.office-card')).toHaveCount(peru.offices.length);
    // one page or less: no Load More, the no-more-data indicator at once
    await expect(page.locator('[data-load-more]')).toBeHidden();
    await expect(page.locator('[data-no-more]')).toHaveText(s.noMore);
  });

  test(`city search: hit, history, return and back; miss with the no-result sentence (${locale})`, async ({ page }) => {
    const api: string[] = [];
    page.on('request', (r) => r.url().includes('/globalInstitutions/') && api.push(r.url()));
    await page.goto(`${base}/asia`);
    await acceptCookies(page);
    const input = page.getByRole('combobox');
    const results = page.locator('[data-results]');
    const index = page.locator('[data-country-index]');

    // empty input: no search, a hint
    await page.locator('.office-search-form button[type=submit]').click();
    await expect(page.locator('[data-search-message]')).toHaveText(s.empty);
    await expect(results).toBeHidden();

    // a hit: the result list replaces the index; links carry type=1
    await input.fill(s.shanghaiKey);
    await input.press('Enter');
    await expect(page.locator('[data-results-title]')).toHaveText(s.results(s.shanghaiKey, shanghai.length));
    await expect(page.locator('[data-results-title]')).toBeFocused();
    await expect(index).toBeHidden();
    const cards = results.locator('.office-card');
    await expect(cards).toHaveCount(shanghai.length);
    await expect(cards.first().locator('a').first()).toHaveText(shanghai[0].company[locale]);
    await expect(cards.first().locator('a').first()).toHaveAttribute('href', `${base}/countryList/more/asia/china/shanghai/${shanghai[0].id}?type=1`);
    await expect(results.locator('[data-no-more]')).toHaveText(s.noMore);
    expect(await page.evaluate(() => localStorage.getItem('globalOfficeSearchHistory'))).toBe(JSON.stringify([s.shanghaiKey]));
    await expect(page).toHaveURL(new RegExp(`\\?key=${encodeURIComponent(s.shanghaiKey)}$`));

    // Return restores the index
    await results.getByRole('link', { name: s.return }).click();
    await expect(index).toBeVisible();
    await expect(results).toBeHidden();
    await expect(input).toBeFocused();

    // the same keyword again is not saved twice; a miss shows the sentence and a return link
    await input.fill(s.shanghaiKey);
    await input.press('Enter');
    await expect(cards).toHaveCount(shanghai.length);
    await input.fill('Atlantis');
    await input.press('Enter');
    await expect(page.locator('[data-no-result]')).toHaveText(s.noResult('Atlantis'));
    await expect(cards).toHaveCount(0);
    await expect(results.getByRole('link', { name: s.return })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('globalOfficeSearchHistory')))!)).toEqual(['Atlantis', s.shanghaiKey]);

    // browser Back goes to the previous results, then to the index
    await page.goBack();
    await expect(cards).toHaveCount(shanghai.length);
    await page.goBack();
    await expect(index).toBeVisible();
    await expect(results).toBeHidden();

    // history suggestions while typing, chosen by keyboard; hidden on empty input and after the choice
    const listbox = page.getByRole('listbox');
    await input.fill(s.typed);
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox.getByRole('option')).toHaveText([s.shanghaiKey]);
    await input.fill('');
    await expect(listbox).toBeHidden();
    await input.pressSequentially(s.typed);
    await input.press('ArrowDown');
    await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(listbox).toBeHidden();
    await expect(input).toHaveValue(s.shanghaiKey);
    await expect(cards).toHaveCount(shanghai.length);

    // a result leads to the office; its breadcrumb goes back to the continent
    await cards.first().locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`/CNSHA01\\?type=1$`));
    await expect(page.locator('.breadcrumb li').nth(-2)).toHaveText(s.area.asia);
    expect(api).toEqual([]);
  });

  test(`Load More grows the country list by 10 until the no-more-data indicator (${locale})`, async ({ page }) => {
    await page.goto(`${base}/countryList/countryList/asia/china`);
    await acceptCookies(page);
    const cards = page.locator('.office-card');
    const more = page.getByRole('button', { name: s.loadMore });
    await expect(cards).toHaveCount(10);
    await expect(page.locator('[data-no-more]')).toBeHidden();
    await more.click();
    await expect(cards).toHaveCount(china.offices.length);
    await expect(more).toBeHidden();
    await expect(page.locator('[data-no-more]')).toHaveText(s.noMore);
    await expect(cards.nth(10).locator('a').first()).toBeFocused();
    await expect(cards.nth(10).locator('a').first()).toHaveText(china.offices[10].company[locale]);
    await expect(cards.last().locator('a').first()).toHaveAttribute('href', new RegExp(`/countryList/more/asia/china/[a-z-]+/${china.offices.at(-1)!.id}$`));
  });

  test(`office detail: linkmen, and the breadcrumb back to the country list or, with type, to the continent (${locale})`, async ({ page }) => {
    const detail = `${base}/countryList/more/asia/china/shanghai/CNSHA01`;
    await page.goto(detail);
    await expect(page.locator('h1')).toHaveText(shanghai[0].company[locale]);
    await expect(page.locator('.linkman-table tbody tr')).toHaveCount(6);
    const crumbs = page.locator('.breadcrumb li');
    await expect(crumbs.nth(-2)).toHaveText(china.name[locale]);
    await expect(crumbs.nth(-2).locator('a')).toHaveAttribute('href', `${base}/countryList/countryList/asia/china`);
    await crumbs.nth(-2).locator('a').click();
    await expect(page).toHaveURL(new RegExp(`${base}/countryList/countryList/asia/china$`));

    await page.goto(`${detail}?type=1`);
    await expect(crumbs.nth(-2)).toHaveText(s.area.asia);
    await expect(crumbs.nth(-2).locator('a')).toHaveAttribute('href', `${base}/asia`);
    await expect(page.locator('[data-back=area]')).toBeVisible();
    await expect(page.locator('[data-back=country]')).toBeHidden();
    await crumbs.nth(-2).locator('a').click();
    await expect(page).toHaveURL(new RegExp(`${base}/asia$`));

    // an e-mail value that is a web address is an external link
    const longBeach = areas[4].countries[0].offices[0];
    expect(longBeach.id).toBe('USLGB01');
    await page.goto(`${base}/countryList/more/america/united-states/long-beach/USLGB01`);
    const form = page.locator('.linkman-table a[target=_blank]');
    await expect(form).toHaveCount(1);
    await expect(form).toHaveAttribute('href', longBeach.linkmen.find((l) => l.email.startsWith('http'))!.email);
    await expect(form).toHaveAttribute('rel', /noopener/);
    await expect(page.locator('.linkman-table a[href^="mailto:"]').first()).toBeVisible();
  });
}

test('every country and office page is pre-rendered in both languages', async ({ request }) => {
  for (const area of areas)
    for (const country of area.countries) {
      const key = country.name.en
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      for (const locale of ['en', 'zh']) {
        const list = await request.get(`/${locale}/home/Contact/global/countryList/countryList/${area.area}/${key}`);
        expect(list.status(), `${locale} ${key}`).toBe(200);
        const html = await list.text();
        for (const office of country.offices.slice(0, 10)) expect(html, `${locale} ${office.id}`).toContain(`/${office.id}"`);
      }
    }
  const index = await request.get('/zh/home/Contact/global/offices-index.json');
  expect(index.status()).toBe(200);
  const { offices } = (await index.json()) as { offices: { id: string; area: string; country: string; city: string }[] };
  expect(offices.length).toBe(areas.flatMap((a) => a.countries.flatMap((c) => c.offices)).length);
  for (const o of offices)
    for (const locale of ['en', 'zh']) {
      const response = await request.get(`/${locale}/home/Contact/global/countryList/more/${o.area}/${o.country}/${o.city}/${o.id}`);
      expect(response.status(), `${locale} ${o.id}`).toBe(200);
    }
});

test('the office pages ship no framework and load without console or CSP errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of [
    '/en/home/Contact/global/oceania',
    '/zh/home/Contact/global/countryList/countryList/asia/china',
    '/en/home/Contact/global/countryList/more/europe/netherlands/rotterdam/NLRTM01?type=1',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/en/home/Contact/global/oceania?key=sydney');
  await expect(page.locator('.office-results .office-card')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('axe is clean with search results, Load More and the history suggestions open', async ({ page }) => {
  await page.goto('/zh/home/Contact/global/asia');
  await acceptCookies(page);
  const input = page.getByRole('combobox');
  await input.fill('an');
  await input.press('Enter');
  await expect(page.locator('.office-results .office-card').first()).toBeVisible();
  await input.fill('a');
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
