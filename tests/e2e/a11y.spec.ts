import { acceptCookies, axeBuilder, expect, seriousAxeViolations, test } from './fixtures';

const pages = [
  '/home',
  '/home/About/about/Profile',
  '/home/About/about/Lead',
  '/home/About/about/FactFigures',
  '/home/About/history',
  '/home/About/socialResponsibility/qualityEnviroment',
  '/home/About/socialResponsibility/sustainabilityReport',
  '/home/About/socialResponsibility/carbonCalculator',
  '/home/item',
  '/home/Services/Standardization',
  '/home/Services/transport',
  '/home/Services/ontime',
  '/home/Services/fruit',
  '/home/Services/cargo',
  '/home/Services/movehouse',
  '/home/Services/lcl',
  '/home/Services/equipment',
  '/home/Services/portInformation',
  '/home/HelpCenter/business/ClaimForContainerTotalLoss',
  '/home/HelpCenter/business/RegulationsOnContainerStuffingOperation',
  '/home/Services/ship/0',
  '/home/Services/containers/1',
  '/home/Services/route/11',
  '/home/Services/route/12/AEX1',
  '/home/Message/leaveMessage',
  '/home/Recruiting/recruiting',
  '/home/Recruiting/detail/recruitDetail/stowage-planner',
  '/home/Recruiting/recruiting/resume',
  '/home/News/news/50000000000000233',
  '/home/News/detail/n2025-1118-a0c1/50000000000000234',
  '/home/Contact/global/asia',
  '/home/Contact/global/countryList/countryList/asia/china',
  '/home/Contact/global/countryList/more/america/united-states/long-beach/USLGB01',
  '/home/accessibility',
  '/home/list',
  '/home/News/newsSubscribe',
  '/home/HelpCenter/questions/1',
  '/home/HelpCenter/business/ServiceSchedule',
  '/home/HelpCenter/business/Downloads',
  '/home/HelpCenter/business/EuInlandTariff',
  '/home/HelpCenter/termsAndConditions/BillConditions',
  '/home/SCL/railTransport',
  '/error/notFound',
];

for (const locale of ['en', 'zh']) {
  for (const path of pages) {
    test(`axe finds no serious or critical violation on /${locale}${path}`, async ({ keptPage: page }) => {
      await page.goto(`/${locale}${path}`);
      await acceptCookies(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
}

// the regional local sites, each page kind in two languages (spec 002 language codes)
const localPages = [
  '/shanghai/cn/home',
  '/shanghai/en/home',
  '/hongkong/tc/home',
  '/cosconit/en/home',
  '/shanghai/en/news/business/110022/2',
  '/shanghai/cn/news/business/110022/2',
  '/hongkong/tc/about/profile/120011/6',
  '/hongkong/en/about/profile/120011/6',
  '/singapore/en/services/charges/130031/7',
  '/germany/en/news/newsletter/140023/3',
  '/germany/en/services/downloads/140033/5',
  '/shanghai/cn/about/network/110012/1',
  '/singapore/en/search',
  '/shanghai/cn/newsSubscribe',
  '/hongkong/tc/cookiePolicy',
];
for (const path of localPages) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ keptPage: page }) => {
    await page.goto(path);
    await acceptCookies(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('axe is also clean with a menu and the cookie notice open', async ({ page }) => {
  await page.goto('/zh/home');
  await page.getByRole('button', { name: '服务', exact: true }).click();
  const results = await axeBuilder(page).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
