import { readFileSync } from 'node:fs';
import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/**
 * The help centre in both languages: FAQ search with its own history, the service
 * schedule search (warnings, files, a real .xlsx download), the Downloads page's
 * popular list read from the real counters, the EU tariffs, the terms pages, and
 * the help-centre menu by keyboard.
 */
interface FaqFile {
  types: { id: string; name: { en: string; zh: string }; entries: { id: string; question: { en: string; zh: string } }[] }[];
}
const faq: FaqFile = JSON.parse(readFileSync('content/help/faq.json', 'utf8'));
const downloads: { files: { id: string; name: { en: string; zh: string } }[] } = JSON.parse(readFileSync('content/help/downloads.json', 'utf8'));

const text = {
  en: {
    empty: 'Please enter a keyword.',
    results: (k: string, n: number) => `${n} ${n === 1 ? 'result' : 'results'} for "${k}"`,
    noResult: (k: string) => `There is no results for "${k}", please change the keywords to search.`,
    back: 'Back to all questions',
    keyword: 'vgm',
    keywordHits: 2,
    typed: 'v',
    miss: 'zebra',
    noService: 'Please choose a service before searching.',
    noFiles: /^No schedule found for this route, please contact customer service/,
    search: 'Search',
    download: 'Download',
  },
  zh: {
    empty: '请输入关键词。',
    results: (k: string, n: number) => `“${k}”的搜索结果：共 ${n} 条`,
    noResult: (k: string) => `没有找到与“${k}”相关的结果，请更换关键词搜索。`,
    back: '返回全部问题',
    keyword: '锂电池',
    keywordHits: 1,
    typed: '锂',
    miss: '斑马',
    noService: '请先选择航线再查询。',
    noFiles: /^未找到该航线的船期表，请联系客服/,
    search: '查询',
    download: '下载',
  },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const s = text[locale];
  const help = `/${locale}/home/HelpCenter`;

  test(`FAQ: the bare path opens the first type; search, no result, back, and the search history (${locale})`, async ({ page }) => {
    await page.goto(`${help}/questions`);
    await expect(page).toHaveURL(new RegExp(`${help}/questions/${faq.types[0].id}$`));
    await acceptCookies(page);
    // the side list names every type; the current one is marked
    const typeLinks = page.locator('.help-nav a[href*="/questions/"]');
    await expect(typeLinks).toHaveText(faq.types.map((t) => t.name[locale]));
    await expect(page.locator('.help-nav [aria-current=page]')).toHaveText(faq.types[0].name[locale]);

    const type = locale === 'en' ? faq.types[0] : faq.types.find((t) => t.entries.some((e) => e.id === 'lithium-batteries'))!;
    await page.goto(`${help}/questions/${type.id}`);
    await expect(page.locator('h1')).toHaveText(type.name[locale]);
    const entries = page.locator('[data-faq-entry]');
    await expect(entries).toHaveCount(type.entries.length);
    for (const e of type.entries) await expect(page.locator(`#faq-${e.id} h3`)).toHaveText(e.question[locale]);

    const input = page.getByRole('combobox');
    const status = page.locator('[data-faq-results]');
    // an empty keyword does not search
    await page.locator('.faq-search button[type=submit]').click();
    await expect(page.locator('[data-faq-message]')).toHaveText(s.empty);
    await expect(status).toBeHidden();
    await expect(entries.locator('visible=true')).toHaveCount(type.entries.length);

    await input.fill(s.keyword);
    await input.press('Enter');
    await expect(status).toHaveText(s.results(s.keyword, s.keywordHits));
    await expect(entries.locator('visible=true')).toHaveCount(s.keywordHits);
    await expect(page).toHaveURL(new RegExp(`\\?key=${encodeURIComponent(s.keyword)}$`));

    await input.fill(s.miss);
    await input.press('Enter');
    await expect(status).toHaveText(s.noResult(s.miss));
    await expect(entries.locator('visible=true')).toHaveCount(0);

    // the back action restores the full list
    await page.getByRole('button', { name: s.back }).click();
    await expect(status).toBeHidden();
    await expect(entries.locator('visible=true')).toHaveCount(type.entries.length);
    await expect(input).toBeFocused();

    // the history is offered while typing, chosen by keyboard, and hidden on empty input and after a choice
    const options = page.locator('#faq-history [role=option]');
    await input.pressSequentially(s.typed);
    await expect(options).toHaveText([s.keyword]);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await input.fill('');
    await input.dispatchEvent('input');
    await expect(page.locator('#faq-history')).toBeHidden();
    await input.pressSequentially(s.typed);
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page.locator('#faq-history')).toBeHidden();
    await expect(input).toHaveValue(s.keyword);
    await expect(status).toHaveText(s.results(s.keyword, s.keywordHits));

    // its own storage key, newest first, each keyword once
    const stored = await page.evaluate(() => [localStorage.getItem('faqSearchHistory'), localStorage.getItem('globalOfficeSearchHistory')]);
    expect(JSON.parse(stored[0]!)).toEqual([s.miss, s.keyword]);
    expect(stored[1]).toBeNull();

    // the browser's Back also goes back to the full list
    await page.goBack();
    await expect(status).toBeHidden();
    await expect(entries.locator('visible=true')).toHaveCount(type.entries.length);
  });

  test(`service schedules: warnings, the files of a service, a real .xlsx download (${locale})`, async ({ page }) => {
    await page.goto(`${help}/business/ServiceSchedule`);
    await acceptCookies(page);
    const message = page.locator('[data-schedule-message]');
    const trade = page.locator('select[data-trade]');
    const service = page.locator('select[data-service]');
    await expect(service).toBeDisabled();
    // searching before a service is chosen warns
    await page.getByRole('button', { name: s.search }).click();
    await expect(message).toHaveText(s.noService);
    await trade.selectOption('Intra-Asia');
    await expect(service).toBeEnabled();
    await page.getByRole('button', { name: s.search }).click();
    await expect(message).toHaveText(s.noService);
    // a service without files warns too
    await service.selectOption('BBX');
    await page.getByRole('button', { name: s.search }).click();
    await expect(message).toHaveText(s.noFiles);
    await expect(page.locator('[data-schedule-results]')).toBeHidden();

    await service.selectOption('CTV');
    await page.getByRole('button', { name: s.search }).click();
    await expect(message).toBeHidden();
    const links = page.locator('[data-schedule-files] a');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toHaveAttribute('href', '/homeapiak/schedule/downloads?scheduleUuid=ctv-long-term');
    await expect(page).toHaveURL(/\?trade=Intra-Asia&code=CTV$/);

    const [download] = await Promise.all([page.waitForEvent('download'), links.first().click()]);
    expect(download.suggestedFilename()).toBe('ctv-long-term.xlsx');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);

    // the route pages' link preselects both and searches
    await page.goto(`${help}/business/ServiceSchedule?trade=Trans-Pacific&code=PSX`);
    await expect(trade).toHaveValue('Trans-Pacific');
    await expect(service).toHaveValue('PSX');
    await expect(links).toHaveCount(2);
    await expect(page.locator('[data-schedule-route]')).toHaveAttribute('href', `/${locale}/home/Services/route/11/PSX`);
  });

  test(`downloads: the popular list comes from the real counters; the tariffs and terms pages offer their PDFs (${locale})`, async ({ page, request }) => {
    await page.goto(`${help}/business/Downloads`);
    await acceptCookies(page);
    const popular = page.locator('[data-popular]');
    await expect(popular).toHaveAttribute('data-loaded', 'true');
    await expect(popular.locator('li')).toHaveCount(5);
    // download a document that is not in the first five of the page order, twice
    const file = downloads.files[locale === 'en' ? 8 : 9];
    for (let i = 0; i < 2; i++) {
      const response = await request.get(`/homeapiak/webUpload/multipleDownloads?fileType=pdf&fileStatisticsUuid=${file.id}&language=${locale === 'en' ? 1 : 0}`, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    const [pdf] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/files/downloads/${file.id}-${locale}.pdf`)), page.locator(`[data-download="${file.id}"] a`).click()]);
    expect(pdf.headers()['content-type']).toContain('pdf');
    await page.goto(`${help}/business/Downloads`);
    await expect(popular).toHaveAttribute('data-loaded', 'true');
    const entry = popular.locator(`li[data-file="${file.id}"]`);
    await expect(entry.locator('a')).toHaveText(file.name[locale]);
    await expect(entry.locator('.count')).toHaveText(locale === 'en' ? /^\d+ downloads$/ : /^下载 \d+ 次$/);

    await page.goto(`${help}/business/EuInlandTariff`);
    const rows = page.locator('.tariff-table tbody tr');
    await expect(rows).toHaveCount(6);
    const tariff = await request.get((await rows.first().locator('a').getAttribute('href'))!);
    expect(tariff.status()).toBe(200);
    expect(tariff.headers()['content-type']).toContain('pdf');

    await page.goto(`${help}/termsAndConditions`);
    await expect(page).toHaveURL(new RegExp(`${help}/termsAndConditions/BillConditions$`));
    await expect(page.locator('.terms-contents li')).toHaveCount(14);
    const blPdf = await request.get((await page.locator('.terms-documents a').first().getAttribute('href'))!);
    expect(blPdf.status()).toBe(200);
    await page
      .locator('.help-nav')
      .getByRole('link', { name: locale === 'en' ? 'Compliance terms' : '合规条款' })
      .click();
    await expect(page).toHaveURL(new RegExp(`${help}/termsAndConditions/ComplianceTerms$`));
    await expect(page.locator('.terms-documents a')).toHaveCount(2);
  });
}

test('the help-centre menu is on every business page and works by keyboard', async ({ page }) => {
  await page.goto('/en/home/HelpCenter/business');
  await expect(page).toHaveURL(/\/en\/home\/HelpCenter\/business\/ClaimForContainerTotalLoss$/);
  await acceptCookies(page);
  for (const slug of ['ClaimForContainerTotalLoss', 'RegulationsOnContainerStuffingOperation', 'ServiceSchedule', 'EuInlandTariff', 'Downloads']) {
    await page.goto(`/en/home/HelpCenter/business/${slug}`);
    await expect(page.locator('.help-nav a[href*="/business/"]')).toHaveCount(5);
    await expect(page.locator('.help-nav [aria-current=page]')).toHaveAttribute('href', `/en/home/HelpCenter/business/${slug}`);
  }
  // Tab from the breadcrumb into the menu, to the schedules link, and follow it with Enter
  await page.locator('.breadcrumb a').last().focus();
  const target = page.locator('.help-nav a[href$="/business/ServiceSchedule"]');
  for (let i = 0; i < 30 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/business\/ServiceSchedule$/);
});

for (const path of [
  '/zh/home/HelpCenter/questions/1',
  '/en/home/HelpCenter/business/ServiceSchedule?trade=Asia-Europe&code=AEX1',
  '/zh/home/HelpCenter/business/Downloads',
  '/en/home/HelpCenter/business/EuInlandTariff',
  '/zh/home/HelpCenter/termsAndConditions/BillConditions',
]) {
  test(`${path} ships no framework and axe finds no serious or critical violation`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(path);
    await acceptCookies(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('astro-island').count(), path).toBe(0);
    expect((await seriousAxeViolations(page)).map((v) => `${path}: ${v}`)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
