import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudget } from '../../scripts/page-weight.mjs';

const weight = (page: string, jsGzip: number, framework = 'none', zod = false) => ({ page, jsGzip, framework, zod });

describe('size budgets', () => {
  it('hold content pages, corporate and local, to no framework and 5.25 KB of JS (the shell and the inline reveal of the cookie notice)', () => {
    for (const page of [
      '/en/home/About/about/Profile',
      '/zh/home/item',
      '/en/home/accessibility',
      '/zh/home/News/detail/n1/50000000000000232',
      '/en/home/Contact/global/countryList/more/europe/netherlands/rotterdam/NLRTM01',
      '/shanghai/cn/about/network/110012/1',
      '/germany/en/news/business/140022/2/140101',
      '/hongkong/tc/cookiePolicy',
    ]) {
      expect(budgetFor(page)?.jsGzipMax, page).toBe(5.25 * 1024);
      expect(checkBudget(weight(page, 5.25 * 1024))).toEqual([]);
    }
  });

  it('name the page, the bytes and the rule when a page is over', () => {
    expect(checkBudget(weight('/en/home/item', 5400))).toEqual(['/en/home/item ships 5400 B of JS gzip, budget 5376 B (content page: no framework, JS under 5.25 KB gzip)']);
    expect(checkBudget(weight('/shanghai/en/about/network/110012/1', 100, 'react'))[0]).toMatch(/^\/shanghai\/en\/about\/network\/110012\/1 ships a framework: react/);
    expect(checkBudget(weight('/en/home/Message/leaveMessage', 1000, 'react', true))).toEqual([
      '/en/home/Message/leaveMessage ships zod (form page (React island: message, résumé or subscription form, rules without zod): JS under 85 KB gzip)',
    ]);
  });

  it('hold the schedule search and the port and vessel schedules to the weight of their HTML too', () => {
    const port = { ...weight('/zh/home/Services/schedules/port/CNSHA', 4000), htmlGzip: 21 * 1024, elements: 4600 };
    expect(checkBudget(port)).toEqual([
      '/zh/home/Services/schedules/port/CNSHA is 21504 B of HTML gzip, budget 20480 B (port or vessel schedule: no framework, JS under 5.25 KB gzip, HTML under 20 KB gzip and 4,500 elements)',
      '/zh/home/Services/schedules/port/CNSHA has 4600 elements, budget 4500 (port or vessel schedule: no framework, JS under 5.25 KB gzip, HTML under 20 KB gzip and 4,500 elements)',
    ]);
    expect(checkBudget({ ...port, htmlGzip: 15 * 1024, elements: 3500 })).toEqual([]);
    expect(budgetFor('/en/home/Services/schedules/vessel/9880221')?.elementsMax).toBe(4500);
    expect(budgetFor('/en/home/Services/schedules')?.htmlGzipMax).toBe(24 * 1024);
  });

  it('hold the tracking page to the schedule search’s budget, without zod', () => {
    for (const page of ['/en/home/Track', '/zh/home/Track']) {
      expect(budgetFor(page)?.jsGzipMax, page).toBe(85 * 1024);
      expect(budgetFor(page)?.noZod, page).toBe(true);
    }
    expect(checkBudget(weight('/en/home/Track', 80 * 1024, 'react'))).toEqual([]);
    expect(checkBudget(weight('/en/home/Track', 80 * 1024, 'react', true))[0]).toMatch(/^\/en\/home\/Track ships zod/);
  });

  it('give every page a rule, the first that matches', () => {
    expect(budgetFor('/en/home')?.jsGzipMax).toBe(40 * 1024);
    expect(budgetFor('/shanghai/cn/home')?.jsGzipMax).toBe(40 * 1024);
    expect(budgetFor('/shanghai/cn/newsSubscribe')?.noZod).toBe(true);
    expect(budgetFor('/home/About/history')?.jsGzipMax).toBe(3 * 1024);
  });
});
