import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { acceptCookies, axeBuilder, expect, test } from './fixtures';

/**
 * The sailing schedules as a visitor uses them: a direct search picked from the port list by
 * keyboard, a search that needs a transhipment, a shared link reloaded, the calendar and
 * spreadsheet downloads, the empty and refused states, and the port schedule read without
 * JavaScript, in both languages.
 */

const SEARCH = '/en/home/Services/schedules';

async function pickPort(page: Page, label: RegExp, typed: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(typed);
  await expect(page.getByRole('option', { name: option }).first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('Enter');
}

test.describe('sailing schedule search', () => {
  test('a direct search picked by keyboard: cards with vessel, voyage, local times, cut-offs and CO2e; the query in the URL', async ({ page }) => {
    await page.goto(SEARCH);
    await acceptCookies(page);
    await pickPort(page, /^From$/, 'shang', /Shanghai CNSHA/);
    await expect(page.getByRole('combobox', { name: /^From$/ })).toHaveValue('Shanghai (CNSHA)');
    await pickPort(page, /^To$/, 'rotter', /Rotterdam NLRTM/);
    await page.getByLabel('Direct sailings only').check();
    await page.getByRole('button', { name: 'Search sailings' }).click();
    const cards = page.locator('.schedule-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { level: 2, name: /\d+ sailings/ })).toBeFocused();
    const first = cards.first();
    await expect(first.locator('.badge', { hasText: 'Direct' })).toBeVisible();
    // Rotterdam keeps summer time (UTC+2) from late March to late October
    await expect(first).toContainText(/Shanghai .*UTC\+8.*Rotterdam .*UTC\+[12](?!\d)/);
    await expect(first).toContainText(/kg CO2e per TEU tank-to-wake/);
    await expect(first.getByRole('link', { name: /^AEX\d$/ })).toHaveAttribute('href', /\/en\/home\/Services\/route\/12\/AEX\d$/);
    await first.getByText('Cut-offs').click();
    await expect(first.locator('.schedule-cutoffs dt')).toHaveText(['Documents', 'Port / CY', 'VGM', 'Reefer', 'Dangerous goods']);
    await expect(page).toHaveURL(/[?&]from=CNSHA&to=NLRTM&.*direct=1/);
    // sort by CO2e: the lowest first
    await page.getByLabel('Sort by').selectOption('co2');
    await expect(page).toHaveURL(/sort=co2/);
    const co2 = await cards.locator('.badge.is-co2').allTextContents();
    const values = co2.map((t) => Number(t.replace(/[^\d]/g, '')));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  test('a transhipment search shows the change of ships at the hub; a shared link reloads to the same results', async ({ page }) => {
    await page.goto(`${SEARCH}?from=CNTXG&to=GBLIV&date=${new Date().toISOString().slice(0, 10)}&weeks=4`);
    const cards = page.locator('.schedule-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^From$/ })).toHaveValue('Tianjin (Xingang) (CNTXG)');
    await expect(cards.first().locator('.badge', { hasText: /transhipment/ })).toBeVisible();
    await expect(cards.first().locator('.schedule-connection').first()).toContainText(/Change ships at .+: \d+(\.\d)? h connection/);
    const before = await cards.first().innerText();
    await page.reload();
    await expect(cards.first()).toBeVisible();
    expect(await cards.first().innerText()).toBe(before);
  });

  test('the calendar file holds the sailing and its cut-offs; the list downloads as .xlsx', async ({ page }) => {
    await page.goto(`${SEARCH}?from=CNSHA&to=USLAX&weeks=2&direct=1`);
    const card = page.locator('.schedule-card').first();
    await expect(card).toBeVisible();
    const departure = await card.locator('.schedule-when time').first().getAttribute('datetime');
    const [ics] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Add to calendar (.ics)' }).click()]);
    expect(ics.suggestedFilename()).toMatch(/^sailing-CNSHA-USLAX-\d{4}-\d{2}-\d{2}\.ics$/);
    const text = readFileSync((await ics.path())!, 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(6);
    const utc = new Date(departure!).toISOString().replace(/[-:]/g, '').slice(0, 15);
    expect(text).toContain(`DTSTART:${utc}Z`);
    expect(text).toMatch(/SUMMARY:Documents · Cut-offs/);
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the list (.xlsx)' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^sailings-CNSHA-USLAX-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = readFileSync((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
  });

  test('Chinese: names, pinyin matching, refusals in Chinese and the empty state', async ({ page }) => {
    await page.goto('/zh/home/Services/schedules');
    await acceptCookies(page);
    await pickPort(page, /^起运港$/, 'shenzhen', /盐田/);
    await page.getByRole('button', { name: '查询船期' }).click();
    await expect(page.getByText('请从列表中选择港口。')).toBeVisible();
    await pickPort(page, /^目的港$/, '鹿特丹', /鹿特丹 NLRTM/);
    await page.getByRole('button', { name: '查询船期' }).click();
    await expect(page.locator('.schedule-card').first()).toContainText(/盐田.*鹿特丹/);
    await expect(page.getByRole('heading', { level: 2, name: /共\d+个航次/ })).toBeVisible();
    // Lázaro Cárdenas only loads cargo: nothing sails to it
    await page.goto('/zh/home/Services/schedules?from=CNSHA&to=MXLZC');
    await expect(page.getByText('该时间范围内没有航次：请尝试更晚的日期或允许中转。')).toBeVisible();
  });

  test('the heading and the form come with the page; what a visitor types before the island has loaded is answered once it has', async ({ page }) => {
    // the island's code is held back until the visitor has typed
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/ScheduleSearch\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(SEARCH);
    await expect(page.getByRole('heading', { level: 1, name: 'Sailing schedules' })).toBeVisible();
    const from = page.getByRole('combobox', { name: /^From$/ });
    await from.pressSequentially('rotter');
    await expect(from).toHaveValue('rotter');
    release();
    await expect(page.getByRole('option', { name: /Rotterdam NLRTM/ }).first()).toBeVisible();
    await from.press('ArrowDown');
    await from.press('Enter');
    await expect(from).toHaveValue('Rotterdam (NLRTM)');
  });

  test('the island is fetched when the page is idle and run only when the visitor reaches for it', async ({ browser, baseURL }) => {
    // a context of its own: the fixture's routes (external addresses answered locally) turn Chromium's HTTP cache off
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(SEARCH);
    const island = page.locator('astro-island[client="intent"]');
    const urls = await island.evaluate((e) => [e.getAttribute('component-url')!, e.getAttribute('renderer-url')!]);
    // the component, the renderer and what they import (React's DOM client is the largest) are fetched…
    // (when the browser is first idle: on a busy machine that can take a while, hence the longer wait)
    await expect.poll(() => urls.every((u) => requested.includes(u)) && requested.filter((u) => u.startsWith('/_astro/') && u.endsWith('.js')).length > 6, { timeout: 30_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    // …and not run: the island's module was read by fetch() alone (an import would be a script's), and the island still waits with its server HTML
    const readAs = await page.evaluate(
      (url) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname === url)
          .map((e) => (e as PerformanceResourceTiming).initiatorType),
      urls[0],
    );
    expect(readAs).toEqual(['fetch']);
    await expect(island).toHaveAttribute('ssr', '');
    const reached = await page.evaluate(() => performance.now());
    await page.getByRole('combobox', { name: /^From$/ }).hover();
    await expect(island).not.toHaveAttribute('ssr', '', { timeout: 30_000 });
    // hydrating took the modules from the HTTP cache: nothing of them came over the network again
    const overTheNetwork = await page.evaluate(
      (since) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime > since && e.name.includes('/_astro/') && e.name.endsWith('.js') && e.transferSize > 0)
          .map((e) => e.name),
      reached,
    );
    expect(overTheNetwork).toEqual([]);
    await context.close();
  });

  test("a search link keeps the results' room from the first paint: nothing moves when they arrive", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/ScheduleSearch\.[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${SEARCH}?from=CNSHA&to=NLRTM&weeks=2`);
    // before the island runs, the results' place is already as tall as the screen
    const room = await page.locator('.schedule-results').evaluate((e) => e.getBoundingClientRect().height / window.innerHeight);
    expect(room).toBeGreaterThanOrEqual(1);
    release();
    await expect(page.locator('.schedule-card').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02);
  });

  test('the search page is axe-clean with results', async ({ page }) => {
    await page.goto(`${SEARCH}?from=CNSHA&to=NLRTM&weeks=2`);
    await expect(page.locator('.schedule-card').first()).toBeVisible();
    const results = await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('port and vessel schedules', () => {
  test.use({ javaScriptEnabled: false });
  test('a port schedule reads without JavaScript: calls with vessel, voyage, service and cut-offs; links to vessel pages', async ({ page }) => {
    await page.goto('/en/home/Services/schedules/port/CNSHA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Port schedule: Shanghai (CNSHA)');
    await expect(page.getByText(/^Schedules as of /)).toBeVisible();
    const rows = page.locator('table.schedule-table tbody tr');
    expect(await rows.count()).toBeGreaterThan(20);
    const row = rows.first();
    await expect(row.locator('td.voyage')).toHaveText(/^\d{4}[NEWS] \/ \d{4}[NEWS]$/);
    await expect(row).toContainText('UTC+8');
    await expect(row.locator('.cut-offs dt')).toHaveCount(5);
    const vessel = row.locator('th a');
    const name = await vessel.innerText();
    await vessel.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Vessel schedule: ${name}`);
    await expect(page.locator('table.schedule-table tbody tr').first()).toBeVisible();
    await page.goto('/zh/home/Services/schedules/port/NLRTM');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('港口船期：鹿特丹（NLRTM）');
    await expect(page.locator('table.schedule-table tbody tr').first()).toContainText(/UTC\+1|UTC\+2/);
  });

  test('each loop page links to its dated sailings and its ports to their schedules', async ({ page }) => {
    await page.goto('/en/home/Services/route/11/PSX');
    await expect(page.getByRole('link', { name: 'See dated sailings' })).toHaveAttribute('href', '/en/home/Services/schedules?from=CNYTN&to=USLAX');
    await expect(page.locator('#ports').getByRole('link', { name: 'Los Angeles' })).toHaveAttribute('href', '/en/home/Services/schedules/port/USLAX');
  });
});
