import brand from '../../content/brand.json' with { type: 'json' };
import { codeOf, expect, test } from './fixtures';

const aboutPages = [
  ['/home/About/about/Profile', 'Company profile', '公司简介'],
  ['/home/About/about/Lead', 'Leadership', '管理团队'],
  ['/home/About/about/FactFigures', 'Key facts', '关键数据'],
  ['/home/About/history', 'History', '发展历程'],
  ['/home/About/honourAwards', 'Honours and awards', '荣誉奖项'],
  ['/home/About/socialResponsibility/publicWelfare', 'Public welfare', '公益事业'],
  ['/home/About/socialResponsibility/qualityEnviroment', 'Quality and environment', '质量与环境'],
  ['/home/About/socialResponsibility/sustainabilityReport', 'Sustainability reports', '可持续发展报告'],
  ['/home/About/socialResponsibility/complianceGuidelines', 'Compliance guidelines', '合规指引'],
] as const;

for (const [locale, lang] of [
  ['en', 'en-US'],
  ['zh', 'zh-CN'],
] as const) {
  test(`home renders in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('h1')).toContainText(brand.name[locale]);
    for (const figure of brand.keyFigures) await expect(page.locator('.figures')).toContainText(String(figure.value));
    await expect(page.locator('.hero .swiper-slide').first()).toBeVisible();
    await expect(page.locator('.quick-menu > li')).toHaveCount(4);
    await expect(page.locator('.posters .swiper-slide:not(.swiper-slide-duplicate)')).toHaveCount(5);
    // the Chinese-only marine data banner
    const meta = page.locator('.hero [data-track-click="META_OCEAN"]');
    if (locale === 'zh') await expect(meta.first()).toBeAttached();
    else await expect(meta).toHaveCount(0);
    await expect(page.locator('.news-list li').first()).toBeVisible();
    await expect(page.locator(`link[rel=alternate][hreflang=x-default]`)).toHaveAttribute('href', /\/en\/home$/);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/${locale}/home$`));
  });

  test(`About pages render in ${locale} with side menu and breadcrumb`, async ({ page }) => {
    for (const [path, en, zh] of aboutPages) {
      await page.goto(`/${locale}${path}`);
      const title = locale === 'en' ? en : zh;
      await expect(page.locator('h1'), path).toHaveText(title);
      const menu = page.locator('.side-menu');
      await expect(menu.locator('[aria-current=page]'), path).toHaveText(title);
      // the first child (the bare section path) is dropped from the side menu
      await expect(menu.locator(`a[href="/${locale}/home/About/about"]`)).toHaveCount(0);
      await expect(page.locator('.breadcrumb a').first()).toHaveAttribute('href', `/${locale}/home`);
    }
  });
}

test('About content: key facts years, accordions with one open, certificates and reports to download', async ({ page }) => {
  await page.goto('/en/home/About/about/FactFigures');
  for (const year of ['2024', '2023', '2022']) await expect(page.locator(`#facts-${year} table`).first()).toBeVisible();

  await page.goto('/en/home/About/history');
  const panels = page.locator('.accordion details');
  expect(await panels.count()).toBeGreaterThan(3);
  await expect(panels.first()).toHaveAttribute('open', '');
  await panels.nth(2).locator('summary').click();
  await expect(panels.nth(2)).toHaveAttribute('open', '');
  await expect(page.locator('.accordion details[open]')).toHaveCount(1);

  await page.goto('/zh/home/About/socialResponsibility/publicWelfare');
  await expect(page.locator('.welfare-group').nth(0).locator('img')).toHaveCount(6);
  await expect(page.locator('.welfare-group').nth(1).locator('img')).toHaveCount(4);

  await page.goto('/en/home/About/socialResponsibility/qualityEnviroment');
  await expect(page.locator('.certificates li')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Open the carbon calculator' })).toHaveAttribute('href', '/en/home/About/socialResponsibility/carbonCalculator');

  await page.goto('/en/home/About/socialResponsibility/sustainabilityReport');
  await expect(page.locator('.reports > li')).toHaveCount(4);
  // every document link answers a real PDF
  const links = await page.locator('a[download]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  expect(links.length).toBe(8);
  for (const href of links) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect((await response.body()).subarray(0, 5).toString(), href).toBe('%PDF-');
  }
});

test('in-section redirects keep the language and the query', async ({ page }) => {
  await page.goto('/zh/home/About/memorabilia?from=old');
  await expect(page).toHaveURL(/\/zh\/home\/About\/history\?from=old$/);
  await page.goto('/en/home/About/awards');
  await expect(page).toHaveURL(/\/en\/home\/About\/honourAwards$/);
  await page.goto('/en/home/About/about');
  await expect(page).toHaveURL(/\/en\/home\/About\/about\/Profile$/);
  await page.goto('/zh/home/About/socialResponsibility');
  await expect(page).toHaveURL(/\/zh\/home\/About\/socialResponsibility\/publicWelfare$/);
});

test('terms, sanctions, maintenance and error pages', async ({ page }) => {
  await page.goto('/zh/home/item');
  await expect(page.locator('h1')).toHaveText('使用条款与隐私政策');
  await expect(page.locator('article')).toContainText('20000美元');
  await expect(page.locator('#cookies')).toBeAttached();
  await page.goto('/en/home/item');
  await expect(page.locator('article')).toContainText('Shanghai Maritime Court');
  await expect(page.locator('article')).toContainText('USD 20,000');

  await page.goto('/en/home/About/socialResponsibility/sanctionsCompliance');
  await expect(page.locator('a[download]')).toHaveCount(1);

  await page.goto('/en/home/error/defend');
  await expect(page.locator('main')).toContainText('December 6, 2026 at 01:00 (UTC+8)');
  await expect(page.locator('main')).not.toContainText('2017');

  for (const path of ['/en/404', '/en/error/error', '/zh/home/error/error', '/en/error/notFound']) {
    await page.goto(path);
    await expect(page.locator('main .button').first(), path).toHaveAttribute('href', /\/(en|zh)\/home$/);
    await expect(page.locator(`main a[href$="/home/Message/leaveMessage"]`), path).toBeVisible();
  }
  // an unknown URL answers 404 with a page in both languages
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.locator('[lang=zh-CN] h2')).toHaveText('页面不存在');
});

test('the sitemap lists both languages with alternates', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('/en/home/About/history</loc>');
  expect(xml).toContain('/zh/home/About/history</loc>');
  expect(xml).toContain('hreflang="x-default"');
  expect(xml).not.toContain('/error/');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
});

test('content pages ship no JavaScript framework', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/en/home/About/about/Profile');
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  for (const body of bodies) {
    expect(codeOf(body)).not.toMatch(/react-dom|__reactContainer|swiper-wrapper/);
  }
});

test('pages load without console errors or content-security-policy violations', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of ['/en/home', '/zh/home', '/zh/home/About/history', '/en/home/item', '/en/home/error/defend']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});
