import { expect, test } from './fixtures';

const DAY = 24 * 60 * 60;

test('accepting sets both consent cookies for 365 days and the notice stays away', async ({ page, context }) => {
  await page.goto('/en/home/About/history');
  const notice = page.locator('[data-cookie-notice]');
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Accept' }).click();
  await expect(notice).toBeHidden();
  const cookies = await context.cookies();
  const policy = cookies.find((c) => c.name === 'cookiePolicy');
  const time = cookies.find((c) => c.name === 'cookiePolicyAcceptTime');
  expect(policy?.value).toBe('accepted');
  expect(time).toBeDefined();
  const days = (policy!.expires - Date.now() / 1000) / DAY;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThan(366);
  await page.reload();
  await expect(notice).toBeHidden();
  // the language choice is now also kept in a 60-day cookie
  await page.locator('[data-lang-switch]').click();
  await expect(page).toHaveURL(/\/zh\//);
  const language = (await context.cookies()).find((c) => c.name === 'language');
  expect(language?.value).toBe('zh-CN');
  expect((language!.expires - Date.now() / 1000) / DAY).toBeGreaterThan(59);
});

test('refusing clears cookies, keeps the language out of cookies, and asks again after about 5 s', async ({ page, context }) => {
  await page.clock.install();
  await context.addCookies([{ name: 'tracking', value: '1', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/en/home');
  const notice = page.locator('[data-cookie-notice]');
  await expect(notice).toBeVisible();
  // an unaccepted visit starts by clearing cookies
  expect((await context.cookies()).map((c) => c.name)).not.toContain('tracking');
  await notice.getByRole('button', { name: 'Refuse' }).click();
  await expect(notice).toBeHidden();
  expect(await context.cookies()).toEqual([]);
  await page.clock.fastForward(4000);
  await expect(notice).toBeHidden();
  await page.clock.fastForward(1500);
  await expect(notice).toBeVisible();
  // switching language after a refusal stores no cookie
  await page.locator('[data-lang-switch]').click();
  await expect(page).toHaveURL(/\/zh\/home$/);
  expect((await context.cookies()).find((c) => c.name === 'language')).toBeUndefined();
});

test('read more opens the cookie policy in a new window, where the notice is not shown', async ({ page, context }) => {
  await page.goto('/en/home');
  const [policy] = await Promise.all([
    context.waitForEvent('page'),
    page
      .locator('[data-cookie-notice]')
      .getByRole('link', { name: /Read more/ })
      .click(),
  ]);
  await policy.waitForLoadState();
  expect(policy.url()).toMatch(/\/en\/home\/item#cookies$/);
  await expect(policy.locator('h1')).toHaveText('Terms of Use and Privacy');
  await expect(policy.locator('[data-cookie-notice]')).toHaveCount(0);
});
