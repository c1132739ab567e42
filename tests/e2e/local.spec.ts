import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/** Regional local sites (spec 002): routes, page types, shell rules, search, floating help. */

test.describe('local: root and languages', () => {
  test('/{location} goes to the home of its default language, a location without languages to /404', async ({ page }) => {
    await page.goto('/shanghai');
    await expect(page).toHaveURL(/\/shanghai\/cn\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.goto('/hongkong');
    await expect(page).toHaveURL(/\/hongkong\/tc\/home$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await page.goto('/dalian');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('the language switcher shows only with more than one language and keeps the page', async ({ page }) => {
    await page.goto('/shanghai/cn/services/charges/110031/7');
    const switcher = page.locator('[data-local-langs]');
    await expect(switcher).toBeVisible();
    await switcher.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/shanghai\/en\/services\/charges\/110031\/7$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local Charges');
    await page.goto('/singapore/en/home');
    await expect(page.locator('[data-local-langs]')).toHaveCount(0);
    await page.goto('/germany/en/home');
    await expect(page.locator('[data-local-langs]')).toHaveCount(0);
  });
});

// Each page type in at least two locations and two languages: [url, heading, what the page shows]
const PAGES: [string, string, string][] = [
  ['/shanghai/cn/contact/110040/1', '联系我们', '400-820-6688'],
  ['/hongkong/en/about/network/120012/1', 'Service Network', 'Kwai Tsing'],
  ['/shanghai/en/news/business/110022/2', 'Business News', 'Peak season surcharge'],
  ['/hongkong/tc/news/company/120021/2', '公司新聞', '海岸清潔日'],
  ['/singapore/en/services/notices/130032/2', 'Customer Notices', 'PayNow'],
  ['/shanghai/cn/news/newsletter/110023/3', '电子期刊', '上海航运简报'],
  ['/germany/en/news/newsletter/140023/3', 'Newsletters', 'Germany Market Letter'],
  ['/hongkong/tc/services/downloads/120033/5', '表格下載', '提單補料表'],
  ['/cosconit/cn/downloads/150040/5', '资料下载', '码头操作系统产品手册'],
  ['/shanghai/en/about/profile/110011/6', 'Company Profile', '1.9 million TEU'],
  ['/hongkong/tc/about/profile/120011/6', '公司簡介', '葵涌'],
  ['/shanghai/cn/services/charges/110031/7', '本地费用', '码头操作费'],
  ['/germany/en/services/charges/140031/7', 'Local Charges', 'ICS2 filing'],
];

test.describe('local: page types', () => {
  for (const [url, heading, text] of PAGES) {
    test(`${url} shows ${heading}`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.locator('main')).toContainText(text);
    });
  }

  test('news lists page 9 at a time, paging only above 9, reset by the menu', async ({ page }) => {
    await page.goto('/shanghai/en/news/business/110022/2');
    const cards = page.locator('[data-local-list] [data-page-item]');
    await expect(cards.filter({ visible: true })).toHaveCount(9);
    await page.locator('[data-local-pager]').getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards.filter({ visible: true })).toHaveCount(2);
    // another menu starts at page 1
    await page.locator('.side-menu').getByRole('link', { name: 'Company News' }).click();
    await expect(page).toHaveURL(/\/news\/company\/110021\/2$/);
    await expect(page.locator('[data-local-pager]')).toHaveCount(0);
    await page.goto('/singapore/en/news/business/130022/2');
    await expect(page.locator('[data-local-pager]')).toHaveCount(0);
  });

  test('the business and company news list paths are pages of their own', async ({ page }) => {
    await page.goto('/shanghai/cn/news/businessnews/110022/1');
    await expect(page.locator('main .local-card')).toHaveCount(9);
    await page.locator('[data-local-pager]').getByRole('link', { name: '第2页' }).click();
    await expect(page).toHaveURL(/\/news\/businessnews\/110022\/2$/);
    await expect(page.locator('main .local-card')).toHaveCount(2);
    await page.goto('/hongkong/en/news/companynews/120021/1');
    await expect(page.locator('main .local-card')).toHaveCount(3);
  });

  test('a newsletter card opens its PDF, a download is a file', async ({ page, request }) => {
    await page.goto('/shanghai/en/news/newsletter/110023/3');
    const first = page.locator('[data-newsletter]').first();
    await expect(first).toHaveAttribute('href', '/local/shanghai/newsletter/en-2026-11.pdf');
    const pdf = await request.get('/local/shanghai/newsletter/en-2026-11.pdf');
    expect(pdf.headers()['content-type']).toContain('pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('news and default-info details link their previous and next', async ({ page }) => {
    await page.goto('/shanghai/en/news/business/110022/2');
    await page.locator('[data-page-item] a').nth(1).click();
    await expect(page).toHaveURL(/\/news\/business\/110022\/2\/110102$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yangshan Phase IV: new cut-off times for the AEX1 loop');
    await page.getByRole('link', { name: 'Peak season surcharge on Asia–North Europe lifted from 1 December' }).click();
    await expect(page).toHaveURL(/\/110101$/);
    await expect(page.locator('.local-neighbours')).toContainText('Previous: None');
    await page.goto('/hongkong/tc/services/notices/120032/2/120402');
    await expect(page.locator('.local-neighbours')).toContainText('上一篇');
    await expect(page.locator('.local-neighbours a[rel="next"]')).toHaveAttribute('href', '/hongkong/tc/services/notices/120032/2/120403');
  });

  test('a redirect page really redirects, in a new tab when configured', async ({ page, context }) => {
    await page.goto('/shanghai/en/services/schedule/110035/9');
    await expect(page).toHaveURL('https://schedule.seabridgelines.com/');
    const popup = context.waitForEvent('page');
    await page.goto('/singapore/en/services/ebusiness/130034/9');
    expect((await popup).url()).toBe('https://eb.seabridgelines.com/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('e-Business Booking');
    // as a menu entry it goes straight out, in a new tab
    await expect(page.locator('.local-nav a[data-page-type="Redirect_Page"]').first()).toHaveAttribute('target', '_blank');
  });
});

test.describe('local: shell', () => {
  test("the top-bar search goes to this site's search and finds only its pages", async ({ page }) => {
    await page.goto('/shanghai/en/home');
    await acceptCookies(page);
    await page.locator('[data-local-search-toggle]').click();
    const box = page.locator('#local-search-input');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shanghai\/en\/home$/); // an empty keyword does nothing
    await box.fill('Yangshan');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/shanghai\/en\/search\?keyWords=Yangshan$/);
    expect(await page.evaluate(() => sessionStorage.getItem('searchScope'))).toBe('/shanghai/en');
    const results = page.locator('[data-search-results] li');
    // Pagefind loads its index on the first search: on a busy machine that alone can take seconds, so the wait is for the answer, not a guess of its time
    await expect(page.locator('[data-search-status]')).not.toBeEmpty({ timeout: 30_000 });
    await expect(results.first()).toBeVisible({ timeout: 30_000 });
    for (const href of await results.locator('h2 a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))) expect(href).toMatch(/^\/shanghai\/en\//);
    await expect(results.first().getByRole('link', { name: /View all/ })).toBeVisible();
    // the box on the page searches too; another site does not find Shanghai's pages
    await page.goto('/singapore/en/search');
    await page.locator('#local-search-keyword').fill('Yangshan');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.locator('[data-search-status]')).toContainText('Nothing on this site matches', { timeout: 30_000 });
  });

  test('Chinese search on a Chinese site', async ({ page }) => {
    await page.goto(`/shanghai/cn/search?keyWords=${encodeURIComponent('洋山')}`);
    // Pagefind loads its index and answers in the browser: seconds on a busy machine, as above
    await expect(page.locator('[data-search-results] li').first()).toBeVisible({ timeout: 30_000 });
    for (const href of await page.locator('[data-search-results] h2 a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname))) expect(href).toMatch(/^\/shanghai\/cn\//);
  });

  test('menus open on hover and by keyboard', async ({ page }) => {
    await page.goto('/hongkong/en/home');
    await acceptCookies(page);
    const button = page.locator('.local-nav .menu-button', { hasText: 'Services' });
    await button.hover();
    await expect(page.locator('#menu-120030')).toBeVisible();
    await page.mouse.move(5, 600);
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#menu-120030 a').first()).toBeFocused();
    // the pointer left within the hover-close delay (120 ms): the keyboard's menu must outlast it
    await page.waitForTimeout(300);
    await expect(page.locator('#menu-120030 a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-120030')).toBeHidden();
  });

  test('the QR panel opens on hover; external links and location change except on cosconit', async ({ page }) => {
    await page.goto('/hongkong/tc/home');
    await acceptCookies(page);
    await page.locator('.local-qr').hover();
    await expect(page.locator('#local-qr-panel img')).toHaveCount(3);
    await expect(page.locator('[data-local-platforms]')).toContainText('進博會專區');
    await expect(page.locator('[data-location-change]')).toBeVisible();
    await page.goto('/shanghai/en/home');
    await expect(page.locator('[data-local-platforms]')).toContainText('Import Expo');
    await page.goto('/cosconit/en/home');
    await expect(page.locator('[data-local-platforms]')).toHaveCount(0);
    await expect(page.locator('[data-location-change]')).toHaveCount(0);
    await expect(page.locator('h1.local-company')).not.toHaveClass(/decorated/);
    await expect(page.locator('[data-product-group]')).toHaveCount(4);
    await expect(page.locator('[data-product-group] a').first()).toHaveAttribute('target', '_blank');
    await page.goto('/shanghai/cn/home');
    await expect(page.locator('h1.local-company')).toHaveClass(/decorated/);
    await expect(page.locator('[data-product-group]')).toHaveCount(0);
  });

  test('home: navigation cards activate on hover, the first at first; important notices at most three a slide', async ({ page }) => {
    await page.goto('/shanghai/en/home');
    await acceptCookies(page);
    const cards = page.locator('[data-navcards] > li');
    await expect(cards.first()).toHaveClass(/is-active/);
    await cards.nth(2).hover();
    await expect(cards.nth(2)).toHaveClass(/is-active/);
    await expect(cards.first()).not.toHaveClass(/is-active/);
    const slides = page.locator('.local-notice-slide:not(.swiper-slide-duplicate)');
    for (const count of await slides.evaluateAll((s) => s.map((x) => Number((x as HTMLElement).dataset.count)))) expect(count).toBeLessThanOrEqual(3);
    await expect(page.locator('.local-banner .swiper-slide').first()).toBeVisible();
  });

  test('floating help: China mainland links out, listed overseas embeds, others are told it is not available', async ({ page }) => {
    await page.goto('/shanghai/cn/home');
    await acceptCookies(page);
    await page.locator('[aria-controls="local-float-chat"]').hover();
    const china = page.locator('[data-chat-mode="china"]');
    await expect(china).toBeVisible();
    await expect(china.getByRole('link')).toHaveAttribute('target', '_blank');

    await page.goto('/singapore/en/home');
    await page.locator('[aria-controls="local-float-chat"]').hover();
    await page.locator('[data-chat-embed]').click();
    await expect(page.locator('[data-chat-dialog] iframe')).toHaveAttribute('data-channel', 'website.singapore');

    await page.goto('/germany/en/home');
    await page.locator('[aria-controls="local-float-chat"]').hover();
    await expect(page.locator('[data-chat-mode="unavailable"]')).toHaveText(/not currently available in your region/);
    await expect(page.locator('[data-chat-mode="china"]')).toBeHidden();
    await expect(page.locator('[data-chat-mode="overseas"]')).toBeHidden();
    await expect(page.locator('[data-chat-mode="none"]')).toBeHidden();
  });

  test('floating help without a stored location shows no data', async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = () => undefined; // storage refused
    });
    await page.goto('/germany/en/home');
    await page.locator('[aria-controls="local-float-chat"]').hover();
    await expect(page.locator('[data-chat-mode="none"]')).toBeVisible();
  });

  test('the cookie policy has the spec text, its breadcrumb, and no cookie notice', async ({ page }) => {
    await page.goto('/shanghai/cn/cookiePolicy');
    await expect(page.locator('.breadcrumb')).toContainText('首页');
    await expect(page.locator('main')).toContainText('USD 10,000');
    await expect(page.locator('main')).toContainText('Shanghai');
    await expect(page.locator('[data-cookie-notice]')).toHaveCount(0);
    await page.goto('/germany/en/cookiePolicy');
    await expect(page.locator('.breadcrumb')).toContainText('Home');
  });

  test('a Hong Kong page shows the shared shell in traditional characters: skip link, carousel, cookie notice, site picker, subscription form', async ({ page }) => {
    await page.goto('/hongkong/tc/home');
    await expect(page.locator('.skip-link')).toHaveText('跳到主要內容');
    await expect(page.getByRole('region', { name: 'Cookie 提示' })).toContainText('我們使用 Cookie 保障網站正常運行');
    await expect(page.getByRole('button', { name: '接受' })).toBeVisible();
    await expect(page.locator('.local-banner').getByRole('button', { name: '下一張' })).toBeVisible();
    await page.getByRole('button', { name: '接受' }).click();
    await page.getByRole('button', { name: '區域網站' }).click();
    const picker = page.getByRole('dialog', { name: '選擇區域網站' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('tablist', { name: '區域' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/hongkong/tc/newsSubscribe');
    await expect(page.locator('.subscribe-page astro-island[ssr]')).toHaveCount(0);
    await expect(page.locator('.subscribe-page')).toContainText('驗證郵箱');
    await expect(page.locator('.subscribe-page')).not.toContainText('验证邮箱');
  });

  test('a customDefine URL is shown without the shell', async ({ page }) => {
    await page.goto('/shanghai/en/home?customDefine=1');
    await expect(page.locator('html')).toHaveClass(/embedded/);
    await expect(page.locator('.local-footer')).toBeHidden();
  });
});

test.describe('local: accessibility', () => {
  for (const url of ['/shanghai/cn/home', '/hongkong/en/home', '/shanghai/en/news/business/110022/2', '/hongkong/tc/services/charges/120031/7']) {
    test(`axe finds no serious or critical violation on ${url}`, async ({ page }) => {
      await page.goto(url);
      await acceptCookies(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
