import { acceptCookies, expect, test } from './fixtures';

test('on a phone the navigation folds into a menu button that works by touch', async ({ page }) => {
  await page.goto('/zh/home/About/history');
  await acceptCookies(page);
  const nav = page.locator('#main-nav');
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: '菜单' }).click();
  await expect(nav).toBeVisible();
  await nav.getByRole('button', { name: '关于我们' }).click();
  await expect(page.locator('#menu-about')).toBeVisible();
  await page.locator('#menu-about').getByRole('link', { name: '管理团队' }).click();
  await expect(page).toHaveURL(/\/zh\/home\/About\/about\/Lead$/);
  // nothing overflows the viewport sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('the home page fits a phone screen', async ({ page }) => {
  await page.goto('/en/home');
  await acceptCookies(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('on a phone the floating widget folds into one button that unfolds and folds again', async ({ page }) => {
  await page.goto('/en/home/Services/containers/1');
  await acceptCookies(page);
  const toggle = page.locator('.float-toggle');
  const hotline = page.getByRole('button', { name: 'Hotline', exact: true });
  await expect(hotline).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await hotline.click();
  await expect(page.locator('#float-hotline')).toContainText('400-820-6688');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(hotline).toBeHidden();
});

test('route, vessel and container pages fit a phone screen', async ({ page }) => {
  for (const path of ['/zh/home/Services/route/12/AEX1', '/en/home/Services/ship/0', '/zh/home/Services/containers/2', '/en/home/Services/fruit']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
  }
});

test('the carbon calculator works on a phone by touch: a reefer shipment, its details and the factor row it links to', async ({ page }) => {
  const citySearches: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/carbonCalculate/getCity')) citySearches.push(new URL(r.url()));
  });
  await page.goto('/zh/home/About/socialResponsibility/carbonCalculator');
  await acceptCookies(page);
  // the island hydrates when the visitor reaches for it (client:intent)
  await page.locator('.carbon-calculator').hover();
  await expect(page.locator('.carbon-calculator[data-ready]')).toBeVisible();
  const form = page.getByRole('group', { name: '货物 1' });
  for (const [label, typed, address] of [
    ['起运地', '上海', '上海，中国'],
    ['目的地', '鹿特丹', '鹿特丹，荷兰'],
  ]) {
    await form.getByRole('combobox', { name: label }).fill(typed);
    await form.getByRole('option', { name: address }).tap();
  }
  // the city search carries the calculator's token (spec: getCity takes prefix and token)
  expect(citySearches.length).toBeGreaterThanOrEqual(2);
  for (const url of citySearches) expect(url.searchParams.get('token')).toMatch(/^t1\.carbon\./);
  await form.getByLabel('货物数量').fill('3');
  await form.getByLabel('货物性质').selectOption('Reefer');
  await page.getByRole('button', { name: '计算', exact: true }).tap();
  const card = page
    .getByRole('region', { name: '计算结果' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .first();
  await expect(card).toContainText('冷藏');
  await card.getByRole('button', { name: '详情' }).tap();
  // the sea leg takes the lane's reefer factor, and its link leads to that row of the methodology panel
  const link = card.locator('.carbon-route').first().locator('a[href="#factor-glec32-asia-north-europe-reefer"]');
  await expect(link).toBeVisible();
  await link.tap();
  await expect(page.locator('#factor-glec32-asia-north-europe-reefer')).toBeInViewport();
  await expect(page.locator('#factor-glec32-asia-north-europe-reefer')).toContainText('亚洲 ↔ 北欧，冷藏');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
