import { expect, test } from './fixtures';

test('the language switch swaps the prefix in place, keeps the query and saves the choice', async ({ page }) => {
  await page.goto('/en/home/About/history?tab=2#top');
  await page.locator('[data-lang-switch]').click();
  await expect(page).toHaveURL(/\/zh\/home\/About\/history\?tab=2#top$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-CN');
  // a bare path now lands on Chinese, query kept
  await page.goto('/home/About/about?ref=mail');
  await expect(page).toHaveURL(/\/zh\/home\/About\/about\/Profile\?ref=mail$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/zh\/home$/);
  // and back to English
  await page.locator('[data-lang-switch]').click();
  await expect(page).toHaveURL(/\/en\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-US');
});

test.describe('a bare path with nothing stored follows a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });
  test('goes to Chinese', async ({ page }) => {
    await page.goto('/home?utm_source=x');
    await expect(page).toHaveURL(/\/zh\/home\?utm_source=x$/);
  });
});

test.describe('a bare path with a browser in another language', () => {
  test.use({ locale: 'fr-FR' });
  test('goes to English', async ({ page }) => {
    await page.goto('/home/About/history');
    await expect(page).toHaveURL(/\/en\/home\/About\/history$/);
  });
  test('resets a stored value that is neither language to English', async ({ page, context }) => {
    await context.addInitScript(() => {
      if (location.pathname === '/home' && !sessionStorage.getItem('seeded')) {
        localStorage.setItem('language', 'klingon');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/home');
    await expect(page).toHaveURL(/\/en\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en-US');
  });
});

test('without JavaScript a bare path offers both languages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home/About/history');
  await expect(page.getByRole('link', { name: 'Continue in English' })).toHaveAttribute('href', '/en/home/About/history');
  await expect(page.getByRole('link', { name: '进入中文网站' })).toHaveAttribute('href', '/zh/home/About/history');
  await context.close();
});

test('a language named in the query wins on a bare path (the old /home/item?language=zh-CN)', async ({ page }) => {
  await page.goto('/home/item?language=zh-CN');
  await expect(page).toHaveURL(/\/zh\/home\/item\?language=zh-CN$/);
  await expect(page.locator('h1')).toHaveText('使用条款与隐私政策');
  await page.goto('/home/item?language=en-US');
  await expect(page).toHaveURL(/\/en\/home\/item\?language=en-US$/);
});
