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
