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
