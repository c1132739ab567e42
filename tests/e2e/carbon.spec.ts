import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/** The carbon calculator page in both languages: the full flow, shipments added and deleted, validation per shipment, details, map and CSV. */
const L = {
  en: {
    shipment: (n: number) => `Shipment ${n}`,
    origin: 'Origin',
    destination: 'Destination',
    volume: 'Cargo Volume',
    add: 'Add Shipment',
    reset: 'Reset',
    calculate: 'Calculate',
    details: 'Details',
    csv: 'Download CSV',
    delete: (n: number) => `Delete shipment ${n}`,
    shanghai: ['shang', 'Shanghai, China'],
    rotterdam: ['rotter', 'Rotterdam, Netherlands'],
    chongqing: ['chongq', 'Chongqing, China'],
    duisburg: ['duisb', 'Duisburg, Germany'],
    taipei: ['taip', 'Taipei, Taiwan, China'],
    originError: 'Please select Origin City from the list',
    amountError: 'Please input Cargo Amount',
    amountFormat: 'Please input number as Cargo Amount',
    port: 'Port of Shanghai',
    lowest: 'Lowest',
    noData: 'No Data',
    results: 'Results',
  },
  zh: {
    shipment: (n: number) => `货物 ${n}`,
    origin: '起运地',
    destination: '目的地',
    volume: '货物数量',
    add: '添加货物',
    reset: '重置',
    calculate: '计算',
    details: '详情',
    csv: '下载 CSV',
    delete: (n: number) => `删除货物 ${n}`,
    shanghai: ['上海', '上海，中国'],
    rotterdam: ['鹿特丹', '鹿特丹，荷兰'],
    chongqing: ['重庆', '重庆，中国'],
    duisburg: ['杜伊斯堡', '杜伊斯堡，德国'],
    taipei: ['台北', '台北，中国台湾'],
    originError: '请从列表中选择起运城市',
    amountError: '请输入货物数量',
    amountFormat: '货物数量请输入数字',
    port: '上海港',
    lowest: '最低',
    noData: '暂无数据',
    results: '计算结果',
  },
} as const;

const PAGE = '/home/About/socialResponsibility/carbonCalculator';

async function pickCity(form: Locator, label: string, [typed, address]: readonly [string, string]) {
  const box = form.getByRole('combobox', { name: label });
  await box.fill(typed);
  await form.getByRole('option', { name: address }).click();
  await expect(box).toHaveValue(address);
}

async function fillShipment(page: Page, lang: 'en' | 'zh', n: number, from: readonly [string, string], to: readonly [string, string], amount: string) {
  const t = L[lang];
  const form = page.getByRole('group', { name: t.shipment(n) });
  await pickCity(form, t.origin, from);
  await pickCity(form, t.destination, to);
  await form.getByLabel(t.volume).fill(amount);
  return form;
}

for (const lang of ['en', 'zh'] as const) {
  const t = L[lang];

  test.describe(`carbon calculator (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(`/${lang}${PAGE}`);
      await acceptCookies(page);
      // the island hydrates when the visitor reaches for it (client:intent), and is interactive once hydrated
      await page.locator('.carbon-calculator').hover();
      await expect(page.locator('.carbon-calculator[data-ready]')).toBeVisible();
    });

    test('full flow: suggestions, calculate, result card, details with the lowest route marked, map, toggle', async ({ page }) => {
      await fillShipment(page, lang, 1, t.shanghai, t.rotterdam, '2');
      await page.getByRole('button', { name: t.calculate, exact: true }).click();
      const results = page.getByRole('region', { name: t.results });
      await expect(results).toBeVisible();
      const card = results
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .first();
      await expect(card.getByRole('heading', { level: 3 })).toContainText(lang === 'en' ? 'Shanghai → Rotterdam' : '上海 → 鹿特丹');
      await expect(card).toContainText(t.port);
      await expect(card).toContainText('TTW');
      await expect(card).toContainText('WTW');
      await expect(card.locator('.carbon-emission strong')).toHaveText(/^[\d,.]+ /);
      const toggle = card.getByRole('button', { name: t.details });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const routes = card.locator('.carbon-route');
      expect(await routes.count()).toBeGreaterThan(1);
      await expect(routes.first()).toHaveClass(/is-lowest/);
      await expect(routes.first().locator('.carbon-marker')).toHaveText(t.lowest);
      await expect(routes.nth(1).locator('.carbon-marker')).toHaveCount(0);
      await expect(routes.first().getByRole('cell', { name: 'AEX1' })).toBeVisible();
      await expect(card.locator('svg.carbon-map polyline')).toHaveCount(3);
      await expect(card.locator('svg.carbon-map image').first()).toHaveAttribute('href', '/maps/carbon/land.svg');
      await routes.nth(1).getByRole('button').click();
      await expect(routes.nth(1).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
      await toggle.click();
      await expect(card.locator('.carbon-details')).toBeHidden();
    });

    test('add and delete shipments: up to four, the trash only when more than one', async ({ page }) => {
      const add = page.getByRole('button', { name: t.add });
      await expect(page.getByRole('button', { name: t.delete(1) })).toHaveCount(0);
      await add.click();
      await add.click();
      await add.click();
      await expect(page.locator('fieldset.carbon-shipment')).toHaveCount(4);
      await expect(add).toBeDisabled();
      await expect(page.getByRole('combobox', { name: t.origin }).nth(3)).toBeFocused();
      await page
        .getByRole('group', { name: t.shipment(2) })
        .getByLabel(t.volume)
        .fill('7');
      await page.getByRole('button', { name: t.delete(2) }).click();
      await expect(page.locator('fieldset.carbon-shipment')).toHaveCount(3);
      await expect(add).toBeEnabled();
      for (const input of await page.getByLabel(t.volume).all()) await expect(input).toHaveValue('');
      await page.getByRole('button', { name: t.reset }).click();
      await expect(page.locator('fieldset.carbon-shipment')).toHaveCount(1);
      await expect(page.getByRole('button', { name: t.delete(1) })).toHaveCount(0);
    });

    test('validates each shipment on its own: an error on shipment 3 only', async ({ page }) => {
      let posted = 0;
      page.on('request', (r) => {
        if (r.url().includes('/carbonCalculate/getDigital')) posted++;
      });
      await page.getByRole('button', { name: t.add }).click();
      await page.getByRole('button', { name: t.add }).click();
      await fillShipment(page, lang, 1, t.shanghai, t.rotterdam, '1');
      await fillShipment(page, lang, 2, t.chongqing, t.duisburg, '3.5');
      const third = page.getByRole('group', { name: t.shipment(3) });
      await pickCity(third, t.destination, t.rotterdam);
      await third.getByLabel(t.volume).fill('1,5');
      await third.getByLabel(t.volume).blur();
      await expect(third.getByText(t.amountFormat)).toBeVisible();
      await third.getByLabel(t.volume).fill('');
      await page.getByRole('button', { name: t.calculate, exact: true }).click();
      await expect(third.getByText(t.originError)).toBeVisible();
      await expect(third.getByText(t.amountError)).toBeVisible();
      await expect(third.getByRole('combobox', { name: t.origin })).toBeFocused();
      for (const n of [1, 2]) await expect(page.getByRole('group', { name: t.shipment(n) }).locator('.form-error:visible')).toHaveCount(0);
      expect(posted).toBe(0);
      // typing after a pick clears the city: the flag of that shipment alone
      const first = page.getByRole('group', { name: t.shipment(1) });
      await first.getByRole('combobox', { name: t.origin }).fill('x');
      await first.getByRole('combobox', { name: t.origin }).blur();
      await expect(first.getByText(t.originError)).toBeVisible();
      await expect(page.getByRole('group', { name: t.shipment(2) }).getByText(t.originError)).toHaveCount(0);
    });

    test('No Data for a city no route serves, next to a calculated one; CSV download of both', async ({ page }) => {
      await fillShipment(page, lang, 1, t.chongqing, t.duisburg, '2');
      await page.getByRole('button', { name: t.add }).click();
      await fillShipment(page, lang, 2, t.taipei, t.rotterdam, '1');
      await page.getByRole('button', { name: t.calculate, exact: true }).click();
      const cards = page.locator('.carbon-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.nth(1)).toContainText(t.noData);
      await expect(cards.nth(1).getByRole('button', { name: t.details })).toHaveCount(0);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t.csv }).click()]);
      expect(download.suggestedFilename()).toBe('carbon-calculation.csv');
      const text = readFileSync((await download.path())!, 'utf8');
      const lines = text
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'shipment,origin,destination,cargo_value,cargo_unit,cargo_nature,cargo_tonnes,factor_type,route,lowest,route_km,route_kg_co2e,leg,from,to,mode,service_loop,vessel_teu,leg_km,distance_method,factor_id,intensity_kg_co2e_per_tkm,leg_kg_co2e',
      );
      expect(lines.some((l) => l.startsWith('1,') && l.includes(',Rail,') && l.includes('desnz-rail-freight-ttw'))).toBe(true);
      expect(lines.some((l) => l.startsWith('2,') && l.includes('No Data'))).toBe(true);
    });
  });
}

test('a city typed before the island has loaded is searched once it has', async ({ page }) => {
  // the island's code is held back until the visitor has typed
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/CarbonCalculator\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/en${PAGE}`);
  await acceptCookies(page);
  const form = page.getByRole('group', { name: L.en.shipment(1) });
  const box = form.getByRole('combobox', { name: L.en.origin });
  await box.pressSequentially(L.en.shanghai[0]);
  release();
  await form.getByRole('option', { name: L.en.shanghai[1] }).click();
  await expect(box).toHaveValue(L.en.shanghai[1]);
});

test('axe is clean with results and details open', async ({ page }) => {
  await page.goto(`/en${PAGE}`);
  await acceptCookies(page);
  await page.locator('.carbon-calculator').hover();
  await expect(page.locator('.carbon-calculator[data-ready]')).toBeVisible();
  await fillShipment(page, 'en', 1, L.en.shanghai, L.en.rotterdam, '2');
  await page.getByRole('button', { name: 'Calculate', exact: true }).click();
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.locator('svg.carbon-map')).toBeVisible();
  // the floating contact button is fixed at the right edge: check with the form's buttons out from under it
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await seriousAxeViolations(page)).toEqual([]);
});
