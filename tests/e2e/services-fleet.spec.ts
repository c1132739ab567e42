import type { Page } from '@playwright/test';
import { codeOf, expect, test } from './fixtures';

/** The vessel pages (/home/Services/ship/{0..4}) and container pages (/home/Services/containers/{1..5}). */

const L = {
  en: {
    classTabs: ['Over 10,000 TEU', '4,500–10,000 TEU', '2,000–4,500 TEU', '800–2,000 TEU', 'Under 800 TEU'],
    columns: ['Vessel', 'Year built', 'Length overall (m)', 'Beam (m)', 'Service speed (kn)', 'Capacity (TEU)', 'Flag'],
    search: 'Vessel name',
    empty: 'Enter a vessel name to see its certificates.',
    oneFound: '1 vessel found.',
    none: (q: string) => `No vessel matches “${q}”. Check the spelling or try part of the name.`,
    metric: 'Metric',
    imperial: 'Imperial',
    typeTabs: ['Dry', 'Reefer', 'Open top', 'Flat rack', 'Loading combinations'],
    whole: 'Units for the whole table',
    row: (size: string) => `Units for ${size}`,
  },
  zh: {
    classTabs: ['10,000 TEU 以上', '4,500–10,000 TEU', '2,000–4,500 TEU', '800–2,000 TEU', '800 TEU 以下'],
    columns: ['船名', '建造年份', '总长（米）', '型宽（米）', '服务航速（节）', '载箱量（TEU）', '船旗'],
    search: '船舶名称',
    empty: '请输入船名以查看证书。',
    oneFound: '找到 1 艘船舶。',
    none: (q: string) => `没有与“${q}”相符的船舶，请检查拼写或只输入部分船名。`,
    metric: '公制',
    imperial: '英制',
    typeTabs: ['干货箱', '冷藏箱', '开顶箱', '框架箱', '装载组合'],
    whole: '整表单位',
    row: (size: string) => `${size} 单位`,
  },
} as const;

const BOUNDS = [
  [10_001, Infinity],
  [4_500, 10_000],
  [2_000, 4_499],
  [800, 1_999],
  [1, 799],
] as const;

const teu = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The figures of the 20' dry container in both systems (spec figures; imperial converted). */
const DRY_20 = { metric: ['5,898 mm', '33.2 m³'], imperial: ['232.2 in', '1,172.4 ft³'] };

async function rowShows(page: Page, size: string, system: 'metric' | 'imperial') {
  const row = page.locator(`tr[data-unit-row][data-size="${size}"]`);
  await expect(row).toHaveAttribute('data-units', system);
  return row;
}

for (const locale of ['en', 'zh'] as const) {
  const l = L[locale];

  test(`vessels (${locale}): class tabs, table columns and the class bounds`, async ({ page }) => {
    await page.goto(`/${locale}/home/Services/ship/0`);
    const tabs = page.locator('.service-tabs a');
    await expect(tabs).toHaveText([...l.classTabs]);
    for (let c = 0; c < 5; c++) await expect(tabs.nth(c)).toHaveAttribute('href', `/${locale}/home/Services/ship/${c}`);
    await expect(page.locator('.service-tabs [aria-current=page]')).toHaveText(l.classTabs[0]);
    await expect(page.locator('.fleet-table thead th')).toHaveText([...l.columns]);

    for (let c = 0; c < 5; c++) {
      await page.locator('.service-tabs a').nth(c).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/home/Services/ship/${c}$`));
      await expect(page.locator('.service-tabs [aria-current=page]')).toHaveText(l.classTabs[c]);
      const rows = page.locator('.fleet-table tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(8);
      for (const text of await page.locator('.fleet-table tbody td:nth-of-type(5)').allTextContents()) {
        const value = teu(text);
        expect(value, `class ${c}: ${text}`).toBeGreaterThanOrEqual(BOUNDS[c][0]);
        expect(value, `class ${c}: ${text}`).toBeLessThanOrEqual(BOUNDS[c][1]);
      }
      // seven cells per row: the vessel (row header) and six figures
      await expect(rows.first().locator('th, td')).toHaveCount(7);
    }
    // a vessel with a picture and one with the neutral placeholder
    await page.goto(`/${locale}/home/Services/ship/0`);
    await expect(page.locator('.fleet-table img[src="/images/vessels/seabridge-harmony.svg"]')).toBeVisible();
    await expect(page.locator('.fleet-table img.placeholder').first()).toBeVisible();
  });

  test(`vessels (${locale}): certificate search over all classes, hit, miss and empty`, async ({ page }) => {
    await page.goto(`/${locale}/home/Services/ship/0`);
    const input = page.getByLabel(l.search);
    const results = page.locator('.cert-results li:visible');
    const status = page.locator('[data-cert-status]');
    await expect(status).toHaveText(l.empty);
    await expect(results).toHaveCount(0);

    // keyboard only: focus the field, type, Enter filters in place (no navigation)
    await input.focus();
    await page.keyboard.type('hArMoNy');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${locale}/home/Services/ship/0$`));
    await expect(status).toHaveText(l.oneFound);
    await expect(results).toHaveCount(1);
    const link = results.first().locator('a[download]');
    await expect(link).toHaveAttribute('href', '/homeapiak/ship/download?shipUuid=seabridge-harmony');
    await expect(results.first()).toContainText('9880221');
    // the link answers the vessel's certificate file (the API redirects to the static PDF)
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect((await response.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');

    // a Chinese name of a vessel of another class (class 4, under 800 TEU)
    await input.fill('舟山');
    await expect(results).toHaveCount(1);
    await expect(results.first()).toContainText('SEABRIDGE ZHOUSHAN');
    await expect(results.first().locator('a[download]')).toHaveAttribute('href', /shipUuid=seabridge-zhoushan$/);

    // part of a name matches several vessels
    await input.fill('seabridge s');
    expect(await results.count()).toBeGreaterThan(1);

    await input.fill('titanic');
    await expect(results).toHaveCount(0);
    await expect(status).toHaveText(l.none('titanic'));

    await input.fill('');
    await expect(status).toHaveText(l.empty);
    await expect(results).toHaveCount(0);
  });

  test(`containers (${locale}): tabs, icons, links and the default unit system`, async ({ page }) => {
    await page.goto(`/${locale}/home/Services/containers/1`);
    const tabs = page.locator('.service-tabs a');
    await expect(tabs).toHaveText([...l.typeTabs]);
    for (let id = 1; id <= 5; id++) await expect(tabs.nth(id - 1)).toHaveAttribute('href', `/${locale}/home/Services/containers/${id}`);
    await expect(page.locator('.service-tabs [aria-current=page]')).toHaveText(l.typeTabs[0]);
    await expect(page.locator('.feature-icons li')).toHaveCount(12);
    await expect(page.locator('tr[data-unit-row] > th')).toHaveText(["20'", "20'HC", "40'", "40'HC"]);
    await expect(page.locator('.container-links a[href$="/home/HelpCenter/business/RegulationsOnContainerStuffingOperation"]')).toHaveAttribute('target', '_blank');
    await expect(page.locator('.container-links a[href="https://goods.seabridgelines.com/"]')).toHaveAttribute('target', '_blank');
    await expect(page.locator('.resource-cards a')).toHaveCount(2);
    await expect(page.locator('.resource-cards a').nth(0)).toHaveAttribute('href', `/${locale}/home/Services/ship/0`);
    await expect(page.locator('.resource-cards a').nth(1)).toHaveAttribute('href', `/${locale}/home/Services/route/11`);

    // metric in Chinese, imperial in English, before any switch is used
    const system = locale === 'zh' ? 'metric' : 'imperial';
    const other = system === 'metric' ? 'imperial' : 'metric';
    const row = await rowShows(page, '20', system);
    for (const text of DRY_20[system]) await expect(row.getByText(text, { exact: true }).first()).toBeVisible();
    for (const text of DRY_20[other]) await expect(row.getByText(text, { exact: true }).first()).toBeHidden();
    await expect(page.getByRole('group', { name: l.whole, exact: true }).getByRole('button', { name: l[system] })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('main')).not.toContainText(/pint/i);

    // the other types: icon counts, the flat rack's picture and slash, the loading combinations
    await page.goto(`/${locale}/home/Services/containers/2`);
    await expect(page.locator('.feature-icons li')).toHaveCount(5);
    await expect(page.locator('tr[data-unit-row] > th')).toHaveText(["20'", "40'", "40'HC"]);
    await page.goto(`/${locale}/home/Services/containers/3`);
    await expect(page.locator('.feature-icons li')).toHaveCount(5);
    await expect(page.locator('tr[data-unit-row] > th')).toHaveText(["20'", "40'", "40'OH"]);
    await page.goto(`/${locale}/home/Services/containers/4`);
    await expect(page.locator('.feature-icons')).toHaveCount(0);
    await expect(page.locator('.container-picture img')).toBeVisible();
    await expect(page.locator('tr[data-unit-row] > th')).toHaveText(["20'", "40'"]);
    for (const cell of await page.locator('td[data-col=volume]').all()) await expect(cell).toContainText('/');
    await page.goto(`/${locale}/home/Services/containers/5`);
    await expect(page.locator('.combination-blocks > li')).toHaveCount(3);
    await expect(page.locator('.number-list').nth(0).locator('li')).toHaveText(['00', '03', '05', '06', '08']);
    await expect(page.locator('.number-list').nth(1).locator('li')).toHaveText(['22', '23', '25', '26']);
    await expect(page.locator('.resource-cards a')).toHaveCount(2);
  });

  test(`containers (${locale}): Metric / Imperial per row and for the whole table`, async ({ page }) => {
    await page.goto(`/${locale}/home/Services/containers/1`);
    const system = locale === 'zh' ? 'metric' : 'imperial';
    const other = system === 'metric' ? 'imperial' : 'metric';
    const whole = page.getByRole('group', { name: l.whole, exact: true });

    // one row switched: only that row changes; the whole-table switch shows neither
    const rowSwitch = page.getByRole('group', { name: l.row("20'"), exact: true });
    await rowSwitch.getByRole('button', { name: l[other] }).click();
    const row = await rowShows(page, '20', other);
    for (const text of DRY_20[other]) await expect(row.getByText(text, { exact: true }).first()).toBeVisible();
    await expect(rowSwitch.getByRole('button', { name: l[other] })).toHaveAttribute('aria-pressed', 'true');
    await rowShows(page, '40hc', system);
    await expect(whole.getByRole('button', { pressed: true })).toHaveCount(0);

    // the whole-table switch sets every row, by keyboard
    await whole.getByRole('button', { name: l[other] }).focus();
    await page.keyboard.press('Enter');
    for (const size of ['20', '20hc', '40', '40hc']) await rowShows(page, size, other);
    await expect(whole.getByRole('button', { name: l[other] })).toHaveAttribute('aria-pressed', 'true');
    await whole.getByRole('button', { name: l[system] }).click();
    for (const size of ['20', '20hc', '40', '40hc']) await rowShows(page, size, system);

    // units are labelled: mm / m³ / kg and in / ft³ / lb; the second payload is marked #
    await whole.getByRole('button', { name: l.imperial }).click();
    const hc = page.locator('tr[data-size="40hc"]');
    await expect(hc.locator('.u-imperial').first()).toHaveText(/in$/);
    await expect(hc.locator('td[data-col=volume] .u-imperial')).toHaveText(/^2,694\.5\s+ft³$/);
    await expect(hc.locator('td[data-col=tare] .u-imperial')).toHaveText(/^8,598\s+lb$/);
    await whole.getByRole('button', { name: l.metric }).click();
    await expect(hc.locator('td[data-col=volume] .u-metric')).toHaveText(/^76\.3\s+m³$/);
    await expect(hc.locator('td[data-col=payload] .u-metric .payload-line')).toHaveText([/^26,580\s+kg$/, /^28,600\s+kg\s*#$/]);
  });
}

test('without JavaScript: the default system shows, switches are hidden, every certificate is listed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/en/home/Services/containers/1');
  await expect(page.locator('tr[data-size="20"] td[data-col=length] .u-imperial')).toBeVisible();
  await expect(page.locator('tr[data-size="20"] td[data-col=length] .u-metric')).toBeHidden();
  await expect(page.locator('[data-unit-switch], [data-unit-switch-all]').first()).toBeHidden();
  await page.goto('/zh/home/Services/containers/1');
  await expect(page.locator('tr[data-size="20"] td[data-col=length] .u-metric')).toHaveText(/5,898\s+mm/);
  await page.goto('/en/home/Services/ship/2');
  await expect(page.locator('[data-cert-form]')).toBeHidden();
  expect(await page.locator('.cert-results li:visible').count()).toBeGreaterThanOrEqual(40);
  await context.close();
});

test('vessel and container pages ship no JavaScript framework and log no errors', async ({ page }) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of ['/en/home/Services/ship/0', '/zh/home/Services/ship/4', '/en/home/Services/containers/1', '/zh/home/Services/containers/5']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // the React integration's chunks (client.*.js, react-dom) must not load here
    expect(
      scripts.filter((url) => /react|\/client\.[\w-]+\.js/i.test(new URL(url).pathname)),
      path,
    ).toEqual([]);
    const inline = await page.locator('script:not([src])').allTextContents();
    const bodies = [...(await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()))), ...inline];
    for (const body of bodies) expect(codeOf(body)).not.toMatch(/react-dom|__reactFiber|__reactContainer|\$\$typeof|react\.element/);
    expect(await page.locator('astro-island').count(), path).toBe(0);
  }
  expect(errors).toEqual([]);
});
