import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudget } from '../../scripts/page-weight.mjs';

const weight = (page: string, jsGzip: number, framework = 'none', zod = false) => ({ page, jsGzip, framework, zod });

describe('size budgets', () => {
  it('hold content pages, corporate and local, to no framework and 5 KB of JS', () => {
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
      expect(budgetFor(page)?.jsGzipMax, page).toBe(5 * 1024);
      expect(checkBudget(weight(page, 5 * 1024))).toEqual([]);
    }
  });

  it('name the page, the bytes and the rule when a page is over', () => {
    expect(checkBudget(weight('/en/home/item', 5200))).toEqual(['/en/home/item ships 5200 B of JS gzip, budget 5120 B (content page: no framework, JS under 5 KB gzip)']);
    expect(checkBudget(weight('/shanghai/en/about/network/110012/1', 100, 'react'))[0]).toMatch(/^\/shanghai\/en\/about\/network\/110012\/1 ships a framework: react/);
    expect(checkBudget(weight('/en/home/Message/leaveMessage', 1000, 'react', true))).toEqual([
      '/en/home/Message/leaveMessage ships zod (form page (React island: message, résumé or subscription form, rules without zod): JS under 85 KB gzip)',
    ]);
  });

  it('give every page a rule, the first that matches', () => {
    expect(budgetFor('/en/home')?.jsGzipMax).toBe(40 * 1024);
    expect(budgetFor('/shanghai/cn/home')?.jsGzipMax).toBe(40 * 1024);
    expect(budgetFor('/shanghai/cn/newsSubscribe')?.noZod).toBe(true);
    expect(budgetFor('/home/About/history')?.jsGzipMax).toBe(3 * 1024);
  });
});
