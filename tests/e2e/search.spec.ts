import { readdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { bundlePageIds } from '../../src/search/news-index';
import { acceptCookies, expect, test, seriousAxeViolations } from './fixtures';

/**
 * The site search (/home/list) over the static Pagefind index of the build: words
 * of both languages found in the right language, tab counts, FAQ entries as
 * results, Load more, the URL and Back, an empty keyword.
 */

interface Story {
  newsUuid: string;
  title: string;
  body: string;
}
const stories = (locale: 'en' | 'zh'): Story[] => readdirSync(`content/news/${locale}`).map((f) => JSON.parse(readFileSync(`content/news/${locale}/${f}`, 'utf8')) as Story);
const text = (html: string) => html.replace(/<[^>]+>/g, '');

const hits = (page: Page) => page.locator('.search-hit');
const status = (page: Page) => page.locator('[data-search-status]');
const tab = (page: Page, name: 'all' | 'news' | 'faq') => page.locator(`#site-search-tab-${name}`);
const tabCount = async (t: Locator) => Number((await t.locator('[data-count]').textContent())!.replace(/\D/g, ''));
/** Waits for a search to finish (the panel is no longer busy and says something). */
/** Pagefind has answered in the browser: its index loaded and searched, seconds on a busy machine. */
const settled = async (page: Page) => {
  await expect(page.locator('[data-search-panel]')).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(status(page)).not.toHaveText('', { timeout: 30_000 });
};
const showAll = async (page: Page) => {
  const more = page.locator('[data-search-more]');
  while (await more.isVisible()) {
    const before = await hits(page).count();
    await more.click();
    await expect.poll(() => hits(page).count()).toBeGreaterThan(before);
  }
};

test.describe('site search', () => {
  test('an English word is found in the English pages only', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/cosNewss/') && apiCalls.push(r.url()));
    const word = 'Jeddah';
    const expected = stories('en').filter((s) => text(s.body).includes(word) || s.title.includes(word));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await page.goto(`/en/home/list?keyword=${word}`);
    await settled(page);
    await expect(page.locator('[data-search-input]')).toHaveValue(word);
    await showAll(page); // news, FAQ and pages (routes, offices) all match
    const titles = await hits(page).locator('h3').allTextContents();
    for (const s of expected) expect(titles).toContain(s.title);
    for (const href of await hits(page)
      .locator('h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/en\//);
    await expect(status(page)).toHaveText(`${await hits(page).count()} results for “${word}”`);
    // the same word on the Chinese page: no Chinese story has it (only the Latin address of the Jeddah office does), and nothing English is shown
    await page.goto(`/zh/home/list?keyword=${word}`);
    await settled(page);
    expect(await tabCount(tab(page, 'news'))).toBe(0);
    for (const href of await hits(page)
      .locator('h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/zh\/home\/Contact\//);
    // words no page has say so, in the page's language
    await page.goto(`/zh/home/list?keyword=${encodeURIComponent('龘靐')}`);
    await settled(page);
    await expect(status(page)).toHaveText('没有找到与“龘靐”相关的结果，请更换关键词后再搜索。');
    await expect(hits(page)).toHaveCount(0);
    expect(apiCalls, 'the search runs on the static index, not the API').toEqual([]);
  });

  test('pages beside news and FAQ are found: the containers page, in both languages', async ({ page }) => {
    for (const [locale, word, url] of [
      ['en', 'flat rack', /^\/en\/home\/Services\/containers\//],
      ['zh', '框架箱', /^\/zh\/home\/Services\/containers\//],
    ] as const) {
      await page.goto(`/${locale}/home/list?keyword=${encodeURIComponent(word)}`);
      await settled(page);
      const hrefs = await hits(page)
        .locator('h3 a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(
        hrefs.some((h) => url.test(h)),
        `${word}: ${hrefs.join(' ')}`,
      ).toBe(true);
      await expect(page.locator('.search-hit[data-kind="page"]').first()).toBeVisible();
    }
  });

  test('a Chinese word from the middle of a Chinese news text is found in the Chinese pages only', async ({ page }) => {
    const word = '珠三角'; // the Pearl River Delta, in the first sentence of a story about South China
    const story = stories('zh').find((s) => text(s.body).includes(word))!;
    const at = text(story.body).indexOf(word);
    expect(story.title).not.toContain(word);
    expect(at).toBeGreaterThan(20); // mid-sentence, inside the text
    await page.goto(`/zh/home/list?keyword=${encodeURIComponent(word)}`);
    await settled(page);
    await expect(hits(page).locator('h3', { hasText: story.title })).toHaveCount(1);
    const hit = hits(page).filter({ has: page.locator('h3', { hasText: story.title }) });
    await expect(hit.locator('.search-excerpt')).toContainText(word);
    await expect(hit.locator('.search-excerpt mark').first()).toHaveText(word);
    await expect(hit.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(hit.locator('.search-kind')).toHaveText('新闻');
    for (const href of await hits(page)
      .locator('h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).toMatch(/^\/zh\//);
    await hit.locator('h3 a').click();
    await expect(page).toHaveURL(new RegExp(`/zh/home/News/detail/${story.newsUuid}/`));
    await expect(page.locator('.news-article h2')).toHaveText(story.title);
    // the English page does not find it
    await page.goto(`/en/home/list?keyword=${encodeURIComponent(word)}`);
    await settled(page);
    await expect(status(page)).toHaveText(`There are no results for “${word}”. Please change the keywords and search again.`);
  });

  for (const [locale, keyword, faqTab] of [
    ['en', 'bill of lading', 'FAQ'],
    ['zh', '提单', '常见问题'],
  ] as const) {
    test(`tabs count news and FAQ entries; an FAQ result opens its entry; arrow keys move between tabs (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}/home/list?keyword=${encodeURIComponent(keyword)}`);
      await acceptCookies(page);
      await settled(page);
      const [all, news, faq] = [await tabCount(tab(page, 'all')), await tabCount(tab(page, 'news')), await tabCount(tab(page, 'faq'))];
      expect(news).toBeGreaterThan(0);
      expect(faq).toBeGreaterThan(1);
      expect(all).toBeGreaterThanOrEqual(news + faq);
      await showAll(page);
      await expect(hits(page)).toHaveCount(all);

      await tab(page, 'faq').click();
      await expect(tab(page, 'faq')).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/[?&]type=faq/);
      await settled(page);
      await showAll(page);
      await expect(hits(page)).toHaveCount(faq);
      await expect(page.locator('.search-hit[data-kind="faq"]')).toHaveCount(faq);
      await expect(hits(page).first().locator('.search-kind')).toHaveText(faqTab);

      // keyboard: Left goes to News, End to FAQ, Home to All
      await tab(page, 'faq').focus();
      await page.keyboard.press('ArrowLeft');
      await expect(tab(page, 'news')).toBeFocused();
      await expect(tab(page, 'news')).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/[?&]type=news/);
      await settled(page);
      await showAll(page);
      await expect(hits(page)).toHaveCount(news);
      await expect(page.locator('.search-hit[data-kind="news"]')).toHaveCount(news);
      await page.keyboard.press('Home');
      await expect(tab(page, 'all')).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('End');
      await expect(tab(page, 'faq')).toHaveAttribute('aria-selected', 'true');
      await settled(page);

      // an FAQ hit links to its entry on the type page
      const link = hits(page).first().locator('h3 a');
      const href = (await link.getAttribute('href'))!;
      expect(href).toMatch(new RegExp(`^/${locale}/home/HelpCenter/questions/[^/#]+/?#faq-`));
      const title = (await link.textContent())!;
      await link.click();
      const entry = page.locator(`[id="${href.split('#')[1]}"]`);
      await expect(entry).toBeAttached();
      await expect(entry).toContainText(title);
    });
  }

  test('the default keyword searches on load; Load more adds 10 until all are shown', async ({ page }) => {
    await page.goto('/en/home/list');
    await acceptCookies(page);
    await settled(page);
    await expect(page.locator('[data-search-input]')).toHaveValue('news');
    const all = await tabCount(tab(page, 'all'));
    expect(all).toBeGreaterThan(20);
    await expect(hits(page)).toHaveCount(10);
    const more = page.locator('[data-search-more]');
    await expect(page.locator('[data-search-progress]')).toHaveText(`Showing 10 of ${all}`);
    await more.click();
    await expect(hits(page)).toHaveCount(20);
    await expect(hits(page).nth(10).locator('h3 a')).toBeFocused();
    let shown = 20;
    while (shown < all) {
      await more.click();
      shown = Math.min(shown + 10, all);
      await expect(hits(page)).toHaveCount(shown);
    }
    await expect(more).toBeHidden();
    await expect(page.locator('[data-search-progress]')).toHaveText(`All ${all} results are shown.`);
    const urls = await hits(page)
      .locator('h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(urls).size).toBe(all);
  });

  test('Enter and the button search, an empty keyword does nothing, Back returns to the previous search', async ({ page }) => {
    await page.goto('/zh/home/list');
    await acceptCookies(page);
    await settled(page);
    await expect(page.locator('[data-search-input]')).toHaveValue('新闻');
    const input = page.locator('[data-search-input]');

    await input.fill('吉达');
    await input.press('Enter');
    await expect(page).toHaveURL(/\?keyword=%E5%90%89%E8%BE%BE$/);
    await settled(page);
    await expect(status(page)).toContainText('“吉达”共有');
    const found = await hits(page).locator('h3').allTextContents();
    expect(found.length).toBeGreaterThan(0);

    // blank: nothing happens (no search, URL and results unchanged)
    const url = page.url();
    const said = await status(page).textContent();
    await input.fill('   ');
    await input.press('Enter');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url);
    await expect(page.locator('[data-search-panel]')).not.toHaveAttribute('aria-busy', 'true');
    await expect(status(page)).toHaveText(said!);
    await expect(hits(page).locator('h3')).toHaveText(found);

    await input.fill('冷藏');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(/\?keyword=%E5%86%B7%E8%97%8F$/);
    await settled(page);
    await expect(status(page)).toContainText('“冷藏”共有');

    await page.goBack();
    await expect(page).toHaveURL(/\?keyword=%E5%90%89%E8%BE%BE$/);
    await expect(input).toHaveValue('吉达');
    await settled(page);
    await expect(hits(page).locator('h3')).toHaveText(found);
  });

  for (const locale of ['en', 'zh'] as const) {
    test(`axe finds no serious or critical violation with results and the FAQ tab shown (${locale})`, async ({ page }) => {
      await page.goto(`/${locale}/home/list?type=faq&keyword=${locale === 'en' ? 'container' : '集装箱'}`);
      await acceptCookies(page);
      await settled(page);
      await expect(hits(page).first()).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('the top bar search icon opens the search page in the language of the page', async ({ page }) => {
    await page.goto('/zh/home');
    await acceptCookies(page);
    await page.locator('.topbar a[href="/zh/home/list"]').click();
    await expect(page).toHaveURL('/zh/home/list');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('a story whose archive entry a publish superseded is left out of the results and the counts', async ({ page }) => {
    // an old English story of the archive bundle, and its id there
    const ids = bundlePageIds('dist/client/pagefind/news');
    const story = stories('en')
      .filter((s) => /^[A-Za-z]{9,}$/.test(s.title.split(' ').at(-1) ?? ''))
      .find((s) => [...ids.keys()].some((u) => u.includes(`/detail/${s.newsUuid}/`)))!;
    const [url, id] = [...ids].find(([u]) => u.includes(`/detail/${story.newsUuid}/`))!;
    const keyword = story.title;
    const link = (p: Page) => hits(p).locator(`h3 a[href^="${url.replace(/\/$/, '')}"]`);
    await page.goto(`/en/home/list?keyword=${encodeURIComponent(keyword)}`);
    await settled(page);
    await showAll(page);
    await expect(link(page)).toHaveCount(1);
    const before = { all: await tabCount(tab(page, 'all')), news: await tabCount(tab(page, 'news')) };
    // as a publish that edited it writes the recent bundle's list (src/search/news-bundles.ts)
    await page.route('**/pagefind/news-recent/superseded.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([id]) }));
    await page.reload();
    await settled(page);
    await showAll(page);
    await expect(link(page)).toHaveCount(0);
    expect(await tabCount(tab(page, 'all'))).toBe(before.all - 1);
    expect(await tabCount(tab(page, 'news'))).toBe(before.news - 1);
  });
});
