import { acceptCookies, expect, test } from './fixtures';

test('main menus open and close from the keyboard', async ({ page }) => {
  await page.goto('/en/home/About/history');
  await acceptCookies(page);
  const button = page.getByRole('button', { name: 'Services' });
  const panel = page.locator('#menu-services');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  // Arrow down opens and moves into the panel; Escape brings focus back
  await page.keyboard.press('ArrowDown');
  await expect(panel).toBeVisible();
  await expect(panel.locator('a').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  // Space toggles; tabbing out of the menu closes it
  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  const links = await panel.locator('a').count();
  for (let i = 0; i <= links; i++) await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('button', { name: 'About us' })).toBeFocused();
});

test('menus open on hover and close when the mouse leaves', async ({ page }) => {
  await page.goto('/en/home/About/history');
  await page.getByRole('button', { name: 'News' }).hover();
  await expect(page.locator('#menu-news')).toBeVisible();
  await page.getByRole('button', { name: 'About us' }).hover();
  await expect(page.locator('#menu-about')).toBeVisible();
  await expect(page.locator('#menu-news')).toBeHidden();
  await page.mouse.move(600, 800);
  await expect(page.locator('#menu-about')).toBeHidden();
});

test('top-bar platform clicks are recorded with saveClick', async ({ page, context }) => {
  await page.goto('/en/home/About/history');
  await acceptCookies(page);
  for (const name of ['EB', 'EXPO', 'SYNCONHUB']) {
    const recorded = page.waitForResponse((r) => r.url().includes(`/homeapiak/webPicture/saveClick?pictureNameEN=${name}`) && r.request().method() === 'POST');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.locator(`[data-track-click="${name}"]`).click()]);
    const response = await recorded;
    expect((await response.json()).code).toBe('200');
    await popup.close();
  }
});

test('banner clicks on the home page are recorded', async ({ page }) => {
  await page.goto('/en/home');
  await acceptCookies(page);
  // keep the page where it is, so that the answer of the click counter can be read
  await page.route('**/en/home/News/**', (route) => route.fulfill({ status: 204 })); // a 204 cancels the navigation
  await expect(page.locator('.hero[data-ready]')).toBeAttached(); // Swiper starts once the page has loaded
  await page.locator('.hero').getByRole('button', { name: 'Pause' }).click();
  const recorded = page.waitForResponse((r) => r.url().includes('/homeapiak/webPicture/saveClick?pictureNameEN='));
  await page.locator('.hero .swiper-slide-active [data-track-click]').click();
  const response = await recorded;
  expect(response.url()).toMatch(/pictureNameEN=(SLOGAN|SYNCONHUB|SOUTH_AFRICA)/);
  const body = await response.json();
  expect(body.code).toBe('200');
  expect(body.data.content.count).toBeGreaterThan(0);
});

test('the local-site picker lists regions from the API, moves by arrow keys, and opens the China list', async ({ page }) => {
  await page.goto('/zh/home/About/history');
  await acceptCookies(page);
  await page.getByRole('button', { name: '区域网站' }).click();
  const dialog = page.getByRole('dialog', { name: '选择区域网站' });
  await expect(dialog).toBeVisible();
  const tabs = dialog.getByRole('tab');
  await expect(tabs).toHaveCount(5);
  await tabs.nth(1).click();
  await expect(dialog.getByRole('tabpanel')).toContainText('新加坡');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(2)).toBeFocused();
  await expect(dialog.getByRole('tabpanel')).toContainText('德国');
  await tabs.first().click();
  const china = page.getByRole('dialog', { name: '中国大陆网站' });
  await expect(china).toBeVisible();
  await expect(china.getByRole('link', { name: '上海' })).toHaveAttribute('href', '/shanghai');
  // a city without a local site leads to its office on the corporate site, in the page's language
  await expect(china.getByRole('link', { name: '天津' })).toHaveAttribute('href', '/zh/home/Contact/global/countryList/more/asia/china/tianjin/CNTSN01');
  await page.keyboard.press('Escape');
  await expect(china).toBeHidden();
  await tabs.nth(1).click();
  await dialog.getByRole('tabpanel').getByRole('link', { name: '日本' }).click();
  await expect(page).toHaveURL(/\/zh\/home\/Contact\/global\/countryList\/countryList\/asia\/japan$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('日本');
});

test('the local-site picker says so when the API fails, and retries', async ({ page }) => {
  let fail = true;
  await page.route('**/homeapiak/local/getLocationList**', (route) =>
    fail ? route.fulfill({ status: 503, json: { code: '503', message: 'Service temporarily unavailable', data: { content: null } } }) : route.fallback(),
  );
  await page.goto('/en/home/About/history');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Local sites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a local site' });
  await expect(dialog.getByRole('alert')).toContainText('Service temporarily unavailable');
  fail = false;
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('tab')).toHaveCount(5);
});

test('the floating message panel asks for a region first, then opens the message form', async ({ page }) => {
  await page.goto('/en/home/About/history');
  await acceptCookies(page);
  await page.getByRole('button', { name: 'Online message' }).click();
  const panel = page.locator('#float-message');
  await panel.getByRole('button', { name: 'Leave a message' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Please select the region');
  await expect(page).toHaveURL(/\/en\/home\/About\/history$/);
  await panel.getByLabel('Region').selectOption({ label: 'Europe' });
  await expect(panel.getByRole('alert')).toBeHidden();
  await panel.getByRole('button', { name: 'Leave a message' }).click();
  // the form opens over the page (tests/e2e/forms.spec.ts sends a message from it)
  await expect(page.getByRole('dialog', { name: 'Leave a message' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/home\/About\/history$/);
});

test('the floating widget shows hotline and e-mail, the AI assistant only in Chinese, and back to top', async ({ page }) => {
  await page.goto('/zh/home/About/history');
  await acceptCookies(page);
  await expect(page.getByRole('button', { name: '智能助手' })).toBeVisible();
  await page.getByRole('button', { name: '服务热线' }).click();
  await expect(page.locator('#float-hotline')).toContainText('400-820-6688');
  await page.goto('/en/home/About/history');
  await expect(page.getByRole('button', { name: 'AI assistant' })).toHaveCount(0);
  await page.getByRole('button', { name: 'E-mail' }).click();
  await expect(page.locator('#float-email a').first()).toHaveAttribute('href', /^mailto:/);
  await page.mouse.wheel(0, 3000);
  const top = page.getByRole('button', { name: 'Back to top' });
  await expect(top).toBeVisible();
  await top.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the smart service butler: Chinese pages link straight, English ones ask the server first', async ({ page, context }) => {
  const assistant = 'https://ai.seabridgelines.com/';
  await context.route(`${assistant}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Assistant</title>' }));
  await page.goto('/zh/home/About/history');
  await acceptCookies(page);
  await page.getByRole('button', { name: '联系我们' }).click();
  const zh = page.locator('#menu-contact').getByRole('link', { name: /智能客服管家/ });
  await expect(zh).toHaveAttribute('href', assistant);
  expect(await zh.evaluate((a) => a.hasAttribute('data-assistant-check'))).toBe(false);

  // English, from an address the assistant is not offered to (the test server offers it in 203.0.113.0/24 only)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.1' });
  await page.goto('/en/home/About/history');
  const menu = page.getByRole('button', { name: 'Contact' });
  const open = async () => {
    if (await page.locator('#menu-contact').isHidden()) await menu.click();
  };
  await open();
  const link = page.locator('#menu-contact').getByRole('link', { name: /Smart service butler/ });
  const status = page.locator('#menu-contact [data-assistant-status]');
  const refused = context.waitForEvent('page');
  const checked = page.waitForResponse((r) => r.url().includes('/local/ip/decideIntelligentCustomerIp'));
  await link.click();
  const tab = await refused;
  expect(await (await checked).json()).toMatchObject({ code: '200', data: { content: false } });
  await expect.poll(() => tab.isClosed()).toBe(true);
  await expect(status).toHaveText('The smart service butler is not offered in your region yet.');

  // and from one it is offered to: the tab the click opened goes to the assistant
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.9' });
  await open();
  const offered = context.waitForEvent('page');
  await link.click();
  const next = await offered;
  await expect(next).toHaveURL(assistant);
  await expect(status).toBeHidden();
});

test('mourning mode turns the home page grey inside a configured range only', async ({ page }) => {
  // Serve the home page with a range around today, as content/brand.json would configure it.
  await page.route('**/en/home', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('data-locale="en"', `data-locale="en" data-mourning='[{"from":"2000-01-01","to":"2099-12-31"}]'`);
    await route.fulfill({ response, body: html });
  });
  await page.goto('/en/home');
  await expect(page.locator('html')).toHaveClass(/mourning/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).filter)).toBe('grayscale(1)');
  await page.unroute('**/en/home');
  await page.route('**/en/home', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('data-locale="en"', `data-locale="en" data-mourning='[{"from":"2001-01-01","to":"2001-01-02"}]'`);
    await route.fulfill({ response, body: html });
  });
  await page.goto('/en/home');
  await expect(page.locator('html')).not.toHaveClass(/mourning/);
  // other pages never carry the ranges
  await page.goto('/en/home/About/history');
  await expect(page.locator('html')).not.toHaveAttribute('data-mourning');
});

test('the banner carousel autoplays every 3.5 s, pauses on hover and by its button', async ({ page }) => {
  await page.goto('/en/home');
  await acceptCookies(page);
  await expect(page.locator('.hero[data-ready]')).toBeAttached(); // Swiper starts once the page has loaded
  const active = page.locator('.hero .swiper-slide-active');
  const first = await active.getAttribute('data-swiper-slide-index');
  // the first turn after 3.5 s: a wait for it, not a measure of it (a busy machine delays timers)
  await expect.poll(() => active.getAttribute('data-swiper-slide-index'), { timeout: 20_000 }).not.toBe(first);
  await page.locator('.hero').getByRole('button', { name: 'Pause' }).click();
  const paused = await active.getAttribute('data-swiper-slide-index');
  await page.waitForTimeout(4500);
  expect(await active.getAttribute('data-swiper-slide-index')).toBe(paused);
  await expect(page.locator('.hero').getByRole('button', { name: 'Play' })).toBeVisible();
});
