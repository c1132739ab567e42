import { readdirSync, readFileSync } from 'node:fs';
import directionsFile from '../../content/routes/directions.json' with { type: 'json' };
import portsFile from '../../content/routes/ports.json' with { type: 'json' };
import { acceptCookies, expect, test } from './fixtures';

interface TradeFile {
  direction: number;
  groups: { id: string; name: { en: string; zh: string }; services: { code: string; trade: string; calls: { port: string }[]; export: { pols: number[] } }[] }[];
}
const trades: TradeFile[] = readdirSync('content/routes/trades').map((f) => JSON.parse(readFileSync(`content/routes/trades/${f}`, 'utf8')));
const tab11 = trades.find((t) => t.direction === 11)!;
const group = tab11.groups[0];
const service = group.services[0];
const order = [11, 12, 13, 17, 14, 15, 18, 16];
const portName = (locode: string, locale: 'en' | 'zh') => portsFile.ports.find((p) => p.locode === locode)!.name[locale];

for (const locale of ['en', 'zh'] as const) {
  const base = `/${locale}/home/Services/route`;

  test(`route finder: choose a group and a service and see its detail (${locale})`, async ({ page }) => {
    await page.goto(`${base}/11`);
    await acceptCookies(page);
    const tabs = page.locator('.route-tabs a');
    await expect(tabs).toHaveText(order.map((id) => directionsFile.directions.find((d) => d.id === id)!.name[locale]));
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    const groupSelect = page.locator('#route-group');
    const serviceSelect = page.locator('#route-service');
    await expect(serviceSelect.locator('option')).toHaveCount(1);
    await groupSelect.selectOption(group.id);
    await expect(serviceSelect.locator('option')).toHaveCount(group.services.length + 1);
    await serviceSelect.selectOption(service.code);
    await page.locator('.route-finder button[type=submit]').click();
    await expect(page).toHaveURL(new RegExp(`${base}/11/${service.code}$`));

    await expect(groupSelect).toHaveValue(group.id);
    await expect(serviceSelect).toHaveValue(service.code);
    const map = page.locator('.route-map img');
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('#ports tbody tr')).toHaveCount(service.calls.length);
    await expect(page.locator('#ports tbody tr').first()).toContainText(portName(service.calls[0].port, locale));
    await expect(page.locator('#advantages h3').first()).toHaveCSS('font-weight', '700');

    // first POL of each direction selected; another POL shows its PODs
    const exportLoop = page.locator('#export [data-loop]');
    const polTabs = exportLoop.getByRole('tab');
    await expect(polTabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(exportLoop.getByRole('tabpanel')).toHaveCount(1);
    await expect(exportLoop.getByRole('tabpanel')).toContainText(locale === 'en' ? 'From' : '出发');
    if (service.export.pols.length > 1) {
      await polTabs.nth(1).click();
      await expect(polTabs.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(exportLoop.getByRole('tabpanel')).toContainText(portName(service.calls[service.export.pols[1]].port, locale));
      await polTabs.nth(1).press('ArrowLeft');
      await expect(polTabs.first()).toBeFocused();
      await expect(polTabs.first()).toHaveAttribute('aria-selected', 'true');
    }
    await expect(page.locator('#import [role=tab][aria-selected=true]')).toHaveCount(1);
    await expect(page.locator('.route-links a').first()).toHaveAttribute('href', `/${locale}/home/HelpCenter/business/ServiceSchedule?trade=${encodeURIComponent(service.trade)}&code=${service.code}`);
  });

  test(`route finder: query preselects, tab change clears, search asks for a service (${locale})`, async ({ page }) => {
    await page.goto(`${base}/11?group=${group.id}`);
    await expect(page.locator('#route-group')).toHaveValue(group.id);
    await expect(page.locator('#route-service option')).toHaveCount(group.services.length + 1);
    await page.locator('.route-finder button[type=submit]').click();
    await expect(page.locator('.finder-message')).toBeVisible();
    await expect(page.locator('#route-service')).toBeFocused();

    await page.goto(`${base}/11?group=${group.id}&code=${service.code}`);
    await expect(page).toHaveURL(new RegExp(`${base}/11/${service.code}$`));
    await expect(page.locator('#route-service')).toHaveValue(service.code);

    // changing tab clears group, service and code
    await page.locator('.route-tabs a').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${base}/12$`));
    await expect(page.locator('#route-group')).toHaveValue('');
    await expect(page.locator('#route-service option')).toHaveCount(1);
    await expect(page.locator('.service-detail')).toHaveCount(0);

    await page.goto(`${base}/11?code=NOPE`);
    await expect(page.locator('.finder-message')).toContainText('NOPE');
  });

  test(`route navigation only for direction ids 11 to 16 (${locale})`, async ({ page }) => {
    await page.goto(`${base}/11?directionId=13`);
    await expect(page).toHaveURL(new RegExp(`${base}/13$`));
    for (const id of ['17', '99', 'abc']) {
      await page.goto(`${base}/11?directionId=${id}`);
      await expect(page).toHaveURL(new RegExp(`${base}/11\\?directionId=${id}$`));
      await expect(page.locator('.finder-message')).toBeVisible();
      await expect(page.locator('.finder-message')).toContainText(id);
      await expect(page.locator('h1')).toBeVisible();
    }
  });
}

test('the detail menu sticks from scroll position 1300', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/en/home/Services/route/11/${service.code}`);
  const menu = page.locator('.detail-nav');
  await expect(menu).not.toHaveClass(/is-fixed/);
  const portsTop = () => page.evaluate(() => document.getElementById('ports')!.getBoundingClientRect().top + window.scrollY);
  const before = await portsTop();
  await page.evaluate(() => window.scrollTo({ top: 1400, behavior: 'instant' }));
  await expect(menu).toHaveClass(/is-fixed/);
  // the page does not jump when the menu leaves the flow
  expect(await portsTop()).toBe(before);
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
  await expect(menu).not.toHaveClass(/is-fixed/);
});

test('every service has its own pre-rendered page in both languages', async ({ request }) => {
  for (const trade of trades)
    for (const g of trade.groups)
      for (const s of g.services)
        for (const locale of ['en', 'zh']) {
          const response = await request.get(`/${locale}/home/Services/route/${trade.direction}/${s.code}`);
          expect(response.status(), `${locale} ${s.code}`).toBe(200);
          expect(await response.text()).toContain(`/maps/routes/${locale}/${s.code}.svg`);
        }
});
