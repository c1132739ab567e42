import brand from '../../content/brand.json' with { type: 'json' };
import navigation from '../../content/navigation.json' with { type: 'json' };
import footersEn from '../../content/services/footers/en.json' with { type: 'json' };
import footersZh from '../../content/services/footers/zh.json' with { type: 'json' };
import cargo from '../../content/services/pages/cargo.json' with { type: 'json' };
import equipment from '../../content/services/pages/equipment.json' with { type: 'json' };
import fruit from '../../content/services/pages/fruit.json' with { type: 'json' };
import lcl from '../../content/services/pages/lcl.json' with { type: 'json' };
import loss from '../../content/services/pages/container-loss.json' with { type: 'json' };
import movehouse from '../../content/services/pages/movehouse.json' with { type: 'json' };
import ontime from '../../content/services/pages/ontime.json' with { type: 'json' };
import port from '../../content/services/pages/port-information.json' with { type: 'json' };
import standardization from '../../content/services/pages/standardization.json' with { type: 'json' };
import transport from '../../content/services/pages/transport.json' with { type: 'json' };
import { acceptCookies, codeOf, expect, test, seriousAxeViolations } from './fixtures';

type Locale = 'en' | 'zh';
type Text = Record<Locale, string>;
const footers: Record<Locale, Record<string, { main: string; show: boolean }[]>> = { en: footersEn, zh: footersZh };

/** Every service page: path, heading, footer key, and the ids of the sections it must show. */
const pages: { path: string; title: Text; footer?: string; sections: string[] }[] = [
  { path: '/home/Services/Standardization', title: standardization.banner.title, footer: 'standardization', sections: standardization.lists.map((l) => l.id) },
  { path: '/home/Services/transport', title: transport.banner.title, footer: 'standardization', sections: transport.lists.map((l) => l.id) },
  { path: '/home/Services/ontime', title: ontime.title, footer: 'ontime', sections: ontime.sections.map((s) => s.id) },
  { path: '/home/Services/fruit', title: fruit.banner.title, footer: 'fruit', sections: fruit.sections.map((s) => s.id) },
  { path: '/home/Services/cargo', title: cargo.banner.title, footer: 'cargo', sections: cargo.blocks.map((s) => s.id) },
  { path: '/home/Services/movehouse', title: movehouse.banner.title, footer: 'movehouse', sections: movehouse.sections.map((s) => s.id) },
  { path: '/home/Services/lcl', title: lcl.banner.title, footer: 'lcl', sections: [...lcl.sections.map((s) => s.id), 'contacts'] },
  { path: '/home/Services/equipment', title: equipment.banner.title, footer: 'equipment', sections: equipment.sections.map((s) => s.section.id) },
  { path: '/home/Services/portInformation', title: port.banner.title, sections: ['features-title', 'app-title'] },
];

for (const locale of ['en', 'zh'] as const) {
  test(`service pages render their heading, sections and footer block in ${locale}`, async ({ page }) => {
    for (const p of pages) {
      const response = await page.goto(`/${locale}${p.path}`);
      expect(response?.status(), p.path).toBe(200);
      await expect(page.locator('h1'), p.path).toHaveText(p.title[locale]);
      await expect(page.locator('.breadcrumb a').first()).toHaveAttribute('href', `/${locale}/home`);
      for (const id of p.sections) await expect(page.locator(`[id="${id}"]`), `${p.path} #${id}`).toBeVisible();
      const entries = (p.footer ? (footers[locale][p.footer] ?? []) : []).filter((e) => e.show);
      const block = page.locator('[data-service-footer]');
      await expect(block, `${p.path} footer block`).toHaveCount(entries.length);
      if (entries.length) {
        await expect(block.first().locator('h2')).toHaveText(entries[0].main);
        await expect(block.first().locator('a')).toHaveCount(2);
      }
      // the menu of service products marks this page
      await expect(page.locator('.svc-more [aria-current=page]'), p.path).toHaveCount(1);
    }
  });

  test(`the consultation dialog works with the keyboard in ${locale}`, async ({ page }) => {
    for (const [path, content] of [
      ['/home/Services/fruit', fruit],
      ['/home/Services/cargo', cargo],
    ] as const) {
      await page.goto(`/${locale}${path}`);
      await acceptCookies(page);
      const button = page.locator('.svc-banner [data-consult-open]');
      const dialog = page.getByRole('dialog', { name: content.consultation.title[locale] });
      await expect(dialog).toBeHidden();
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expect(dialog).toContainText(content.consultation.desks[0].persons[0].email);
      await expect(dialog.locator(`a[href="/${locale}/home/Message/leaveMessage"]`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();

      // the close button closes it too, and the call-to-action button opens the same dialog
      const cta = page.locator('.svc-cta [data-consult-open]');
      await cta.click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: locale === 'en' ? 'Close' : '关闭' }).click();
      await expect(dialog).toBeHidden();
      await expect(cta).toBeFocused();
    }
  });

  test(`the total-loss compensation table shows the spec's figures in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/HelpCenter/business/ClaimForContainerTotalLoss`);
    await expect(page.locator('h1')).toHaveText(loss.title[locale]);
    const rows = page.locator('.svc-price-table tbody tr');
    await expect(rows).toHaveCount(10);
    const expected = [
      ['20 GP', '3,600'],
      ['40 GP', '5,760'],
      ['40 HQ', '6,120'],
      ['45 HQ', '6,900'],
      ['20 RF', '24,000'],
      ['40 RQ', '30,000'],
      ['20 FL', '6,900'],
      ['40 FL', '10,500'],
      ['20 OT', '4,500'],
      ['40 OT', '7,500'],
    ];
    for (const [index, [size, money]] of expected.entries()) {
      await expect(rows.nth(index).locator('th')).toHaveText(size);
      await expect(rows.nth(index).locator('td').last()).toHaveText(money);
    }
    await expect(page.locator('.svc-price-table caption')).toContainText(locale === 'en' ? 'USD' : '美元');
    await expect(page.locator('#claim ol li')).toHaveCount(loss.sections.find((s) => s.id === 'claim')!.bullets!.en.length);
  });

  test(`the stuffing regulations show the guide's figures in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}/home/HelpCenter/business/RegulationsOnContainerStuffingOperation`);
    await expect(page.locator('h1')).toHaveText(locale === 'en' ? 'Regulations on container stuffing operations' : '集装箱装箱作业规范');
    const article = page.locator('article');
    const figures = locale === 'en' ? ['2.5 tonnes', '60%', '3 tonnes', '20 mm', '100 mm', '380/440 V'] : ['2.5吨', '60%', '3吨', '20毫米', '100毫米', '380/440伏'];
    for (const figure of figures) await expect(article).toContainText(figure);
    // the side menu lists the seven chapters and its links reach them
    const links = page.locator('.side-menu a');
    await expect(links).toHaveCount(7);
    const href = await links.nth(2).getAttribute('href');
    await expect(page.locator(`[id="${decodeURIComponent(href!.slice(1))}"]`)).toBeVisible();
  });
}

test('axe finds no serious or critical violation with the consultation dialog open', async ({ page }) => {
  await page.goto('/zh/home/Services/cargo');
  await acceptCookies(page);
  await page.locator('.svc-banner [data-consult-open]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('the standardized-service page lists every promise, the quality policy and the platform links from brand.json', async ({ page }) => {
  await page.goto('/en/home/Services/Standardization');
  await expect(page.locator('[data-promise]')).toHaveCount(12);
  await expect(page.locator('[data-promise="schedule-reliability"]')).toContainText('at least 95%');
  await expect(page.locator('[data-promise="transshipment"]')).toContainText('14 days');
  await expect(page.locator('.svc-highlights h2')).toHaveText('Service quality policy');
  await expect(page.locator('.svc-highlights h3')).toHaveText(['Convenience', 'Honesty', 'Harmony', 'Excellence']);
  await expect(page.locator('[data-brand-link=goods]')).toHaveAttribute('href', brand.links.goods);
  await expect(page.locator('[data-brand-link=goodsDetail]')).toHaveAttribute('href', brand.links.goodsDetail);
  await expect(page.locator('[data-brand-link=eBusiness]')).toHaveAttribute('href', brand.platforms.find((p) => p.id === 'EB')!.href);

  await page.goto('/zh/home/Services/Standardization');
  await expect(page.locator('.svc-highlights h3')).toHaveText(['便捷', '诚信', '和谐', '卓越']);
  await expect(page.locator('[data-promise="counter-service"]')).toContainText('15分钟');
});

test('the port-information page draws a QR code for each app store and links to the goods sites', async ({ page }) => {
  await page.goto('/en/home/Services/portInformation');
  await expect(page.locator('.svc-facts li')).toHaveCount(4);
  await expect(page.locator('.svc-features li')).toHaveCount(8);
  const codes = page.locator('svg.svc-qr');
  await expect(codes).toHaveCount(2);
  await expect(codes.nth(0)).toHaveAttribute('data-qr-value', port.app.stores[0].url);
  await expect(codes.nth(1)).toHaveAttribute('data-qr-value', port.app.stores[1].url);
  await expect(page.getByRole('img', { name: 'QR code to download the app for Android' })).toBeVisible();
  await expect(page.locator('.svc-app [data-brand-link]')).toHaveCount(2);
  await expect(page.locator('.svc-app [data-brand-link=goods]')).toHaveAttribute('href', brand.links.goods);
  await expect(page.locator('.svc-app [data-brand-link=goodsDetail]')).toHaveAttribute('href', brand.links.goodsDetail);
});

test('the main navigation and the services menu reach every service page', async ({ page, request }) => {
  const services = navigation.main.find((m) => m.id === 'services')!;
  const hrefs = new Set<string>([
    ...services.groups.flatMap((g) => g.links.map((l) => l.href)).filter((h) => /^\/home\/Services\/[A-Za-z]+$/.test(h)),
    ...navigation.sections.services.children.map((c) => c.href),
  ]);
  expect(hrefs.size).toBe(10); // the nine service pages and the sailing schedule search (/home/Services/schedules)
  for (const href of hrefs) {
    for (const locale of ['en', 'zh']) expect((await request.get(`/${locale}${href}`)).status(), href).toBe(200);
  }
  await page.goto('/en/home/Services/lcl');
  await page.locator('.svc-more').getByRole('link', { name: 'Port information' }).click();
  await expect(page).toHaveURL(/\/en\/home\/Services\/portInformation$/);
});

test('service pages ship no JavaScript framework and load without console or CSP errors', async ({ page }) => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => r.request().resourceType() === 'script' && scripts.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of [...pages.map((p) => p.path), '/home/HelpCenter/business/ClaimForContainerTotalLoss', '/home/HelpCenter/business/RegulationsOnContainerStuffingOperation']) {
    await page.goto(`/zh${path}`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island, [data-reactroot]').count(), path).toBe(0);
  }
  const bodies = await Promise.all([...new Set(scripts)].map(async (url) => (await page.request.get(url)).text()));
  for (const body of bodies) expect(codeOf(body)).not.toMatch(/react-dom|__reactContainer|createRoot\(/);
  expect(errors).toEqual([]);
});
